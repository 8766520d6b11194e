"""Frozen Swap Meet state: stalls, the market, the round clock and the summaries."""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from fractions import Fraction

from rules.rng import Rng
from rules.swap_meet.data import CONTRACTS_BY_NAME, RESOURCES, Contract


class Phase(enum.Enum):
    """Where the match is."""

    TRADING = "trading"
    LOCKED = "locked"  # round summary showing; NextRound or the summary timer moves on
    FINISHED = "finished"


@dataclass(frozen=True)
class Card:
    """One card with a stable id; `kind` is a resource type or an action card name."""

    id: int
    kind: str

    @property
    def is_resource(self) -> bool:
        """True for Crate/Sack/Coin/Rack."""
        return self.kind in RESOURCES


@dataclass(frozen=True)
class Offer:
    """An open offer: card ids (all one type) that stay in the hand until swapped."""

    id: int
    kind: str
    card_ids: tuple[int, ...]

    @property
    def count(self) -> int:
        """Cards on offer."""
        return len(self.card_ids)


@dataclass(frozen=True)
class Stall:
    """One seat: hand, secret contract, private bank pin, open offer, peeked seats."""

    hand: tuple[Card, ...]
    contract: str
    pin: str | None = None
    offer: Offer | None = None
    peeked: tuple[int, ...] = ()

    def counts(self) -> dict[str, int]:
        """Resource counts in hand."""
        out = dict.fromkeys(RESOURCES, 0)
        for card in self.hand:
            if card.is_resource:
                out[card.kind] += 1
        return out

    def resources(self) -> tuple[Card, ...]:
        """Resource cards in hand."""
        return tuple(c for c in self.hand if c.is_resource)

    def actions(self) -> tuple[Card, ...]:
        """Action cards in hand."""
        return tuple(c for c in self.hand if not c.is_resource)

    def contract_card(self) -> Contract:
        """The contract's data row."""
        return CONTRACTS_BY_NAME[self.contract]


@dataclass(frozen=True)
class Trade:
    """A completed swap, public: `taker` swapped `give` for the offer of `offerer`."""

    t: float
    taker: int
    offerer: int
    got: str
    give: str
    count: int


@dataclass(frozen=True)
class StallScore:
    """One seat's score breakdown for a round."""

    seat: int
    path: str  # "cash", "slam", "contract" (exact, did not lock) or "bank" (consolation)
    score: Fraction
    kind: str | None  # banked type for slam/bank, None for contracts
    count: int  # cards of the banked type (slam/bank) or contract size
    multiplier: Fraction  # banked type's multiplier, or the recipe's average
    extras: int
    base: int  # contract base (contract paths), 0 otherwise
    locker_bonus: int
    contract: str


@dataclass(frozen=True)
class RoundSummary:
    """What a locked round produced; public once locked."""

    round_no: int
    how: str  # "cash", "slam" or "timer"
    locker: int | None
    lock_time: float
    stalls: tuple[StallScore, ...]
    history: tuple[tuple[float, tuple[Fraction, ...]], ...]


@dataclass(frozen=True)
class State:
    """The whole match."""

    rng: Rng
    seats: int
    round_seconds: float
    summary_seconds: float
    round_no: int
    phase: Phase
    stalls: tuple[Stall, ...]
    market: tuple[Fraction, ...]
    history: tuple[tuple[float, tuple[Fraction, ...]], ...]
    round_start: float
    deadline: float
    set_aside: tuple[Card, ...]
    discards: tuple[Card, ...]
    trades: tuple[Trade, ...] = ()
    totals: tuple[Fraction, ...] = ()
    summaries: tuple[RoundSummary, ...] = ()
    lock_time: float | None = None
    next_offer_id: int = 1
    clock: float = 0.0

    def mult(self, kind: str) -> Fraction:
        """Current multiplier of a resource."""
        return self.market[RESOURCES.index(kind)]

    def with_stall(self, seat: int, stall: Stall) -> State:
        """A copy with one stall replaced."""
        stalls = list(self.stalls)
        stalls[seat] = stall
        return replace(self, stalls=tuple(stalls))
