"""Swap Meet scoring formulas, exactly as the seed states them."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rules.swap_meet.data import (
    CONSOLATION_PER_CARD,
    EXTRA_PENALTY,
    LOCKER_BONUS,
    NEEDS_BY_NAME,
    RESOURCES,
    SLAM_MIN,
    Contract,
)
from rules.swap_meet.state import Stall, StallScore


def market_of(market: Sequence[Fraction], kind: str) -> Fraction:
    """Multiplier of `kind` in a market tuple."""
    return market[RESOURCES.index(kind)]


def recipe_multiplier(contract: Contract, market: Sequence[Fraction]) -> Fraction:
    """Average multiplier of the types the recipe needs."""
    kinds = contract.types()
    return sum((market_of(market, k) for k in kinds), Fraction(0)) / len(kinds)


def contract_score(contract: Contract, market: Sequence[Fraction]) -> Fraction:
    """base × average market of the recipe's types."""
    return contract.base * recipe_multiplier(contract, market)


def bank_score(count: int, mult: Fraction, extras: int) -> Fraction:
    """count(banked) × market × 10 − 5 per extra resource (slam: extras = 0)."""
    return count * mult * CONSOLATION_PER_CARD - EXTRA_PENALTY * extras


def is_exact(stall: Stall) -> bool:
    """Resource counts match the contract exactly (action cards ignored)."""
    return stall.tally() == NEEDS_BY_NAME[stall.contract]


def slam_kind(stall: Stall) -> str | None:
    """The type of a slam (every resource one type, at least 6), else None."""
    pure = stall.pure()
    return pure[0] if pure is not None and pure[1] >= SLAM_MIN else None


def default_bank(counts: dict[str, int], market: Sequence[Fraction]) -> str:
    """Type held most; ties: higher multiplier, then Crate, Sack, Coin, Rack."""
    order = {k: i for i, k in enumerate(RESOURCES)}
    return max(RESOURCES, key=lambda k: (counts[k], market_of(market, k), -order[k]))


def bank_type(stall: Stall, market: Sequence[Fraction]) -> str:
    """The pinned bank type, else the default."""
    return stall.pin if stall.pin is not None else default_bank(stall.counts(), market)


def score_stall(
    seat: int, stall: Stall, market: Sequence[Fraction], locker: int | None, how: str
) -> StallScore:
    """One seat's round score with its breakdown."""
    contract = stall.contract_card()
    bonus = LOCKER_BONUS if seat == locker else 0
    if seat == locker and how == "cash" or seat != locker and is_exact(stall):
        mult = recipe_multiplier(contract, market)
        path = "cash" if seat == locker else "contract"
        score = contract.base * mult + bonus
        return StallScore(seat, path, score, None, sum(contract.needs().values()), mult, 0,
                          contract.base, bonus, contract.name)
    kind = slam_kind(stall) if seat == locker else None
    kind = kind or bank_type(stall, market)
    counts = stall.counts()
    extras = sum(counts.values()) - counts[kind]
    mult = market_of(market, kind)
    path = "slam" if seat == locker else "bank"
    score = bank_score(counts[kind], mult, extras) + bonus
    return StallScore(seat, path, score, kind, counts[kind], mult, extras, 0, bonus, contract.name)


def score_round(
    stalls: Sequence[Stall], market: Sequence[Fraction], locker: int | None, how: str
) -> tuple[StallScore, ...]:
    """Every stall's score for a locked round."""
    return tuple(score_stall(i, s, market, locker, how) for i, s in enumerate(stalls))
