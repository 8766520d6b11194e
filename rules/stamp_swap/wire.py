"""The declared shape of a Stamp Swap view, so rules/codec.py reads and writes it strictly.

The view stays the dict the table scene reads (view.py builds it); these TypedDicts only name its
keys and value types, the way the other games' view dataclasses do.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast

from rules.codec import decode, encode


class _ItemBase(TypedDict):
    key: str
    kind: str
    face_down: bool
    known: bool


class Item(_ItemBase, total=False):
    """An item as one seat may see it: only the four base keys while its face is unknown."""

    id: str
    name: str
    colour: str
    theme: str | None
    rows: int
    cols: int
    value: int
    rare: bool
    forever: bool
    condition: str
    text: str


class Placed(Item):
    """A stamp in an album, with its top-left cell."""

    row: int
    col: int


class SeatView(TypedDict):
    """One player's area."""

    seat: int
    score: int
    has_token: bool
    ready: bool
    offered: bool
    chosen: bool
    show_done: bool
    holding: list[Item]
    pending: list[Item]
    album: list[Placed]
    grid: list[list[str | None]]
    attendees: list[Item]
    tickets: list[str]
    dc: list[Item]
    reserve: Item | None
    piles: list[list[Item]] | None


class EventCard(TypedDict):
    """One event in the splay, top first."""

    id: str
    name: str
    symbols: str
    instruction: str
    top: bool


class ContestView(TypedDict):
    """A contest (or the finale) and the seats whose tickets mark it."""

    id: str
    name: str
    kind: str
    text: str
    counter: list[str | int | None]
    tiers: list[int]
    tickets: list[int]


class Token(TypedDict):
    """Where the first-player token is."""

    holder: int | None
    in_pool: bool


class Own(TypedDict):
    """What only the viewing seat needs: where pending stamps fit, what it may reserve, what it has seen."""

    fits: dict[str, list[list[int]]]
    reservable: list[str]
    viewed: list[str]


class View(TypedDict):
    """Everything one seat (or a spectator, seat None) may know."""

    seat: int | None
    players: int
    day: int
    day_name: str
    phase: Literal["collect", "swap_prep", "swap_choose", "show", "over"]  # Phase values
    over: bool
    first_player: int
    token: Token
    turn: int | None
    waiting: list[int]
    events: list[EventCard]
    instruction: str
    pool: list[Item]
    contests: list[ContestView]
    finale: ContestView
    album_size: list[int]
    supply_left: dict[str, int]
    seats: list[SeatView]
    final: list[dict[str, int]]
    me: Own | None


def view_to_json(view: dict[str, Any], checked: bool = True) -> dict[str, Any]:
    """The JSON-ready form of a view (MalformedData if it strays from the declared shape; unchecked
    when the rules just made it)."""
    return cast(dict[str, Any], encode(View, view, checked=checked))


def view_from_json(data: Any) -> dict[str, Any]:
    """Inverse of view_to_json; MalformedData on anything else."""
    return cast(dict[str, Any], decode(View, data))
