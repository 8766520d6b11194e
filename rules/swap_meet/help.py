"""The pit briefing as data: each help page's catalogue key and the numbers its words read.

The words are the client's, in the player's language (game/text/locale/<lang>/swap-meet-help.po:
`KEY.heading` and `KEY.body` for each page in HELP_PAGES, `KEY` for each card in CARDS). Every number
comes from data.py, so the text cannot drift from the rules; the Contracts page lists CONTRACTS,
which the client words row by row. The templates name four resources and four action cards, as data.py has them.
"""

from __future__ import annotations

from fractions import Fraction

from rules.swap_meet.data import (
    ACTION_CARDS,
    CONSOLATION_PER_CARD,
    DEAL_MAX_OF_TYPE,
    DEAL_MIN_MISSING,
    EXTRA_PENALTY,
    HAND_SIZE,
    LOCKER_BONUS,
    MAX_SEATS,
    MIN_SEATS,
    MULT_CAP,
    MULT_FLOOR,
    MULT_HEAT,
    MULT_START,
    RESOURCES,
    ROUND_SECONDS,
    ROUND_SECONDS_RANGE,
    ROUNDS,
    SLAM_MIN,
    SUMMARY_SECONDS,
    resources_per_type,
)


def _mult(value: Fraction) -> str:
    """A multiplier as the table shows it: 1.0, 0.05, 3.0."""
    shown = f"{float(value):g}"
    return shown if "." in shown else f"{shown}.0"


EXAMPLE_SEATS = (MIN_SEATS + MAX_SEATS) // 2  # the deck is counted for a middling table (4 players)
NUMBERS: dict[str, int | str] = {
    "seconds": f"{ROUND_SECONDS:g}",
    "lo": f"{ROUND_SECONDS_RANGE[0]:g}",
    "hi": f"{ROUND_SECONDS_RANGE[1]:g}",
    "rounds": ROUNDS,
    "hand": HAND_SIZE,
    "max_type": DEAL_MAX_OF_TYPE,
    "min_missing": DEAL_MIN_MISSING,
    "per_seat": resources_per_type(1) - resources_per_type(0),
    "extra": resources_per_type(0),
    "example_seats": EXAMPLE_SEATS,
    "example": resources_per_type(EXAMPLE_SEATS),
    "start": _mult(MULT_START),
    "heat": _mult(MULT_HEAT),
    "cap": _mult(MULT_CAP),
    "floor": _mult(MULT_FLOOR),
    "slam": SLAM_MIN,
    "bonus": LOCKER_BONUS,
    "penalty": EXTRA_PENALTY,
    "per_card": CONSOLATION_PER_CARD,
    "summary": f"{SUMMARY_SECONDS:g}",
    **{f"r{i}": kind for i, kind in enumerate(RESOURCES, 1)},  # resources: the words are the catalogue's
    **{f"a{i}": card for i, card in enumerate(ACTION_CARDS, 1)},  # action cards, likewise
}

HELP_PAGES = ("smh.goal", "smh.deal", "smh.offers", "smh.cash", "smh.market", "smh.scoring", "smh.bank",
              "smh.actions", "smh.rounds", "smh.contracts", "smh.well")  # pages, in order
CARDS = (("smh.goal", "smh.card.goal"), ("smh.offers", "smh.card.offers"), ("smh.cash", "smh.card.cash"))  # page, card
