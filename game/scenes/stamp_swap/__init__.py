"""Stamp Swap's table (scene.py), its Final Show screen and its catalogue entry."""

from game.scenes.stamp_swap.helpwords import WORDS
from game.shell.catalog import GameEntry
from game.text.pages import Pages
from rules.stamp_swap import GAME
from rules.stamp_swap.help import CARDS, HELP_PAGES
from rules.stamp_swap.stamps import DAYS

ENTRY = GameEntry(
    name="stamp-swap",
    title="Stamp Swap",
    tagline=f"{GAME.min_seats}–{GAME.max_seats} collectors · {len(DAYS)} days",
    tagline_words=(("least", GAME.min_seats), ("most", GAME.max_seats), ("days", len(DAYS))),
    help_pages=Pages.of([(f"{key}.heading", f"{key}.body") for key in HELP_PAGES], WORDS),  # worded when read
    scene="game.scenes.stamp_swap.scene:StampSwapScene",
    tile="tile_stamp_swap",
    help_art="game.scenes.stamp_swap.helpart:help_picture",
    tutorial="game.tutorial.stamp_swap:guide",
    cards=Pages.of([(f"{page}.heading", card) for page, card in CARDS], WORDS),
)
