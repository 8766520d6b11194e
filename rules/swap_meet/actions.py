"""Swap Meet actions: one frozen dataclass per button, round-tripping through JSON."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Union

from rules.errors import MalformedAction


@dataclass(frozen=True)
class OpenOffer:
    """List `count` cards of `kind` on your stall (they stay in your hand)."""

    kind: str
    count: int


@dataclass(frozen=True)
class Pull:
    """Take your offer down."""


@dataclass(frozen=True)
class Swap:
    """Take `target`'s offer `offer` (its id), giving the same count of `give`."""

    target: int
    give: str
    offer: int


@dataclass(frozen=True)
class CashOut:
    """Lock the round on an exact contract match."""


@dataclass(frozen=True)
class PinBank:
    """Privately pin the type you bank if you miss the contract."""

    kind: str


@dataclass(frozen=True)
class Crash:
    """Play Market Crash: halve `kind`'s multiplier."""

    kind: str


@dataclass(frozen=True)
class Peek:
    """Play Inside Trading on `target`: see their contract."""

    target: int


@dataclass(frozen=True)
class TaxAudit:
    """Play Tax Audit: every seat, the auditor too, discards one random loose resource."""


@dataclass(frozen=True)
class HostileTakeover:
    """Play Hostile Takeover: steal a random resource from the current high score."""


@dataclass(frozen=True)
class NextRound:
    """Skip the round summary and deal the next round."""


Action = Union[  # noqa: UP007 (a runtime alias, kept readable on 3.10)
    OpenOffer, Pull, Swap, CashOut, PinBank, Crash, Peek, TaxAudit, HostileTakeover, NextRound
]

_TYPES: dict[str, type] = {
    "open_offer": OpenOffer,
    "pull": Pull,
    "swap": Swap,
    "cash_out": CashOut,
    "pin_bank": PinBank,
    "crash": Crash,
    "peek": Peek,
    "tax_audit": TaxAudit,
    "hostile_takeover": HostileTakeover,
    "next_round": NextRound,
}
_NAMES = {cls: name for name, cls in _TYPES.items()}
_FIELD_TYPES = {"kind": str, "give": str, "count": int, "target": int, "offer": int}


def action_to_json(action: Any) -> dict[str, Any]:
    """{"type": name, ...fields}."""
    name = _NAMES.get(type(action))
    if name is None:
        raise MalformedAction(f"not a Swap Meet action: {action!r}")
    return {"type": name, **dataclasses.asdict(action)}


def action_from_json(data: Any) -> Action:
    """Inverse of action_to_json; MalformedAction on garbage."""
    if not isinstance(data, dict) or data.get("type") not in _TYPES:
        raise MalformedAction(f"not a Swap Meet action: {data!r}")
    cls = _TYPES[data["type"]]
    kwargs = {}
    for f in dataclasses.fields(cls):
        value = data.get(f.name)
        wanted = _FIELD_TYPES[f.name]
        if type(value) is not wanted:
            raise MalformedAction(f"{data['type']}: field {f.name!r} must be {wanted.__name__}")
        kwargs[f.name] = value
    extra = set(data) - {"type"} - set(kwargs)
    if extra:
        raise MalformedAction(f"{data['type']}: unknown fields {sorted(extra)}")
    return cls(**kwargs)
