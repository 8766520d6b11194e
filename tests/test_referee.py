"""The one referee (rules/referee.py) every door drives: pacing, refusals after a race, rebuild."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.contract import MatchConfig, SeatConfig
from rules.errors import IllegalAction
from rules.referee import MIN_WAKE, BotPlans, Referee
from rules.registry import GAME_MODULES, get_game
from rules.rng import Rng
from tests.support import config


def _bots_play(referee: Referee, now: float, steps: int) -> float:
    """Let the referee's bots play `steps` beats, deciding at once; the match time reached."""
    for _ in range(steps):
        if referee.outcome() is not None:
            break
        for plan in referee.plan_bots(now):
            BotPlans.decide(plan)
        due = referee.bots.next_due()
        now = max(now, due if due is not None else now + 1.0)
        referee.tick(now)
        referee.bot_moves(now)
    return now


def test_a_turn_based_bot_moves_after_its_beat_and_one_move_lands_per_call():
    game = get_game("night-market")
    cfg = MatchConfig((SeatConfig("A", "easy"), SeatConfig("B", "easy")))
    referee = Referee(game, cfg, 5)
    (plan,) = referee.plan_bots(0.0)
    assert plan.due >= MIN_WAKE and referee.plan_bots(0.0) == []  # one plan per seat at a time
    BotPlans.decide(plan)
    assert referee.bot_moves(plan.due - 0.001) == [] and not referee.log  # the beat is not over
    assert referee.bot_moves(plan.due) == [plan.seat] and len(referee.log) == 1
    _bots_play(referee, plan.due, 40)
    assert len(referee.log) > 10 and all(b.now >= a.now for a, b in zip(referee.log, referee.log[1:]))


def test_a_move_that_lost_a_race_is_refused_and_changes_nothing():
    game = get_game("night-market")
    referee = Referee(game, config(game), 3)
    seat = referee.waiting()[0]
    action = referee.legal(seat, 0.0)[0]
    referee.act(seat, action, 0.0)
    version, log = referee.version, list(referee.log)
    with pytest.raises(IllegalAction):
        referee.act(seat, action, 0.0)  # the same tap twice: the table has moved on
    assert referee.version == version and referee.log == log


def test_a_persons_move_in_real_time_sends_the_bots_back_to_plan():
    game = get_game("swap-meet")
    seats = tuple(SeatConfig(f"B{i}", "easy") for i in range(3)) + (SeatConfig("Ana"),)
    referee = Referee(game, MatchConfig(seats), 2)
    now = 0.0
    while 3 not in referee.waiting() or not referee.legal(3, now):
        now += 1.0
        referee.tick(now)
    assert referee.plan_bots(now)
    referee.act(3, referee.legal(3, now)[0], now, 7)
    assert referee.bots.plans == {} and referee.log[-1].seq == 7


@pytest.mark.parametrize("name", sorted(GAME_MODULES))
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**20))
def test_a_rebuild_from_seed_config_and_log_is_the_same_match(name, seed):
    game = get_game(name)
    cfg = MatchConfig(tuple(SeatConfig(f"B{i}", "easy") for i in range(len(config(game).seats))))
    referee = Referee(game, cfg, seed)
    _bots_play(referee, 0.0, 5000)
    assert referee.outcome() is not None  # a whole match: a time-ended one ends on its recorded tick
    again = Referee.from_record(referee.record())  # ticks that changed the match are entries: none added
    assert again.events == referee.events and again.log == referee.log and again.made == referee.made
    assert [again.view(s) for s in (*range(len(cfg.seats)), None)] == \
        [referee.view(s) for s in (*range(len(cfg.seats)), None)]
    assert again.outcome() == referee.outcome()


def test_undo_rebuilds_without_the_last_move_and_refuses_after_a_reveal():
    game = get_game("night-market")
    referee = Referee(game, config(game), 8)
    rng, now = Rng.seeded(8), 0.0
    for _ in range(60):
        seat = referee.waiting()[0]
        before = (referee.state, list(referee.events), list(referee.log))
        action, rng = rng.choice(referee.legal(seat, now))
        referee.act(seat, action, now)
        if referee.undo_refusal(seat) is None:
            referee.undo(seat)
            assert (referee.state, referee.events, referee.log) == before
            return
    pytest.fail("no move in 60 could be taken back")
