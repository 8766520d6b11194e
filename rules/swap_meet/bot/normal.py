"""The Normal trader's choices (bots.TraderBot) as tests a hypothesis can pass: given a rival's
counts, contract and what it saw, what would a Normal trader list, take, crash, or do next?
Plan values are cached: the inference weighs every hypothesis again at every decision, over the
same few tables.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from rules.swap_meet.bot.levels import LEVELS, needed_types, plan, surplus
from rules.swap_meet.bot.notes import Sighting
from rules.swap_meet.data import CONTRACTS_BY_NAME, RESOURCES
from rules.swap_meet.tally import Counts, add, as_dict, counts_of, delta

NORMAL = LEVELS["normal"]
TIE = 0.5  # plan points within which two swaps count as equally good (either may be taken)


@dataclass(frozen=True)
class Guess:
    """A rival's contract and the market it saw, as `bots.plan` reads them (a `Priced`)."""

    recipe: tuple[tuple[str, int], ...]
    contract_base: int
    market: dict[str, float]


def guess(contract: str, market: dict[str, float]) -> Guess:
    card = CONTRACTS_BY_NAME[contract]
    return Guess(card.recipe, card.base, market)


@lru_cache(maxsize=1 << 15)
def plan_value(counts: Counts, contract: str, market: tuple[float, ...]) -> float:
    """A Normal trader's plan value of these counts (bots.plan), cached: every hypothesis is
    weighed again at every decision, over the same few tables."""
    return plan(as_dict(counts), guess(contract, dict(zip(RESOURCES, market, strict=True))), NORMAL)[0]


@lru_cache(maxsize=1 << 15)
def spare_of(counts: Counts, contract: str, market: tuple[float, ...]) -> Counts:
    """The cards a Normal trader with these counts and contract would offer, per type (bots.surplus)."""
    pv = guess(contract, dict(zip(RESOURCES, market, strict=True)))
    return counts_of(surplus(as_dict(counts), pv, NORMAL))


def best_gain(counts: Counts, contract: str, market: tuple[float, ...],
               offers: tuple[tuple[str, int], ...]) -> float:
    """The most a swap for one of `offers` (kind, count) would raise the plan, over every type
    these counts could pay with (-inf when none can be paid for)."""
    base = plan_value(counts, contract, market)
    best = -math.inf
    for kind, n in offers:
        for i, give in enumerate(RESOURCES):
            if give != kind and counts[i] >= n:
                after = add(counts, add(delta(kind, n), delta(give, -n)))
                best = max(best, plan_value(after, contract, market) - base)
    return best


def offer_picks(spare: Counts, glut: tuple[int, ...], wants: tuple[int, ...], played: bool,
           avoid: str | None) -> set[str]:
    """The type(s) `bots.offer_kind` may list from `spare`: the one fewest others list, then the
    one rivals took most, then the biggest (after a Peek, a recipe we cannot see may break the
    ties, so every least-listed type)."""
    held = [i for i in range(len(RESOURCES)) if spare[i]]
    kinds = [i for i in held if RESOURCES[i] != avoid] or held
    if played:
        least = min(glut[i] for i in kinds)
        return {RESOURCES[i] for i in kinds if glut[i] == least}
    return {RESOURCES[max(kinds, key=lambda i: (-glut[i], wants[i], spare[i], -i))]}


def lists_offer(counts: Counts, contract: str, sighting: Sighting) -> bool:
    """Would a Normal trader with these counts and contract list exactly this offer (all its
    spare cards of the type `bots.offer_kind` picks, with or without avoiding its last type)?"""
    spare = spare_of(counts, contract, sighting.market)
    if spare[RESOURCES.index(sighting.kind)] != sighting.count:
        return False
    kinds = set()
    for avoid in {None, sighting.previous}:
        kinds |= offer_picks(spare, sighting.glut, sighting.wants, sighting.played, avoid)
    # and a clear gain among the offers it had seen would have been swapped for, not listed past
    return sighting.kind in kinds and \
        best_gain(counts, contract, sighting.market, sighting.passed) <= NORMAL.min_gain


def takes_swap(before: Counts, after: Counts, contract: str, market: tuple[float, ...],
           seen: tuple[tuple[str, int], ...]) -> bool:
    """Would a Normal trader take a swap from `before` to `after`: a clear gain, and none of the
    swaps it could make for the offers it had `seen` (the taken one included) a clearly bigger one?"""
    gain = plan_value(after, contract, market) - plan_value(before, contract, market)
    return gain > NORMAL.min_gain and best_gain(before, contract, market, seen) <= gain + TIE


@lru_cache(maxsize=1 << 15)
def would_move(counts: Counts, contract: str, market: tuple[float, ...], seen: tuple[tuple[str, int], ...],
              own: tuple[str, int] | None, glut: tuple[int, ...], wants: tuple[int, ...],
              stale: tuple[bool, ...], played: bool) -> bool:
    """Would a Normal trader with these counts and contract make a move the table shows on its
    next acting wake-up: swap for an offer it has `seen`, or list, relist or pull its `own`? With
    every staleness in `stale` (the age of its offer is known only to a second or two)."""
    if best_gain(counts, contract, market, seen) > NORMAL.min_gain:
        return True
    spare = spare_of(counts, contract, market)
    if not any(spare):
        return own is not None
    if own is None:
        return True
    return all(own[0] not in offer_picks(spare, glut, wants, played, own[0] if old else None)
               or own[1] != spare[RESOURCES.index(own[0])] for old in stale)


@lru_cache(maxsize=1 << 15)
def crash_pick(counts: Counts, contract: str, market: tuple[float, ...], wants: tuple[int, ...]) -> str:
    """The type a Normal trader crashes: the most wanted by others of those its plan does not need
    (it holds no other action card, so it peeked at nobody)."""
    mine = needed_types(as_dict(counts), guess(contract, dict(zip(RESOURCES, market, strict=True))), NORMAL)
    spare = [i for i, k in enumerate(RESOURCES) if k not in mine] or list(range(len(RESOURCES)))
    return RESOURCES[max(spare, key=lambda i: (wants[i], market[i], -i))]


def forget() -> None:
    """Empty the caches: their tables are one round's, so the Rival clears them every round (a
    kiosk plays for hours; memory stays at one round's worth, a few MB at most)."""
    for cached in (plan_value, spare_of, would_move, crash_pick):
        cached.cache_clear()
