"""Build a trading state directly from hands (for tests, tutorials and screen tests)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from rules.rng import Rng
from rules.swap_meet.data import CONTRACTS, RESOURCES, ROUND_SECONDS, SUMMARY_SECONDS
from rules.swap_meet.effects import sort_key
from rules.swap_meet.state import Card, Phase, Stall, State


def scenario(
    hands: Sequence[Mapping[str, int]],
    contracts: Sequence[str] | None = None,
    now: float = 0.0,
    round_seconds: float = ROUND_SECONDS,
    market: Mapping[str, Fraction] | None = None,
    totals: Sequence[int] | None = None,
    round_no: int = 1,
    seed: int = 1,
) -> State:
    """A round in progress: `hands[i]` maps card kinds (resources or action cards) to counts."""
    next_id = 0
    stalls = []
    for i, hand in enumerate(hands):
        cards = []
        for kind, n in hand.items():
            cards += [Card(next_id + j, kind) for j in range(n)]
            next_id += n
        contract = contracts[i] if contracts else CONTRACTS[i].name
        stalls.append(Stall(hand=tuple(sorted(cards, key=sort_key)), contract=contract))
    mults = tuple(Fraction((market or {}).get(k, 1)) for k in RESOURCES)
    return State(
        rng=Rng.seeded(seed),
        seats=len(hands),
        round_seconds=round_seconds,
        summary_seconds=SUMMARY_SECONDS,
        round_no=round_no,
        phase=Phase.TRADING,
        stalls=tuple(stalls),
        market=mults,
        history=((now, mults),),
        round_start=now,
        deadline=now + round_seconds,
        set_aside=(),
        discards=(),
        totals=tuple(Fraction(t) for t in (totals or [0] * len(hands))),
        clock=now,
    )
