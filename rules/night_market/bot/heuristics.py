"""Shared position estimates for the Rivals: what a hand, a market and porters are worth.

The estimates work on plain kind counts, so they serve both views (Easy, Normal) and the
sampled states inside the Hard Rival's rollouts. `normal_score` is the Normal Rival's one-ply
estimate of a move; the Hard Rival short-lists with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from rules.night_market.actions import Action, Exchange, Sell, Take, TakePorters
from rules.night_market.data import BONUS_MEAN, CARD_KIND, PORTER, PRECIOUS, bonus_size
from rules.night_market.view import View
from rules.rng import Rng

HOLD_DISCOUNT = 0.6  # goods in hand may be undercut before they are sold
PORTER_VALUE = 0.7
FEED_WEIGHT = 0.5  # how much a market left to the opponent counts against a move


def sale_value(kind: str, count: int, pile: tuple[int, ...], bonus_left: Mapping[int, int]) -> float:
    """Coins plus expected bonus for selling `count` of `kind` now."""
    value = float(sum(pile[:count]))
    size = bonus_size(count)
    if size is not None and bonus_left.get(size, 0) > 0:
        value += BONUS_MEAN[size]
    return value


Piles = Mapping[str, tuple[int, ...]]


def hand_potential(hand: Counter[str], piles: Piles, bonus_left: Mapping[int, int]) -> float:
    """What the goods in hand are likely to fetch later, discounted."""
    return potential_with(hand, None, piles, bonus_left)


class Held(dict[tuple[str, int], float]):
    """What `count` goods of a kind held are worth against one set of piles and bonus tokens,
    each worked out once (a Normal-like move asks the same few dozens of times)."""

    def __init__(self, piles: Piles, bonus_left: Mapping[int, int]) -> None:
        super().__init__()
        self.piles, self.bonus_left = piles, bonus_left

    def __missing__(self, key: tuple[str, int]) -> float:
        value = self[key] = _held(key[0], key[1], self.piles, self.bonus_left)
        return value


def potential_with(hand: Counter[str], extra: str | None, piles: Piles, bonus_left: Mapping[int, int],
                   held: Held | None = None) -> float:
    """`hand_potential` of `hand` with one more `extra` (None: none), without copying the hand
    (`held`: those piles' values, cached).

    The same sum in the same order as on a copied Counter (a new kind comes last), so the same
    float: the bots' choices do not move by a rounding."""
    if held is None:
        held = Held(piles, bonus_left)
    total = 0.0
    for kind, count in hand.items():
        if kind == extra:
            count += 1
        if count <= 0 or kind == PORTER:
            continue
        total += held[kind, count]
    if extra is not None and extra not in hand and extra != PORTER:
        total += held[extra, 1]
    size = sum(hand.values()) + (extra is not None)
    return total - 0.8 * max(0, size - 5)


def _held(kind: str, count: int, piles: Piles, bonus_left: Mapping[int, int]) -> float:
    value = sale_value(kind, count, piles[kind], bonus_left)
    if kind in PRECIOUS and count < 2:
        value *= 0.6
    return value * HOLD_DISCOUNT


def porter_value(mine: int, theirs: int) -> float:
    """Porters: flexible exchange currency plus a share of the 5-coin Porter token."""
    lead = 2.0 if mine > theirs else (0.0 if mine == theirs else -1.0)
    return PORTER_VALUE * mine + lead


def card_appeal(kind: str, hand: Counter[str], piles: Piles, bonus_left: Mapping[int, int]) -> float:
    """How much one more `kind` adds to a hand like `hand`."""
    return potential_with(hand, kind, piles, bonus_left) - hand_potential(hand, piles, bonus_left)


def best_take_for(
    market: list[str], hand: Counter[str], piles: Piles, bonus_left: Mapping[int, int]
) -> float:
    """The most a merchant holding `hand` gains by one take from `market`."""
    best = PORTER_VALUE * market.count(PORTER)
    before = hand_potential(hand, piles, bonus_left)  # once, not once per kind on offer
    for kind in set(market):
        if kind != PORTER:
            best = max(best, potential_with(hand, kind, piles, bonus_left) - before)
    return best


def piles_of(view: View) -> dict[str, tuple[int, ...]]:
    """Coin piles by kind."""
    return dict(view.coins)


def bonus_of(view: View) -> dict[int, int]:
    """Bonus tokens left by size."""
    return dict(view.bonus_piles)


def _after(view: View, action: Action) -> tuple[Counter[str], list[str], int, float]:
    """Hand kinds, market kinds (refills unknown), porters and coins banked after `action`."""
    hand = Counter(kind for _, kind in view.hand)
    market = [kind for _, kind in view.market]
    me = view.seats[view.seat or 0]
    porters, banked = len(me.porters), 0.0
    if isinstance(action, Take):
        hand[CARD_KIND[action.card]] += 1
        market.remove(CARD_KIND[action.card])
    elif isinstance(action, TakePorters):
        porters += market.count(PORTER)
        market = [k for k in market if k != PORTER]
    elif isinstance(action, Exchange):
        for card in action.take:
            hand[CARD_KIND[card]] += 1
            market.remove(CARD_KIND[card])
        for card in action.give:
            hand[CARD_KIND[card]] -= 1
            market.append(CARD_KIND[card])
        market.extend([PORTER] * action.porters)
        porters -= action.porters
    elif isinstance(action, Sell):
        kind = CARD_KIND[action.cards[0]]
        hand[kind] -= len(action.cards)
        banked = sale_value(kind, len(action.cards), piles_of(view)[kind], bonus_of(view))
    return hand, market, porters, banked


def normal_score(view: View, action: Action) -> float:
    """One-ply estimate of a move's worth to the seat viewing."""
    seat = view.seat or 0
    piles, bonus = piles_of(view), bonus_of(view)
    hand, market, porters, banked = _after(view, action)
    if isinstance(action, Sell):
        kind = CARD_KIND[action.cards[0]]
        piles = dict(piles)
        piles[kind] = piles[kind][len(action.cards) :]
    opp = view.seats[1 - seat]
    opp_hand = Counter(kind for _, kind in opp.hand_known)
    feed = best_take_for(market, opp_hand, piles, bonus)
    return (
        banked
        + hand_potential(hand, piles, bonus)
        + porter_value(porters, len(opp.porters))
        - FEED_WEIGHT * feed
    )


def normal_choice(view: View, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
    """The best move by `normal_score`, ties broken by the rng."""
    scored = [(normal_score(view, a), a) for a in legal]
    best = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s >= best - 1e-9])
