"""Frozen Swap Meet state: stalls, the market, the round clock and the summaries."""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any, cast

from rules.rng import Rng
from rules.swap_meet.data import CONTRACTS_BY_NAME, RESOURCES, Contract


class Phase(enum.Enum):
    """Where the match is."""

    TRADING = "trading"
    LOCKED = "locked"  # round summary showing; NextRound or the summary timer moves on
    FINISHED = "finished"


_RESOURCE_SET = frozenset(RESOURCES)


@dataclass(frozen=True)
class Card:
    """One card with a stable id; `kind` is a resource type or an action card name."""

    id: int
    kind: str

    @property
    def is_resource(self) -> bool:
        """True for Crate/Sack/Coin/Rack."""
        return self.kind in _RESOURCE_SET


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

    # A stall never changes, so its tallies are computed once and kept in the instance dict;
    # every change builds a new Stall (through __init__, never by copying __dict__), which starts
    # without them. (functools.cached_property takes a lock per read on 3.11: too slow here.)
    def tally(self) -> dict[str, int]:
        """Resource counts in hand, shared: read it, never change it (see `counts`)."""
        cached = self.__dict__.get("_tally")
        if cached is None:
            cached = dict.fromkeys(RESOURCES, 0)
            for card in self.hand:
                if card.kind in cached:
                    cached[card.kind] += 1
            self.__dict__["_tally"] = cached
        return cached

    def counts(self) -> dict[str, int]:
        """Resource counts in hand (a fresh dict the caller may change)."""
        return dict(self.tally())

    def pure(self) -> tuple[str, int] | None:
        """(type, count) when every resource in hand is of one type, else None (checked for a
        slam after every action, so it is kept like the tally)."""
        if "_pure" not in self.__dict__:
            held = [(kind, n) for kind, n in self.tally().items() if n]
            self.__dict__["_pure"] = held[0] if len(held) == 1 else None
        return cast("tuple[str, int] | None", self.__dict__["_pure"])

    def resources(self) -> tuple[Card, ...]:
        """Resource cards in hand."""
        cached = self.__dict__.get("_resources")
        if cached is None:
            cached = tuple(c for c in self.hand if c.kind in _RESOURCE_SET)
            self.__dict__["_resources"] = cached
        return cached

    def actions(self) -> tuple[Card, ...]:
        """Action cards in hand."""
        return tuple(c for c in self.hand if c.kind not in _RESOURCE_SET)

    def evolve(self, **changes: Any) -> Stall:
        """A copy with some fields changed (a fresh Stall, so the tallies are recomputed)."""
        return Stall(
            changes.get("hand", self.hand),
            changes.get("contract", self.contract),
            changes.get("pin", self.pin),
            changes.get("offer", self.offer),
            changes.get("peeked", self.peeked),
        )

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
class Audited:
    """A resource a Tax Audit made `seat` discard at time `t`: public, like a trade (the table
    sees which card goes), so a seat's counts stay known through an audit."""

    t: float
    seat: int
    kind: str


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
    audited: tuple[Audited, ...] = ()  # this round's audit discards, in order

    def mult(self, kind: str) -> Fraction:
        """Current multiplier of a resource."""
        return self.market[RESOURCES.index(kind)]

    def evolve(self, **changes: Any) -> State:
        """A copy with some fields changed: `dataclasses.replace` without its per-call field walk
        (the hot path of every action; a State has no derived caches to reset)."""
        assert changes.keys() <= _STATE_FIELDS, changes.keys() - _STATE_FIELDS
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def with_stall(self, seat: int, stall: Stall) -> State:
        """A copy with one stall replaced."""
        stalls = self.stalls
        return self.evolve(stalls=stalls[:seat] + (stall,) + stalls[seat + 1 :])


_STATE_FIELDS = frozenset(f.name for f in fields(State))
