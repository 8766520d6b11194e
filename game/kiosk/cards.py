"""The words of the kiosk's how-to cards in the visitor's language.

A game's catalogue entry holds its short how-to in English (`GameEntry.cards`: a help page's
heading, for the picture, and a sentence or two). The kiosk words card n of a game by the key
`kiosk.card.<game>.<n>` (game/text/locale/<lang>/kiosk.po), filled with the numbers the rules
give; a game without such keys (a new one) shows its entry's English.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.text import catalogue, tr


def _night_market() -> dict[str, Any]:
    from rules.night_market.data import BONUS_SIZES, PORTER_TOKEN, SEALS_TO_WIN

    return {"seals": SEALS_TO_WIN, "bonus": BONUS_SIZES[0], "porter": PORTER_TOKEN}


def _stamp_swap() -> dict[str, Any]:
    from rules.stamp_swap.stamps import DAILY_SPACES, DAYS

    return {"days": len(DAYS), "spaces": DAILY_SPACES}


def _swap_meet() -> dict[str, Any]:
    from rules.swap_meet.data import ROUNDS, SLAM_MIN

    return {"slam": SLAM_MIN, "rounds": ROUNDS}


NUMBERS: dict[str, Callable[[], dict[str, Any]]] = {
    "night-market": _night_market, "stamp-swap": _stamp_swap, "swap-meet": _swap_meet}


def key(game: str, page: int) -> str:
    """The catalogue key of a game's card (`page` counts from 0)."""
    return f"kiosk.card.{game}.{page + 1}"


def words(game: str, page: int, english: str) -> str:
    """Card `page` of `game` in the language in use; `english` (the entry's own) when no key words it."""
    found = key(game, page)
    if found not in catalogue().screens:
        return english
    return tr(found, **NUMBERS.get(game, dict)())
