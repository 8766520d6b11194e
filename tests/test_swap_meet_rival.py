"""The Hard Swap Meet Rival: Normal's reaction times, its heuristics and its round search."""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_swap_meet_props import config

from rules.driver import play_match
from rules.rng import Rng
from rules.swap_meet import GAME
from rules.swap_meet.actions import OpenOffer, Peek, Swap, TaxAudit
from rules.swap_meet.bot import normal
from rules.swap_meet.bot.inference import Belief, Rival, belief, certainty
from rules.swap_meet.bot.levels import LEVELS, TraderBot, bank_value
from rules.swap_meet.bot.rival import RIVAL, RivalBot, _peek, _rollout_self
from rules.swap_meet.bot.search import (
    Budget,
    _rollout_bots,
    bar,
    best,
    evaluate,
    judge,
    prospect,
    rollout,
    sample_world,
    screened,
    standing,
)
from rules.swap_meet.scenario import scenario
from rules.swap_meet.state import Phase
from tests.support import PERTURB, moves

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
    audit = acted.index(TaxAudit())  # the search may try something first (it did list the coin)
    assert acted[audit - 1] == OpenOffer(C, 6)  # listed cards are not loose: the coin goes
    assert state.summaries[0].locker == 0 and state.summaries[0].how == "slam"


def test_the_rival_keeps_its_audit_before_the_round_has_run_a_while():
    hands = [{C: 6, K: 1, "tax_audit": 1}, {S: 4, R: 4}, {S: 4, K: 4}]
    state = scenario(hands, ["Harbour Pair", "Mill Pair", "Grain Hoard"])
    bot = GAME.make_bot("hard", 0, 3)
    early = [bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0, t / 2), t / 2)
             for t in range(int(RIVAL.audit_after * 2))]
    assert TaxAudit() not in early and OpenOffer(C, 6) not in early


def _card_play(level_bot, hand):
    state = scenario([hand, {S: 4, R: 4}, {S: 4, K: 4}], ["Harbour Pair", "Mill Pair", "Grain Hoard"])
    view = GAME.view(state, 0)
    return level_bot._cards(view, GAME.legal_actions(state, 0, 30.0), view.counts(), 30.0)


def test_the_rivals_heuristics_keep_tax_audit_while_the_contract_is_the_plan():
    # Harbour Pair wants 4 crates and 4 coins; 4 crates, 3 coins and a sack is one trade away:
    # the audit would leave every hand at 7 cards, ours too, and the contract out of reach
    near = {C: 4, K: 3, S: 1, "tax_audit": 1}
    assert _card_play(TraderBot("normal", 0, 3), near) == TaxAudit()
    assert _card_play(RivalBot("hard", 0, 3, budget=None), near) is None
    slam = {C: 6, K: 1, S: 1, "tax_audit": 1}  # a crate slam is the plan: auditing still pays
    assert _card_play(RivalBot("hard", 0, 3, budget=None), slam) == TaxAudit()


def test_the_rivals_heuristics_never_spend_a_wake_up_on_a_peek():
    # what a peek shows feeds only the search's belief; the search peeks when waiting wins
    hand = {C: 4, K: 4, "inside_trading": 1}
    assert isinstance(_card_play(TraderBot("normal", 0, 3), hand), Peek)
    assert _card_play(RivalBot("hard", 0, 3, budget=None), hand) is None


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


def _mid_round(seed: int = 21, actions: int = 30):
    """A real 4-seat round some way in (Normal bots played it) and the time of its last action."""
    record = play_match(GAME, seed, ["normal"] * 4, {"summary_seconds": 0})
    state, _ = GAME.new_match(seed, config(4, summary_seconds=0))
    now = 0.0
    for now, seat, action in moves(record)[:actions]:
        state, _ = GAME.tick(state, now)
        state, _ = GAME.apply(state, seat, action, now)
    assert state.phase is Phase.TRADING
    return state, now + 1.0


def test_a_sampled_world_matches_everything_the_seat_can_see():
    state, now = _mid_round()
    view = GAME.view(state, 0)
    for salt in range(5):
        world = sample_world(view, Rng.seeded(salt))
        seen = GAME.view(world, 0)
        for field in ("hand", "contract", "offers", "hand_sizes", "resource_counts", "market", "trades", "audited",
                      "totals", "deadline", "exact"):
            assert getattr(seen, field) == getattr(view, field), field
        assert len({s.contract for s in world.stalls}) == 4  # every seat a different contract


def test_rollout_rivals_start_where_the_real_ones_are():
    # pinned as a Normal trader pins (no wake-up spent on it), their offers as old as seen, and
    # blind to an offer too fresh for them to have noticed (a candidate's own, say)
    state, now = _mid_round()
    world = sample_world(GAME.view(state, 0), Rng.seeded(3))
    for seat in (1, 2, 3):
        counts = world.stalls[seat].tally()
        assert world.stalls[seat].pin == bank_value(counts, {k: float(world.mult(k)) for k in counts})[1]
    up = [s.offer.id for s in world.stalls if s.offer is not None]
    assert len(up) >= 2
    since = {up[0]: now - 9.0, up[1]: now - 0.2}
    bots = _rollout_bots(world, 0, now, 7, _rollout_self, since)
    for seat, bot in enumerate(bots):
        assert up[0] in bot.seen and up[1] not in bot.seen
        offer = world.stalls[seat].offer
        if offer is not None:
            assert bot.listed == (offer.id, since.get(offer.id, now))


def test_a_rollout_plays_the_round_to_its_lock_on_the_simulated_clock():
    state, now = _mid_round()
    world = sample_world(GAME.view(state, 0), Rng.seeded(3))
    bots = [TraderBot("normal", s, 40 + s) for s in range(4)]
    done = rollout(world, 0, [now + 0.5 * s for s in range(4)], bots, 90.0)
    assert done.phase is not Phase.TRADING and done.summaries[-1].lock_time <= state.deadline
    assert now <= done.summaries[-1].lock_time


def test_the_search_keeps_the_heuristic_pick_unless_another_wins_clearly():
    assert best([[0.5, 0.5, 0.5], [0.51, 0.49, 0.52]], 1.0) == 0  # ahead on average, inside the noise
    assert best([[0.5, 0.4, 0.6], [0.6, 0.5, 0.7], [0.55, 0.45, 0.65]], 1.0) == 1


def test_a_world_is_the_same_in_every_evaluation_so_the_screen_and_the_finals_add_up():
    state, now = _mid_round()
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0, now)
    options = [None, *[a for a in legal if isinstance(a, OpenOffer)][:2]]
    budget = Budget(worlds=4, candidates=3, screen=2, finalists=2, horizon=30.0, confidence=1.0)
    rng = Rng.seeded(5)
    whole = evaluate(view, options, now, rng, _rollout_self, budget)
    first = evaluate(view, options, now, rng, _rollout_self, budget, range(2))
    rest = evaluate(view, options, now, rng, _rollout_self, budget, range(2, 4))
    assert whole == [a + b for a, b in zip(first, rest, strict=True)]
    assert all(len(row) == 4 for row in whole)


def test_a_judged_horizon_leaves_the_round_open_and_values_a_near_contract_more():
    state, now = _mid_round()
    bots = _rollout_bots(state, 0, now, 3, _rollout_self, {})
    done = rollout(state, 0, [now + 0.5 * s for s in range(4)], bots, 2.0, judged=True)
    assert done.phase is Phase.TRADING and done.clock == state.clock + 2.0  # judged where it stopped
    assert 0.0 < judge(done, 0) < 1.0
    contracts = ["Dockside Haul", "Mill Pair", "Grain Hoard"]  # ours: 5 crates and 3 sacks
    near = scenario([{C: 5, S: 2, K: 1}, {S: 4, R: 4}, {C: 2, S: 6}], contracts)  # a card away
    far = scenario([{C: 3, S: 1, K: 2, R: 2}, {S: 4, R: 4}, {C: 2, S: 6}], contracts)  # four away
    assert prospect(near, 0, 0.5, 0) > prospect(far, 0, 0.5, 0)


@pytest.mark.parametrize("chunk", [0, 1])  # all worlds for the finalists, or a race in legs of one
def test_the_screen_keeps_the_heuristic_pick_when_no_finalist_beats_it(chunk):
    state, now = _mid_round()
    budget = Budget(worlds=4, candidates=3, screen=2, finalists=2, horizon=30.0, confidence=1.0, chunk=chunk)
    same = [None, None, None]  # three copies of waiting: no candidate can beat the pick
    assert screened(GAME.view(state, 0), same, now, Rng.seeded(2), _rollout_self, budget) == 0


def test_the_searching_rival_decides_from_its_own_view_only():
    state, now = _mid_round()
    hidden = PERTURB[GAME.name](state, 0)
    assert GAME.view(hidden, 0) == GAME.view(state, 0)
    picks = []
    for world in (state, hidden):
        bot = GAME.make_bot("hard", 0, 11)
        bot.seen = frozenset(o.id for o in GAME.view(world, 0).offers if o is not None)
        view = GAME.view(world, 0)
        picks.append(bot.act(view, GAME.legal_actions(world, 0, now), bot.seen, now))
        assert bot.thought == 1  # it searched
    assert picks[0] == picks[1]


def test_the_inference_caches_hold_one_round_at_most():
    # a kiosk plays for hours: what the Rival cached for a round is dropped when the next begins
    state, now = _mid_round()
    bot = GAME.make_bot("hard", 0, 3)
    bot.choose(GAME.view(state, 0), GAME.legal_actions(state, 0, now), now)
    belief(GAME.view(state, 0), bot.notes)
    assert normal.spare_of.cache_info().currsize > 0
    later = state.evolve(round_no=state.round_no + 1, round_start=now)  # still reading the new deal: no search yet
    bot.choose(GAME.view(later, 0), GAME.legal_actions(later, 0, now), now)
    assert all(f.cache_info().currsize == 0 for f in (normal.plan_value, normal.spare_of, normal.would_move))


def _rival(seat: int, *contracts: tuple[str, float]) -> Rival:
    return Rival(seat, tuple(((2, 2, 2, 2), name, w) for name, w in contracts), (0, 0, 0, 0), 0)


def test_certainty_is_the_share_of_the_likeliest_contract():
    assert certainty(_rival(1, ("Mill Pair", 3.0), ("Grain Hoard", 1.0))) == 0.75
    assert certainty(_rival(1, ("Mill Pair", 2.0))) == 1.0
    assert certainty(_rival(1)) == 0.0  # nothing fits: nothing known


def test_the_bar_doubles_while_the_belief_barely_names_rivals_contracts():
    budget = Budget(worlds=4, candidates=3, screen=2, finalists=2, horizon=30.0, confidence=0.5, doubtful=0.3)
    vague = Belief((8, 8, 8, 8), (_rival(1, ("Mill Pair", 1.0), ("Grain Hoard", 1.0), ("Coin Vault", 1.0),
                                         ("Rack Yard", 1.0)),))
    sure = Belief((8, 8, 8, 8), (_rival(1, ("Mill Pair", 9.0), ("Grain Hoard", 1.0)),))
    assert bar(budget, vague) == 1.0 and bar(budget, sure) == 0.5 and bar(budget, None) == 0.5


def test_the_rival_peeks_at_the_rival_it_knows_least():
    legal = [Peek(1), Peek(2), OpenOffer(C, 2)]
    known = Belief((8, 8, 8, 8), (_rival(1, ("Mill Pair", 9.0), ("Grain Hoard", 1.0)),
                                  _rival(2, ("Coin Vault", 1.0), ("Rack Yard", 1.0))))
    assert _peek(legal, known) == Peek(2)
    assert _peek([OpenOffer(C, 2)], known) is None


def test_a_rival_holding_inside_trading_peeks_rather_than_wait(monkeypatch):
    # the search scores a peek as waiting (rollouts cannot value what it shows): when waiting
    # wins, the Rival peeks instead, for Inside Trading does nothing else
    import rules.swap_meet.bot.rival as rival_module

    hands = [{C: 4, K: 4, "inside_trading": 1}, {S: 4, R: 4}, {S: 4, K: 4}]
    state = scenario(hands, ["Harbour Pair", "Mill Pair", "Grain Hoard"])
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0, 10.0)
    bot = GAME.make_bot("hard", 0, 3)
    monkeypatch.setattr(rival_module, "screened", lambda view, options, *rest: options.index(None))
    assert isinstance(bot._search(view, legal, view.counts(), 10.0), Peek)
    plain = [{C: 4, K: 4}, {S: 4, R: 4}, {S: 4, K: 4}]  # without the card, waiting stays waiting
    state = scenario(plain, ["Harbour Pair", "Mill Pair", "Grain Hoard"])
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0, 10.0)
    assert bot._search(view, legal, view.counts(), 10.0) is None


def test_standing_rises_with_our_total_and_falls_with_the_best_rivals_in_every_round():
    state, _ = GAME.new_match(5, config(4, summary_seconds=0))
    for round_no in (1, 2, 3):
        def odds(mine: int, best: int, round_no: int = round_no) -> float:
            totals = tuple(Fraction(t) for t in (mine, best, 40, 40))
            return standing(state.evolve(round_no=round_no, totals=totals), 0)
        assert 0.0 < odds(0, 200) < odds(100, 100) < odds(200, 0) < 1.0
        assert odds(100, 120) < odds(100, 100)
        assert odds(140, 100) > odds(120, 100)
