"""Collect: from the first player clockwise, one pool item at a time until everyone has six."""

from __future__ import annotations

from rules.contract import Event
from rules.events import plain_event
from rules.stamp_swap.actions import Take, TakeToken, take
from rules.stamp_swap.effects import claim_token, fire, view_keys
from rules.stamp_swap.stamps import DAILY_SPACES
from rules.stamp_swap.state import Phase, State, evolve, is_face_down, with_seat

Result = tuple[State, list[Event]]


def legal(state: State, seat: int) -> list[Take | TakeToken]:
    """Every pool item, plus the token while it lies in the pool."""
    if state.phase is not Phase.COLLECT or state.turn != seat:
        return []
    out: list[Take | TakeToken] = [take(k) for k in state.pool]
    if state.token_holder is None:
        out.append(TakeToken())
    return out


def apply(state: State, seat: int, action: Take | TakeToken) -> Result:
    """Take an item into the next Daily Collection space (or the token), then pass clockwise."""
    if isinstance(action, TakeToken):
        state, events = claim_token(state, seat, "taken")
        return _advance(state, seat, events)
    key = action.item
    space = len(state.seats[seat].dc) + 1
    hidden = is_face_down(state, key)
    state = evolve(state, pool=tuple([k for k in state.pool if k != key]), last_taker=seat)
    state = with_seat(state, seat, dc=(*state.seats[seat].dc, key))
    events = [plain_event("take", seat, {"item": key, "space": space, "face_down": hidden})]
    if hidden:
        state, more = view_keys(state, seat, (key,), "collect")
        events += more
    state, more = fire(state, key, "collect", {"owner": seat})
    return _advance(state, seat, events + more)


def _advance(state: State, seat: int, events: list[Event]) -> Result:
    n = state.players
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if len(state.seats[nxt].dc) < DAILY_SPACES:
            return evolve(state, turn=nxt), events
    if state.token_holder is None and state.last_taker is not None:
        state, more = claim_token(state, state.last_taker, "last")
        events += more
    state = evolve(state, phase=Phase.SWAP_PREP, turn=None)
    return state, [*events, plain_event("phase", None, {"phase": Phase.SWAP_PREP.value})]
