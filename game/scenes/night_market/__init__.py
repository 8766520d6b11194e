"""Night Market's table (scene.py, split into layout, faces, painting, flights and overlays) and its catalogue entry."""

from game.shell.catalog import GameEntry
from rules.night_market.data import BONUS_SIZES, PORTER_TOKEN, SEALS_TO_WIN, SEATS
from rules.night_market.help import HELP_PAGES

ENTRY = GameEntry(
    name="night-market",
    title="Night Market",
    tagline=f"{SEATS} merchants · first to {SEALS_TO_WIN} seals",
    tagline_words=(("seats", SEATS), ("seals", SEALS_TO_WIN)),
    help_pages=tuple(HELP_PAGES),
    scene="game.scenes.night_market.scene:NightMarketScene",
    tile="tile_night_market",
    help_art="game.scenes.night_market.helpart:help_picture",
    tutorial="game.tutorial.night_market:guide",
    cards=(
        ("How to play", f"Two merchants collect goods from the market and sell them for coins. The richer one wins "
                        f"the round and a seal; the first to {SEALS_TO_WIN} seals wins."),
        ("On your turn, do exactly one thing", "On your turn do one thing: take a good, exchange two or more, take "
                                               "all the porters, or sell cards of one kind."),
        ("End of a round", f"Sell {BONUS_SIZES[0]} or more at once for a bonus token. More porters at the end of "
                           f"a round earns the Porter token: +{PORTER_TOKEN}."),
    ),
)
