"""Show: attendees join the collection, stamps go upright into the album, then Show scoring."""

from __future__ import annotations

from typing import cast

from rules.contract import Event
from rules.events import plain_event
from rules.stamp_swap.actions import ChooseContest, Place, place
from rules.stamp_swap.cards import CONTEST_BY_ID, EXHIBITOR_BY_ID
from rules.stamp_swap.counters import count, mask_spots, tier_points
from rules.stamp_swap.setup import end_day
from rules.stamp_swap.stamps import STAMPS, TOKEN_POINTS
from rules.stamp_swap.state import (
    Phase,
    Placement,
    State,
    add_points,
    collection,
    evolve,
    filled_mask,
    has_flag,
    is_attendee,
    spec_id,
    top_rule,
    with_seat,
)

Result = tuple[State, list[Event]]


def start_show(state: State) -> Result:
    """New attendees beside the others; stamps wait to be placed; non-fitting ones are discarded."""
    state = evolve(state, phase=Phase.SHOW, turn=None)
    events = [plain_event("phase", None, {"phase": Phase.SHOW.value})]
    for seat, s in enumerate(state.seats):
        people = tuple(k for k in s.holding if is_attendee(state, k))
        stamps = tuple(k for k in s.holding if not is_attendee(state, k))
        state = with_seat(state, seat, attendees=(*s.attendees, *people), pending=stamps, holding=())
        if people:
            events.append(plain_event("attendees_joined", seat, {"items": list(people)}))
        state, more = _discard_misfits(state, seat)
        events += more
    return state, events


def spots(state: State, seat: int, key: str) -> list[tuple[int, int]]:
    """Top-left cells where the pending stamp fits in the seat's album."""
    stamp = STAMPS[spec_id(state, key)]
    return mask_spots(filled_mask(state, seat), stamp.rows, stamp.cols)


def discard_points(state: State, seat: int, value: int) -> int:
    """Points for discarding a stamp that fits nowhere (events and Tweezers may change it)."""
    if value < 0 and has_flag(state, seat, "faded_free"):
        return 0
    return value * cast(int, top_rule(state, "discard_mult", 1))


def _discard_misfits(state: State, seat: int) -> Result:
    events = []
    mask = filled_mask(state, seat)  # discarding never changes the album
    for key in state.seats[seat].pending:
        stamp = STAMPS[spec_id(state, key)]
        if mask_spots(mask, stamp.rows, stamp.cols):
            continue
        points = discard_points(state, seat, stamp.value)
        s = state.seats[seat]
        state = with_seat(
            state, seat, pending=tuple(k for k in s.pending if k != key), score=s.score + points
        )
        state = evolve(state, discard=(*state.discard, key))
        events.append(plain_event("discarded", seat, {"item": key, "value": stamp.value, "points": points}))
    return state, events


def legal(state: State, seat: int) -> list[Place | ChooseContest]:
    """Every placement of every pending stamp; once none is left, every contest still open to you."""
    s = state.seats[seat]
    if state.phase is not Phase.SHOW or s.show_done:
        return []
    if s.pending:
        mask = filled_mask(state, seat)
        out: list[Place | ChooseContest] = []
        for k in s.pending:
            stamp = STAMPS[spec_id(state, k)]
            out += [place(k, r, c) for r, c in mask_spots(mask, stamp.rows, stamp.cols)]
        return out
    return [ChooseContest(c) for c in state.contests if c not in s.tickets]


def apply(state: State, seat: int, action: Place | ChooseContest) -> Result:
    """Place a stamp or score the Show."""
    if isinstance(action, ChooseContest):
        return _score_show(state, seat, action.contest)
    s = state.seats[seat]
    placement = Placement(action.item, action.row, action.col)
    state = with_seat(
        state, seat, album=(*s.album, placement), pending=tuple(k for k in s.pending if k != action.item)
    )
    events = [plain_event("placed", seat, {"item": action.item, "row": action.row, "col": action.col})]
    state, more = _discard_misfits(state, seat)
    return state, events + more


def show_points(state: State, seat: int, contest: str) -> dict[str, int]:
    """Exhibitors, token, the top event's bonus and the chosen contest, for one seat now."""
    col = collection(state, seat)
    ex_mult = top_rule(state, "exhibitor_mult", 1)
    exhibitors = (
        sum(
            EXHIBITOR_BY_ID[a].per * count(EXHIBITOR_BY_ID[a].counter, col)
            for a in col.attendees
            if a in EXHIBITOR_BY_ID
        )
        * ex_mult
    )
    token = top_rule(state, "token_points", TOKEN_POINTS) if state.token_holder == seat else 0
    bonus_counter = top_rule(state, "show_bonus")
    bonus = count(bonus_counter, col) if bonus_counter else 0
    card = CONTEST_BY_ID[contest]
    contest_pts = tier_points(card.tiers, count(card.counter, col)) * top_rule(state, "contest_mult", 1)
    return {"exhibitors": exhibitors, "token": token, "event": bonus, "contest": contest_pts}


def _score_show(state: State, seat: int, contest: str) -> Result:
    parts = show_points(state, seat, contest)
    state = add_points(state, seat, sum(parts.values()))
    s = state.seats[seat]
    state = with_seat(state, seat, tickets=(*s.tickets, contest), show_done=True)
    events = [
        Event(
            "show_scored",
            seat,
            {"contest": contest, "points": parts, "exhibitors": [spec_id(state, k) for k in s.attendees]},
        )
    ]
    if all(x.show_done for x in state.seats):
        state, more = end_day(state)
        events += more
    return state, events
