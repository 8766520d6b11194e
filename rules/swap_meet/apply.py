"""Applying a checked action: one small handler per button, then the slam check."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.contract import Event
from rules.errors import IllegalAction
from rules.swap_meet.actions import (
    Action,
    CashOut,
    NextRound,
    OpenOffer,
    PinBank,
    Pull,
    Swap,
)
from rules.swap_meet.check import CARD_FOR_ACTION, check
from rules.swap_meet.effects import EFFECTS, discard, exchange, heat, reconcile_offer
from rules.swap_meet.rounds import check_slam, lock_round, start_round
from rules.swap_meet.state import Offer, Phase, State, Trade

Result = tuple[State, list[Event]]


def _open(state: State, seat: int, a: OpenOffer, t: float) -> Result:
    stall = state.stalls[seat]
    ids = tuple(c.id for c in stall.resources() if c.kind == a.kind)[: a.count]
    offer = Offer(state.next_offer_id, a.kind, ids)
    state = state.with_stall(seat, stall.evolve(offer=offer)).evolve(next_offer_id=offer.id + 1)
    data = {"offer": offer.id, "kind": a.kind, "count": a.count, "card_ids": list(ids)}
    if stall.offer is not None:
        data["replaced"] = stall.offer.id
    return state, [Event("offer_open", seat, data)]


def _pull(state: State, seat: int, a: Pull, t: float) -> Result:
    stall = state.stalls[seat]
    assert stall.offer is not None
    state = state.with_stall(seat, stall.evolve(offer=None))
    return state, [Event("offer_pulled", seat, {"offer": stall.offer.id})]


def _give_ids(state: State, seat: int, kind: str, count: int) -> tuple[int, ...]:
    """The swapper's cards of `kind`: loose ones first, lowest ids first."""
    stall = state.stalls[seat]
    listed = set(stall.offer.card_ids) if stall.offer else set()
    cards = sorted((c for c in stall.resources() if c.kind == kind), key=lambda c: (c.id in listed, c.id))
    return tuple(c.id for c in cards[:count])


def _swap(state: State, seat: int, a: Swap, t: float) -> Result:
    target = state.stalls[a.target]
    offer = target.offer
    assert offer is not None
    give = _give_ids(state, seat, a.give, offer.count)
    state = state.with_stall(a.target, target.evolve(offer=None))
    state = exchange(state, a.target, offer.card_ids, seat, give)
    state, events = reconcile_offer(state, seat)
    state = heat(heat(state, offer.kind, offer.count, t), a.give, offer.count, t)
    trade = Trade(t, seat, a.target, offer.kind, a.give, offer.count)
    state = state.evolve(trades=state.trades + (trade,))
    data = {"target": a.target, "offer": offer.id, "got": offer.kind, "give": a.give, "count": offer.count,
            "got_ids": list(offer.card_ids), "give_ids": list(give),
            "market": {k: float(state.mult(k)) for k in (offer.kind, a.give)}}
    return state, [Event("swap", seat, data)] + events


def _cash(state: State, seat: int, a: CashOut, t: float) -> Result:
    state, events = lock_round(state, seat, "cash", t)
    return state, [Event("cash_out", seat, {"contract": state.stalls[seat].contract})] + events


def _pin(state: State, seat: int, a: PinBank, t: float) -> Result:
    state = state.with_stall(seat, state.stalls[seat].evolve(pin=a.kind))
    return state, [Event("pin_bank", seat, {}, {"kind": a.kind}, (seat,))]


def _play_card(state: State, seat: int, action: Any, t: float) -> Result:
    """Consume the action card, then run its effect from the table."""
    card = CARD_FOR_ACTION[type(action)]
    card_id = next(c.id for c in state.stalls[seat].hand if c.kind == card)
    state = discard(state, seat, card_id)
    events = [Event("action_played", seat, {"card": card, "card_id": card_id})]
    state, more = EFFECTS[card](state, seat, action, t)
    return state, events + more


HANDLERS: dict[type, Callable[[State, int, Any, float], Result]] = {
    OpenOffer: _open,
    Pull: _pull,
    Swap: _swap,
    CashOut: _cash,
    PinBank: _pin,
}


def apply(state: State, seat: int, action: Action, now: float) -> Result:
    """Validate at apply time, then run the handler; a pure hand locks the round at once."""
    reason = check(state, seat, action, now)
    if reason is not None:
        raise IllegalAction(reason)
    return play(state, seat, action, now)


def play(state: State, seat: int, action: Action, now: float) -> Result:
    """`apply` less its check, for an action already known legal: one of `check.legal_actions(state,
    seat, now)`, which allows exactly what `check` allows (the Hard Rival's rollouts pick from it)."""
    t = max(now, state.clock)
    state = state.evolve(clock=t)
    if isinstance(action, NextRound):
        return start_round(state, t)
    handler = HANDLERS.get(type(action), _play_card)
    state, events = handler(state, seat, action, t)
    if state.phase is Phase.TRADING:
        state, more = check_slam(state, seat, t)
        events += more
    return state, events
