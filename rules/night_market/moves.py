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

from collections.abc import Callable, Sequence
from functools import cache
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
Getter = Callable[[Sequence[int]], tuple[int, ...]]


def counts(cards: list[int]) -> Counts:
    """How many of each kind (by KIND_NO) among `cards`."""
    out = [0] * len(KINDS)
    for card in cards:
        out[KIND_NO[card]] += 1
    return tuple(out)


@cache  # positions are increasing indexes into a hand (7 cards) or a market: at most 2**7 = 128 getters
def _getter(positions: Positions) -> Getter:
    """The tuple of a list's items at `positions` (itemgetter, made to return a tuple always).

    One getter per positions, shared by every table: the tables hold ~170k references to getters
    but only 128 distinct ones, so building each anew cost 24 MB of the 33 MB of every table there
    is (tests/test_memory.py).
    """
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
    kind_at = [k for k, n in enumerate(have) for _ in range(n)]
    return [(p, sum(1 << k for k in {kind_at[i] for i in p})) for p in _picks(have, most)]


def _picks(have: Counts, most: int) -> list[Positions]:
    """The positions of every choice of at most `most` cards from a sorted list with counts `have`
    (a kind's chosen cards are its lowest), built kind by kind: every hand table at once in a
    third of the time of trying every count combination."""
    out: list[Positions] = [()]
    start = 0
    for n in have:
        if n:
            runs = [tuple(range(start, start + r)) for r in range(min(n, most) + 1)]
            out = [p + run for p in out for run in runs[: most - len(p) + 1]]
            start += n
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


Gives = tuple[tuple[Getter, ...], ...]  # by how many cards are given: the getters of those cards


# Keyed by the counts of a hand (at most 7 cards of 7 kinds): 3,432 entries, about 1 KB each with
# shared getters (3.6 MB for every hand there is, measured). `build_hand_tables` fills it at the
# first match, so a kiosk reaches that ceiling at its first Night Market table instead of
# creeping up over hours as rare hands come up (an 8-hour soak met 521 of them).
@cache
def hand_table(hand: Counts) -> tuple[tuple[Getter, ...], Gives]:
    """For a sorted hand with these counts: its sells (by kind, then size) and its gives.

    gives[n] lists, in the rules' order (lexicographically), the ways to give back `n` cards;
    an exchange of `size` cards paying at most `most` porters gives size - most .. size of them.
    """
    starts = _starts(hand)
    sells = tuple(
        _getter(tuple(range(starts[k], starts[k] + n)))
        for k, count in enumerate(hand)
        for n in range(MIN_SELL[k], count + 1)
    )
    by_count: list[list[Positions]] = [[] for _ in range(MARKET_SIZE + 1)]
    for positions in _picks(hand, MARKET_SIZE):
        by_count[len(positions)].append(positions)
    return sells, tuple(tuple(_getter(p) for p in sorted(group)) for group in by_count)


def every_hand(kinds: int = len(KINDS), most: int = HAND_LIMIT) -> list[Counts]:
    """The counts of every hand of at most `most` cards of `kinds` kinds (all of them: 3,432)."""
    if kinds == 0:
        return [()]
    return [(n, *rest) for n in range(most + 1) for rest in every_hand(kinds - 1, most - n)]


def build_hand_tables() -> None:
    """Build `hand_table` for every hand, once per process (~0.07 s): the rules' answers are the
    same either way, only when the memory is taken changes."""
    if hand_table.cache_info().currsize < HANDS:
        for hand in every_hand():
            hand_table(hand)


HANDS = 3432  # len(every_hand()): C(7 + 7, 7)
Givable = tuple[Getter | None, Gives]


# Keyed by the counts of a hand, as hand_table; its dict fills in as exchanges meet masks. Left to
# fill lazily: an entry is two shared references (~100 bytes; 5 MB for all 48,639 there are), and
# an 8-hour soak meets ~1,500 of them.
@cache
def givable_rows(hand: Counts) -> tuple[int, dict[int, Givable]]:
    """For a sorted hand with these counts: the mask of kinds it holds, and (filled by `givable`)
    per mask of those kinds, what the hand can give when an exchange takes those kinds."""
    return sum(1 << k for k, n in enumerate(hand) if n), {}


def givable(hand: Counts, banned: int) -> Givable:
    """The cards of a sorted hand (counts `hand`) not of the `banned` kinds (a getter of them;
    None: the whole hand) and their gives, hand_table's. `banned` holds only kinds of the hand,
    so a hand keeps at most 2**kinds entries."""
    kept = tuple(0 if banned >> k & 1 else n for k, n in enumerate(hand))
    starts = _starts(hand)
    positions = tuple(starts[k] + r for k, n in enumerate(kept) for r in range(n))
    found = (_getter(positions) if banned else None), hand_table(kept)[1]
    givable_rows(hand)[1][banned] = found
    return found


_new = object.__new__


def exchanges(
    out: list[Action], goods: list[int], takes: tuple[Any, ...], hand: list[int], have: Counts, team: int
) -> None:
    """Append every distinct exchange (one representative per kind pattern) to `out`, in the rules' order.

    `goods` are the market's goods, sorted; `takes` their table row; `hand` sorted, with counts `have`.
    Exchange's frozen __init__ pays an object.__setattr__ per field, and exchanges are most of the
    legal list; these are well-formed by construction, so the loop fills the instance dict
    directly (inline: a helper's call would cost as much again): the same value (eq, hash, repr).
    """
    most = min(team, HAND_LIMIT - len(hand))
    if most < 0:
        return
    present, known = givable_rows(have)
    seen: dict[int, tuple[tuple[int, ...] | list[int], tuple[Any, ...]]] = {}
    append = out.append
    for get_take, size, banned in takes:
        banned &= present
        if banned not in seen:  # the hand without the kinds taken, and its gives
            pick, gives = known.get(banned) or givable(have, banned)
            seen[banned] = (pick(hand) if pick else hand), gives
        cards, gives = seen[banned]
        take = get_take(goods)
        for given in range(size - (most if most < size else size), size + 1):  # the rules' order
            porters = size - given
            for get in gives[given]:
                action = _new(Exchange)
                fields = action.__dict__
                fields["take"] = take
                fields["give"] = get(cards)
                fields["porters"] = porters
                append(action)


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
    hcounts = counts(hand_sorted)
    for get in hand_table(hcounts)[0]:
        action = _new(Sell)  # as in exchanges: the instance dict filled directly
        action.__dict__["cards"] = get(hand_sorted)
        out.append(action)
    if takes:
        goods = market_sorted[: len(market) - mcounts[PORTER_NO]]  # porters sort last
        exchanges(out, goods, takes, hand_sorted, hcounts, team)
    return out
