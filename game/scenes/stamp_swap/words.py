"""Stamp Swap's words that are built from data: counts with their nouns, lists, day and stamp names.

Every word comes from the catalogue (game/text/locale/<lang>/stamp-swap.po); the rules' own names
(rules/stamp_swap/stamps.py) stay English data, and a common stamp's name is made here from its
colour, theme and shape so it reads in the player's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from typing import Any

from game.text import catalogue, tr
from rules.stamp_swap.stamps import STAMPS


def counted(n: int, noun: str) -> str:
    """'3 stamps' for a noun of the catalogue's count table ('ss_stamp')."""
    return catalogue().format(f"{{n:#{noun}}}", {"n": n})


def and_list(words: Sequence[str]) -> str:
    """'Ann and Basil' ('Ann and Basil and Cobalt' for three)."""
    return reduce(lambda a, b: tr("ss.and", a=a, b=b), words) if words else ""


def stamp_name(item: dict[str, Any]) -> str:
    """A known item's name as the player reads it: a common stamp's from its colour, theme and shape;
    a rare stamp's and a card's as printed."""
    stamp = STAMPS.get(str(item.get("id"))) if item.get("kind") == "stamp" else None
    return str(item.get("name", "")) if stamp is None else name_of(stamp.id)


def name_of(stamp_id: str) -> str:
    """A stamp's name by its id (rare stamps keep their printed names)."""
    stamp = STAMPS[stamp_id]
    if stamp.rare or stamp.theme is None:
        return stamp.name
    if stamp_id.startswith("forever-"):
        return tr("ss.stamp.forever", colour=stamp.colour, theme=stamp.theme)
    return tr("ss.stamp.common", colour=stamp.colour, theme=stamp.theme, shape=f"{stamp.rows}x{stamp.cols}")


def day_title(day_name: str) -> str:
    """A day's name standing alone ('Friday', 'Vendredi'), from the rules' English day name."""
    return catalogue().format("{day:ss_day_title}", {"day": day_name})


def card_text(card: dict[str, Any]) -> str:
    """A card's rule in words (a contest's, attendee's text or an event's instruction) by its id; a card
    the catalogue does not know (another build's) as the view gives it."""
    key = f"ss.card.{card.get('id')}"
    if key in catalogue().screens:
        return tr(key)
    return str(card.get("text") or card.get("instruction") or "")
