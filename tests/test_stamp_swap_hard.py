"""The Hard Stamp Swap bot: offered, deterministic, deciding from its own view only."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_stamp_swap_helpers import config

from rules.driver import play_match
from rules.rng import Rng
from rules.stamp_swap import GAME
from rules.stamp_swap.bot.hard import HardBot
from rules.stamp_swap.bot.levels import make_bot
from rules.stamp_swap.bot.sample import determinize
from rules.stamp_swap.state import HIDDEN_PREFIX, Phase, State, knows, with_seat
from tests.support import moves


def _decision_points(seed: int, players: int, seat: int = 0) -> dict[Phase, list[State]]:
    """States where `seat` must decide, by phase, from a match Normal bots play."""
    state, _ = GAME.new_match(seed, config(players))
    bots = [make_bot("normal", s, s) for s in range(players)]
    found: dict[Phase, list[State]] = {}
    while GAME.outcome(state) is None:
        waiting = GAME.waiting(state)
        if seat in waiting:
            found.setdefault(state.phase, []).append(state)
        who = waiting[-1]  # the seat deciding last among simultaneous ones: others are ready first
        action = bots[who].choose(GAME.view(state, who), GAME.legal_actions(state, who))
        state, _ = GAME.apply(state, who, action)
    return found


def _shuffle_secrets(state: State, seat: int) -> State:
    """The same table as `seat` sees it, with every secret it cannot see rearranged."""
    unknown = [i for i in range(len(state.hidden)) if not knows(state, seat, f"{HIDDEN_PREFIX}{i}")]
    hidden = list(state.hidden)
    for i, j in zip(unknown, [*unknown[1:], *unknown[:1]], strict=True):
        hidden[i] = state.hidden[j]
    state = replace(
        state,
        hidden=tuple(hidden),
        supply=tuple(tuple(reversed(s)) for s in state.supply),
        event_deck=tuple(reversed(state.event_deck)),
        rng=Rng.seeded(12345),
    )
    if state.phase is Phase.SWAP_PREP and not state.seats[seat].ready:
        for other, s in enumerate(state.seats):
            if other != seat and s.ready:  # a rival's split is secret until everyone is ready
                state = with_seat(state, other, piles=s.piles[::-1])
    return state


def _picks(states: list[State], seat: int) -> list[object]:
    return [HardBot(seat, Rng.seeded(99)).choose(GAME.view(s, seat), GAME.legal_actions(s, seat)) for s in states]


def test_hard_is_offered_as_a_level():
    assert GAME.bot_levels[-1] == "hard"
    assert isinstance(GAME.make_bot("hard", 1, 5), HardBot)


@pytest.mark.slow
def test_hard_choice_ignores_hidden_information():
    points = _decision_points(3, 3)
    states = [s for phase in (Phase.COLLECT, Phase.SWAP_PREP, Phase.SWAP_CHOOSE, Phase.SHOW)
              for s in points[phase][:2]]
    changed = [_shuffle_secrets(s, 0) for s in states]
    assert sum(a != b for a, b in zip(states, changed, strict=True)) == len(states)
    for a, b in zip(states, changed, strict=True):
        assert GAME.view(a, 0) == GAME.view(b, 0)  # the perturbation really is invisible to seat 0
    assert _picks(states, 0) == _picks(changed, 0)


def test_hard_is_deterministic_for_a_seed():
    states = [s for group in _decision_points(8, 2).values() for s in group[:1]]
    assert _picks(states, 0) == _picks(states, 0)


def test_sampled_table_looks_the_same_to_the_seat():
    points = _decision_points(5, 4)
    for phase in (Phase.COLLECT, Phase.SWAP_CHOOSE, Phase.SHOW):
        for state in points[phase][:3]:
            view = GAME.view(state, 0)
            for k in range(3):
                assert GAME.view(determinize(view, Rng.seeded(k)), 0) == view


def test_hard_is_ahead_of_easy_and_its_matches_replay_exactly(monkeypatch):
    """A strength floor, not a benchmark (the full runs: docs/bots.md): the same search over two
    candidates keeps whole matches quick."""
    from rules.stamp_swap.bot import hard

    monkeypatch.setitem(hard.SHORTLIST, 2, 2)
    margins = []
    for seed in (21, 22):
        record = play_match(GAME, seed, ["hard", "easy"])
        assert record.outcome is not None
        margins.append(record.outcome.scores[0] - record.outcome.scores[1])
        state, _ = GAME.new_match(seed, config(2))
        for _, seat, action in moves(record):
            state, _ = GAME.apply(state, seat, action)
        assert state == record.final_state
    assert all(m > 0 for m in margins), margins
