"""Swap Meet's words, each explained in one line where it appears.

One table, each line worded by the catalogue in the player's language: the floor says a line in
the hint line (a tap on the stall's Bank words, a hover or a long press on a market meter, a tap on
an action card); the round summary says the lines of the words in a row tapped or hovered.
`row_terms` finds which of them a score row uses (`terms_in`: which an English sentence uses).
"""

from __future__ import annotations

import re
from typing import Any

from game.scenes.swap_meet.model import Worded
from game.text import tr
from rules.swap_meet.data import LOCKER_BONUS, SLAM_MIN

TERMS = ("bank", "pin", "heat", "slam", "audit", "lock")
GLOSSARY = Worded(TERMS, lambda term: tr(f"sm.term.{term}", slam=SLAM_MIN, bonus=LOCKER_BONUS))
FORMS = {"bank": ("bank", "banked", "banks"), "pin": ("pin", "pinned"), "heat": ("heat", "heats", "market"),
         "slam": ("slam", "slammed", "slams"), "audit": ("audit", "audited"), "lock": ("lock", "locked", "locking")}


def terms_in(words: str) -> list[str]:
    """The glossary terms a sentence uses, in the table's order."""
    found = set(re.findall(r"[a-z]+", words.lower()))
    return [term for term, forms in FORMS.items() if found & set(forms)]


def row_terms(row: Any) -> list[str]:
    """The glossary terms a round summary's score row uses (model.score_sentence), in the table's
    order, whatever the language: a contract's path reads the market, the others bank or slam."""
    path = {"cash": "heat", "contract": "heat", "slam": "slam"}.get(row.path, "bank")
    return [term for term in TERMS if term == path or term == "lock" and row.locker_bonus]
