"""Shared position estimates for the Rivals: what a hand, a market and porters are worth.

Everything here works on plain kind counts, so it serves both views (Easy, Normal) and the
sampled states inside the Hard Rival's rollouts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from rules.night_market.data import BONUS_MEAN, PORTER, PRECIOUS, bonus_size

HOLD_DISCOUNT = 0.6  # goods in hand may be undercut before they are sold
PORTER_VALUE = 0.7


def sale_value(kind: str, count: int, pile: tuple[int, ...], bonus_left: Mapping[int, int]) -> float:
    """Coins plus expected bonus for selling `count` of `kind` now."""
    value = float(sum(pile[:count]))
    size = bonus_size(count)
    if size is not None and bonus_left.get(size, 0) > 0:
        value += BONUS_MEAN[size]
    return value


Piles = Mapping[str, tuple[int, ...]]


def hand_potential(hand: Counter, piles: Piles, bonus_left: Mapping[int, int]) -> float:
    """What the goods in hand are likely to fetch later, discounted."""
    total = 0.0
    for kind, count in hand.items():
        if count <= 0 or kind == PORTER:
            continue
        value = sale_value(kind, count, piles[kind], bonus_left)
        if kind in PRECIOUS and count < 2:
            value *= 0.6
        total += value * HOLD_DISCOUNT
    size = sum(hand.values())
    return total - 0.8 * max(0, size - 5)


def porter_value(mine: int, theirs: int) -> float:
    """Porters: flexible exchange currency plus a share of the 5-coin Porter token."""
    lead = 2.0 if mine > theirs else (0.0 if mine == theirs else -1.0)
    return PORTER_VALUE * mine + lead


def card_appeal(kind: str, hand: Counter, piles: Piles, bonus_left: Mapping[int, int]) -> float:
    """How much one more `kind` adds to a hand like `hand`."""
    before = hand_potential(hand, piles, bonus_left)
    grown = Counter(hand)
    grown[kind] += 1
    return hand_potential(grown, piles, bonus_left) - before


def best_take_for(
    market: list[str], hand: Counter, piles: Piles, bonus_left: Mapping[int, int]
) -> float:
    """The most a merchant holding `hand` gains by one take from `market`."""
    best = PORTER_VALUE * market.count(PORTER)
    for kind in set(market):
        if kind != PORTER:
            best = max(best, card_appeal(kind, hand, piles, bonus_left))
    return best
