"""Swap Meet's `legal_actions` is built directly for speed: it must list exactly what check() allows."""

from __future__ import annotations

from typing import Any

import pytest
from test_swap_meet_props import config

from rules.driver import play_match
from rules.swap_meet import GAME
from rules.swap_meet.actions import (
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
from rules.swap_meet.data import HAND_SIZE, RESOURCES
from rules.swap_meet.state import State
from tests.support import moves


def _candidates(state: State, seat: int) -> list[Any]:
    """Every action shape a seat could send, legal or not."""
    out: list[Any] = [Pull(), CashOut(), TaxAudit(), HostileTakeover(), NextRound()]
    for kind in RESOURCES:
        out += [OpenOffer(kind, n) for n in range(1, HAND_SIZE + 2)]
        out.append(Crash(kind))
        if kind != state.stalls[seat].pin:  # re-pinning the pinned type is allowed but never listed
            out.append(PinBank(kind))
    for other in range(state.seats):
        out.append(Peek(other))
        offer = state.stalls[other].offer
        if offer is not None:
            out += [Swap(other, kind, offer.id) for kind in RESOURCES]
    return out


@pytest.mark.slow
@pytest.mark.usefixtures("small_hard_swap_meet")
@pytest.mark.parametrize("seed", [4, 9])
def test_legal_actions_are_exactly_what_check_allows(seed: int) -> None:
    # legal_actions is built directly for speed; it must agree with check() action by action
    record = play_match(GAME, seed, ["normal", "hard", "easy", "normal"], {"summary_seconds": 0})
    state, _ = GAME.new_match(seed, config(4, summary_seconds=0))
    for now, actor, action in moves(record):
        state, _ = GAME.tick(state, now)
        for seat in range(state.seats):
            legal = GAME.legal_actions(state, seat, now)
            allowed = [a for a in _candidates(state, seat) if GAME.check(state, seat, a, now) is None]
            assert sorted(map(repr, legal)) == sorted(map(repr, allowed))
            assert len(set(legal)) == len(legal)
        state, _ = GAME.apply(state, actor, action, now)
