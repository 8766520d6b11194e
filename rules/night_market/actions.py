"""Night Market actions: small frozen values that round-trip through JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.errors import MalformedAction


@dataclass(frozen=True)
class Take:
    """Take one good (by card id) from the market."""

    card: int


@dataclass(frozen=True)
class Exchange:
    """Take 2+ market goods; give back hand cards and/or `porters` porters, the same number."""

    take: tuple[int, ...]
    give: tuple[int, ...] = ()
    porters: int = 0


@dataclass(frozen=True)
class TakePorters:
    """Take every porter in the market into the porter team."""


@dataclass(frozen=True)
class Sell:
    """Sell these hand cards (all of one kind)."""

    cards: tuple[int, ...]


Action = Take | Exchange | TakePorters | Sell


def action_to_json(action: Action) -> dict[str, Any]:
    """A JSON-ready dict for an action."""
    if isinstance(action, Take):
        return {"type": "take", "card": action.card}
    if isinstance(action, Exchange):
        return {
            "type": "exchange",
            "take": list(action.take),
            "give": list(action.give),
            "porters": action.porters,
        }
    if isinstance(action, TakePorters):
        return {"type": "take_porters"}
    if isinstance(action, Sell):
        return {"type": "sell", "cards": list(action.cards)}
    raise MalformedAction(f"not a Night Market action: {action!r}")


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedAction(f"expected a whole number, got {value!r}")
    return value


def _ints(value: Any) -> tuple[int, ...]:
    if not isinstance(value, (list, tuple)):
        raise MalformedAction(f"expected a list of card ids, got {value!r}")
    return tuple(_int(v) for v in value)


def action_from_json(data: Any) -> Action:
    """Inverse of action_to_json; raises MalformedAction on anything else."""
    if not isinstance(data, dict):
        raise MalformedAction(f"expected an object, got {data!r}")
    kind = data.get("type")
    try:
        if kind == "take":
            return Take(_int(data["card"]))
        if kind == "exchange":
            return Exchange(_ints(data["take"]), _ints(data.get("give", [])), _int(data.get("porters", 0)))
        if kind == "take_porters":
            return TakePorters()
        if kind == "sell":
            return Sell(_ints(data["cards"]))
    except KeyError as exc:
        raise MalformedAction(f"missing field {exc.args[0]!r}") from exc
    raise MalformedAction(f"unknown action type {kind!r}")
