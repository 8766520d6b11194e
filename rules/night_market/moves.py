"""Night Market's legal moves, built from pattern tables instead of trying every combination.

Card ids are grouped by kind in kind order (data.CARD_KIND), so in a sorted list of cards the
lowest ids of each kind sit together, and the representative the rules use for a kind pattern
(the lowest ids of each kind) is a fixed set of *positions* in that list. Which positions, and in
what order the representatives come, depends only on how many cards of each kind there are. The
tables below map those counts to position lists once; a state then only reads ids off them.

The order is exactly the plain definition's (kept in tests/test_night_market_fast_rules.py):
takes one per kind, take porters, sells by kind then size, then exchanges by take tuple, each
with its gives by size and then lexicographically.
"""

from __future__ import annotations

from functools import cache
from itertools import product

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


def counts(cards: list[int], kinds: int = len(KINDS)) -> Counts:
    """How many of each kind (by KIND_NO) among `cards`, for the first `kinds` kinds."""
    out = [0] * len(KINDS)
    for card in cards:
        out[KIND_NO[card]] += 1
    return tuple(out[:kinds])


def _starts(have: Counts) -> list[int]:
    """Where each kind's cards begin in a sorted list with these counts."""
    return [sum(have[:k]) for k in range(len(have))]


def _sub_patterns(have: Counts, starts: list[int], most: int) -> list[tuple[Positions, int]]:
    """Every choice of at most `most` cards, `have[k]` available of kind k: (positions, kind mask).

    The chosen cards of a kind are its lowest, so positions start at `starts[k]` for kind k.
    """
    out = []
    for picked in product(*(range(min(n, most) + 1) for n in have)):
        if sum(picked) > most:
            continue
        positions = tuple(starts[k] + r for k, n in enumerate(picked) for r in range(n))
        mask = sum(1 << k for k, n in enumerate(picked) if n)
        out.append((positions, mask))
    return out


@cache  # keyed by market goods counts: at most 462 entries
def take_table(market: Counts) -> tuple[tuple[Positions, int], ...]:
    """Exchange takes for market goods `market`: (positions, kind mask), in take-tuple order."""
    patterns = _sub_patterns(market, _starts(market), MARKET_SIZE)
    return tuple(sorted(p for p in patterns if len(p[0]) >= 2))


@cache  # keyed by the counts of a hand (at most 7 cards of 7 kinds): at most 3,432 entries
def give_table(hand: Counts) -> tuple[tuple[Positions, ...], ...]:
    """Gives from a sorted hand with these counts, by size (0..MARKET_SIZE), each sorted."""
    by_size: list[list[Positions]] = [[] for _ in range(MARKET_SIZE + 1)]
    for positions, _ in _sub_patterns(hand, _starts(hand), MARKET_SIZE):
        by_size[len(positions)].append(positions)
    return tuple(tuple(sorted(group)) for group in by_size)


def _exchange(take: tuple[int, ...], give: tuple[int, ...], porters: int) -> Exchange:
    # Exchange's frozen __init__ pays an object.__setattr__ per field, and exchanges are most of
    # the legal list. These are well-formed by construction, so fill the instance dict directly:
    # the same value (eq, hash, repr), at a quarter of the cost.
    action = object.__new__(Exchange)
    action.__dict__.update(take=take, give=give, porters=porters)
    return action


def _sell(cards: tuple[int, ...]) -> Sell:
    action = object.__new__(Sell)  # as _exchange: a well-formed value without the frozen __init__
    action.__dict__["cards"] = cards
    return action


def simple_moves(market: list[int], hand: list[int], mcounts: Counts, hcounts: Counts) -> list[Action]:
    """Takes (lowest id per kind), take porters and sells: everything but exchanges.

    `market` and `hand` are sorted; `mcounts` and `hcounts` are their counts per kind.
    """
    out: list[Action] = []
    if len(hand) < HAND_LIMIT:
        start = 0
        for n in mcounts[:PORTER_NO]:
            if n:
                out.append(TAKES[market[start]])
            start += n
    if mcounts[PORTER_NO]:
        out.append(TAKE_PORTERS)
    start = 0
    for kind, n in enumerate(hcounts):
        out.extend(_sell(tuple(hand[start : start + size])) for size in range(MIN_SELL[kind], n + 1))
        start += n
    return out


def exchanges(market: list[int], hand: list[int], mcounts: Counts, team: int) -> list[Exchange]:
    """Every distinct exchange (one representative per kind pattern), in the rules' order."""
    goods = market[: len(market) - mcounts[PORTER_NO]]  # porters sort last
    if len(goods) < 2:
        return []
    most_porters = min(team, HAND_LIMIT - len(hand))
    givable: dict[int, tuple[list[int], tuple[tuple[Positions, ...], ...]]] = {}
    out = []
    for tpos, banned in take_table(mcounts[:PORTER_NO]):
        take = tuple([goods[i] for i in tpos])
        size = len(tpos)
        if banned not in givable:  # the hand without the kinds taken, and its gives
            cards = [c for c in hand if not banned >> KIND_NO[c] & 1]
            givable[banned] = cards, give_table(counts(cards))
        cards, by_size = givable[banned]
        for n in range(max(0, size - most_porters), size + 1):
            for gpos in by_size[n]:
                out.append(_exchange(take, tuple([cards[i] for i in gpos]), size - n))
    return out


def legal_moves(market: tuple[int, ...], hand: tuple[int, ...], team: int) -> list[Action]:
    """Every distinct move for a seat holding `hand` with `team` porters, facing `market`."""
    market_sorted, hand_sorted = sorted(market), sorted(hand)
    mcounts, hcounts = counts(market_sorted), counts(hand_sorted)
    out = simple_moves(market_sorted, hand_sorted, mcounts, hcounts)
    out.extend(exchanges(market_sorted, hand_sorted, mcounts, team))
    return out
