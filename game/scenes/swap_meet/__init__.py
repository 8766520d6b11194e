"""Swap Meet's trading floor (scene.py), its lobby and summaries, and its catalogue entry."""

from game.shell.catalog import GameEntry, SetupOption
from game.text.pages import Lines, Pages
from rules.swap_meet import GAME
from rules.swap_meet.data import CONTRACTS, PACES, ROUND_SECONDS, ROUND_SECONDS_RANGE, ROUNDS
from rules.swap_meet.help import CARDS, HELP_PAGES, NUMBERS

_LO, _HI = ROUND_SECONDS_RANGE
TIMER_CHOICES = tuple(s for s in (60, 75, 90, 105, 120, 150, 180) if _LO <= s <= _HI)

BUTTONS = ("open", "pull", "swap", "cash", "peek", "next")  # the table's buttons, named as the guided match names them
CONTRACT_ROWS = Lines.of([("smh.contract", {"name": c.name, "base": c.base, "recipe": Lines.of(
    [("smh.recipe", {"count": n, "kind": kind}) for kind, n in c.recipe], ", ")}) for c in CONTRACTS])
WORDS = {**NUMBERS, "contracts": CONTRACT_ROWS, **{b: Lines.of([(f"guide.sm.button.{b}", {})]) for b in BUTTONS}}

ENTRY = GameEntry(
    name="swap-meet",
    title="Swap Meet",
    tagline=f"{GAME.min_seats}–{GAME.max_seats} traders · real time · {ROUNDS} rounds",
    tagline_words=(("least", GAME.min_seats), ("most", GAME.max_seats), ("rounds", ROUNDS)),
    help_pages=Pages.of([(f"{key}.heading", f"{key}.body") for key in HELP_PAGES], WORDS),  # worded when read
    scene="game.scenes.swap_meet.scene:SwapMeetScene",
    tile="tile_swap_meet",
    help_art="game.scenes.swap_meet.helpart:help_picture",
    setup="game.scenes.swap_meet.lobby:SwapMeetLobby",
    options=(SetupOption("round_seconds", "Round timer", TIMER_CHOICES, int(ROUND_SECONDS), " s"),
             SetupOption("pace", "Pace", PACES, PACES[0], shown=("Standard", "Relaxed"))),
    tutorial="game.tutorial.swap_meet:guide",
    cards=Pages.of([(f"{page}.heading", card) for page, card in CARDS], WORDS),
)
