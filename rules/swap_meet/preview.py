"""What a move will do, worked out before it is played from the mover's own view alone.

`preview(view, action)` answers for an action card (Market Crash, Inside Trading, Tax Audit,
Hostile Takeover) and for a Swap: which meters move and to what, who loses what, who gains,
and whether it may hand a rival a slam. Only what `view` holds goes in (public counts, offers,
trades and audits, totals, the seat's own hand), so the random card an audit or a takeover
picks is named as a chance, never as the card: the rules draw it when the move is made. A slam
risk is flagged when at most one card the rival keeps is not publicly known to be of the type
it would be left with (its dealt hand stays unknown, so a risk is a warning, not a promise).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.swap_meet.actions import Crash, HostileTakeover, Peek, Swap, TaxAudit
from rules.swap_meet.data import MULT_CAP, MULT_FLOOR, MULT_HEAT, RESOURCES, SLAM_MIN
from rules.swap_meet.view import SeatView


@dataclass(frozen=True)
class Loss:
    """`seat` loses `count` random resource(s), one of `kinds` (() when the preview cannot know)."""

    seat: int
    count: int
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True)
class Preview:
    """The effect of one move, as far as the mover can know it."""

    meters: tuple[tuple[str, float, float], ...] = ()  # (type, multiplier now, multiplier after)
    losses: tuple[Loss, ...] = ()
    gainer: int | None = None  # who takes the lost card (a takeover: the mover)
    reveals: int | None = None  # whose contract the mover will see
    slam_risk: tuple[int, str] | None = None  # (rival, type): the move may well leave them pure, a slam
    blocked: str = ""  # why nothing would happen, as a code the client words: "no_resource", "offer_gone"


def _clamp(value: Fraction) -> float:
    return float(min(MULT_CAP, max(MULT_FLOOR, value)))


def _mult(view: SeatView, kind: str) -> Fraction:
    return Fraction(view.market[kind]).limit_denominator(1000)


def known(view: SeatView, seat: int) -> dict[str, int]:
    """Resources `seat` is known to hold from this round's public moves: what it took in swaps,
    less what it gave away and what audits took (never below 0). The dealt hand stays unknown."""
    out = dict.fromkeys(RESOURCES, 0)
    for t in view.trades:
        if t.taker == seat:
            out[t.got] += t.count
            out[t.give] -= t.count
        elif t.offerer == seat:
            out[t.give] += t.count
            out[t.got] -= t.count
    for a in view.audited:
        if a.seat == seat:
            out[a.kind] -= 1
    return {k: max(0, n) for k, n in out.items()}


def takeover_target(view: SeatView) -> int | None:
    """Whom Hostile Takeover robs: the other seat with the highest total (ties: more resources,
    then the first clockwise), as the rules pick it; None when no other seat holds a resource."""
    seat = view.seat if view.seat is not None else 0
    others = [(seat + step) % view.seats for step in range(1, view.seats)]
    others = [s for s in others if view.resource_counts[s] > 0]
    if not others:
        return None
    return max(others, key=lambda s: (view.totals[s], view.resource_counts[s], -others.index(s)))


def _loose(view: SeatView, seat: int) -> int:
    offer = view.offers[seat]
    return view.resource_counts[seat] - (offer.count if offer is not None else 0)


def _audit(view: SeatView) -> Preview:
    own = view.seat
    offer = view.offers[own] if own is not None else None
    listed = set(offer.card_ids) if offer is not None else set()
    mine = tuple(sorted({k for cid, k in view.hand if cid not in listed and k in RESOURCES},
                        key=RESOURCES.index))
    losses = tuple(Loss(s, 1, mine if s == own else ()) for s in range(view.seats) if _loose(view, s) > 0)
    return Preview(losses=losses)


def _takeover(view: SeatView) -> Preview:
    target = takeover_target(view)
    if target is None:
        return Preview(blocked="no_resource")
    left = view.resource_counts[target] - 1
    have = known(view, target)  # pure after losing one card: at most one of what it keeps is unknown
    risk = next(((target, k) for k in RESOURCES if have[k] >= left - 1 and left >= SLAM_MIN), None)
    return Preview(losses=(Loss(target, 1),), gainer=view.seat, slam_risk=risk)


def _swap(view: SeatView, action: Swap) -> Preview:
    offer = view.offers[action.target]
    if offer is None:
        return Preview(blocked="offer_gone")
    heat = MULT_HEAT * offer.count
    meters = tuple((k, view.market[k], _clamp(_mult(view, k) + heat)) for k in (offer.kind, action.give))
    loose = _loose(view, action.target)  # what the offerer keeps besides the offer
    have = known(view, action.target)[action.give]
    pure = have >= loose - 1  # at most one card it keeps is not known to be of the type it gets
    risk = (action.target, action.give) if pure and loose + offer.count >= SLAM_MIN else None
    return Preview(meters=meters, slam_risk=risk)


def preview(view: SeatView, action: object) -> Preview:
    """The effect of `action` by `view`'s seat, from that view alone (see the module doc)."""
    if isinstance(action, Crash):
        return Preview(meters=((action.kind, view.market[action.kind], _clamp(_mult(view, action.kind) / 2)),))
    if isinstance(action, Peek):
        return Preview(reveals=action.target)
    if isinstance(action, TaxAudit):
        return _audit(view)
    if isinstance(action, HostileTakeover):
        return _takeover(view)
    if isinstance(action, Swap):
        return _swap(view, action)
    return Preview()
