"""Taking back a move that revealed nothing (Board Game Arena's policy), over the action log.

A game that offers undo gives `GAME.why_final(before, seat, action, after, events)`: None when the
move showed nobody anything they did not know and used no chance, else why it cannot be taken
back, as a refusal (rules/refusal.py) the client words. The table asks `undo_refusal` about the last entry of its log: a
move can be taken back only while it is the last one at the table (nobody has acted on it since)
and only by the seat that made it. Undo itself is a replay of the log without that entry, so the
log stays the one source of truth and a replay of the match never shows the move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rules.contract import AnyGame, Event, Seat
from rules.record import Entry
from rules.refusal import Code, Refusal, declare

if TYPE_CHECKING:  # rules/referee.py imports this module
    from rules.referee import Kept

NOT_OFFERED = declare("undo.not_offered")
NOTHING = declare("undo.nothing")
NOT_LAST = declare("undo.not_last")
CHANCE = declare("undo.chance")
REVEALED = declare("undo.revealed")  # something hidden, of a kind the game names no refusal for


def why_final(game: AnyGame, before: Any, seat: Seat, action: Any, after: Any,
              events: Sequence[Event]) -> Refusal | None:
    """None when `seat`'s `action` (from `before` to `after` with `events`) may be taken back, else why not."""
    rule = getattr(game, "why_final", None)
    if rule is None:
        return NOT_OFFERED()
    reason: Refusal | None = rule(before, seat, action, after, events)
    if reason is None and getattr(before, "rng", None) != getattr(after, "rng", None):
        return CHANCE()  # any use of the seeded rng draws a secret, whatever the game's list says
    return reason


def undo_refusal(game: AnyGame, log: Sequence[Entry] | Kept[Entry], seat: Seat,
                 final: Refusal | None) -> Refusal | None:
    """None when `seat` may take back the log's last entry, whose own `why_final` answer is `final`."""
    if getattr(game, "why_final", None) is None:
        return NOT_OFFERED()
    if not log:
        return NOTHING()
    if log[-1].seat != seat:  # another seat's move, or the referee's own entry
        return NOT_LAST() if any(entry.seat == seat for entry in log) else NOTHING()
    return final


def revealing(events: Sequence[Event], silent: frozenset[str], codes: dict[str, Code]) -> Refusal | None:
    """The refusal for the first event whose kind is not known to reveal nothing (None: all silent;
    `REVEALED` for a kind `codes` does not name)."""
    # A game lists the kinds that never reveal; anything else (a kind added later included) is final.
    for event in events:
        if event.kind not in silent:
            return codes.get(event.kind, REVEALED)()
    return None
