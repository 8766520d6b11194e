"""Swap Meet scoring formulas with exact numbers."""

from __future__ import annotations

from fractions import Fraction

from rules.swap_meet import GAME
from rules.swap_meet.actions import CashOut, OpenOffer, PinBank, Swap
from rules.swap_meet.data import CONTRACTS_BY_NAME
from rules.swap_meet.scenario import scenario
from rules.swap_meet.scoring import bank_score, contract_score, recipe_multiplier

C, S, K, R = "crate", "sack", "coin", "rack"
MARKET = {C: Fraction(3, 2), S: Fraction(6, 5), K: Fraction(1), R: Fraction(1, 2)}
HARBOUR = "Harbour Pair"  # 4 Crate + 4 Coin, base 84


def locked_by_cash():
    hands = [{C: 4, K: 4, "market_crash": 1}, {C: 4, K: 4}, {C: 5, S: 2, R: 1},
             {C: 5, S: 2, R: 1, "tax_audit": 1}]
    state = scenario(hands, [HARBOUR, HARBOUR, "Full Market", "Full Market"], market=MARKET)
    state, _ = GAME.apply(state, 3, PinBank(R), 1.0)
    state, _ = GAME.apply(state, 0, CashOut(), 2.0)
    return state.summaries[0].stalls


def test_contract_score_uses_the_average_multiplier_of_the_recipe():
    harbour = CONTRACTS_BY_NAME[HARBOUR]
    market = tuple(MARKET[k] for k in (C, S, K, R))
    assert recipe_multiplier(harbour, market) == Fraction(5, 4)
    assert contract_score(harbour, market) == 105


def test_locker_gets_the_cash_score_plus_ten():
    row = locked_by_cash()[0]
    assert (row.path, row.score, row.base, row.locker_bonus) == ("cash", 115, 84, 10)
    assert row.multiplier == Fraction(5, 4)


def test_exact_contract_that_did_not_lock_scores_base_times_average_market():
    row = locked_by_cash()[1]
    assert (row.path, row.score, row.locker_bonus) == ("contract", 105, 0)


def test_everyone_else_banks_count_times_market_times_ten_minus_five_per_extra():
    row = locked_by_cash()[2]  # default bank: Crate (5 held), 3 extras
    assert (row.path, row.kind, row.count, row.extras, row.score) == ("bank", C, 5, 3, 5 * 15 - 15)
    assert bank_score(5, Fraction(3, 2), 3) == 60


def test_pinned_bank_is_used_and_action_cards_are_not_extras():
    row = locked_by_cash()[3]  # pinned Rack at 0.5x: 1 card, 7 extras; the Tax Audit card is no extra
    assert (row.kind, row.count, row.extras, row.score) == (R, 1, 7, 5 - 35)


def test_slam_locker_scores_count_times_banked_multiplier_times_ten_plus_ten():
    hands = [{C: 7, S: 1}, {C: 2, K: 6}, {S: 4, K: 4}]
    state = scenario(hands, market=MARKET)
    state, _ = GAME.apply(state, 0, PinBank(R), 1.0)  # the pin does not change a slam's type
    state, _ = GAME.apply(state, 1, OpenOffer(C, 1), 1.0)
    state, _ = GAME.apply(state, 0, Swap(1, S, state.stalls[1].offer.id), 2.0)
    row = state.summaries[0].stalls[0]
    # the trade heated Crate 1.5 -> 1.55: 8 × 1.55 × 10 + 10
    assert (row.path, row.kind, row.count, row.extras) == ("slam", C, 8, 0)
    assert row.score == 8 * Fraction(31, 20) * 10 + 10 == 134


def test_timer_lock_has_no_bonus():
    hands = [{C: 4, K: 4}, {C: 5, S: 3}, {S: 4, K: 4}]
    state = scenario(hands, [HARBOUR, "Full Market", "Full Market"], market=MARKET)
    state, _ = GAME.tick(state, 95.0)
    rows = state.summaries[0].stalls
    assert [r.score for r in rows] == [105, 5 * 15 - 15, 4 * 12 - 20]
    assert [r.locker_bonus for r in rows] == [0, 0, 0]
    assert state.totals == (105, 60, 28)


def test_a_views_bank_preview_is_what_the_round_then_scores_for_that_pin():
    hands = [{C: 4, K: 4, "market_crash": 1}, {C: 4, K: 4}, {C: 5, S: 2, R: 1},
             {C: 5, S: 2, R: 1, "tax_audit": 1}]
    for pin in (C, S, R):
        state = scenario(hands, [HARBOUR, HARBOUR, "Full Market", "Full Market"], market=MARKET)
        state, _ = GAME.apply(state, 3, PinBank(pin), 1.0)
        preview = GAME.view(state, 3).bank_points(pin)
        state, _ = GAME.apply(state, 0, CashOut(), 2.0)
        assert preview == float(state.summaries[0].stalls[3].score)
    assert GAME.view(state, 2).bank_points(K) == -40  # none held: every resource is an extra
