"""Swap: everyone reserves and splits at once, then the pile-choosing chain from the token holder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from operator import itemgetter

from rules.contract import Event
from rules.events import plain_event
from rules.stamp_swap.actions import Prepare, TakePile
from rules.stamp_swap.effects import fire, fire_area
from rules.stamp_swap.show import start_show
from rules.stamp_swap.stamps import DAILY_SPACES
from rules.stamp_swap.state import (
    Phase,
    State,
    evolve,
    has_flag,
    is_face_down,
    spec_id,
    stamp_of,
    top_rule,
    with_seat,
)

Result = tuple[State, list[Event]]
_new = object.__new__


def reservable(state: State, seat: int) -> list[str]:
    """Daily Collection items this seat may reserve (rare stamps only with a rule allowing it)."""
    rare_ok = has_flag(state, seat, "reserve_rare")
    out = []
    for key in state.seats[seat].dc:
        stamp = stamp_of(state, key)
        if rare_ok or stamp is None or not stamp.rare:
            out.append(key)
    return out


def _getter(indices: tuple[int, ...]) -> Callable[[Sequence[str]], tuple[str, ...]]:
    """itemgetter that always returns a tuple (a single index would give the bare item)."""
    if len(indices) == 1:
        only = indices[0]
        return lambda items: (items[only],)
    return itemgetter(*indices)


def _splits(n: int) -> tuple[tuple[Callable[[Sequence[str]], tuple[str, ...]], ...], ...]:
    """Getters for (pile_a, pile_b) of every split of n items, smaller piles first, in
    `combinations` order, pile_b keeping the remaining items in order."""
    out = []
    for size in range(1, n):
        for a in combinations(range(n), size):
            out.append((_getter(a), _getter(tuple(i for i in range(n) if i not in a))))
    return tuple(out)


# Built once per item count: the legal splits are the same index patterns on every Daily Collection.
SPLITS = {n: _splits(n) for n in range(2, DAILY_SPACES + 1)}


def legal_prepare(state: State, seat: int) -> list[Prepare]:
    """Every reserve choice times every split into two non-empty piles."""
    s = state.seats[seat]
    if state.phase is not Phase.SWAP_PREP or s.ready:
        return []
    choices: list[str | None] = list(reservable(state, seat)) or [None]
    out: list[Prepare] = []
    append = out.append
    for reserve in choices:
        rest = tuple(k for k in s.dc if k != reserve)
        for a, b in SPLITS.get(len(rest), ()):
            # up to 180 per seat and Swap: the instance dict filled directly, as actions.take does
            action = _new(Prepare)
            fields = action.__dict__
            fields["reserve"], fields["pile_a"], fields["pile_b"] = reserve, a(rest), b(rest)
            append(action)
    return out


def apply_prepare(state: State, seat: int, action: Prepare) -> Result:
    """Lock in the reserve and the piles; when everyone is ready the choosing starts."""
    state = with_seat(
        state,
        seat,
        dc=(),
        reserve=action.reserve,
        piles=(action.pile_a, action.pile_b),
        ready=True,
        offered=True,
    )
    secret = {"reserve": action.reserve, "piles": [list(action.pile_a), list(action.pile_b)]}
    events = [plain_event("ready", seat, {}, secret, (seat,))]
    if not all(s.ready for s in state.seats):
        return state, events
    shown = [{"reserve": s.reserve, "piles": [list(p) for p in s.piles]} for s in state.seats]  # by seat
    events.append(plain_event("piles_shown", None, {"seats": shown}))
    state = evolve(state, phase=Phase.SWAP_CHOOSE, turn=state.token_holder)
    state, more = _settle(state)
    return state, events + more


def offered_owners(state: State, seat: int) -> list[int]:
    """Opponents whose piles are still on offer to `seat`."""
    return [i for i, s in enumerate(state.seats) if i != seat and s.offered]


def legal_choose(state: State, seat: int) -> list[TakePile]:
    """Both piles of every opponent still on offer."""
    if state.phase is not Phase.SWAP_CHOOSE or state.turn != seat:
        return []
    return [TakePile(o, p) for o in offered_owners(state, seat) for p in (0, 1)]


def apply_choose(state: State, seat: int, action: TakePile) -> Result:
    """Take the pile; its owner gets their other pile back and chooses next (or pass ccw)."""
    owner = action.owner
    piles = state.seats[owner].piles
    taken, other = piles[action.pile], piles[1 - action.pile]
    state = with_seat(state, owner, piles=(), offered=False, holding=(*state.seats[owner].holding, *other))
    state = with_seat(state, seat, holding=(*state.seats[seat].holding, *taken), chosen=True)
    events = [
        plain_event(
            "pile_taken",
            seat,
            {"owner": owner, "pile": action.pile, "items": list(taken), "returned": list(other)},
        )
    ]
    for key in taken:
        state, more = fire(state, key, "taken", {"owner": owner, "taker": seat, "pile": taken})
        events += more
    bonus = top_rule(state, "pile_taken_points", 0)
    if bonus:
        state = with_seat(state, owner, score=state.seats[owner].score + bonus)
        events.append(plain_event("points", owner, {"points": bonus, "source": state.splay[0]}))
    if state.seats[owner].chosen:  # the returned pile completes an owner who chose earlier
        state, more = _reveal(state, owner)
        events += more
    state, more = _complete(state, seat)
    state = evolve(state, turn=_next_chooser(state, owner))
    state, settled = _settle(state)
    return state, events + more + settled


def _next_chooser(state: State, start: int) -> int | None:
    """`start` if it has not chosen, else counter-clockwise to the next who has not."""
    n = state.players
    for step in range(n):
        seat = (start - step) % n
        if not state.seats[seat].chosen:
            return seat
    return None


def _reveal(state: State, seat: int) -> Result:
    """Face-down stamps the seat now holds (reserve included) are revealed to all."""
    s = state.seats[seat]
    keys = tuple(k for k in (*s.holding, *([s.reserve] if s.reserve else [])) if is_face_down(state, k))
    if not keys:
        return state, []
    state = evolve(state, revealed=state.revealed | frozenset(keys))
    return state, [plain_event("revealed", seat, {"stamps": {k: spec_id(state, k) for k in keys}})]


def _complete(state: State, seat: int) -> Result:
    """The seat's choice is done: reveal what it holds, then its 'choice done' specialists fire."""
    state, events = _reveal(with_seat(state, seat, chosen=True), seat)
    state, more = fire_area(state, seat, "choice_done")
    return state, events + more


def _settle(state: State) -> Result:
    """Resolve choosers with no opponent pile left (they keep both) and the end of the Swap."""
    events: list[Event] = []
    while state.turn is not None:
        seat = state.turn
        if offered_owners(state, seat):
            state, more = fire_area(state, seat, "choose_turn")
            return state, events + more
        s = state.seats[seat]
        if s.offered:
            state = with_seat(
                state, seat, holding=(*s.holding, *s.piles[0], *s.piles[1]), piles=(), offered=False
            )
            events.append(plain_event("kept_both", seat, {}))
        state, more = _complete(state, seat)
        events += more
        state = evolve(state, turn=_next_chooser(state, seat))
    state, more = _end_swap(state)
    return state, events + more


def _end_swap(state: State) -> Result:
    """Reserves join the holdings; anything still face down is revealed; the Show begins."""
    for seat, s in enumerate(state.seats):
        extra = (s.reserve,) if s.reserve else ()
        kept = tuple(k for p in s.piles for k in p) if s.offered else ()
        state = with_seat(
            state, seat, holding=(*s.holding, *kept, *extra), reserve=None, piles=(), offered=False
        )
    events: list[Event] = []
    for seat in range(state.players):
        state, more = _reveal(state, seat)
        events += more
    state, more = start_show(state)
    return state, events + more
