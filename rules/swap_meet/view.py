"""What one seat may know: `view(state, seat)`; events follow the contract's `redact_secret`."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from rules.swap_meet.data import CONSOLATION_PER_CARD, CONTRACTS_BY_NAME, EXTRA_PENALTY, RESOURCES
from rules.swap_meet.scoring import bank_type, is_exact
from rules.swap_meet.state import Audited, Phase, RoundSummary, State, Trade


@dataclass(frozen=True)
class OfferView:
    """A public open offer."""

    seat: int
    id: int
    kind: str
    count: int
    card_ids: tuple[int, ...]


@dataclass(frozen=True)
class SeatView:
    """What one seat knows: own secrets plus everything public."""

    seat: int | None
    seats: int
    phase: Literal["trading", "locked", "finished"]  # Phase values, as the scene compares them
    round_no: int
    round_start: float
    deadline: float
    lock_time: float | None
    clock: float
    hand: tuple[tuple[int, str], ...]  # own (card id, kind); () for spectators
    contract: str | None
    recipe: tuple[tuple[str, int], ...]
    contract_base: int
    pin: str | None  # explicit pin, or None
    bank: str | None  # pin or the default bank type
    exact: bool  # Cash out lights up
    offers: tuple[OfferView | None, ...]  # per seat
    hand_sizes: tuple[int, ...]  # resources + action cards per seat
    resource_counts: tuple[int, ...]  # resources per seat (public: cards are seen moving)
    market: dict[str, float]
    history: tuple[tuple[float, dict[str, float]], ...]
    trades: tuple[Trade, ...]
    audited: tuple[Audited, ...]  # this round's audit discards (public: the table sees them go)
    totals: tuple[float, ...]
    peeked: dict[int, str]  # seat -> contract, only what this seat's Inside Trading revealed
    summaries: tuple[RoundSummary, ...]
    final: tuple[int, ...]  # seats in final standing order once finished, else ()

    def counts(self) -> dict[str, int]:
        """Resource counts of this seat's own hand (all zero for a spectator)."""
        out = dict.fromkeys(RESOURCES, 0)
        for _, kind in self.hand:
            if kind in out:
                out[kind] += 1
        return out

    def bank_points(self, kind: str) -> float:
        """What banking `kind` would score now if the round locked without this seat's contract:
        count × market × 10 − 5 per other resource (what a pin previews before it is made)."""
        counts = self.counts()
        extras = sum(counts.values()) - counts[kind]
        return round(counts[kind] * self.market[kind] * CONSOLATION_PER_CARD - EXTRA_PENALTY * extras, 2)


def _float(x: Any) -> float:
    """`float(x)`, for a Fraction without the numbers ABC's slow path (the same correctly
    rounded quotient): the Hard Rival's rollouts build a view on every wake-up they act on."""
    return x.numerator / x.denominator if type(x) is Fraction else float(x)


def _market(mults: tuple[Any, ...]) -> dict[str, float]:
    return {k: _float(m) for k, m in zip(RESOURCES, mults, strict=True)}


def _offer(state: State, seat: int) -> OfferView | None:
    offer = state.stalls[seat].offer
    return None if offer is None else OfferView(seat, offer.id, offer.kind, offer.count, offer.card_ids)


def _own(state: State, seat: int | None) -> dict[str, Any]:
    if seat is None:
        return {"hand": (), "contract": None, "recipe": (), "contract_base": 0, "pin": None,
                "bank": None, "exact": False, "peeked": {}}
    stall = state.stalls[seat]
    contract = CONTRACTS_BY_NAME[stall.contract]
    return {
        "hand": tuple((c.id, c.kind) for c in stall.hand),
        "contract": stall.contract,
        "recipe": contract.recipe,
        "contract_base": contract.base,
        "pin": stall.pin,
        "bank": bank_type(stall, state.market),
        "exact": is_exact(stall),
        "peeked": {t: state.stalls[t].contract for t in stall.peeked},
    }


def standings(state: State) -> tuple[int, ...]:
    """Seats by total points, best first (ties keep seat order)."""
    return tuple(sorted(range(state.seats), key=lambda s: (-state.totals[s], s)))


def view(state: State, seat: int | None) -> SeatView:
    """Only what `seat` may know (None: spectator)."""
    return SeatView(
        seat=seat,
        seats=state.seats,
        phase=state.phase.value,
        round_no=state.round_no,
        round_start=state.round_start,
        deadline=state.deadline,
        lock_time=state.lock_time,
        clock=state.clock,
        offers=tuple(_offer(state, s) for s in range(state.seats)),
        hand_sizes=tuple(len(s.hand) for s in state.stalls),
        resource_counts=tuple(len(s.resources()) for s in state.stalls),
        market=_market(state.market),
        history=tuple((t, _market(m)) for t, m in state.history),
        trades=state.trades,
        audited=state.audited,
        totals=tuple(_float(x) for x in state.totals),
        summaries=state.summaries,
        final=standings(state) if state.phase is Phase.FINISHED else (),
        **_own(state, seat),
    )
