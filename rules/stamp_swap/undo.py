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
from rules.refusal import Refusal, declare
from rules.undo import revealing

SILENT = frozenset({
    "take", "token_claimed", "points", "specialist", "ready", "pile_taken", "kept_both", "phase",
    "attendees_joined", "placed", "discarded", "show_scored",
})
DAY_ENDED = declare("stamp-swap.undo.day_ended")
CODES = {
    "viewed": declare("stamp-swap.undo.you_saw"),
    "piles_shown": declare("stamp-swap.undo.piles_shown"),
    "revealed": declare("stamp-swap.undo.turned_up"),
    "day_end": DAY_ENDED,
    "day_start": DAY_ENDED,
    "final_show": declare("stamp-swap.undo.match_ended"),
}
SEEN = declare("stamp-swap.undo.seen")  # another seat saw a face-down stamp


def why_final(before: Any, seat: int, action: Any, after: Any, events: Sequence[Event]) -> Refusal | None:
    """None when the move revealed nothing, else what it revealed (the first thing, or the match's end)."""
    if any(event.kind == "final_show" for event in events):
        return CODES["final_show"]()
    first = next((event for event in events if event.kind not in SILENT), None)
    if first is not None and first.kind == "viewed" and first.seat != seat:
        return SEEN()
    return revealing(events, SILENT, CODES)
