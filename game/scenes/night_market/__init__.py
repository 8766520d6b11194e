"""Night Market's table (scene.py, split into layout, faces, painting, flights and overlays) and its catalogue entry."""

from game.shell.catalog import GameEntry
from game.text.pages import Pages
from rules.night_market.data import SEALS_TO_WIN, SEATS
from rules.night_market.help import CARDS, HELP_PAGES, NUMBERS

ENTRY = GameEntry(
    name="night-market",
    title="Night Market",
    tagline=f"{SEATS} merchants · first to {SEALS_TO_WIN} seals",
    tagline_words=(("seats", SEATS), ("seals", SEALS_TO_WIN)),
    help_pages=Pages.of([(f"{key}.heading", f"{key}.body") for key in HELP_PAGES], NUMBERS),  # worded when read
    scene="game.scenes.night_market.scene:NightMarketScene",
    tile="tile_night_market",
    help_art="game.scenes.night_market.helpart:help_picture",
    tutorial="game.tutorial.night_market:guide",
    cards=Pages.of([(f"{page}.heading", card) for page, card in CARDS], NUMBERS),
)
