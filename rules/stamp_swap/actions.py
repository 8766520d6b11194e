"""Stamp Swap actions: small frozen values with a JSON form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.errors import MalformedAction


@dataclass(frozen=True)
class Take:
    """Collect: take one pool item into your next Daily Collection space."""

    item: str


@dataclass(frozen=True)
class TakeToken:
    """Collect: take the first-player token instead of an item (it is not one of your six)."""


@dataclass(frozen=True)
class Prepare:
    """Swap: reserve one item (None only when nothing may be reserved) and split the rest."""

    reserve: str | None
    pile_a: tuple[str, ...]
    pile_b: tuple[str, ...]


@dataclass(frozen=True)
class TakePile:
    """Swap: take pile 0 or 1 of opponent `owner`."""

    owner: int
    pile: int


@dataclass(frozen=True)
class Place:
    """Show: place a stamp upright with its top-left cell at (row, col)."""

    item: str
    row: int
    col: int


@dataclass(frozen=True)
class ChooseContest:
    """Show: score one contest not yet marked by your tickets and put a ticket on it."""

    contest: str


Action = Take | TakeToken | Prepare | TakePile | Place | ChooseContest


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON-ready dict."""
    if isinstance(action, Take):
        return {"type": "take", "item": action.item}
    if isinstance(action, TakeToken):
        return {"type": "token"}
    if isinstance(action, Prepare):
        return {
            "type": "prepare",
            "reserve": action.reserve,
            "pile_a": list(action.pile_a),
            "pile_b": list(action.pile_b),
        }
    if isinstance(action, TakePile):
        return {"type": "take_pile", "owner": action.owner, "pile": action.pile}
    if isinstance(action, Place):
        return {"type": "place", "item": action.item, "row": action.row, "col": action.col}
    if isinstance(action, ChooseContest):
        return {"type": "contest", "contest": action.contest}
    raise MalformedAction(f"not a Stamp Swap action: {action!r}")


def _str(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise MalformedAction(f"{name} must be a string")
    return value


def _int(data: dict[str, Any], name: str) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool):
        raise MalformedAction(f"{name} must be an integer")
    return value


def _keys(data: dict[str, Any], name: str) -> tuple[str, ...]:
    value = data.get(name)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise MalformedAction(f"{name} must be a list of item keys")
    return tuple(value)


def action_from_json(data: Any) -> Action:
    """Inverse of action_to_json; raises MalformedAction on garbage."""
    if not isinstance(data, dict):
        raise MalformedAction("an action is a JSON object")
    kind = data.get("type")
    if kind == "take":
        return Take(_str(data, "item"))
    if kind == "token":
        return TakeToken()
    if kind == "prepare":
        reserve = data.get("reserve")
        if reserve is not None and not isinstance(reserve, str):
            raise MalformedAction("reserve must be an item key or null")
        return Prepare(reserve, _keys(data, "pile_a"), _keys(data, "pile_b"))
    if kind == "take_pile":
        return TakePile(_int(data, "owner"), _int(data, "pile"))
    if kind == "place":
        return Place(_str(data, "item"), _int(data, "row"), _int(data, "col"))
    if kind == "contest":
        return ChooseContest(_str(data, "contest"))
    raise MalformedAction(f"unknown action type {kind!r}")
