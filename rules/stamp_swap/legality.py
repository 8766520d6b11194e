"""Whether an action is allowed, decided from what the acting seat knows.

`Known` holds every fact the checks need. It is built from the state (`check`) or from the seat's
own view (`why_not`) and holds the same facts either way, so a client holding only its view refuses
exactly what the rules refuse, and legality can never hinge on a secret.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from rules.refusal import MATCH_OVER, NO_SUCH_SEAT, NOT_A_MOVE, Refusal, declare
from rules.stamp_swap.actions import ChooseContest, Place, Prepare, Take, TakePile, TakeToken
from rules.stamp_swap.show import spots
from rules.stamp_swap.state import Phase, State
from rules.stamp_swap.swap import reservable

# Every refusal a Stamp Swap action can get (the English wording is in game/text/locale/*.po).
NOT_COLLECT = declare("stamp-swap.not_collect")
NOT_YOUR_COLLECT = declare("stamp-swap.not_your_collect")
TOKEN_GONE = declare("stamp-swap.token_gone")
NOT_IN_POOL = declare("stamp-swap.not_in_pool")
NOT_PREPARE = declare("stamp-swap.not_prepare")
ALREADY_SPLIT = declare("stamp-swap.already_split")
MUST_RESERVE = declare("stamp-swap.must_reserve")
RARE_RESERVE = declare("stamp-swap.rare_reserve")
NOT_IN_COLLECTION = declare("stamp-swap.not_in_collection")
PILE_EMPTY = declare("stamp-swap.pile_empty")
PILES_MISMATCH = declare("stamp-swap.piles_mismatch")
NOT_CHOOSE = declare("stamp-swap.not_choose")
NOT_YOUR_CHOICE = declare("stamp-swap.not_your_choice")
OWN_PILE = declare("stamp-swap.own_pile")
NO_PILES = declare("stamp-swap.no_piles")
NO_SUCH_PILE = declare("stamp-swap.no_such_pile")
NOT_SHOW = declare("stamp-swap.not_show")
SHOW_DONE = declare("stamp-swap.show_done")
PLACE_FIRST = declare("stamp-swap.place_first")
NO_SUCH_CONTEST = declare("stamp-swap.no_such_contest")
TICKET_THERE = declare("stamp-swap.ticket_there")
NOT_PENDING = declare("stamp-swap.not_pending")
DOES_NOT_FIT = declare("stamp-swap.does_not_fit")


class Known(NamedTuple):
    """The table as one seat knows it, reduced to what legality needs.

    A named tuple: one is built for every move checked, and a tuple is the cheapest immutable
    value to build (a frozen dataclass pays an object.__setattr__ per field).
    """

    seat: int
    players: int
    phase: Phase
    turn: int | None
    token_in_pool: bool
    pool: frozenset[str]
    offered: tuple[bool, ...]  # per seat: piles still on offer (public)
    contests: tuple[str, ...]
    dc: tuple[str, ...]  # own Daily Collection
    ready: bool
    reservable: frozenset[str]  # only while this seat still has to reserve and split
    show_done: bool
    pending: tuple[str, ...]
    fits: Mapping[str, frozenset[tuple[int, int]]]  # only at the Show: pending key -> top-left cells
    tickets: tuple[str, ...]


def known_from_state(state: State, seat: int, action: Any = None) -> Known:
    """The facts `seat` knows, read from the full state.

    With `action`, the two costly facts are read only as far as its check needs them: `reservable`
    only for a Prepare, `fits` only for a Place's own item (the same answers, at a fraction of the
    cost of every pending stamp's spots on every move).
    """
    s = state.seats[seat]
    prep = state.phase is Phase.SWAP_PREP and not s.ready and (action is None or type(action) is Prepare)
    show = state.phase is Phase.SHOW
    fitting = s.pending
    if action is not None:
        fitting = (action.item,) if type(action) is Place and action.item in s.pending else ()
    return Known(
        seat=seat,
        players=state.players,
        phase=state.phase,
        turn=state.turn,
        token_in_pool=state.token_holder is None,
        pool=frozenset(state.pool),
        offered=tuple(x.offered for x in state.seats),
        contests=state.contests,
        dc=s.dc,
        ready=s.ready,
        reservable=frozenset(reservable(state, seat)) if prep else frozenset(),
        show_done=s.show_done,
        pending=s.pending,
        fits={k: frozenset(spots(state, seat, k)) for k in fitting} if show else {},
        tickets=s.tickets,
    )


def _keys(items: list[dict[str, Any]]) -> tuple[str, ...]:
    return tuple(i["key"] for i in items)


def known_from_view(view: Mapping[str, Any]) -> Known:
    """The same facts, read from the seat's own view (never a spectator's)."""
    seat = view["seat"]
    me, own = view["me"], view["seats"][seat]
    return Known(
        seat=seat,
        players=view["players"],
        phase=Phase(view["phase"]),
        turn=view["turn"],
        token_in_pool=view["token"]["in_pool"],
        pool=frozenset(_keys(view["pool"])),
        offered=tuple(s["offered"] for s in view["seats"]),
        contests=tuple(c["id"] for c in view["contests"]),
        dc=_keys(own["dc"]),
        ready=own["ready"],
        reservable=frozenset(me["reservable"]),
        show_done=own["show_done"],
        pending=_keys(own["pending"]),
        fits={k: frozenset((r, c) for r, c in cells) for k, cells in me["fits"].items()},
        tickets=tuple(own["tickets"]),
    )


def _collect(known: Known, action: Take | TakeToken) -> Refusal | None:
    if known.phase is not Phase.COLLECT:
        return NOT_COLLECT()
    if known.turn != known.seat:
        return NOT_YOUR_COLLECT()
    if isinstance(action, TakeToken):
        return None if known.token_in_pool else TOKEN_GONE()
    return None if action.item in known.pool else NOT_IN_POOL()


def _prepare(known: Known, action: Prepare) -> Refusal | None:
    if known.phase is not Phase.SWAP_PREP:
        return NOT_PREPARE()
    if known.ready:
        return ALREADY_SPLIT()
    if action.reserve is None and known.reservable:
        return MUST_RESERVE()
    if action.reserve is not None and action.reserve not in known.reservable:
        in_dc = action.reserve in known.dc
        return RARE_RESERVE() if in_dc else NOT_IN_COLLECTION()
    if not action.pile_a or not action.pile_b:
        return PILE_EMPTY()
    rest = sorted(k for k in known.dc if k != action.reserve)
    if sorted((*action.pile_a, *action.pile_b)) != rest:
        return PILES_MISMATCH()
    return None


def _choose(known: Known, action: TakePile) -> Refusal | None:
    if known.phase is not Phase.SWAP_CHOOSE:
        return NOT_CHOOSE()
    if known.turn != known.seat:
        return NOT_YOUR_CHOICE()
    if action.owner == known.seat:
        return OWN_PILE()
    if not 0 <= action.owner < known.players or not known.offered[action.owner]:
        return NO_PILES()
    return None if action.pile in (0, 1) else NO_SUCH_PILE()


def _show(known: Known, action: Place | ChooseContest) -> Refusal | None:
    if known.phase is not Phase.SHOW:
        return NOT_SHOW()
    if known.show_done:
        return SHOW_DONE()
    if isinstance(action, ChooseContest):
        if known.pending:
            return PLACE_FIRST()
        if action.contest not in known.contests:
            return NO_SUCH_CONTEST()
        return TICKET_THERE() if action.contest in known.tickets else None
    if action.item not in known.pending:
        return NOT_PENDING()
    if (action.row, action.col) not in known.fits[action.item]:
        return DOES_NOT_FIT()
    return None


CHECKS: dict[type, Callable[[Known, Any], Refusal | None]] = {
    Take: _collect,
    TakeToken: _collect,
    Prepare: _prepare,
    TakePile: _choose,
    Place: _show,
    ChooseContest: _show,
}


def reason(known: Known, action: Any) -> Refusal | None:
    """None when the seat in `known` may take `action` now, else the refusal (its type already checked)."""
    if known.phase is Phase.OVER:
        return MATCH_OVER()
    return CHECKS[type(action)](known, action)


def _seat_ok(seat: Any, players: int) -> bool:
    return isinstance(seat, int) and 0 <= seat < players


def check(state: State, seat: int, action: Any) -> Refusal | None:
    """None when allowed, else the refusal."""
    if type(action) not in CHECKS:
        return NOT_A_MOVE()
    if not _seat_ok(seat, state.players):
        return NO_SUCH_SEAT()
    return reason(known_from_state(state, seat, action), action)


def why_not(view: Mapping[str, Any], action: Any) -> Refusal | None:
    """The same answer as `check`, from the seat's own view alone."""
    if type(action) not in CHECKS:
        return NOT_A_MOVE()
    if not _seat_ok(view["seat"], view["players"]):
        return NO_SUCH_SEAT()
    return reason(known_from_view(view), action)
