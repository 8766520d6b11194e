"""Night Market's legal moves, built from pattern tables instead of trying every combination.

Card ids are grouped by kind in kind order (data.CARD_KIND), so in a sorted list of cards the
lowest ids of each kind sit together, and the representative the rules use for a kind pattern
(the lowest ids of each kind) is a fixed set of *positions* in that list. Which positions, and in
what order the representatives come, depends only on how many cards of each kind there are. The
tables below map those counts to position getters once; a state then only reads ids off them.

The order is exactly the plain definition's (kept in tests/test_night_market_fast_rules.py):
takes one per kind, take porters, sells by kind then size, then exchanges by take tuple, each
with its gives by size and then lexicographically.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from itertools import product
from operator import itemgetter
from typing import Any

from rules.night_market.actions import Action, Exchange, Sell, Take, TakePorters
from rules.night_market.data import CARD_COUNT, CARD_KIND, GOODS, HAND_LIMIT, MARKET_SIZE, PORTER, PRECIOUS

KINDS: tuple[str, ...] = (*GOODS, PORTER)  # the order ids follow
PORTER_NO = KINDS.index(PORTER)
KIND_NO: tuple[int, ...] = tuple(KINDS.index(kind) for kind in CARD_KIND)
MIN_SELL: tuple[int, ...] = tuple(2 if kind in PRECIOUS else 1 for kind in KINDS)
TAKES: tuple[Take, ...] = tuple(Take(card) for card in range(CARD_COUNT))
TAKE_PORTERS = TakePorters()

Counts = tuple[int, ...]
Positions = tuple[int, ...]
Getter = Callable[[list[int]], tuple[int, ...]]


def counts(cards: list[int]) -> Counts:
    """How many of each kind (by KIND_NO) among `cards`."""
    out = [0] * len(KINDS)
    for card in cards:
        out[KIND_NO[card]] += 1
    return tuple(out)


def _getter(positions: Positions) -> Getter:
    """The tuple of a list's items at `positions` (itemgetter, made to return a tuple always)."""
    if len(positions) >= 2:
        return itemgetter(*positions)
    if positions:
        one = positions[0]
        return lambda cards: (cards[one],)
    return lambda cards: ()


def _starts(have: Counts) -> list[int]:
    """Where each kind's cards begin in a sorted list with these counts."""
    return [sum(have[:k]) for k in range(len(have))]


def _sub_patterns(have: Counts, most: int) -> list[tuple[Positions, int]]:
    """Every choice of at most `most` cards from a sorted list with counts `have`.

    As (positions, kind bit mask); the chosen cards of a kind are always its lowest.
    """
    starts = _starts(have)
    out = []
    for picked in product(*(range(min(n, most) + 1) for n in have)):
        if sum(picked) > most:
            continue
        positions = tuple(starts[k] + r for k, n in enumerate(picked) for r in range(n))
        out.append((positions, sum(1 << k for k, n in enumerate(picked) if n)))
    return out


@cache  # keyed by the counts of a market (5 cards): a few hundred entries
def market_table(market: Counts) -> tuple[tuple[int, ...], tuple[tuple[Getter, int, int], ...]]:
    """For a sorted market with these counts: where the lowest good of each kind sits, and the
    exchange takes (getter over the market's goods, size, kind mask) in take-tuple order."""
    starts = _starts(market)
    singles = tuple(starts[k] for k in range(PORTER_NO) if market[k])
    patterns = _sub_patterns(market[:PORTER_NO], MARKET_SIZE)
    takes = tuple((_getter(p), len(p), mask) for p, mask in sorted(patterns) if len(p) >= 2)
    return singles, takes


GiveRow = tuple[tuple[Getter, int], ...]  # (getter of the cards given, porters paid)


# Keyed by the counts of a hand (at most 7 cards of 7 kinds): 3,432 hands, ~26 KB of getters each.
# Unbounded it grew by ~16 hands a match and would reach ~89 MB in a kiosk that runs for days;
# one match uses ~90 hands, so 128 keep the current match's hands warm.
@lru_cache(maxsize=128)
def hand_table(hand: Counts) -> tuple[tuple[Getter, ...], tuple[tuple[GiveRow, ...], ...]]:
    """For a sorted hand with these counts: its sells (by kind, then size) and its gives.

    gives[size][most] lists, in the rules' order (by cards given, then lexicographically), the
    ways to give back `size` cards paying at most `most` porters.
    """
    starts = _starts(hand)
    sells = tuple(
        _getter(tuple(range(starts[k], starts[k] + n)))
        for k, count in enumerate(hand)
        for n in range(MIN_SELL[k], count + 1)
    )
    by_count: list[list[Positions]] = [[] for _ in range(MARKET_SIZE + 1)]
    for positions, _ in _sub_patterns(hand, MARKET_SIZE):
        by_count[len(positions)].append(positions)
    getters = [[_getter(p) for p in sorted(group)] for group in by_count]
    gives = tuple(
        tuple(
            tuple((get, size - n) for n in range(size - most, size + 1) for get in getters[n])
            for most in range(size + 1)
        )
        for size in range(MARKET_SIZE + 1)
    )
    return sells, gives


def _exchange(take: tuple[int, ...], give: tuple[int, ...], porters: int) -> Exchange:
    # Exchange's frozen __init__ pays an object.__setattr__ per field, and exchanges are most of
    # the legal list. These are well-formed by construction, so fill the instance dict directly:
    # the same value (eq, hash, repr), at a fraction of the cost.
    action = object.__new__(Exchange)
    fields = action.__dict__
    fields["take"], fields["give"], fields["porters"] = take, give, porters
    return action


def _sell(cards: tuple[int, ...]) -> Sell:
    action = object.__new__(Sell)  # as _exchange: a well-formed value without the frozen __init__
    action.__dict__["cards"] = cards
    return action


def exchanges(goods: list[int], takes: tuple[Any, ...], hand: list[int], team: int) -> list[Exchange]:
    """Every distinct exchange (one representative per kind pattern), in the rules' order.

    `goods` are the market's goods, sorted; `takes` their table row; `hand` sorted.
    """
    most = min(team, HAND_LIMIT - len(hand))
    if most < 0:
        return []
    givable: dict[int, tuple[list[int], tuple[Any, ...]]] = {}
    out: list[Exchange] = []
    for get_take, size, banned in takes:
        if banned not in givable:  # the hand without the kinds taken, and its gives
            cards = [c for c in hand if not banned >> KIND_NO[c] & 1]
            givable[banned] = cards, hand_table(counts(cards))[1]
        cards, gives = givable[banned]
        take = get_take(goods)
        out.extend([_exchange(take, get(cards), porters) for get, porters in gives[size][min(most, size)]])
    return out


def legal_moves(market: tuple[int, ...], hand: tuple[int, ...], team: int) -> list[Action]:
    """Every distinct move for a seat holding `hand` with `team` porters, facing `market`."""
    market_sorted, hand_sorted = sorted(market), sorted(hand)
    mcounts = counts(market_sorted)
    singles, takes = market_table(mcounts)
    out: list[Action] = []
    if len(hand) < HAND_LIMIT:
        out.extend([TAKES[market_sorted[i]] for i in singles])
    if mcounts[PORTER_NO]:
        out.append(TAKE_PORTERS)
    out.extend([_sell(get(hand_sorted)) for get in hand_table(counts(hand_sorted))[0]])
    if takes:
        goods = market_sorted[: len(market) - mcounts[PORTER_NO]]  # porters sort last
        out.extend(exchanges(goods, takes, hand_sorted, team))
    return out
