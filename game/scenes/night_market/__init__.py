"""Night Market's table (scene.py, split into layout, faces, painting, flights and overlays) and its catalogue entry."""

from game.shell.catalog import GameEntry
from rules.night_market.data import SEALS_TO_WIN, SEATS
from rules.night_market.help import HELP_PAGES

ENTRY = GameEntry(
    name="night-market",
    title="Night Market",
    tagline=f"{SEATS} merchants · first to {SEALS_TO_WIN} seals",
    help_pages=tuple(HELP_PAGES),
    scene="game.scenes.night_market.scene:NightMarketScene",
    tile="tile_night_market",
    help_art="game.scenes.night_market.helpart:help_picture",
    tutorial="game.tutorial.night_market:guide",
)
