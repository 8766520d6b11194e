"""Swap Meet's words, each explained in one line where it appears.

One table: the floor says a line in the hint line (a tap on the stall's Bank words, a hover or a
long press on a market meter, a tap on an action card); the round summary says the lines of the
words in a row tapped or hovered. `terms_in` finds which of them a sentence uses.
"""

from __future__ import annotations

import re

from rules.swap_meet.data import LOCKER_BONUS, SLAM_MIN

GLOSSARY = {
    "bank": "Bank: the type you score if you miss your contract — count × its market × 10, −5 per other card.",
    "pin": "Pin: tap a market meter to fix your bank type (private); unpinned, it is the type you hold most of.",
    "heat": "Heat: every swap raises both types' market by 0.05× a card (up to 3×); a crash halves one.",
    "slam": f"Slam: {SLAM_MIN}+ cards of one type and no other resource — it locks the round at once, "
            f"+{LOCKER_BONUS}.",
    "audit": "Audit: Tax Audit makes every stall, the player's too, discard one random card not on offer.",
    "lock": f"Lock: a cash out or a slam ends the round for everyone; the locker gets +{LOCKER_BONUS}.",
}
FORMS = {"bank": ("bank", "banked", "banks"), "pin": ("pin", "pinned"), "heat": ("heat", "heats", "market"),
         "slam": ("slam", "slammed", "slams"), "audit": ("audit", "audited"), "lock": ("lock", "locked", "locking")}


def terms_in(words: str) -> list[str]:
    """The glossary terms a sentence uses, in the table's order."""
    found = set(re.findall(r"[a-z]+", words.lower()))
    return [term for term, forms in FORMS.items() if found & set(forms)]
