"""Stamp Swap's table (scene.py), its Final Show screen and its catalogue entry."""

from game.shell.catalog import GameEntry
from rules.stamp_swap import GAME
from rules.stamp_swap.help import HELP_PAGES
from rules.stamp_swap.stamps import DAILY_SPACES, DAYS

ENTRY = GameEntry(
    name="stamp-swap",
    title="Stamp Swap",
    tagline=f"{GAME.min_seats}–{GAME.max_seats} collectors · {len(DAYS)} days",
    tagline_words=(("least", GAME.min_seats), ("most", GAME.max_seats), ("days", len(DAYS))),
    help_pages=tuple(HELP_PAGES),
    scene="game.scenes.stamp_swap.scene:StampSwapScene",
    tile="tile_stamp_swap",
    help_art="game.scenes.stamp_swap.helpart:help_picture",
    tutorial="game.tutorial.stamp_swap:guide",
    cards=(
        ("Stamps", f"{len(DAYS)} days of collecting. Each day everyone takes {DAILY_SPACES} items in turn from the "
                   "shared pool: stamps and attendees."),
        ("Album", "Keep one item, split the rest into two piles and take a rival's pile. Then place your stamps in "
                  "your album: each fills its shape of cells."),
        ("Contests", "At each Show a ticket scores one contest. After Sunday the Final Show crowns the best "
                     "collector."),
    ),
)
