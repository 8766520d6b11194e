"""Whether an action is allowed now (None, or a refusal the client words), and every legal action of a seat."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.refusal import MATCH_OVER, NO_SUCH_SEAT, NOT_A_MOVE, Refusal, declare
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
from rules.swap_meet.data import AUDIT, CRASH, INSIDE, MAX_OFFER_COUNT, MAX_SEATS, RESOURCES, TAKEOVER
from rules.swap_meet.scoring import is_exact
from rules.swap_meet.state import Phase, State
from rules.swap_meet.view import SeatView

CARD_FOR_ACTION: dict[type, str] = {Crash: CRASH, Peek: INSIDE, TaxAudit: AUDIT, HostileTakeover: TAKEOVER}

# Every refusal a Swap Meet action can get (the English wording is in game/text/locale/*.po).
NO_SUCH_RESOURCE = declare("swap-meet.no_such_resource")
OFFER_EMPTY = declare("swap-meet.offer_empty")
SHORT = declare("swap-meet.short", "count", "kind")  # you do not hold `count` of `kind`
NO_OFFER = declare("swap-meet.no_offer")
OWN_STALL = declare("swap-meet.own_stall")
OFFER_GONE = declare("swap-meet.offer_gone")
SAME_KIND = declare("swap-meet.same_kind", "kind")
NEED = declare("swap-meet.need", "count", "kind")
NOT_EXACT = declare("swap-meet.not_exact")
KNOWN_CONTRACT = declare("swap-meet.known_contract")
NOBODY_HOLDS = declare("swap-meet.nobody_holds")
ROUND_RUNNING = declare("swap-meet.round_running")
ROUND_OVER = declare("swap-meet.round_over")
NO_CARD = declare("swap-meet.no_card", "card")


@dataclass(frozen=True)
class Known:
    """What deciding an action's legality needs, all of it known to the seat acting.

    Built from the state (`check`) or from that seat's view (`why_not`): the same facts either way,
    so a client holding only its view refuses exactly what the rules refuse.
    """

    seat: int
    seats: int
    phase: Phase
    deadline: float
    counts: Mapping[str, int]  # own resources by type
    held: frozenset[str]  # own card kinds, action cards included
    offers: tuple[tuple[int, str, int] | None, ...]  # per seat: (offer id, type, count)
    exact: bool
    peeked: frozenset[int]
    resource_counts: tuple[int, ...]  # per seat (public)


def known_from_state(state: State, seat: int) -> Known:
    """The facts `seat` knows, read from the full state."""
    stall = state.stalls[seat]
    return Known(
        seat=seat,
        seats=state.seats,
        phase=state.phase,
        deadline=state.deadline,
        counts=stall.tally(),  # read-only here: Known never changes it
        held=frozenset(c.kind for c in stall.hand),
        offers=tuple(None if s.offer is None else (s.offer.id, s.offer.kind, s.offer.count) for s in state.stalls),
        exact=is_exact(stall),
        peeked=frozenset(stall.peeked),
        resource_counts=tuple(len(s.resources()) for s in state.stalls),
    )


def known_from_view(view: SeatView) -> Known:
    """The same facts, read from the seat's own view (never a spectator's)."""
    assert view.seat is not None
    counts = dict.fromkeys(RESOURCES, 0)
    for _, kind in view.hand:
        if kind in counts:
            counts[kind] += 1
    return Known(
        seat=view.seat,
        seats=view.seats,
        phase=Phase(view.phase),
        deadline=view.deadline,
        counts=counts,
        held=frozenset(kind for _, kind in view.hand),
        offers=tuple(None if o is None else (o.id, o.kind, o.count) for o in view.offers),
        exact=view.exact,
        peeked=frozenset(view.peeked),
        resource_counts=view.resource_counts,
    )


def _kind(kind: Any) -> Refusal | None:
    return None if kind in RESOURCES else NO_SUCH_RESOURCE()


def _open(known: Known, a: OpenOffer) -> Refusal | None:
    if a.kind not in RESOURCES:
        return NO_SUCH_RESOURCE()
    if a.count < 1:
        return OFFER_EMPTY()
    if known.counts[a.kind] < a.count:
        return SHORT(count=a.count, kind=a.kind)
    return None


def _pull(known: Known, a: Pull) -> Refusal | None:
    return None if known.offers[known.seat] else NO_OFFER()


def _other(known: Known, target: Any) -> Refusal | None:
    if not isinstance(target, int) or not 0 <= target < known.seats:
        return NO_SUCH_SEAT()
    return OWN_STALL() if target == known.seat else None


def _swap(known: Known, a: Swap) -> Refusal | None:
    reason = _other(known, a.target)
    if reason:
        return reason
    offer = known.offers[a.target]
    if offer is None or offer[0] != a.offer:
        return OFFER_GONE()
    _, kind, count = offer
    if a.give not in RESOURCES:
        return NO_SUCH_RESOURCE()
    if a.give == kind:
        return SAME_KIND(kind=kind)
    if known.counts[a.give] < count:
        return NEED(count=count, kind=a.give)
    return None


def _cash(known: Known, a: CashOut) -> Refusal | None:
    if known.exact:
        return None
    return NOT_EXACT()


def _pin(known: Known, a: PinBank) -> Refusal | None:
    return _kind(a.kind)


def _crash(known: Known, a: Crash) -> Refusal | None:
    return _kind(a.kind)


def _peek(known: Known, a: Peek) -> Refusal | None:
    reason = _other(known, a.target)
    if reason:
        return reason
    return KNOWN_CONTRACT() if a.target in known.peeked else None


def _audit(known: Known, a: TaxAudit) -> Refusal | None:
    return None


def _takeover(known: Known, a: HostileTakeover) -> Refusal | None:
    # takeover_target() finds a victim exactly when another seat holds a resource
    others = (n for s, n in enumerate(known.resource_counts) if s != known.seat)
    return None if any(others) else NOBODY_HOLDS()


CHECKS: dict[type, Callable[[Known, Any], Refusal | None]] = {
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


def reason(known: Known, action: Action, now: float) -> Refusal | None:
    """None when the seat in `known` may take `action` at `now`, else the refusal."""
    if known.phase is Phase.FINISHED:
        return MATCH_OVER()
    if isinstance(action, NextRound):
        return None if known.phase is Phase.LOCKED else ROUND_RUNNING()
    checker = CHECKS.get(type(action))
    if checker is None:
        return NOT_A_MOVE()
    if known.phase is not Phase.TRADING or now >= known.deadline:
        return ROUND_OVER()
    card = CARD_FOR_ACTION.get(type(action))
    if card is not None and card not in known.held:
        return NO_CARD(card=card)
    return checker(known, action)


def _seat_ok(seat: Any, seats: int) -> bool:
    return isinstance(seat, int) and 0 <= seat < seats


def check(state: State, seat: int, action: Action, now: float) -> Refusal | None:
    """None when allowed, else the refusal."""
    if not _seat_ok(seat, state.seats):
        return NO_SUCH_SEAT()
    return reason(known_from_state(state, seat), action, now)


def why_not(view: SeatView, action: Action, now: float) -> Refusal | None:
    """The same answer as `check`, from the seat's own view alone, at the explicit `now`."""
    if not _seat_ok(view.seat, view.seats):
        return NO_SUCH_SEAT()
    return reason(known_from_view(view), action, now)


# The few fixed actions `legal_actions` lists, made once: the Hard Rival's rollouts list them on
# every acting wake-up (frozen values, so one shared object is as good as a fresh equal one).
_OPENS = {k: tuple(OpenOffer(k, n) for n in range(1, MAX_OFFER_COUNT + 1)) for k in RESOURCES}
_CRASHES = {k: Crash(k) for k in RESOURCES}
_PINS = {k: PinBank(k) for k in RESOURCES}
_PEEKS = tuple(Peek(s) for s in range(MAX_SEATS))
_PULL, _CASH, _AUDIT, _TAKEOVER = Pull(), CashOut(), TaxAudit(), HostileTakeover()


def legal_actions(state: State, seat: int, now: float) -> list[Action]:
    """Every action `seat` may take at `now`, in a fixed order (seeded playouts pick from it).

    Built directly from the state rather than by filtering every candidate through `reason`:
    each clause below is exactly the check the matching `_open`, `_swap`, ... function makes
    (the conformance tests compare the two).
    """
    if state.phase is Phase.LOCKED:
        return [NextRound()]
    if state.phase is not Phase.TRADING or now >= state.deadline:
        return []
    stall = state.stalls[seat]
    counts = stall.tally()
    held = {c.kind for c in stall.hand}
    out: list[Action] = []
    if stall.offer is not None:
        out.append(_PULL)
    if is_exact(stall):
        out.append(_CASH)
    if AUDIT in held:
        out.append(_AUDIT)
    if TAKEOVER in held and any(s.resources() for i, s in enumerate(state.stalls) if i != seat):
        out.append(_TAKEOVER)
    crash = CRASH in held
    for kind in RESOURCES:
        out += _OPENS[kind][: counts[kind]]  # no hand holds more than MAX_OFFER_COUNT of a type
        if crash:
            out.append(_CRASHES[kind])
        if kind != stall.pin:
            out.append(_PINS[kind])
    peek = INSIDE in held
    for other, rival in enumerate(state.stalls):
        if other == seat:
            continue
        if peek and other not in stall.peeked:
            out.append(_PEEKS[other])
        offer = rival.offer
        if offer is not None:
            out += [Swap(other, kind, offer.id) for kind in RESOURCES
                    if kind != offer.kind and counts[kind] >= offer.count]
    return out
