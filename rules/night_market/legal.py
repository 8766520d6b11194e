"""Which Night Market moves are allowed: `check` gives the plain-language reason a move is not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from rules.night_market.actions import Action, Exchange, Sell, Take, TakePorters
from rules.night_market.data import CARD_KIND, HAND_LIMIT, NAMES, PORTER, counted, min_sell
from rules.night_market.moves import legal_moves
from rules.night_market.state import State
from rules.night_market.view import View


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


def _check_take(known: Known, action: Take) -> str | None:
    if action.card not in known.market:
        return "That card is not in the market."
    if CARD_KIND[action.card] == PORTER:
        return "Porters are taken all together: use Take porters."
    if len(known.hand) >= HAND_LIMIT:
        return f"Your hand already holds {HAND_LIMIT} goods."
    return None


def _check_exchange(known: Known, action: Exchange) -> str | None:
    # Checked on every exchange applied: set tests instead of generators, the reasons in the same order.
    take, give, hand, market = action.take, action.give, known.hand, known.market
    taken, given = set(take), set(give)
    if len(taken) != len(take) or len(given) != len(give):
        return "Each card can only be chosen once."
    if not taken.issubset(market):
        return "You can only take cards that are in the market."
    take_kinds = {CARD_KIND[card] for card in take}
    if PORTER in take_kinds:
        return "You can't take porters in an exchange."
    if len(take) < 2:
        return "An exchange takes at least 2 goods from the market."
    if not given.issubset(hand):
        return "You can only give back cards from your hand."
    if action.porters < 0 or action.porters > known.porters:
        n = known.porters
        return "You have no porters." if n == 0 else f"You have only {counted(n, 'porter')}."
    given_count = len(give) + action.porters
    if given_count != len(take):
        return f"Give back exactly {counted(len(take), 'card')} for the {len(take)} you take (you chose {given_count})."
    clash = take_kinds.intersection([CARD_KIND[c] for c in give])
    if clash:
        return f"You can't put back {NAMES[sorted(clash)[0]]}: you are taking that kind."
    if len(hand) + action.porters > HAND_LIMIT:
        return f"Your hand would hold more than {HAND_LIMIT} goods."
    return None


def _check_take_porters(known: Known, action: TakePorters) -> str | None:
    if not any(CARD_KIND[c] == PORTER for c in known.market):
        return "There are no porters in the market."
    return None


def _check_sell(known: Known, action: Sell) -> str | None:
    cards = action.cards
    if not cards:
        return "Choose cards from your hand to sell."
    if len(set(cards)) != len(cards):
        return "Each card can only be chosen once."
    if any(card not in known.hand for card in cards):
        return "You can only sell cards from your hand."
    kinds = {CARD_KIND[c] for c in cards}
    if len(kinds) > 1:
        return "Sell only one kind of good at a time."
    kind = kinds.pop()
    if len(cards) < min_sell(kind):
        return f"{NAMES[kind]} must be sold at least two at a time."
    return None


_CHECKS: dict[type, Callable[[Known, Any], str | None]] = {
    Take: _check_take,
    Exchange: _check_exchange,
    TakePorters: _check_take_porters,
    Sell: _check_sell,
}


def reason(known: Known, action: Action) -> str | None:
    """None when the seat in `known` may play `action` now, else the reason in plain language."""
    if known.over:
        return "The match is over."
    if known.seat != known.turn:
        return f"It is {known.turn_name}'s turn."
    checker = _CHECKS.get(type(action))
    if checker is None:
        return "That is not a Night Market move."
    return checker(known, action)


def check(state: State, seat: int, action: Action) -> str | None:
    """None when `seat` may play `action` now, else the reason in plain language."""
    return reason(known_from_state(state, seat), action)


def why_not(view: View, action: Action) -> str | None:
    """The same answer as `check`, from the seat's own view alone."""
    return reason(known_from_view(view), action)


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every distinct move `seat` may make now (empty when it is not their turn), in a fixed order."""
    if state.over or seat != state.turn:
        return []
    return legal_moves(state.market, state.hands[seat], len(state.porters[seat]))
