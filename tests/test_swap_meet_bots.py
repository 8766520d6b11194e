"""Swap Meet bots: human reaction times, sensible choices, no peeking at hidden facts."""

from __future__ import annotations

import statistics

import pytest
from test_swap_meet_props import check_scores, config

from rules.driver import play_match
from rules.swap_meet import GAME
from rules.swap_meet.actions import CashOut, OpenOffer, Swap
from rules.swap_meet.bot.levels import LEVELS
from rules.swap_meet.bot.rival import RivalBot
from rules.swap_meet.scenario import scenario
from rules.swap_meet.state import Phase
from tests.support import PERTURB, moves

C, S, K, R = "crate", "sack", "coin", "rack"


def test_reaction_times_are_human_and_hard_waits_exactly_as_normal():
    view = GAME.view(GAME.new_match(1, config(4))[0], 0)
    means = {}
    for level in GAME.bot_levels:
        bot = GAME.make_bot(level, 0, 99)
        waits = [bot.wake_after(view, 0.0) for _ in range(300)]
        assert all(0.7 <= w <= 2.5 for w in waits)
        means[level] = statistics.mean(waits)
        again = GAME.make_bot(level, 0, 99)
        assert [again.wake_after(view, 0.0) for _ in range(300)] == waits
    assert means["easy"] > means["normal"]
    # Hard wins by better play, never by acting more often (issue 12)
    hard, normal = LEVELS["hard"], LEVELS["normal"]
    assert (hard.wake, hard.idle, hard.read) == (normal.wake, normal.idle, normal.read)


def test_bot_cashes_out_on_an_exact_match():
    state = scenario([{C: 4, K: 4}, {S: 4, R: 4}, {C: 2, S: 6}], ["Harbour Pair"] * 3)
    bot = GAME.make_bot("easy", 0, 1)
    assert bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0, 1.0), 1.0) == CashOut()


@pytest.mark.slow
@pytest.mark.usefixtures("small_hard_swap_meet")
def test_bot_takes_a_swap_that_helps_once_it_has_noticed_the_offer():
    state = scenario([{C: 4, K: 2, R: 2}, {R: 5, K: 3}, {S: 5, R: 3}], ["Harbour Pair", "Mill Pair", "Mill Pair"])
    state, _ = GAME.apply(state, 1, OpenOffer(K, 2), 1.0)
    bot = GAME.make_bot("hard", 0, 3)
    picks = []
    for now in [1.5 + t for t in range(40)]:
        picks.append(bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0, now), now))
    assert picks[0] is None or not isinstance(picks[0], Swap)  # reaction time: not the instant it appears
    assert Swap(1, R, state.stalls[1].offer.id) in picks


@pytest.mark.slow
@pytest.mark.usefixtures("small_hard_swap_meet")  # about pace, not strength
def test_bots_read_a_fresh_deal_then_sometimes_stop_to_think():
    state = scenario([{C: 4, K: 3, R: 1}, {S: 4, R: 4}, {C: 2, S: 6}], ["Harbour Pair"] * 3)
    for level in GAME.bot_levels:
        bot = GAME.make_bot(level, 0, 5)
        reading = [t / 4 for t in range(int(LEVELS[level].read * 4))]
        assert all(bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0, t), t) is None for t in reading)
        later = [LEVELS[level].read + t for t in range(60)]
        picks = [bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0, t), t) for t in later]
        assert any(p is None for p in picks) and any(p is not None for p in picks)
        # the whole pit keeps about the same pace at any table size
        assert bot.idle(3) < bot.idle(4) < bot.idle(6) < 1
        assert bot.idle(4) == pytest.approx(LEVELS[level].idle)


def test_bots_decline_swaps_that_gain_too_little():
    from dataclasses import replace

    state = scenario([{C: 4, K: 2, R: 2}, {R: 5, K: 3}, {S: 5, R: 3}], ["Harbour Pair", "Mill Pair", "Mill Pair"])
    state, _ = GAME.apply(state, 1, OpenOffer(K, 2), 1.0)
    bot = RivalBot("hard", 0, 3, budget=None)  # the heuristics alone (the search has no min_gain)
    bot.params = replace(bot.params, min_gain=1000.0)
    for now in [1.5 + t for t in range(40)]:
        assert not isinstance(bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0, now), now), Swap)


def test_an_untaken_offer_is_replaced_by_another_spare_type_nobody_else_offers():
    hands = [{C: 4, K: 2, R: 1, S: 1}, {S: 3, R: 4, K: 1}, {C: 4, K: 4}]
    state = scenario(hands, ["Harbour Pair", "Mill Pair", "Mill Pair"])
    state, _ = GAME.apply(state, 1, OpenOffer(S, 1), 0.5)  # a rival already offers Sack
    bot = GAME.make_bot("normal", 0, 7)
    listed = []
    for now in [6.0 + t / 2 for t in range(120)]:
        action = bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0, now), now)
        if isinstance(action, OpenOffer):
            state, _ = GAME.apply(state, 0, action, now)
            listed.append((now, action))
    assert listed[0][1] == OpenOffer(R, 1)  # the spare type not already on offer
    assert any(a == OpenOffer(S, 1) for _, a in listed[1:])  # nobody took it: list the other one
    assert listed[1][0] - listed[0][0] >= LEVELS["normal"].patience


def test_bot_offers_cards_its_plan_does_not_need():
    state = scenario([{C: 4, K: 3, R: 1}, {S: 4, R: 4}, {C: 2, S: 6}], ["Harbour Pair"] * 3)
    bot = RivalBot("hard", 0, 5, budget=None)  # the heuristics alone
    picks = {bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0, t), t) for t in range(1, 12)}
    assert OpenOffer(R, 1) in picks


def test_bot_decisions_ignore_hidden_facts():
    record = play_match(GAME, 21, ["normal"] * 4, {"summary_seconds": 0})
    assert record.record.moves
    state, _ = GAME.new_match(21, config(4, summary_seconds=0))
    for now, seat, action in moves(record)[:25]:
        state, _ = GAME.tick(state, now)
        if state.phase is Phase.TRADING:
            for level in GAME.bot_levels:
                view = GAME.view(state, seat)
                hidden = GAME.view(PERTURB[GAME.name](state, seat), seat)
                assert hidden == view
                a = GAME.make_bot(level, seat, 5).choose(view, GAME.legal_actions(state, seat, now), now)
                b = GAME.make_bot(level, seat, 5).choose(hidden, GAME.legal_actions(state, seat, now), now)
                assert a == b
        state, _ = GAME.apply(state, seat, action, now)


@pytest.mark.slow
@pytest.mark.usefixtures("small_hard_swap_meet")
@pytest.mark.parametrize("levels", [("easy",) * 3, ("normal", "hard", "easy", "normal"),
                                    ("hard",) * 5, ("easy", "normal", "hard") * 2])
def test_bots_finish_matches_and_scores_follow_the_formulas(levels):
    record = play_match(GAME, len(levels), list(levels), {"summary_seconds": 1})
    state = record.final_state
    assert state.phase is Phase.FINISHED and len(state.summaries) == 3
    check_scores(state)
    totals = [sum(float(r.stalls[s].score) for r in state.summaries) for s in range(len(levels))]
    assert list(record.outcome.scores) == pytest.approx(totals)
    for _, _, action in moves(record):
        assert GAME.action_from_json(GAME.action_to_json(action)) == action


@pytest.mark.slow
@pytest.mark.usefixtures("small_hard_swap_meet")
def test_the_record_rebuilds_a_bot_match_to_its_last_lock_with_no_tick_added():
    from rules.referee import Referee

    record = play_match(GAME, 8, ["hard", "normal", "easy", "normal"], {"summary_seconds": 0})
    state = Referee.from_record(record.record).state
    assert state.summaries == record.final_state.summaries
    assert state.totals == record.final_state.totals


def test_a_bot_pit_gives_a_person_time_and_keeps_every_end_path():
    hows, lengths = [], []
    for seed in range(12):
        record = play_match(GAME, seed, ["normal"] * 4, {"summary_seconds": 0})
        for summary in record.final_state.summaries:
            hows.append(summary.how)
            lengths.append(summary.lock_time - summary.history[0][0])
    assert 30 <= statistics.median(lengths) <= 80
    assert {"cash", "slam", "timer"} <= set(hows)
