"""The Rival: legal play at every level, and the Hard search reads only the view."""

from __future__ import annotations

from functools import partial

import pytest

from rules.driver import play_match, seat_config
from rules.errors import UnknownBotLevel
from rules.night_market import GAME
from rules.night_market.actions import Sell, Take
from rules.night_market.bot import search
from rules.night_market.bot.levels import Rival
from rules.night_market.bot.search import QUICK, hard_choice, sample_world
from rules.night_market.data import CARD_KIND
from rules.night_market.legal import legal_actions
from rules.night_market.scenario import place
from rules.night_market.state import State
from rules.night_market.view import view
from rules.rng import Rng
from rules.search import Budget

MINE = ["silk", "silk", "jade", "leather"]
MARKET = ["porter", "spice", "pearl", "amber", "leather"]


def twin_states():
    """Two states with identical public information but different hidden cards."""
    deck_a = ["pearl", "amber", "spice", "silk", "porter", "leather", "jade", "spice"]
    deck_b = ["spice", "leather", "porter", "jade", "silk", "spice", "amber", "pearl"]
    common = dict(market=MARKET, porters=(2, 1), coins_taken=((5,), (3, 3)), turn=0)
    a = place(hands=(MINE, ["spice", "leather", "jade", "silk"]), deck=deck_a, **common)
    b = place(hands=(MINE, ["pearl", "amber", "silk", "spice"]), deck=deck_b, **common)
    return a, b


def test_twin_states_differ_only_in_hidden_cards():
    a, b = twin_states()
    assert a.hands[1] != b.hands[1] and a.deck != b.deck
    assert view(a, 0) == view(b, 0)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_choice_unchanged_when_hidden_hand_or_deck_order_changes(level):
    a, b = twin_states()
    choices = []
    for state in (a, b):
        bot = GAME.make_bot(level, 0, seed=42)
        choices.append(bot.choose(GAME.view(state, 0), legal_actions(state, 0)))
    assert choices[0] == choices[1]
    assert choices[0] in legal_actions(a, 0)


def test_sampled_worlds_are_consistent_with_the_view():
    a, _ = GAME.new_match(5, seat_config(("hard", "easy")))
    rng = Rng.seeded(5)
    for _ in range(9):
        action, rng = rng.choice(GAME.legal_actions(a, a.turn))
        a, _ = GAME.apply(a, a.turn, action)
    assert a.round_no == 1
    v = view(a, 0)
    for _ in range(20):
        world, rng = sample_world(v, rng)
        assert view(world, 0).market == v.market and view(world, 0).hand == v.hand
        assert len(world.hands[1]) == len(a.hands[1]) and len(world.deck) == len(a.deck)
        assert all(CARD_KIND[c] != "porter" for c in world.hands[1])
        assert sorted(CARD_KIND[c] for c in world.hands[1] + world.deck) == sorted(
            CARD_KIND[c] for c in a.hands[1] + a.deck
        )


def test_unknown_level_is_refused():
    with pytest.raises(UnknownBotLevel, match="choose easy, normal or hard"):
        GAME.make_bot("grandmaster", 0, 1)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_wait_a_visible_beat(level):
    bot = GAME.make_bot(level, 1, 3)
    assert bot.seat == 1 and bot.level == level
    assert 0.3 <= bot.wake_after(None, 0.0) <= 1.5


def test_easy_sells_a_set_of_three():
    state = place(MARKET, hands=(["silk"] * 3 + ["leather"], []))
    bot = GAME.make_bot("easy", 0, 1)
    action = bot.choose(view(state, 0), legal_actions(state, 0))
    assert isinstance(action, Sell) and len(action.cards) == 3


def test_easy_takes_the_richest_good():
    state = place(MARKET, hands=(["leather"], []))
    action = GAME.make_bot("easy", 0, 1).choose(view(state, 0), legal_actions(state, 0))
    assert isinstance(action, Take) and CARD_KIND[action.card] == "pearl"


def test_normal_takes_a_precious_pair_up_for_sale():
    state = place(MARKET, hands=(["pearl"] * 2 + ["leather"], []))
    action = GAME.make_bot("normal", 0, 1).choose(view(state, 0), legal_actions(state, 0))
    assert action in legal_actions(state, 0)


@pytest.mark.parametrize("levels", [("easy", "normal"), ("normal", "easy")])
def test_whole_matches_finish_with_legal_moves(levels):
    record = play_match(GAME, 11, levels)
    assert record.outcome is not None and max(record.outcome.scores) == 2.0


@pytest.mark.slow
def test_hard_plays_a_round_against_easy():
    state, _ = GAME.new_match(7, seat_config(("hard", "easy")))
    bots = [GAME.make_bot("hard", 0, 1), GAME.make_bot("easy", 1, 2)]
    while state.round_no == 1:
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        action = bots[seat].choose(GAME.view(state, seat), legal)
        assert action in legal
        state, _ = GAME.apply(state, seat, action)
    assert state.last_round is not None


def _shape(action):
    if isinstance(action, Take):
        return ("take", CARD_KIND[action.card])
    if isinstance(action, Sell):
        return ("sell", tuple(sorted(action.cards)))
    return action


def test_rollouts_judge_takes_porters_and_sells_exactly_as_normal_does():
    """The Hard Rival's in-rollout judgement is Normal's score over every move but exchanges."""
    from rules.night_market.actions import Exchange
    from rules.night_market.bot.heuristics import normal_choice, normal_score
    from rules.night_market.bot.search import normal_like_move

    state, _ = GAME.new_match(21, seat_config(("normal", "normal")))
    rng = Rng.seeded(21)
    for _ in range(60):
        if state.over:
            break
        seat = state.turn
        v, legal = view(state, seat), legal_actions(state, seat)
        plain = [a for a in legal if not isinstance(a, Exchange)]
        judged = normal_like_move(state)
        assert GAME.check(state, seat, judged) is None
        # the same move as one of the rules' listed ones: a take by kind, a sale by its cards
        assert _shape(judged) in {_shape(a) for a in plain}
        assert normal_score(v, judged) == pytest.approx(max(normal_score(v, a) for a in plain))
        action, rng = normal_choice(v, legal, rng)
        state, _ = GAME.apply(state, seat, action)


def test_hard_decisions_are_reproducible_from_the_seed():
    a, _ = twin_states()
    v, legal = view(a, 0), legal_actions(a, 0)
    first = hard_choice(v, legal, Rng.seeded(8), QUICK)
    assert hard_choice(v, legal, Rng.seeded(8), QUICK) == first
    assert first[0] in legal


def _from_the_middle(seed: int, plies: int = 30) -> State:
    """A round's second half to play out: Easy plays both seats for `plies` moves first."""
    state, _ = GAME.new_match(seed, seat_config(("easy", "easy")))
    easy = [GAME.make_bot("easy", s, seed + s) for s in (0, 1)]
    for _ in range(plies):
        seat = state.turn
        state, _ = GAME.apply(state, seat, easy[seat].choose(view(state, seat), legal_actions(state, seat)))
    return state


def _hard_margin(state: State, hard_seat: int, seed: int) -> int:
    """The shared search at a small budget against Easy to the round's end: Hard's coin margin."""
    hard = Rival("hard", hard_seat, seed, partial(hard_choice, budget=Budget(candidates=4, simulations=8)))
    bots = {hard_seat: hard, 1 - hard_seat: GAME.make_bot("easy", 1 - hard_seat, seed + 7)}
    while state.round_no == 1:
        seat = state.turn
        state, _ = GAME.apply(state, seat, bots[seat].choose(view(state, seat), legal_actions(state, seat)))
    assert state.last_round is not None
    totals = state.last_round.totals
    return totals[hard_seat] - totals[1 - hard_seat]


def test_the_search_is_ahead_of_easy_from_the_same_seeded_positions():
    """A strength floor, not a benchmark (the full runs: docs/bots.md). Duplicate play: each
    position is played twice, Hard in either seat, so Hard's two margins add up to how much better
    than Easy it did in the same seats from the same deal. A tiny budget keeps it under a second."""
    ahead = [sum(_hard_margin(_from_the_middle(seed), seat, seed) for seat in (0, 1)) for seed in range(300, 304)]
    assert sum(a > 0 for a in ahead) >= 3 and sum(ahead) > 0, ahead


def test_a_round_in_progress_is_judged_by_the_lead_on_the_finished_rounds_scale():
    """`position_value`: what one seat gains the other loses (the values add to 1), more coins
    banked is worth more, and a short rollout stops at its horizon to judge the position."""
    level = place(hands=(MINE, MINE), market=MARKET, coins_taken=((3,), (3,)), turn=0)
    ahead = place(hands=(MINE, MINE), market=MARKET, coins_taken=((5, 5), (3,)), turn=0)
    assert search.position_value(level, 0) == pytest.approx(0.5)
    assert search.position_value(ahead, 0) + search.position_value(ahead, 1) == pytest.approx(1.0)
    assert search.position_value(ahead, 0) > 0.5 > search.position_value(ahead, 1)
    value, _ = search.rollout(ahead, 0, Rng.seeded(1), horizon=0)
    assert value == search.position_value(ahead, 0)
