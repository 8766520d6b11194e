"""Which Stamp Swap moves can be taken back: those that showed nobody a face-down stamp or a new day.

Taking a face-up item or the token, a reserve and split while others still split, a pile taken
when nothing face down changes hands, a placement and a contest before the day ends reveal
nothing. Seeing a face-down stamp (taken, or by a specialist), the piles shown once everyone is
ready, stamps turned up after a choice, and the next day's pool are final.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.contract import Event
from rules.undo import revealing

SILENT = frozenset({
    "take", "token_claimed", "points", "specialist", "ready", "pile_taken", "kept_both", "phase",
    "attendees_joined", "placed", "discarded", "show_scored",
})
WORDS = {
    "viewed": "You saw a face-down stamp.",
    "piles_shown": "Everyone's piles were shown.",
    "revealed": "Face-down stamps were turned up.",
    "day_end": "It ended the day.",
    "day_start": "It ended the day.",
    "final_show": "It ended the match.",
}


def why_final(before: Any, seat: int, action: Any, after: Any, events: Sequence[Event]) -> str | None:
    """None when the move revealed nothing, else what it revealed (the first thing, or the match's end)."""
    if any(event.kind == "final_show" for event in events):
        return WORDS["final_show"]
    first = next((event for event in events if event.kind not in SILENT), None)
    if first is not None and first.kind == "viewed" and first.seat != seat:
        return "A face-down stamp was seen."
    return revealing(events, SILENT, WORDS, "It revealed something hidden.")
