"""The table screen's selection helper: candidate moves and the line under the players (a refused
selection carries the rules' refusal; `words` is what the screen shows, from game/text)."""

from __future__ import annotations

from game.text import say
from rules.night_market import legal as L
from rules.night_market.actions import Exchange, Sell, Take, TakePorters
from rules.night_market.data import CARD_KIND
from rules.night_market.scenario import place
from rules.night_market.selection import GIVE_SHORT, GIVE_SHORT_PORTERS, select
from rules.night_market.view import view


def setup(**kw):
    state = place(["porter", "porter", "silk", "jade", "pearl"], **kw)
    return state, view(state, 0)


def words(sel):
    return sel.line if sel.refusal is None else say(sel.refusal)


def of(cards, kind):
    return {c for c in cards if CARD_KIND[c] == kind}


def test_nothing_selected_prompts():
    _, v = setup()
    sel = select(v, set(), set())
    assert sel.actions == () and sel.line == "Tap market cards or cards in your hand."


def test_one_market_good_offers_take():
    state, v = setup()
    silk = of(state.market, "silk")
    sel = select(v, silk, set())
    assert sel.actions == (Take(min(silk)),) and sel.line == "Take a Silk."


def test_market_porter_offers_take_porters():
    state, v = setup()
    sel = select(v, of(state.market, "porter"), set())
    assert sel.actions == (TakePorters(),) and sel.line == "Take 2 Porters into your team."


def test_hand_cards_of_one_kind_offer_sell_with_coins_and_bonus():
    state, v = setup(hands=(["silk", "silk", "silk"], []))
    sel = select(v, set(), set(state.hands[0]))
    assert sel.actions == (Sell(tuple(sorted(state.hands[0]))),)
    assert sel.line == "Sell 3 Silks for 11 coins + a bonus token."


def test_single_pearl_reason_comes_from_check():
    state, v = setup(hands=(["pearl", "pearl"], []))
    sel = select(v, set(), {state.hands[0][0]})
    assert sel.actions == () and sel.refusal == L.SELL_TWO(kind="pearl")
    assert words(sel) == "Pearl must be sold at least two at a time."


def test_mixed_kinds_cannot_be_sold():
    state, v = setup(hands=(["silk", "spice"], []))
    sel = select(v, set(), set(state.hands[0]))
    assert sel.actions == () and words(sel) == "Sell only one kind of good at a time."


def test_exchange_with_hand_cards():
    state, v = setup(hands=(["spice", "leather"], []))
    take = of(state.market, "silk") | of(state.market, "jade")
    sel = select(v, take, set(state.hands[0]))
    assert sel.actions == (Exchange(tuple(sorted(take)), tuple(sorted(state.hands[0])), 0),)
    assert sel.line == "Exchange Spice, Leather for Jade, Silk."


def test_exchange_short_of_cards_fills_with_porters_and_says_so():
    state, v = setup(hands=(["spice"], []), porters=(3, 0))
    take = of(state.market, "silk") | of(state.market, "jade")
    sel = select(v, take, set(state.hands[0]))
    assert sel.actions == (Exchange(tuple(sorted(take)), state.hands[0], 1),)
    assert sel.line == "Exchange Spice, 1 Porter for Jade, Silk. Exchange fills 1 with a porter."
    sel = select(v, take | of(state.market, "pearl"), set())
    assert sel.actions[0].porters == 3 and sel.line.endswith("Exchange fills 3 with 3 porters.")


def test_exchange_with_chosen_porters():
    state, v = setup(hands=(["spice"], []), porters=(3, 0))
    take = of(state.market, "silk") | of(state.market, "jade")
    sel = select(v, take, set(), porters=2)
    assert sel.actions == (Exchange(tuple(sorted(take)), (), 2),) and "fills" not in sel.line


def test_exchange_short_without_porters_gives_reason():
    state, v = setup(hands=(["spice"], []))
    take = of(state.market, "silk") | of(state.market, "jade")
    sel = select(v, take, set(state.hands[0]))
    assert sel.actions == () and sel.refusal == GIVE_SHORT(take=2, chose=1)
    assert words(sel) == ("Give back exactly 2 cards for the 2 you take (you chose 1): "
                          "you have no porters to make up the rest.")


def test_exchange_too_many_given_back():
    state, v = setup(hands=(["spice", "leather", "leather"], []))
    take = of(state.market, "silk") | of(state.market, "jade")
    sel = select(v, take, set(state.hands[0]))
    assert sel.actions == () and sel.refusal == L.GIVE_AS_MANY(take=2, chose=3) and "exactly 2" in words(sel)


def test_exchange_cannot_put_back_taken_kind():
    state, v = setup(hands=(["silk", "spice"], []))
    take = of(state.market, "silk") | of(state.market, "jade")
    sel = select(v, take, set(state.hands[0]))
    assert words(sel) == "You can't put back Silk: you are taking that kind."


def test_porters_cannot_be_taken_in_exchange():
    state, v = setup(hands=(["spice", "spice"], []))
    sel = select(v, of(state.market, "porter") | of(state.market, "silk"), set(state.hands[0]))
    assert sel.actions == () and words(sel) == "You can't take porters in an exchange."


def test_porters_alone_prompt_for_goods():
    _, v = setup(porters=(2, 0))
    sel = select(v, set(), set(), porters=1)
    assert sel.actions == () and "Choose goods" in sel.line


def test_not_your_turn_says_whose_turn():
    state, _ = setup(turn=1)
    v = view(state, 0)
    assert select(v, of(state.market, "silk"), set()).refusal == L.NOT_YOUR_TURN(name="Rival")
    assert words(select(v, set(), set())) == "It is Rival's turn."


def test_full_hand_cannot_take():
    state, v = setup(hands=(["leather"] * 7, []))
    sel = select(v, of(state.market, "silk"), set())
    assert sel.actions == () and words(sel) == "Your hand already holds 7 goods."


def test_exchange_short_with_too_few_porters_names_them():
    state, v = setup(hands=(["spice"], []), porters=(1, 0))
    take = of(state.market, "silk") | of(state.market, "jade") | of(state.market, "pearl")
    sel = select(v, take, set())
    assert sel.refusal == GIVE_SHORT_PORTERS(take=3, chose=0, porters=1)
    assert words(sel) == ("Give back exactly 3 cards for the 3 you take (you chose 0): "
                          "your 1 porter can't make up the rest.")
