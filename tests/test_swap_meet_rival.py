"""The Hard Swap Meet Rival: Hard's reaction times, its own plan weights, the shielded audit."""

from __future__ import annotations

from rules.swap_meet import GAME
from rules.swap_meet.actions import OpenOffer, Swap, TaxAudit
from rules.swap_meet.bots import LEVELS, TraderBot
from rules.swap_meet.rival import RIVAL, RivalBot
from rules.swap_meet.scenario import scenario

C, S, K, R = "crate", "sack", "coin", "rack"


def test_hard_is_the_rival_and_waits_exactly_as_the_hard_level_did():
    rival, trader = GAME.make_bot("hard", 0, 42), TraderBot("hard", 0, 42)
    assert isinstance(rival, RivalBot)
    view = GAME.view(scenario([{C: 4, K: 4}, {S: 4, R: 4}, {C: 2, S: 6}]), 0)
    assert [rival.wake_after(view, 0.0) for _ in range(50)] == [trader.wake_after(view, 0.0) for _ in range(50)]
    hard = LEVELS["hard"]
    assert (rival.params.wake, rival.params.idle, rival.params.read) == (hard.wake, hard.idle, hard.read)
    assert rival.params == hard


def _play_rival(state, until: float):
    """Let seat 0's Rival act alone every half second; returns its actions and the final state."""
    bot, acted = GAME.make_bot("hard", 0, 3), []
    now = RIVAL.audit_after
    while now < until and state.summaries == ():
        action = bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0, now), now)
        if action is not None:
            state, _ = GAME.apply(state, 0, action, now)
            acted.append(action)
        now += 0.5
    return acted, state


def test_a_slam_bound_rival_shields_its_slam_cards_then_audits_into_the_slam():
    # 7 resources after an earlier audit: no contract is reachable, the plan is the crate slam
    hands = [{C: 6, K: 1, "tax_audit": 1}, {S: 4, R: 4}, {S: 4, K: 4}]
    acted, state = _play_rival(scenario(hands, ["Harbour Pair", "Mill Pair", "Grain Hoard"]), 60.0)
    assert acted[:2] == [OpenOffer(C, 6), TaxAudit()]  # listed cards are not loose: the coin goes
    assert state.summaries[0].locker == 0 and state.summaries[0].how == "slam"


def test_the_rival_keeps_its_audit_before_the_round_has_run_a_while():
    hands = [{C: 6, K: 1, "tax_audit": 1}, {S: 4, R: 4}, {S: 4, K: 4}]
    state = scenario(hands, ["Harbour Pair", "Mill Pair", "Grain Hoard"])
    bot = GAME.make_bot("hard", 0, 3)
    early = [bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0, t / 2), t / 2)
             for t in range(int(RIVAL.audit_after * 2))]
    assert TaxAudit() not in early and OpenOffer(C, 6) not in early


def _gather_pick(hands, offers):
    state = scenario(hands, ["Harbour Pair", "Mill Pair", "Grain Hoard"])
    for seat, (kind, n) in offers.items():
        state, _ = GAME.apply(state, seat, OpenOffer(kind, n), 1.0)
    bot = GAME.make_bot("hard", 0, 3)
    view = GAME.view(state, 0)
    return bot._gather(view, GAME.legal_actions(state, 0, 20.0), view.counts(), 20.0), state


def test_with_nothing_better_to_do_the_rival_gathers_its_spare_cards_into_one_type():
    # Harbour Pair wants 4 crates and 4 coins: sacks and racks are both spare, so racks for
    # sacks costs the contract nothing and leaves 4 racks (a bigger offer, a better bank)
    pick, state = _gather_pick([{C: 4, S: 2, R: 2}, {R: 4, K: 4}, {S: 4, K: 4}], {1: (R, 2)})
    assert pick == Swap(1, S, state.stalls[1].offer.id)


def test_gathering_never_gives_up_a_card_the_plan_needs():
    # 2 racks for 2 coins would gather the hand (4 crates, 4 racks) but the contract needs the coins
    pick, _ = _gather_pick([{C: 4, K: 2, R: 2}, {R: 4, S: 4}, {S: 4, K: 4}], {1: (R, 2)})
    assert pick is None
