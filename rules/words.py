"""Small helpers for what the tables say: counts with their nouns, scores as a player reads them.
(Who is viewing, and its grammar, is the client's: game/text/persons.py.)"""

from __future__ import annotations

import math


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """'1 row', '2 rows', '0 rows' ('plural' for irregular nouns): singular only for one."""
    return f"{count} {noun}" if count == 1 else f"{count} {plural or noun + 's'}"


def whole(value: float) -> int:
    """A score as a player reads it: the nearest whole number, halves up (161.8 -> 162, 96.5 -> 97);
    the rules keep the exact value."""
    return math.floor(float(value) + 0.5)
