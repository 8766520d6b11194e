"""Seat views inside one rollout, cheaply: the same `SeatView` as `view(state, seat)` with the
market now as its history (bots read the market now, never its history), built from pieces kept
while the rollout's states hold the same objects. A rollout's world is a sample from the Hard
seat's belief, never the true state, and each bot still sees only its own seat's view of it.

Most acting wake-ups follow others that changed one stall or nothing a view shows, so the market's
floats, the totals, each offer's public form and each seat's own part are rebuilt only when the
state's object for them changes (frozen values: the same object is the same content).
"""

from __future__ import annotations

from typing import Any

from rules.swap_meet.state import Offer, Phase, Stall, State
from rules.swap_meet.view import OfferView, SeatView, _float, _market, _own, standings


class Sight:
    """`view(state, seat)` for the states of one rollout (history cut to the market now)."""

    def __init__(self) -> None:
        self._market: tuple[Any, dict[str, float]] = ((), {})
        self._totals: tuple[Any, tuple[float, ...]] = ((), ())
        self._offers: dict[int, tuple[Offer | None, OfferView | None]] = {}
        self._own: dict[int, tuple[Stall, Any, dict[str, Any]]] = {}
        self._views: dict[int, tuple[State, SeatView]] = {}  # per seat, its last view and state
        self._table: tuple[Any, ...] = ((),)  # the stalls, and their offers, hand sizes, resource counts

    def market(self, mults: tuple[Any, ...]) -> dict[str, float]:
        """The market as floats (kept while the multipliers are the same tuple)."""
        if self._market[0] is not mults:
            self._market = (mults, _market(mults))
        return self._market[1]

    def totals(self, totals: tuple[Any, ...]) -> tuple[float, ...]:
        if self._totals[0] is not totals:
            self._totals = (totals, tuple(_float(x) for x in totals))
        return self._totals[1]

    def offer(self, state: State, seat: int) -> OfferView | None:
        offer = state.stalls[seat].offer
        kept = self._offers.get(seat)
        if kept is None or kept[0] is not offer:
            shown = None if offer is None else OfferView(seat, offer.id, offer.kind, offer.count, offer.card_ids)
            kept = self._offers[seat] = (offer, shown)
        return kept[1]

    def own(self, state: State, seat: int) -> dict[str, Any]:
        """The seat's own part of its view (its bank reads the market only when it has no pin)."""
        stall = state.stalls[seat]
        market = state.market if stall.pin is None else None
        kept = self._own.get(seat)
        if kept is None or kept[0] is not stall or kept[1] is not market:
            kept = self._own[seat] = (stall, market, _own(state, seat))
        return kept[2]

    def view(self, state: State, seat: int) -> SeatView:
        """Equal to `view(state.evolve(history=state.history[-1:]), seat)` (tests compare the two)."""
        kept = self._views.get(seat)
        if kept is not None and kept[0] is state:  # nothing moved since this seat's last look
            return kept[1]
        stalls = state.stalls
        if self._table[0] is not stalls:
            self._table = (stalls, tuple(self.offer(state, s) for s in range(state.seats)),
                           tuple(len(s.hand) for s in stalls), tuple(len(s.resources()) for s in stalls))
        _, offers, hand_sizes, resource_counts = self._table
        when, mults = state.history[-1]
        shown = object.__new__(SeatView)  # the fields set directly, as Rng does: no frozen __init__
        shown.__dict__.update(
            seat=seat,
            seats=state.seats,
            phase=state.phase.value,
            round_no=state.round_no,
            round_start=state.round_start,
            deadline=state.deadline,
            lock_time=state.lock_time,
            clock=state.clock,
            offers=offers,
            hand_sizes=hand_sizes,
            resource_counts=resource_counts,
            market=self.market(state.market),
            history=((when, self.market(mults)),),
            trades=state.trades,
            audited=state.audited,
            totals=self.totals(state.totals),
            summaries=state.summaries,
            final=standings(state) if state.phase is Phase.FINISHED else (),
            **self.own(state, seat),
        )
        self._views[seat] = (state, shown)
        return shown
