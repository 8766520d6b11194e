"""Specialist abilities composed from a few primitives: points, points_per, view, claim_token.

A specialist is live anywhere in its owner's area; `fire` runs the abilities of the specialist
behind an item key when its trigger moment comes. "owner" is whoever holds the card before the
moment (the collector, or the player whose pile was taken), "taker" is who took the pile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from rules.contract import Event
from rules.events import plain_event
from rules.stamp_swap.cards import SPECIALIST_BY_ID
from rules.stamp_swap.stamps import Stamp
from rules.stamp_swap.state import (
    HIDDEN_PREFIX,
    State,
    add_points,
    area,
    evolve,
    is_attendee,
    is_face_down,
    spec_id,
    stamp_of,
    top_rule,
    with_seat,
)

Ctx = dict[str, Any]
Result = tuple[State, list[Event]]


def _targets(who: str, ctx: Ctx) -> list[int]:
    seats = {"owner": [ctx["owner"]], "taker": [ctx.get("taker")], "both": [ctx["owner"], ctx.get("taker")]}
    return [s for s in dict.fromkeys(seats[who]) if s is not None]


CONTEXT_COUNTERS: dict[str, Callable[[State, int, Ctx], int]] = {
    "pile_rares": lambda st, seat, ctx: sum(
        bool(stamp_of(st, k) and cast(Stamp, stamp_of(st, k)).rare) for k in ctx["pile"]
    ),
    "area_attendees": lambda st, seat, ctx: sum(
        is_attendee(st, k) and k != ctx["card"] for k in area(st.seats[seat])
    ),
    "held_hidden": lambda st, seat, ctx: sum(k.startswith(HIDDEN_PREFIX) for k in area(st.seats[seat])),
}


def _points(state: State, ctx: Ctx, who: str, amount: int) -> Result:
    events = []
    for seat in _targets(who, ctx):
        state = add_points(state, seat, amount)
        events.append(plain_event("points", seat, {"points": amount, "source": spec_id(state, ctx["card"])}))
    return state, events


def _points_per(state: State, ctx: Ctx, who: str, counter: tuple[str, Any], amount: int) -> Result:
    events = []
    for seat in _targets(who, ctx):
        points = amount * CONTEXT_COUNTERS[counter[0]](state, seat, ctx)
        state = add_points(state, seat, points)
        events.append(plain_event("points", seat, {"points": points, "source": spec_id(state, ctx["card"])}))
    return state, events


def view_keys(state: State, seat: int, keys: tuple[str, ...], source: str) -> Result:
    """Let `seat` privately view face-down items among `keys`."""
    new = tuple(k for k in keys if is_face_down(state, k) and k not in state.seats[seat].viewed)
    if not new:
        return state, []
    state = with_seat(state, seat, viewed=state.seats[seat].viewed | frozenset(new))
    secret = {"stamps": {k: spec_id(state, k) for k in new}}
    return state, [plain_event("viewed", seat, {"items": list(new), "source": source}, secret, (seat,))]


def _offered_keys(state: State, seat: int) -> tuple[str, ...]:
    return tuple(k for i, s in enumerate(state.seats) if i != seat and s.offered for p in s.piles for k in p)


def _view(state: State, ctx: Ctx, who: str, where: str) -> Result:
    events: list[Event] = []
    for seat in _targets(who, ctx):
        keys = state.pool if where == "pool" else _offered_keys(state, seat)
        state, more = view_keys(state, seat, keys, spec_id(state, ctx["card"]))
        events += more
    return state, events


def claim_token(state: State, seat: int, how: str) -> Result:
    """The seat takes the first-player token from the pool (Early Bird pays at once)."""
    if state.token_holder is not None:
        return state, []
    state = evolve(state, token_holder=seat)
    events = [plain_event("token_claimed", seat, {"how": how})]
    bonus = top_rule(state, "token_claim_points", 0)
    if bonus:
        state = add_points(state, seat, bonus)
        events.append(plain_event("points", seat, {"points": bonus, "source": state.splay[0]}))
    return state, events


def _claim(state: State, ctx: Ctx, who: str) -> Result:
    events: list[Event] = []
    for seat in _targets(who, ctx):
        state, more = claim_token(state, seat, spec_id(state, ctx["card"]))
        events += more
    return state, events


PRIMITIVES: dict[str, Callable[..., Result]] = {
    "points": _points,
    "points_per": _points_per,
    "view": _view,
    "claim_token": _claim,
}


def fire(state: State, key: str, when: str, ctx: Ctx) -> Result:
    """Run the abilities of the specialist behind `key` if its trigger is `when`."""
    card = SPECIALIST_BY_ID.get(spec_id(state, key))
    if card is None or card.trigger != when:
        return state, []
    ctx = {**ctx, "card": key}
    events = [plain_event("specialist", ctx["owner"], {"card": card.id, "trigger": when})]
    for name, *args in card.effects:
        state, more = PRIMITIVES[name](state, ctx, *args)
        events += more
    return state, events


def fire_area(state: State, seat: int, when: str, ctx: Ctx | None = None) -> Result:
    """Fire every specialist with trigger `when` in the seat's area for that seat."""
    events: list[Event] = []
    for key in area(state.seats[seat]):
        state, more = fire(state, key, when, {**(ctx or {}), "owner": seat})
        events += more
    return state, events
