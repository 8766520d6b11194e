"""Which Night Market moves are allowed: `check` gives the refusal (a code with parameters, worded by
the client) when a move is not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from rules.night_market.actions import Action, Exchange, Sell, Take, TakePorters
from rules.night_market.data import CARD_KIND, HAND_LIMIT, PORTER, min_sell
from rules.night_market.moves import legal_moves
from rules.night_market.state import State
from rules.night_market.view import View
from rules.refusal import MATCH_OVER, NOT_A_MOVE, Refusal, declare

# Every refusal a Night Market move can get (the English wording is in game/text/locale/*.po).
NOT_YOUR_TURN = declare("night-market.not_your_turn", "name")
NOT_IN_MARKET = declare("night-market.not_in_market")
PORTERS_TOGETHER = declare("night-market.porters_together")
HAND_FULL = declare("night-market.hand_full", "limit")
CHOSEN_TWICE = declare("night-market.chosen_twice")
TAKE_FROM_MARKET = declare("night-market.take_from_market")
NO_PORTERS_IN_EXCHANGE = declare("night-market.no_porters_in_exchange")
EXCHANGE_TWO = declare("night-market.exchange_two")
GIVE_FROM_HAND = declare("night-market.give_from_hand")
NO_PORTERS = declare("night-market.no_porters")
FEW_PORTERS = declare("night-market.few_porters", "count")
GIVE_AS_MANY = declare("night-market.give_as_many", "take", "chose")
SAME_KIND_BACK = declare("night-market.same_kind_back", "kind")
HAND_OVER = declare("night-market.hand_over", "limit")
NO_PORTERS_IN_MARKET = declare("night-market.no_porters_in_market")
CHOOSE_TO_SELL = declare("night-market.choose_to_sell")
SELL_FROM_HAND = declare("night-market.sell_from_hand")
SELL_ONE_KIND = declare("night-market.sell_one_kind")
SELL_TWO = declare("night-market.sell_two", "kind")  # a precious good (data.PRECIOUS) sold alone


class Known(NamedTuple):
    """What deciding a move's legality needs, all of it known to the seat moving.

    Built from the state (`check`) or from that seat's view (`why_not`): the same facts either way,
    so a client holding only its view refuses exactly what the rules refuse. A named tuple: it is
    built for every move applied, and a tuple is the cheapest immutable value to build.
    """

    seat: int | None
    over: bool
    turn: int
    turn_name: str
    market: tuple[int, ...]
    hand: tuple[int, ...]
    porters: int


def known_from_state(state: State, seat: int | None) -> Known:
    """The facts `seat` knows, read from the full state."""
    hand: tuple[int, ...] = ()
    porters = 0
    if seat is not None and seat in (0, 1):
        hand, porters = state.hands[seat], len(state.porters[seat])
    # positional: a named tuple's keyword call costs twice as much, and this runs for every move
    return Known(seat, state.over, state.turn, state.names[state.turn], state.market, hand, porters)


def known_from_view(view: View) -> Known:
    """The same facts, read from the seat's own view."""
    seat = view.seat
    return Known(
        seat=seat,
        over=view.over,
        turn=view.turn,
        turn_name=view.seats[view.turn].name,
        market=tuple(c for c, _ in view.market),
        hand=tuple(c for c, _ in view.hand),
        porters=len(view.seats[seat].porters) if seat is not None else 0,
    )


def _check_take(known: Known, action: Take) -> Refusal | None:
    if action.card not in known.market:
        return NOT_IN_MARKET()
    if CARD_KIND[action.card] == PORTER:
        return PORTERS_TOGETHER()
    if len(known.hand) >= HAND_LIMIT:
        return HAND_FULL(limit=HAND_LIMIT)
    return None


def _check_exchange(known: Known, action: Exchange) -> Refusal | None:
    # Checked on every exchange applied: set tests instead of generators, the reasons in the same order.
    take, give, hand, market = action.take, action.give, known.hand, known.market
    taken, given = set(take), set(give)
    if len(taken) != len(take) or len(given) != len(give):
        return CHOSEN_TWICE()
    if not taken.issubset(market):
        return TAKE_FROM_MARKET()
    take_kinds = {CARD_KIND[card] for card in take}
    if PORTER in take_kinds:
        return NO_PORTERS_IN_EXCHANGE()
    if len(take) < 2:
        return EXCHANGE_TWO()
    if not given.issubset(hand):
        return GIVE_FROM_HAND()
    if action.porters < 0 or action.porters > known.porters:
        n = known.porters
        return NO_PORTERS() if n == 0 else FEW_PORTERS(count=n)
    given_count = len(give) + action.porters
    if given_count != len(take):
        return GIVE_AS_MANY(take=len(take), chose=given_count)
    clash = take_kinds.intersection([CARD_KIND[c] for c in give])
    if clash:
        return SAME_KIND_BACK(kind=sorted(clash)[0])
    if len(hand) + action.porters > HAND_LIMIT:
        return HAND_OVER(limit=HAND_LIMIT)
    return None


def _check_take_porters(known: Known, action: TakePorters) -> Refusal | None:
    if not any(CARD_KIND[c] == PORTER for c in known.market):
        return NO_PORTERS_IN_MARKET()
    return None


def _check_sell(known: Known, action: Sell) -> Refusal | None:
    cards = action.cards
    if not cards:
        return CHOOSE_TO_SELL()
    if len(set(cards)) != len(cards):
        return CHOSEN_TWICE()
    if any(card not in known.hand for card in cards):
        return SELL_FROM_HAND()
    kinds = {CARD_KIND[c] for c in cards}
    if len(kinds) > 1:
        return SELL_ONE_KIND()
    kind = kinds.pop()
    if len(cards) < min_sell(kind):
        return SELL_TWO(kind=kind)
    return None


_CHECKS: dict[type, Callable[[Known, Any], Refusal | None]] = {
    Take: _check_take,
    Exchange: _check_exchange,
    TakePorters: _check_take_porters,
    Sell: _check_sell,
}


def reason(known: Known, action: Action) -> Refusal | None:
    """None when the seat in `known` may play `action` now, else the refusal."""
    if known.over:
        return MATCH_OVER()
    if known.seat != known.turn:
        return NOT_YOUR_TURN(name=known.turn_name)
    checker = _CHECKS.get(type(action))
    if checker is None:
        return NOT_A_MOVE()
    return checker(known, action)


def check(state: State, seat: int, action: Action) -> Refusal | None:
    """None when `seat` may play `action` now, else the refusal."""
    return reason(known_from_state(state, seat), action)


def why_not(view: View, action: Action) -> Refusal | None:
    """The same answer as `check`, from the seat's own view alone."""
    return reason(known_from_view(view), action)


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every distinct move `seat` may make now (empty when it is not their turn), in a fixed order."""
    if state.over or seat != state.turn:
        return []
    return legal_moves(state.market, state.hands[seat], len(state.porters[seat]))


def legal_from_view(view: View) -> list[Action]:
    """`legal_actions` for the view's own seat, from that view alone: the market, the seat's hand and
    its porters are all it takes, and the seat sees all three."""
    seat = view.seat
    if seat is None or view.over or seat != view.turn:
        return []
    return legal_moves(tuple(c for c, _ in view.market), tuple(c for c, _ in view.hand),
                       len(view.seats[seat].porters))
