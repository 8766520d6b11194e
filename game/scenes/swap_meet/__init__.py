"""Swap Meet's trading floor (scene.py), its lobby and summaries, and its catalogue entry."""

from game.shell.catalog import GameEntry, SetupOption
from rules.swap_meet import GAME
from rules.swap_meet.data import PACES, ROUND_SECONDS, ROUND_SECONDS_RANGE, ROUNDS, SLAM_MIN
from rules.swap_meet.help import HELP_PAGES

_LO, _HI = ROUND_SECONDS_RANGE
TIMER_CHOICES = tuple(s for s in (60, 75, 90, 105, 120, 150, 180) if _LO <= s <= _HI)

ENTRY = GameEntry(
    name="swap-meet",
    title="Swap Meet",
    tagline=f"{GAME.min_seats}–{GAME.max_seats} traders · real time · {ROUNDS} rounds",
    tagline_words=(("least", GAME.min_seats), ("most", GAME.max_seats), ("rounds", ROUNDS)),
    help_pages=tuple(HELP_PAGES),
    scene="game.scenes.swap_meet.scene:SwapMeetScene",
    tile="tile_swap_meet",
    help_art="game.scenes.swap_meet.helpart:help_picture",
    setup="game.scenes.swap_meet.lobby:SwapMeetLobby",
    options=(SetupOption("round_seconds", "Round timer", TIMER_CHOICES, int(ROUND_SECONDS), " s"),
             SetupOption("pace", "Pace", PACES, PACES[0], shown=("Standard", "Relaxed"))),
    tutorial="game.tutorial.swap_meet:guide",
    cards=(
        ("Goal", "No turns: everyone trades at once against the clock. Fill your secret contract, or hold "
                 f"{SLAM_MIN} or more cards all of one type (a slam)."),
        ("Offers and swaps", "Offer cards of one type on your stall. Swap by giving the same count of another "
                             "type for a rival's offer."),
        ("Cash out and slam", f"When your cards match your contract exactly, Cash out: the round locks and every "
                              f"stall scores. {ROUNDS} rounds; most points wins."),
    ),
)
