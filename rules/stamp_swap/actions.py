"""Stamp Swap actions: small frozen values with a JSON and text form (rules/codec.py).

Every key must name an item of this game (a card id, or "hidden-N" within the deck's size) and
album coordinates must lie inside the album:
>>> ACTIONS.to_text(Prepare(reserve=None, pile_a=("hidden-0",), pile_b=("appraiser", "hidden-3")))
'prepare - hidden-0 appraiser,hidden-3'
>>> ACTIONS.from_json({"type": "place", "item": "hidden-0", "row": 0.5, "col": 0})
Traceback (most recent call last):
rules.errors.MalformedAction: not a Stamp Swap action: place.row: expected int, got float
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, cast

from rules.codec import OneOf, Range, Size, Unique
from rules.stamp_swap.cards import ATTENDEE_IDS, CONTESTS
from rules.stamp_swap.stamps import ALBUM_COLS, ALBUM_ROWS, DAILY_SPACES, MAX_PLAYERS, STAMPS
from rules.stamp_swap.state import HIDDEN_PREFIX
from rules.tagged import Tagged

CARD_IDS = (*STAMPS, *ATTENDEE_IDS)
ITEM_KEYS = frozenset([*CARD_IDS, *(f"{HIDDEN_PREFIX}{i}" for i in range(len(CARD_IDS)))])
ItemKey = Annotated[str, OneOf(ITEM_KEYS)]
# An empty pile is well formed but illegal: check() gives the player its own reason for that.
Pile = Annotated[tuple[ItemKey, ...], Size(0, DAILY_SPACES - 1), Unique()]


@dataclass(frozen=True)
class Take:
    """Collect: take one pool item into your next Daily Collection space."""

    item: ItemKey


@dataclass(frozen=True)
class TakeToken:
    """Collect: take the first-player token instead of an item (it is not one of your six)."""


@dataclass(frozen=True)
class Prepare:
    """Swap: reserve one item (None only when nothing may be reserved) and split the rest."""

    reserve: ItemKey | None
    pile_a: Pile
    pile_b: Pile


@dataclass(frozen=True)
class TakePile:
    """Swap: take pile 0 or 1 of opponent `owner`."""

    owner: Annotated[int, Range(0, MAX_PLAYERS - 1)]
    pile: Annotated[int, Range(0, 1)]


@dataclass(frozen=True)
class Place:
    """Show: place a stamp upright with its top-left cell at (row, col)."""

    item: ItemKey
    row: Annotated[int, Range(0, ALBUM_ROWS - 1)]
    col: Annotated[int, Range(0, ALBUM_COLS - 1)]


@dataclass(frozen=True)
class ChooseContest:
    """Show: score one contest not yet marked by your tickets and put a ticket on it."""

    contest: Annotated[str, OneOf(frozenset(c.id for c in CONTESTS))]


Action = Take | TakeToken | Prepare | TakePile | Place | ChooseContest
ACTIONS = Tagged("Stamp Swap", {
    "take": Take,
    "token": TakeToken,
    "prepare": Prepare,
    "take_pile": TakePile,
    "place": Place,
    "contest": ChooseContest,
})


_new = object.__new__


# The legal lists build thousands of these per match (a Swap's Prepare list alone holds up to 180).
# The frozen __init__ pays an object.__setattr__ per field; values the rules build from their own
# keys are well formed, so these fill the instance dict directly: the same value (eq, hash, repr).
def take(item: str) -> Take:
    """Take(item), built fast."""
    action = _new(Take)
    action.__dict__["item"] = item
    return action


def place(item: str, row: int, col: int) -> Place:
    """Place(item, row, col), built fast."""
    action = _new(Place)
    fields = action.__dict__
    fields["item"], fields["row"], fields["col"] = item, row, col
    return action


def action_to_json(action: Action, checked: bool = True) -> dict[str, Any]:
    """A JSON-ready dict (checked=False: trusted, the rules made it)."""
    return ACTIONS.to_json(action, checked)


def action_from_json(data: Any) -> Action:
    """Inverse of action_to_json; raises MalformedAction on any other JSON value."""
    return cast(Action, ACTIONS.from_json(data))
