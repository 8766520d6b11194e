"""What the table screen's current selection allows: candidate moves plus one plain-language line.

The screen passes the view, the selected market and hand card ids and the porters the player added.
Only the returned actions become buttons; the line says what they would do, or the refusal (from
the same `why_not` the rules answer from the view, worded by the screen) says why the selection is
not allowed. An exchange short of cards to give back is filled with porters, and the line says so.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from rules.night_market.actions import Action, Exchange, Sell, Take, TakePorters
from rules.night_market.data import CARD_KIND, NAMES, PORTER, a_or_an, bonus_size, counted, kinds_words, plural
from rules.night_market.legal import GIVE_AS_MANY, why_not
from rules.night_market.view import View
from rules.refusal import Refusal, declare

# An exchange short of cards to give back that the seat's porters cannot fill.
GIVE_SHORT = declare("night-market.give_short", "take", "chose")
GIVE_SHORT_PORTERS = declare("night-market.give_short_porters", "take", "chose", "porters")


@dataclass(frozen=True)
class Selection:
    """The moves a selection allows (as buttons) and the line shown under the players: `line`, or
    when the selection is refused, `refusal` (the screen words it)."""

    actions: tuple[Action, ...]
    line: str = ""
    refusal: Refusal | None = None


def _names(cards: tuple[int, ...]) -> str:
    return kinds_words(CARD_KIND[c] for c in cards)


def describe(view: View, action: Action) -> str:
    """What `action` would do, in a short sentence."""
    if isinstance(action, Take):
        return f"Take {a_or_an(NAMES[CARD_KIND[action.card]])}."
    if isinstance(action, TakePorters):
        count = sum(1 for _, kind in view.market if kind == PORTER)
        return f"Take {count} {plural(PORTER, count)} into your team."
    if isinstance(action, Sell):
        kind = CARD_KIND[action.cards[0]]
        coins = sum(dict(view.coins)[kind][: len(action.cards)])
        size = bonus_size(len(action.cards))
        left = dict(view.bonus_piles)
        extra = " + a bonus token" if size is not None and left[size] else ""
        return f"Sell {len(action.cards)} {plural(kind, len(action.cards))} for {counted(coins, 'coin')}{extra}."
    assert isinstance(action, Exchange)
    parts = [_names(action.give)] if action.give else []
    parts += [f"{action.porters} {plural(PORTER, action.porters)}"] if action.porters else []
    return f"Exchange {', '.join(parts)} for {_names(action.take)}."


def _candidate(market: tuple[int, ...], hand: tuple[int, ...], porters: int) -> tuple[Action | None, int]:
    """The one move this selection points at, and how many porters were added to fill an exchange."""
    market_porters = [c for c in market if CARD_KIND[c] == PORTER]
    if market_porters and len(market_porters) == len(market) and not hand and not porters:
        return TakePorters(), 0
    if len(market) == 1 and not market_porters and not hand and not porters:
        return Take(market[0]), 0
    if not market and hand and not porters:
        return Sell(hand), 0
    if not market and not hand and not porters:
        return None, 0
    fill = max(0, len(market) - len(hand) - porters) if len(market) >= 2 else 0
    return Exchange(market, hand, porters + fill), fill


def _team(view: View) -> int:
    return len(view.seats[view.seat].porters) if view.seat is not None else 0


def _short(view: View, market: tuple[int, ...], hand: tuple[int, ...], porters: int) -> Refusal | None:
    """Why an exchange short of cards to give back can't be filled: the count, and the missing porters."""
    plain = why_not(view, Exchange(market, hand, porters))
    team = _team(view)
    if plain is None or plain.code != GIVE_AS_MANY.code:
        return None
    take, chose = plain.params["take"], plain.params["chose"]
    return GIVE_SHORT(take=take, chose=chose) if team == 0 else GIVE_SHORT_PORTERS(take=take, chose=chose, porters=team)


def _prompt(market: tuple[int, ...], hand: tuple[int, ...], porters: int) -> str:
    if porters and not market:
        return "Choose goods in the market to exchange your porters for."
    return "Tap market cards or cards in your hand."


def select(
    view: View, market_ids: AbstractSet[int], hand_ids: AbstractSet[int], porters: int = 0
) -> Selection:
    """Candidate moves for this selection and the line saying what it does or why not."""
    seat = view.seat
    if seat is None:
        return Selection((), "You are watching.")
    market, hand = tuple(sorted(market_ids)), tuple(sorted(hand_ids))
    action, fill = _candidate(market, hand, porters)
    if action is None or (not market and porters):
        refusal = why_not(view, TakePorters()) if view.over or view.turn != seat else None
        return Selection((), _prompt(market, hand, porters), refusal)
    refusal = why_not(view, action)
    if refusal is not None and isinstance(action, Exchange) and fill and action.porters > _team(view):
        refusal = _short(view, market, hand, porters) or refusal
    if refusal is not None:
        return Selection((), "", refusal)
    line = describe(view, action)
    if fill:
        line += f" Exchange fills {fill} with {'a porter' if fill == 1 else f'{fill} porters'}."
    return Selection((action,), line)

