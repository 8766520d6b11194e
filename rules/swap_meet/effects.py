"""Small state primitives (move a card, heat or crash the market, keep offers honest) and the
action-card effect table built from them."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import cast

from rules.contract import Event
from rules.swap_meet.actions import Crash, Peek
from rules.swap_meet.data import (
    ACTION_CARDS,
    AUDIT,
    CRASH,
    INSIDE,
    MULT_CAP,
    MULT_FLOOR,
    MULT_HEAT,
    RESOURCES,
    TAKEOVER,
)
from rules.swap_meet.state import Audited, Card, Offer, State

_HAND_ORDER = {kind: i for i, kind in enumerate(RESOURCES + ACTION_CARDS)}


def sort_key(card: Card) -> tuple[int, int]:
    """Hand order: resources in table order, then action cards; ids break ties."""
    return (_HAND_ORDER[card.kind], card.id)


def remove_card(state: State, seat: int, card_id: int) -> tuple[State, Card]:
    """Take one card out of a hand."""
    stall = state.stalls[seat]
    card = next(c for c in stall.hand if c.id == card_id)
    hand = tuple(c for c in stall.hand if c.id != card_id)
    return state.with_stall(seat, stall.evolve(hand=hand)), card


def add_cards(state: State, seat: int, cards: tuple[Card, ...]) -> State:
    """Put cards into a hand (kept sorted)."""
    stall = state.stalls[seat]
    hand = tuple(sorted(stall.hand + cards, key=sort_key))
    return state.with_stall(seat, stall.evolve(hand=hand))


def discard(state: State, seat: int, card_id: int) -> State:
    """Move a card from a hand to the discard pile."""
    state, card = remove_card(state, seat, card_id)
    return state.evolve(discards=state.discards + (card,))


def move_card(state: State, src: int, dst: int, card_id: int) -> tuple[State, Card]:
    """Move one card between hands."""
    state, card = remove_card(state, src, card_id)
    return add_cards(state, dst, (card,)), card


def exchange(state: State, seat_a: int, ids_a: tuple[int, ...], seat_b: int, ids_b: tuple[int, ...]) -> State:
    """Move cards `ids_a` from a's hand to b's and `ids_b` the other way, in one copy (both sorted)."""
    a, b = state.stalls[seat_a], state.stalls[seat_b]
    out_a, out_b = set(ids_a), set(ids_b)
    moving_a = [c for c in a.hand if c.id in out_a]
    moving_b = [c for c in b.hand if c.id in out_b]
    hand_a = tuple(sorted([c for c in a.hand if c.id not in out_a] + moving_b, key=sort_key))
    hand_b = tuple(sorted([c for c in b.hand if c.id not in out_b] + moving_a, key=sort_key))
    stalls = list(state.stalls)
    stalls[seat_a], stalls[seat_b] = a.evolve(hand=hand_a), b.evolve(hand=hand_b)
    return state.evolve(stalls=tuple(stalls))


def set_mult(state: State, kind: str, value: Fraction, t: float) -> State:
    """Set a multiplier (clamped to [floor, cap]) and record the history point."""
    value = min(MULT_CAP, max(MULT_FLOOR, value))
    market = list(state.market)
    market[RESOURCES.index(kind)] = value
    new = tuple(market)
    return state.evolve(market=new, history=state.history + ((t, new),))


def heat(state: State, kind: str, cards: int, t: float) -> State:
    """A completed trade heats a resource +0.05 per card (cap 3.0)."""
    return set_mult(state, kind, state.mult(kind) + MULT_HEAT * cards, t)


def reconcile_offer(state: State, seat: int) -> tuple[State, list[Event]]:
    """Shrink or cancel an offer whose cards left the hand."""
    stall = state.stalls[seat]
    offer = stall.offer
    if offer is None:
        return state, []
    held = {c.id for c in stall.hand}
    keep = tuple(i for i in offer.card_ids if i in held)
    if keep == offer.card_ids:
        return state, []
    if not keep:
        state = state.with_stall(seat, stall.evolve(offer=None))
        return state, [Event("offer_cancelled", seat, {"offer": offer.id})]
    new_offer = Offer(state.next_offer_id, offer.kind, keep)
    state = state.with_stall(seat, stall.evolve(offer=new_offer)).evolve(next_offer_id=new_offer.id + 1)
    data = {"old": offer.id, "offer": new_offer.id, "kind": offer.kind, "count": len(keep),
            "card_ids": list(keep)}
    return state, [Event("offer_shrunk", seat, data)]


def loose_resources(state: State, seat: int) -> tuple[Card, ...]:
    """Resources not listed in the seat's open offer."""
    stall = state.stalls[seat]
    listed = set(stall.offer.card_ids) if stall.offer else set()
    return tuple(c for c in stall.resources() if c.id not in listed)


def takeover_target(state: State, seat: int) -> int | None:
    """The current high score among the others (ties: more resources, then clockwise)."""
    others = [(seat + step) % state.seats for step in range(1, state.seats)]
    others = [s for s in others if state.stalls[s].resources()]
    if not others:
        return None
    return max(others, key=lambda s: (state.totals[s], len(state.stalls[s].resources()), -others.index(s)))


Effect = Callable[[State, int, object, float], tuple[State, list[Event]]]


def _crash(state: State, seat: int, action: object, t: float) -> tuple[State, list[Event]]:
    kind = cast(Crash, action).kind
    state = set_mult(state, kind, state.mult(kind) / 2, t)
    return state, [Event("crash", seat, {"kind": kind, "multiplier": float(state.mult(kind))})]


def _peek(state: State, seat: int, action: object, t: float) -> tuple[State, list[Event]]:
    target = cast(Peek, action).target
    stall = state.stalls[seat]
    state = state.with_stall(seat, stall.evolve(peeked=stall.peeked + (target,)))
    secret = {"contract": state.stalls[target].contract}
    return state, [Event("peek", seat, {"target": target}, secret, (seat,))]


def _audit(state: State, seat: int, action: object, t: float) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for step in range(state.seats):  # everyone, the auditor first (the seed's rule)
        victim = (seat + step) % state.seats
        loose = loose_resources(state, victim)
        if not loose:
            continue
        card, rng = state.rng.choice(loose)
        state = discard(state.evolve(rng=rng), victim, card.id)
        state = state.evolve(audited=state.audited + (Audited(t, victim, card.kind),))
        events.append(Event("audit_discard", victim, {"card": card.id, "kind": card.kind}))
    return state, events


def _takeover(state: State, seat: int, action: object, t: float) -> tuple[State, list[Event]]:
    target = takeover_target(state, seat)
    assert target is not None
    card, rng = state.rng.choice(state.stalls[target].resources())
    state, _ = move_card(state.evolve(rng=rng), target, seat, card.id)
    state, events = reconcile_offer(state, target)
    stolen = Event("takeover", seat, {"target": target}, {"card": card.id, "kind": card.kind}, (seat, target))
    return state, [stolen, *events]


EFFECTS: dict[str, Effect] = {CRASH: _crash, INSIDE: _peek, AUDIT: _audit, TAKEOVER: _takeover}
