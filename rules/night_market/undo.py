"""Which Night Market moves can be taken back: an exchange, or a sale that does not end the round.

A take and taking porters refill the market from the deck (new cards seen by both); a sale's
bonus token is drawn face down and nobody sees its value before the round ends, so it reveals
nothing; a move that ends the round shows the bonus tokens and deals the next round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.contract import Event
from rules.refusal import Refusal, declare
from rules.undo import revealing

# The moves themselves show only public cards; the refill and the round's end are what reveal.
SILENT = frozenset({"took", "took_porters", "exchanged", "sold"})
CODES = {"refilled": declare("night-market.undo.refilled"), "round_ended": declare("night-market.undo.round_ended")}


def why_final(before: Any, seat: int, action: Any, after: Any, events: Sequence[Event]) -> Refusal | None:
    """None when the move revealed nothing, else what it revealed."""
    return revealing(events, SILENT, CODES)
