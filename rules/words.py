"""Small English helpers for what the tables say: counts with their nouns, and the grammar of a seat
named "You" (one person against bots: "You take", "your pile", not "You takes", "You's pile")."""

from __future__ import annotations

import math

YOU = "You"


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """'1 row', '2 rows', '0 rows' ('plural' for irregular nouns): singular only for one."""
    return f"{count} {noun}" if count == 1 else f"{count} {plural or noun + 's'}"


def verb(name: str, third: str, plain: str) -> str:
    """`third` after a player's name ("Basil offers"), `plain` after "You" ("You offer")."""
    return plain if name == YOU else third


def whose(name: str) -> str:
    """A player's possessive: "Basil's", or "your" for You."""
    return "your" if name == YOU else f"{name}'s"


def whom(name: str) -> str:
    """A player as an object: "Basil", or "you"."""
    return "you" if name == YOU else name


def whole(value: float) -> int:
    """A score as a player reads it: the nearest whole number, halves up (161.8 -> 162, 96.5 -> 97);
    the rules keep the exact value."""
    return math.floor(float(value) + 0.5)
