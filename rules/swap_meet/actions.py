"""Swap Meet actions: one frozen dataclass per button, with a JSON and text form (rules/codec.py).

>>> ACTIONS.to_text(Swap(target=2, give="sack", offer=17))
'swap 2 sack 17'
>>> ACTIONS.from_json({"type": []})
Traceback (most recent call last):
rules.errors.MalformedAction: not a Swap Meet action: unknown type '[]'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Union, cast

from rules.codec import OneOf, Range
from rules.swap_meet.data import MAX_OFFER_COUNT, MAX_OFFER_ID, MAX_SEATS, RESOURCES
from rules.tagged import Tagged

Resource = Annotated[str, OneOf(frozenset(RESOURCES))]
SeatNo = Annotated[int, Range(0, MAX_SEATS - 1)]


@dataclass(frozen=True)
class OpenOffer:
    """List `count` cards of `kind` on your stall (they stay in your hand)."""

    kind: Resource
    count: Annotated[int, Range(1, MAX_OFFER_COUNT)]


@dataclass(frozen=True)
class Pull:
    """Take your offer down."""


@dataclass(frozen=True)
class Swap:
    """Take `target`'s offer `offer` (its id), giving the same count of `give`."""

    target: SeatNo
    give: Resource
    offer: Annotated[int, Range(1, MAX_OFFER_ID)]


@dataclass(frozen=True)
class CashOut:
    """Lock the round on an exact contract match."""


@dataclass(frozen=True)
class PinBank:
    """Privately pin the type you bank if you miss the contract."""

    kind: Resource


@dataclass(frozen=True)
class Crash:
    """Play Market Crash: halve `kind`'s multiplier."""

    kind: Resource


@dataclass(frozen=True)
class Peek:
    """Play Inside Trading on `target`: see their contract."""

    target: SeatNo


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

ACTIONS = Tagged("Swap Meet", {
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
})


def action_to_json(action: Any, checked: bool = True) -> dict[str, Any]:
    """{"type": name, ...fields} (checked=False: trusted, the rules made it)."""
    return ACTIONS.to_json(action, checked)


def action_from_json(data: Any) -> Action:
    """Inverse of action_to_json; MalformedAction on any other JSON value."""
    return cast(Action, ACTIONS.from_json(data))
