"""Whether an action is allowed now (with a plain reason), and every legal action of a seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.swap_meet.actions import (
    Action,
    CashOut,
    Crash,
    HostileTakeover,
    NextRound,
    OpenOffer,
    Peek,
    PinBank,
    Pull,
    Swap,
    TaxAudit,
)
from rules.swap_meet.data import ACTION_TITLES, AUDIT, CRASH, INSIDE, OFFER_LIMIT, RESOURCES, TAKEOVER
from rules.swap_meet.effects import takeover_target
from rules.swap_meet.scoring import is_exact
from rules.swap_meet.state import Phase, State

CARD_FOR_ACTION: dict[type, str] = {Crash: CRASH, Peek: INSIDE, TaxAudit: AUDIT, HostileTakeover: TAKEOVER}


def _holds(state: State, seat: int, card: str) -> bool:
    return any(c.kind == card for c in state.stalls[seat].hand)


def _kind(kind: Any) -> str | None:
    return None if kind in RESOURCES else "no such resource"


def _open(state: State, seat: int, a: OpenOffer) -> str | None:
    if a.kind not in RESOURCES:
        return "no such resource"
    if not 1 <= a.count <= OFFER_LIMIT:
        return f"offers are 1 to {OFFER_LIMIT} cards"
    if state.stalls[seat].counts()[a.kind] < a.count:
        return f"you do not hold {a.count} {a.kind}"
    return None


def _pull(state: State, seat: int, a: Pull) -> str | None:
    return None if state.stalls[seat].offer else "you have no open offer"


def _other(state: State, seat: int, target: Any) -> str | None:
    if not isinstance(target, int) or not 0 <= target < state.seats:
        return "no such seat"
    return "that is your own stall" if target == seat else None


def _swap(state: State, seat: int, a: Swap) -> str | None:
    reason = _other(state, seat, a.target)
    if reason:
        return reason
    offer = state.stalls[a.target].offer
    if offer is None or offer.id != a.offer:
        return "that offer is gone"
    if a.give not in RESOURCES:
        return "no such resource"
    if a.give == offer.kind:
        return f"give a different type than {offer.kind}"
    if state.stalls[seat].counts()[a.give] < offer.count:
        return f"you need {offer.count} {a.give} to swap"
    return None


def _cash(state: State, seat: int, a: CashOut) -> str | None:
    if is_exact(state.stalls[seat]):
        return None
    return "your resources must match the contract exactly (extra resources block it)"


def _pin(state: State, seat: int, a: PinBank) -> str | None:
    return _kind(a.kind)


def _crash(state: State, seat: int, a: Crash) -> str | None:
    return _kind(a.kind)


def _peek(state: State, seat: int, a: Peek) -> str | None:
    reason = _other(state, seat, a.target)
    if reason:
        return reason
    return "you already know that contract" if a.target in state.stalls[seat].peeked else None


def _audit(state: State, seat: int, a: TaxAudit) -> str | None:
    return None


def _takeover(state: State, seat: int, a: HostileTakeover) -> str | None:
    return None if takeover_target(state, seat) is not None else "nobody has a resource to take"


CHECKS: dict[type, Callable[[State, int, Any], str | None]] = {
    OpenOffer: _open,
    Pull: _pull,
    Swap: _swap,
    CashOut: _cash,
    PinBank: _pin,
    Crash: _crash,
    Peek: _peek,
    TaxAudit: _audit,
    HostileTakeover: _takeover,
}


def check(state: State, seat: int, action: Action, now: float) -> str | None:
    """None when allowed, else the reason."""
    if not isinstance(seat, int) or not 0 <= seat < state.seats:
        return "no such seat"
    if state.phase is Phase.FINISHED:
        return "the match is over"
    if isinstance(action, NextRound):
        return None if state.phase is Phase.LOCKED else "the round is still running"
    checker = CHECKS.get(type(action))
    if checker is None:
        return "not a Swap Meet action"
    if state.phase is not Phase.TRADING or now >= state.deadline:
        return "the round is over"
    card = CARD_FOR_ACTION.get(type(action))
    if card is not None and not _holds(state, seat, card):
        return f"you do not hold {ACTION_TITLES[card]}"
    return checker(state, seat, action)


def legal_actions(state: State, seat: int, now: float) -> list[Action]:
    """Every action `seat` may take at `now`."""
    if state.phase is Phase.LOCKED:
        return [NextRound()]
    if state.phase is not Phase.TRADING or now >= state.deadline:
        return []
    candidates: list[Action] = [Pull(), CashOut(), TaxAudit(), HostileTakeover()]
    stall = state.stalls[seat]
    counts = stall.counts()
    for kind in RESOURCES:
        candidates += [OpenOffer(kind, n) for n in range(1, min(OFFER_LIMIT, counts[kind]) + 1)]
        candidates += [Crash(kind)]
        if kind != stall.pin:
            candidates.append(PinBank(kind))
    for other in range(state.seats):
        offer = state.stalls[other].offer
        if other != seat:
            candidates.append(Peek(other))
        if other != seat and offer is not None:
            candidates += [Swap(other, kind, offer.id) for kind in RESOURCES if kind != offer.kind]
    return [a for a in candidates if check(state, seat, a, now) is None]
