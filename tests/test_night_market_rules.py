"""Night Market rules: one test per sentence of the seed and issue, plus the data tables."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.contract import MatchConfig, SeatConfig
from rules.errors import IllegalAction, MalformedAction
from rules.night_market import GAME
from rules.night_market import legal as L
from rules.night_market.actions import Exchange, Sell, Take, TakePorters
from rules.night_market.apply import apply
from rules.night_market.data import (
    BONUS_VALUES,
    CARD_KIND,
    COIN_PILES,
    DECK_COUNTS,
    PORTER_TOKEN,
)
from rules.night_market.legal import check, legal_actions
from rules.night_market.outcome import score_round
from rules.night_market.scenario import place
from rules.night_market.state import new_match
from rules.refusal import MATCH_OVER

CONFIG = MatchConfig((SeatConfig("Ada"), SeatConfig("Rival", "easy")))
MARKET = ["porter", "porter", "porter", "silk", "jade"]


def ids(state, zone_cards, kind):
    """Card ids of `kind` among `zone_cards`."""
    return tuple(c for c in zone_cards if CARD_KIND[c] == kind)


# --- data tables -------------------------------------------------------------------------------


def test_deck_has_55_cards_with_real_counts():
    assert dict(DECK_COUNTS) == {
        "pearl": 6, "amber": 6, "jade": 6, "silk": 8, "spice": 8, "leather": 10, "porter": 11,
    }
    assert len(CARD_KIND) == 55


def test_coin_piles_top_first():
    assert COIN_PILES["pearl"] == (7, 7, 5, 5, 5)
    assert COIN_PILES["amber"] == (6, 6, 5, 5, 5)
    assert COIN_PILES["jade"] == (5, 5, 5, 5, 5)
    assert COIN_PILES["silk"] == (5, 3, 3, 2, 2, 1, 1)
    assert COIN_PILES["spice"] == (5, 3, 3, 2, 2, 1, 1)
    assert COIN_PILES["leather"] == (4, 3, 2, 1, 1, 1, 1, 1, 1)


def test_bonus_tokens_per_size():
    assert BONUS_VALUES == {3: (1, 1, 2, 2, 2, 3, 3), 4: (4, 4, 5, 5, 6, 6), 5: (8, 8, 9, 10, 10)}
    assert PORTER_TOKEN == 5


def test_game_object_metadata():
    assert (GAME.name, GAME.title, GAME.min_seats, GAME.max_seats) == ("night-market", "Night Market", 2, 2)
    assert GAME.realtime is False and GAME.bot_levels == ("easy", "normal", "hard")


# --- setting up a round ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_setup_market_three_porters_two_deck_cards_and_five_dealt(seed):
    state, _ = GAME.new_match(seed, CONFIG)
    assert [CARD_KIND[c] for c in state.market[:3]] == ["porter"] * 3
    assert len(state.market) == 5
    for seat in (0, 1):
        assert len(state.hands[seat]) + len(state.porters[seat]) == 5
        assert all(CARD_KIND[c] != "porter" for c in state.hands[seat])
        assert all(CARD_KIND[c] == "porter" for c in state.porters[seat])
    assert len(state.deck) == 55 - 5 - 10
    assert state.names == ("Ada", "Rival") and GAME.waiting(state) == (0,)


def test_bonus_piles_are_shuffled_per_size():
    piles = {new_match(("a", "b"), seed)[0].bonus[2] for seed in range(30)}
    assert len(piles) > 1
    assert all(sorted(p) == sorted(BONUS_VALUES[5]) for p in piles)


# --- take one good -----------------------------------------------------------------------------


def test_take_one_good_refills_from_deck():
    state = place(MARKET, deck=["pearl", "amber"])
    silk = ids(state, state.market, "silk")[0]
    after, events = apply(state, 0, Take(silk))
    assert silk in after.hands[0]
    assert [CARD_KIND[c] for c in after.market] == ["porter"] * 3 + ["jade", "pearl"]
    assert [e.kind for e in events] == ["took", "refilled"]
    assert after.turn == 1


def test_cannot_take_with_seven_goods():
    state = place(MARKET, hands=(["leather"] * 7, []))
    assert check(state, 0, Take(ids(state, state.market, "silk")[0])) == L.HAND_FULL(limit=7)


def test_porters_do_not_count_toward_hand_limit():
    state = place(MARKET, hands=(["leather"] * 6, []), porters=(5, 0))
    assert check(state, 0, Take(ids(state, state.market, "silk")[0])) is None


def test_take_cannot_take_a_porter():
    state = place(MARKET)
    assert check(state, 0, Take(state.market[0])) == L.PORTERS_TOGETHER()


# --- exchange ----------------------------------------------------------------------------------


def exchange_state(**kw):
    return place(["silk", "jade", "pearl", "porter", "leather"], **kw)


def test_exchange_two_goods_for_hand_cards_and_porters():
    state = exchange_state(hands=(["spice", "leather"], []), porters=(2, 0))
    take = sum((ids(state, state.market, k) for k in ("silk", "jade", "pearl")), ())
    spice = ids(state, state.hands[0], "spice")
    after, events = apply(state, 0, Exchange(take, spice, 2))
    assert Counter(CARD_KIND[c] for c in after.hands[0]) == Counter(["leather", "silk", "jade", "pearl"])
    assert len(after.porters[0]) == 0
    assert Counter(CARD_KIND[c] for c in after.market) == Counter(["porter"] * 3 + ["spice", "leather"])
    assert events[0].kind == "exchanged" and len(events[0].data["porters"]) == 2


def test_exchange_needs_two_goods():
    state = exchange_state(hands=(["spice"], []))
    take = ids(state, state.market, "silk")
    assert check(state, 0, Exchange(take, ids(state, state.hands[0], "spice"), 0)) == L.EXCHANGE_TWO()


def test_exchange_same_number_back():
    state = exchange_state(hands=(["spice"], []))
    take = ids(state, state.market, "silk") + ids(state, state.market, "jade")
    assert check(state, 0, Exchange(take, ids(state, state.hands[0], "spice"), 0)) == L.GIVE_AS_MANY(take=2, chose=1)


def test_exchange_cannot_put_back_a_kind_taken():
    state = exchange_state(hands=(["silk", "spice"], []))
    take = ids(state, state.market, "silk") + ids(state, state.market, "jade")
    give = state.hands[0]
    assert check(state, 0, Exchange(take, give, 0)) == L.SAME_KIND_BACK(kind="silk")


def test_exchange_cannot_take_porters():
    state = exchange_state(hands=(["spice", "spice"], []))
    take = ids(state, state.market, "silk") + ids(state, state.market, "porter")
    assert check(state, 0, Exchange(take, state.hands[0], 0)) == L.NO_PORTERS_IN_EXCHANGE()


def test_exchange_respects_hand_limit():
    state = exchange_state(hands=(["spice"] * 6, []), porters=(2, 0))
    take = ids(state, state.market, "silk") + ids(state, state.market, "jade")
    assert check(state, 0, Exchange(take, (), 2)) == L.HAND_OVER(limit=7)
    assert check(state, 0, Exchange(take, state.hands[0][:1], 1)) is None


def test_exchange_needs_enough_porters():
    state = exchange_state(porters=(1, 0))
    take = ids(state, state.market, "silk") + ids(state, state.market, "jade")
    assert check(state, 0, Exchange(take, (), 2)) == L.FEW_PORTERS(count=1)


# --- take porters ------------------------------------------------------------------------------


def test_take_all_porters_and_refill():
    state = place(MARKET, deck=["silk", "silk", "amber", "leather"])
    after, events = apply(state, 0, TakePorters())
    assert len(after.porters[0]) == 3
    assert [CARD_KIND[c] for c in after.market] == ["silk", "jade", "silk", "silk", "amber"]
    assert [e.kind for e in events] == ["took_porters", "refilled"]


def test_take_porters_needs_porters():
    state = place(["silk"] * 5)
    assert check(state, 0, TakePorters()) == L.NO_PORTERS_IN_MARKET()


# --- sell --------------------------------------------------------------------------------------


def test_sell_takes_top_coins():
    state = place(MARKET, hands=(["silk", "silk", "spice"], []))
    after, events = apply(state, 0, Sell(ids(state, state.hands[0], "silk")))
    assert after.coins_taken[0] == (5, 3)
    assert after.coins[3] == (3, 2, 2, 1, 1)
    assert events[0].data["coins"] == [5, 3] and events[0].data["bonus"] is None


def test_sell_only_one_kind():
    state = place(MARKET, hands=(["silk", "spice"], []))
    assert check(state, 0, Sell(state.hands[0])) == L.SELL_ONE_KIND()


@pytest.mark.parametrize("kind", ["pearl", "amber", "jade"])
def test_precious_sold_at_least_two(kind):
    state = place(MARKET[:3] + ["silk", "leather"], hands=([kind, kind], []))
    assert check(state, 0, Sell(state.hands[0][:1])) == L.SELL_TWO(kind=kind)
    assert check(state, 0, Sell(state.hands[0])) is None


def test_precious_two_even_when_pile_is_short():
    state = place(MARKET, hands=(["pearl", "pearl"], []), coins={"pearl": (5,)})
    assert check(state, 0, Sell(state.hands[0][:1])) is not None
    after, _ = apply(state, 0, Sell(state.hands[0]))
    assert after.coins_taken[0] == (5,) and after.coins[0] == ()


@pytest.mark.parametrize("count,size", [(3, 3), (4, 4), (5, 5), (6, 5)])
def test_bonus_token_by_sale_size(count, size):
    state = place(["porter"] * 5, hands=(["leather"] * count, []))
    after, events = apply(state, 0, Sell(state.hands[0]))
    token = after.bonus_taken[0][0]
    assert token.size == size and token.value == BONUS_VALUES[size][0]
    assert events[0].data["bonus"] == {"id": 0, "size": size}  # the value is not in the event


def test_bonus_even_when_coin_pile_is_empty():
    state = place(MARKET, hands=(["silk"] * 3, []), coins={"silk": ()})
    after, _ = apply(state, 0, Sell(state.hands[0]))
    assert after.coins_taken[0] == () and len(after.bonus_taken[0]) == 1


def test_no_bonus_when_bonus_pile_is_empty():
    state = place(MARKET, hands=(["silk"] * 3, []), bonus={3: ()})
    after, events = apply(state, 0, Sell(state.hands[0]))
    assert after.bonus_taken[0] == () and events[0].data["bonus"] is None


# --- end of a round ----------------------------------------------------------------------------


def test_round_ends_at_once_when_three_piles_empty():
    state = place(MARKET, hands=(["silk"], []), coins={"pearl": (), "amber": (), "silk": (1,)})
    after, events = apply(state, 0, Sell(state.hands[0]))
    assert [e.kind for e in events][:2] == ["sold", "round_ended"]
    assert events[1].data["reason"] == "coins" and after.round_no == 2


def test_round_ends_when_market_cannot_be_refilled():
    state = place(MARKET, deck=[])
    after, events = apply(state, 0, Take(ids(state, state.market, "silk")[0]))
    assert [e.kind for e in events][:2] == ["took", "round_ended"]
    assert events[1].data["reason"] == "deck"


def test_exchange_never_ends_round_on_empty_deck():
    state = exchange_state(hands=(["spice", "spice"], []), deck=[])
    take = ids(state, state.market, "silk") + ids(state, state.market, "jade")
    after, events = apply(state, 0, Exchange(take, state.hands[0], 0))
    assert after.round_no == 1 and after.turn == 1


def scored(porters, coins_taken, bonus_taken=((), ()), starter=0):
    state = place(MARKET, porters=porters, coins_taken=coins_taken, bonus_taken=bonus_taken, starter=starter)
    return score_round(state, "coins")


def test_porter_token_to_more_porters():
    s = scored((3, 1), ((4,), (6,)))
    assert s.porter_token == 0 and s.totals == (9, 6) and s.winner == 0


def test_porter_token_nobody_on_tie():
    s = scored((2, 2), ((4,), (6,)))
    assert s.porter_token is None and s.totals == (4, 6) and s.winner == 1


def test_higher_total_with_bonus_and_porter_token_wins_seal():
    s = scored((0, 1), ((5, 5), (7,)), bonus_taken=(((3, 2),), ()))
    assert s.totals == (12, 12) and s.winner == 0 and s.tiebreak == "bonus tokens"


def test_tie_more_coin_tokens_wins():
    s = scored((0, 0), ((5, 1, 1), (4, 3)))
    assert s.totals == (7, 7) and s.winner == 0 and s.tiebreak == "coin tokens"


@pytest.mark.parametrize("starter", [0, 1])
def test_full_tie_goes_to_the_seat_that_did_not_start(starter):
    s = scored((0, 0), ((5,), (5,)), starter=starter)
    assert s.winner == 1 - starter and s.tiebreak == "non-starter"


def test_unsold_cards_are_worth_nothing():
    state = place(MARKET, hands=(["pearl"] * 5, []), coins_taken=((), (1,)))
    assert score_round(state, "deck").winner == 1


def test_loser_starts_next_round_and_round_started_events():
    state = place(MARKET, hands=(["silk"], []), coins={"pearl": (), "amber": (), "silk": (1,)})
    after, events = apply(state, 0, Sell(state.hands[0]))
    assert after.seals == (1, 0) and after.starter == 1 and after.turn == 1
    assert [e.kind for e in events] == ["sold", "round_ended", "round_started", "dealt", "dealt"]
    assert after.last_round is not None and after.last_round.winner == 0


def test_two_seals_win_the_match():
    state = place(MARKET, hands=(["silk"], []), coins={"pearl": (), "amber": (), "silk": (1,)}, seals=(1, 1))
    after, events = apply(state, 0, Sell(state.hands[0]))
    assert after.over and [e.kind for e in events] == ["sold", "round_ended", "match_ended"]
    out = GAME.outcome(after)
    assert out.winners == (0,) and out.scores == (2.0, 1.0)
    assert (out.detail, out.params) == ("night-market.won", {"name": "Ada", "won": 2, "lost": 1})
    assert GAME.waiting(after) == () and legal_actions(after, 0) == []
    assert check(after, 0, TakePorters()) == MATCH_OVER()


def test_round_end_event_reveals_bonus_values():
    coins = {"pearl": (), "amber": (), "silk": (1,)}
    state = place(MARKET, hands=(["silk"] * 3, []), coins=coins, bonus={3: (2, 1)})
    _, events = apply(state, 0, Sell(state.hands[0]))
    ended = events[1]
    assert ended.kind == "round_ended" and ended.data["bonus"][0] == [[0, 3, 2]]


# --- turns, errors, json -----------------------------------------------------------------------


def test_not_your_turn():
    state = place(MARKET)
    assert check(state, 1, TakePorters()) == L.NOT_YOUR_TURN(name="Ada")
    with pytest.raises(IllegalAction) as info:
        apply(state, 1, TakePorters())
    assert info.value.refusal == L.NOT_YOUR_TURN(name="Ada")


def test_tick_changes_nothing():
    state = place(MARKET)
    assert GAME.tick(state, 12.0) == (state, [])


@pytest.mark.parametrize(
    "action", [Take(3), Exchange((1, 2), (7,), 1), TakePorters(), Sell((18, 19, 20))]
)
def test_actions_round_trip_json(action):
    assert GAME.action_from_json(GAME.action_to_json(action)) == action


@pytest.mark.parametrize(
    "data",
    [None, [],
     {"type": "dance"}, {"type": "take"}, {"type": "take", "card": "x"}, {"type": "sell", "cards": 1}],
)
def test_malformed_json_raises(data):
    with pytest.raises(MalformedAction):
        GAME.action_from_json(data)


def test_log_lines_are_plain_language():
    state = place(MARKET, hands=(["silk"] * 3, []))
    after, _ = apply(state, 0, Sell(state.hands[0]))
    assert after.log[-1] == "Ada sold 3 Silks for 11 coins + a bonus token."


def test_first_seat_option_chooses_who_starts_round_one():
    from rules.contract import MatchConfig, SeatConfig
    from rules.night_market import GAME as NM

    config = MatchConfig((SeatConfig("A"), SeatConfig("B")), {"first_seat": 1})
    state, _ = NM.new_match(3, config)
    assert NM.waiting(state) == (1,)
    assert NM.waiting(NM.new_match(3, MatchConfig(config.seats))[0]) == (0,)
