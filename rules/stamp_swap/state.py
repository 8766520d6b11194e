"""Frozen match state for Stamp Swap and small read-only helpers over it.

Items are referred to by keys: a face-up item's key is its card id; an item drawn face down gets
the key "hidden-N" for the whole match, so the key never tells which stamp it is.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import Any, TypeVar, cast

from rules.rng import Rng
from rules.stamp_swap.cards import EVENT_BY_ID, EXHIBITOR_BY_ID, SPECIALIST_BY_ID
from rules.stamp_swap.counters import RECT_MASK, Collection, cells_of
from rules.stamp_swap.stamps import STAMPS, Stamp

HIDDEN_PREFIX = "hidden-"


class Phase(enum.Enum):
    """Where in the day the match is."""

    COLLECT = "collect"
    SWAP_PREP = "swap_prep"
    SWAP_CHOOSE = "swap_choose"
    SHOW = "show"
    OVER = "over"


@dataclass(frozen=True)
class Placement:
    """A stamp fixed in an album with its top-left cell."""

    key: str
    row: int
    col: int


@dataclass(frozen=True)
class SeatState:
    """One player's area."""

    dc: tuple[str, ...] = ()  # Daily Collection, in space order 1..6
    reserve: str | None = None
    piles: tuple[tuple[str, ...], ...] = ()
    ready: bool = False
    offered: bool = False  # own piles still on offer
    chosen: bool = False
    holding: tuple[str, ...] = ()  # items received in the Swap, before the Show
    pending: tuple[str, ...] = ()  # stamps still to place at the Show
    album: tuple[Placement, ...] = ()
    attendees: tuple[str, ...] = ()
    tickets: tuple[str, ...] = ()
    show_done: bool = False
    score: int = 0
    viewed: frozenset[str] = frozenset()


@dataclass(frozen=True)
class State:
    """The whole match."""

    players: int
    rng: Rng
    day: int
    phase: Phase
    seats: tuple[SeatState, ...]
    first_player: int
    token_holder: int | None  # None while the token lies in the pool
    turn: int | None
    last_taker: int | None
    pool: tuple[str, ...]
    supply: tuple[tuple[str, ...], ...]  # one tuple per cards.SUPPLY_KINDS
    event_deck: tuple[str, ...]
    splay: tuple[str, ...]  # top event first
    event_discard: tuple[str, ...]
    contests: tuple[str, ...]
    finale: str
    hidden: tuple[str, ...]  # card id behind "hidden-N"
    revealed: frozenset[str]
    discard: tuple[str, ...]
    final: tuple[tuple[tuple[str, int], ...], ...] = ()


def spec_id(state: State, key: str) -> str:
    """The card id behind an item key."""
    if key.startswith(HIDDEN_PREFIX):
        return state.hidden[int(key[len(HIDDEN_PREFIX) :])]
    return key


def stamp_of(state: State, key: str) -> Stamp | None:
    """The stamp behind a key, or None for an attendee."""
    return STAMPS.get(spec_id(state, key))


def is_face_down(state: State, key: str) -> bool:
    """Face down to the table: drawn hidden and not yet revealed."""
    return key.startswith(HIDDEN_PREFIX) and key not in state.revealed


def knows(state: State, seat: int | None, key: str) -> bool:
    """Whether `seat` may see what `key` is."""
    if not is_face_down(state, key):
        return True
    return seat is not None and key in state.seats[seat].viewed


def area(seat: SeatState) -> tuple[str, ...]:
    """Every item in a player's area (where specialists are live)."""
    reserve = (seat.reserve,) if seat.reserve else ()
    piles = tuple(k for p in seat.piles for k in p)
    return (*seat.dc, *reserve, *piles, *seat.holding, *seat.pending, *seat.attendees)


def filled_mask(state: State, seat: int) -> int:
    """Album cells already covered, as a mask (counters.cell_bit)."""
    out = 0
    for p in state.seats[seat].album:
        stamp = STAMPS[spec_id(state, p.key)]
        out |= RECT_MASK[stamp.rows, stamp.cols, p.row, p.col]
    return out


def filled(state: State, seat: int) -> frozenset[tuple[int, int]]:
    """Album cells already covered."""
    out: set[tuple[int, int]] = set()
    for p in state.seats[seat].album:
        stamp = stamp_of(state, p.key)
        assert stamp is not None
        out.update(cells_of(stamp, p.row, p.col))
    return frozenset(out)


def collection(state: State, seat: int) -> Collection:
    """What the seat shows for scoring."""
    s = state.seats[seat]
    stamps = cast("tuple[Stamp, ...]", tuple(stamp_of(state, p.key) for p in s.album))  # album keys are stamps
    return Collection(stamps, filled(state, seat), tuple(spec_id(state, k) for k in s.attendees))


def top_rule(state: State, name: str, default: Any = None) -> Any:
    """The top event's instruction parameter `name`, if it has one."""
    if not state.splay:
        return default
    return dict(EVENT_BY_ID[state.splay[0]].rules).get(name, default)


def has_flag(state: State, seat: int, flag: str) -> bool:
    """A rule flag from the top event or a passive specialist in the seat's area."""
    if top_rule(state, flag, False):
        return True
    for key in area(state.seats[seat]):
        card = SPECIALIST_BY_ID.get(spec_id(state, key))
        if card and card.trigger == "passive" and ("flag", flag) in card.effects:
            return True
    return False


def is_attendee(state: State, key: str) -> bool:
    """Specialist or exhibitor."""
    sid = spec_id(state, key)
    return sid in SPECIALIST_BY_ID or sid in EXHIBITOR_BY_ID


_FIELDS: dict[type, frozenset[str]] = {cls: frozenset(f.name for f in fields(cls)) for cls in (State, SeatState)}

T = TypeVar("T", State, SeatState)


def evolve(obj: T, **changes: Any) -> T:
    """`dataclasses.replace` for State and SeatState, several times faster.

    `replace` re-runs the generated __init__ through keyword matching on every call, and the rules
    copy states thousands of times per match; neither class has a __post_init__ to skip, so
    copying the instance dict is the same value. Unknown names are still refused.
    """
    if not changes.keys() <= _FIELDS[type(obj)]:
        raise TypeError(f"unknown fields {sorted(changes.keys() - _FIELDS[type(obj)])}")
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__, **changes)
    return new


def with_seat(state: State, seat: int, **changes: Any) -> State:
    """A copy with one seat's fields changed."""
    seats = list(state.seats)
    seats[seat] = evolve(seats[seat], **changes)
    return evolve(state, seats=tuple(seats))


def add_points(state: State, seat: int, points: int) -> State:
    """A copy with points added to one seat."""
    return with_seat(state, seat, score=state.seats[seat].score + points)


def waiting(state: State) -> tuple[int, ...]:
    """Seats that must decide now (several while reserving/splitting and at the Show)."""
    if state.phase in (Phase.COLLECT, Phase.SWAP_CHOOSE):
        return (state.turn,) if state.turn is not None else ()
    if state.phase is Phase.SWAP_PREP:
        return tuple(i for i, s in enumerate(state.seats) if not s.ready)
    if state.phase is Phase.SHOW:
        return tuple(i for i, s in enumerate(state.seats) if not s.show_done)
    return ()
