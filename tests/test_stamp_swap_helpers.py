"""Setup helpers for Stamp Swap scenario tests: place cards directly into a state."""

from __future__ import annotations

from dataclasses import replace

from rules.contract import MatchConfig, SeatConfig
from rules.stamp_swap import GAME
from rules.stamp_swap.actions import Prepare
from rules.stamp_swap.stamps import STAMPS
from rules.stamp_swap.state import Phase, SeatState, State

PLAIN = tuple(s.id for s in STAMPS.values() if not s.rare and s.value > 0 and not s.forever)
RARE = tuple(s.id for s in STAMPS.values() if s.rare)


def config(n: int) -> MatchConfig:
    """n person seats."""
    return MatchConfig(tuple(SeatConfig(f"P{i}") for i in range(n)))


def fresh(n: int, seed: int = 1) -> State:
    """A new match at Friday's Collect."""
    return GAME.new_match(seed, config(n))[0]


def with_splay(state: State, splay: tuple[str, ...]) -> State:
    """Put these events on the table, the first on top."""
    return replace(state, splay=splay)


def prep_state(n: int, token: int, dcs: list[tuple[str, ...]] | None = None, seed: int = 1) -> State:
    """Everyone holds six plain stamps (or `dcs`) and must reserve and split; `token` holds the token."""
    if dcs is None:
        dcs = [PLAIN[6 * i : 6 * i + 6] for i in range(n)]
    seats = tuple(SeatState(dc=dc) for dc in dcs)
    state = fresh(n, seed)
    return replace(state, phase=Phase.SWAP_PREP, seats=seats, token_holder=token, turn=None, pool=(),
                   splay=("ev-quiet", *state.splay[1:]))


def split_all(state: State) -> State:
    """Every seat reserves its first item and splits the rest 2 / 3."""
    for seat in range(state.players):
        dc = state.seats[seat].dc
        if state.seats[seat].ready:
            continue
        state, _ = GAME.apply(state, seat, Prepare(dc[0], dc[1:3], dc[3:]))
    return state


def choose_state(n: int, token: int) -> State:
    """Everyone has reserved and split; the token holder is to choose."""
    return split_all(prep_state(n, token))


def pile(state: State, owner: int, index: int) -> tuple[str, ...]:
    """One of an owner's piles on offer."""
    return state.seats[owner].piles[index]


def show_state(n: int, pending: list[tuple[str, ...]], album: list[tuple] | None = None) -> State:
    """The Show with stamps waiting; `album` gives each seat's placements already made."""
    state = fresh(n)
    seats = tuple(SeatState(pending=p, album=tuple(album[i]) if album else ()) for i, p in enumerate(pending))
    return replace(state, phase=Phase.SHOW, seats=seats, turn=None, token_holder=0,
                   splay=("ev-quiet", *state.splay[1:]))
