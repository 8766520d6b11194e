"""Night Market actions: small frozen values with a JSON and a short text form (rules/codec.py).

Bounds come from the data tables, so nothing a legal move could never hold gets through:
>>> ACTIONS.to_text(Exchange(take=(3, 7), give=(12,), porters=1))
'exchange 3,7 12 1'
>>> ACTIONS.from_text("exchange 3,7 () 2")
Exchange(take=(3, 7), give=(), porters=2)
>>> ACTIONS.from_json({"type": "sell", "cards": [4, 4]})
Traceback (most recent call last):
rules.errors.MalformedAction: not a Night Market action: sell.cards: repeats an item
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, cast

from rules.codec import Range, Size, Unique
from rules.night_market.data import CARD_COUNT, HAND_LIMIT, MARKET_SIZE
from rules.tagged import Tagged

CardId = Annotated[int, Range(0, CARD_COUNT - 1)]
# An exchange takes 2+ goods from the market and gives back as many (cards and porters).
Taken = Annotated[tuple[CardId, ...], Size(2, MARKET_SIZE), Unique()]
Given = Annotated[tuple[CardId, ...], Size(0, MARKET_SIZE), Unique()]
Sold = Annotated[tuple[CardId, ...], Size(1, HAND_LIMIT), Unique()]


@dataclass(frozen=True)
class Take:
    """Take one good (by card id) from the market."""

    card: CardId


@dataclass(frozen=True)
class Exchange:
    """Take 2+ market goods; give back hand cards and/or `porters` porters, the same number."""

    take: Taken
    give: Given = ()
    porters: Annotated[int, Range(0, MARKET_SIZE)] = 0


@dataclass(frozen=True)
class TakePorters:
    """Take every porter in the market into the porter team."""


@dataclass(frozen=True)
class Sell:
    """Sell these hand cards (all of one kind)."""

    cards: Sold


Action = Take | Exchange | TakePorters | Sell
ACTIONS = Tagged(
    "Night Market", {"take": Take, "exchange": Exchange, "take_porters": TakePorters, "sell": Sell}
)


def action_to_json(action: Action, checked: bool = True) -> dict[str, Any]:
    """A JSON-ready dict for an action (checked=False: trusted, the rules made it)."""
    return ACTIONS.to_json(action, checked)


def action_from_json(data: Any) -> Action:
    """Inverse of action_to_json; raises MalformedAction on any other JSON value."""
    return cast(Action, ACTIONS.from_json(data))
