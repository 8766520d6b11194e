"""Swap Meet bots: they read their view and the legal actions only, and wait human reaction times.

A bot values a hand by its best plan (contract, a slam of one type, or banking), takes a swap that
raises that value clearly (no marginal swaps), offers the cards its plan does not need (another
spare type, preferably one nobody else lists, when an offer sits untaken), and plays action cards
when they pay. Pace is human: a bot reads a fresh deal for a few seconds and lets most wake-ups
pass "thinking", so a person at the table has time to read offers and trade first.
Rival needs are inferred from public facts only: what rivals took in trades and what Inside
Trading showed this bot. The Hard level is `rival.RivalBot`: this trader with its own plan weights,
a shielded Tax Audit and a rollout search (search.py), at Normal's reaction times.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rules.rng import Rng
from rules.swap_meet.actions import (
    CashOut,
    Crash,
    HostileTakeover,
    OpenOffer,
    Peek,
    PinBank,
    Pull,
    Swap,
    TaxAudit,
)
from rules.swap_meet.data import (
    CONSOLATION_PER_CARD,
    CONTRACTS_BY_NAME,
    EXTRA_PENALTY,
    HAND_SIZE,
    RESOURCES,
    SLAM_MIN,
)
from rules.swap_meet.tally import Counts, counts_of
from rules.swap_meet.view import SeatView

# One plain line per level for the seat-setup screen.
LEVEL_NOTES: dict[str, str] = {
    "easy": "Trades slowly, takes only clear gains and plays its action card at random.",
    "normal": "Trades at a steady pace, pins its bank and crashes what rivals need.",
    "hard": "Trades at Normal's pace but plays each option's round out in its head first.",
}


# Seconds into a round before a trader plays Tax Audit or Market Crash (rival contracts and slams
# need time to form); Inside Trading it plays at once, Hostile Takeover once short of 8 resources.
AUDIT_AFTER, CRASH_AFTER = 15.0, 20.0


class Priced(Protocol):
    """What a plan is valued from: the contract and the market (a seat's view, or a guess at a
    rival's, inference.py)."""

    @property
    def recipe(self) -> tuple[tuple[str, int], ...]: ...

    @property
    def contract_base(self) -> int: ...

    @property
    def market(self) -> dict[str, float]: ...


def counts_after_swap(counts: dict[str, int], view: SeatView, swap: Swap) -> dict[str, int]:
    """This seat's resource counts once `swap` (a legal one) is made."""
    offer = view.offers[swap.target]
    assert offer is not None  # a legal swap targets a listed offer
    after = dict(counts)
    after[offer.kind] += offer.count
    after[swap.give] -= offer.count
    return after


@dataclass(frozen=True)
class Level:
    """How a bot level plays."""

    wake: tuple[float, float]  # seconds between decisions
    idle: float  # chance to let a decision pass ("thinking") at a 4-seat table
    read: float  # seconds spent reading a fresh deal before the first move of a round
    min_gain: float  # a swap must raise the plan value by more than this (no marginal swaps)
    patience: float  # seconds an untaken offer stays before the bot lists another spare type
    card_cost: float  # estimated points lost per card still to trade
    slam_cost: float  # the same for a slam (harder: nobody offers your type for free)
    pins: bool
    crash_rivals: bool


LEVELS: dict[str, Level] = {
    "easy": Level((1.4, 2.5), 0.85, 6.0, 4.0, 14.0, 9.0, 11.0, False, False),
    "normal": Level((1.0, 2.0), 0.8, 5.0, 4.0, 10.0, 8.0, 10.5, True, True),
    "hard": Level((1.0, 2.0), 0.8, 5.0, 4.0, 8.0, 7.0, 13.0, True, True),
}


def bank_value(counts: dict[str, int], market: dict[str, float]) -> tuple[float, str]:
    """Best consolation score and its type (the first type on a tie)."""
    total = sum(counts.values())
    best, best_score = RESOURCES[0], -math.inf
    for k in RESOURCES:  # plain loops: the rollouts ask this of about a million hands per match
        score = counts[k] * market[k] * CONSOLATION_PER_CARD - EXTRA_PENALTY * (total - counts[k])
        if score > best_score:
            best, best_score = k, score
    return best_score, best


def contract_value(counts: dict[str, int], view: Priced, cost: float) -> float:
    """Estimated contract score: its value now less the cost of the cards still missing."""
    recipe = view.recipe
    if sum(counts.values()) != sum(n for _, n in recipe):
        return -100.0  # unreachable by swaps (an audit or takeover changed the count)
    missing = sum(max(0, n - counts[k]) for k, n in recipe)
    mult = sum(view.market[k] for k, _ in recipe) / len(recipe)
    return view.contract_base * mult - cost * missing


def slam_value(counts: dict[str, int], view: Priced, cost: float) -> tuple[float, str]:
    """Best estimated slam (score + locker bonus less the foreign cards to trade away)."""
    total = sum(counts.values())
    if total < SLAM_MIN:
        return -100.0, RESOURCES[0]
    market = view.market
    best, best_score = RESOURCES[0], -math.inf
    for k in RESOURCES:
        score = total * market[k] * CONSOLATION_PER_CARD + 10 - cost * (total - counts[k])
        if score > best_score:
            best, best_score = k, score
    return best_score, best


# The plans of the last view and level asked (one wake-up's steps ask the same hands again and
# again: the hand now, each swap's hand); a view is a frozen value, so its plans never change.
_LAST: tuple[Any, Any, dict[Counts, tuple[float, str, str | None]]] = (None, None, {})


def plan(counts: dict[str, int], view: Priced, level: Level) -> tuple[float, str, str | None]:
    """(value, goal, slam type): the goal is "contract", "slam" or "bank" (the first on a tie)."""
    global _LAST
    last = _LAST
    if last[0] is not view or last[1] is not level:
        last = _LAST = (view, level, {})
    key = counts_of(counts)
    known = last[2].get(key)
    if known is None:
        known = last[2][key] = _plan(counts, view, level)
    return known


def _plan(counts: dict[str, int], view: Priced, level: Level) -> tuple[float, str, str | None]:
    slam_score, slam_type = slam_value(counts, view, level.slam_cost)
    best: tuple[float, str, str | None] = (contract_value(counts, view, level.card_cost), "contract", None)
    if slam_score > best[0]:
        best = (slam_score, "slam", slam_type)
    bank = bank_value(counts, view.market)[0]
    return (bank, "bank", None) if bank > best[0] else best


def needed_types(counts: dict[str, int], view: Priced, level: Level) -> set[str]:
    """Types the bot's current plan wants to keep."""
    _, goal, slam_type = plan(counts, view, level)
    if goal == "contract":
        return {k for k, _ in view.recipe}
    if goal == "slam":
        return {slam_type} if slam_type else set()
    return {bank_value(counts, view.market)[1]}


def surplus(counts: dict[str, int], view: Priced, level: Level) -> dict[str, int]:
    """Cards the plan does not need, per type."""
    _, goal, slam_type = plan(counts, view, level)
    if goal == "contract":
        needs = dict.fromkeys(RESOURCES, 0)
        needs.update(dict(view.recipe))
        return {k: max(0, counts[k] - needs[k]) for k in RESOURCES}
    keep = slam_type if goal == "slam" else bank_value(counts, view.market)[1]
    return {k: (0 if k == keep else counts[k]) for k in RESOURCES}


def rival_wants(view: SeatView) -> Counter[str]:
    """Public guesses at what rivals need: types they took in trades and peeked recipes."""
    wants: Counter[str] = Counter()
    for trade in view.trades:
        if trade.taker != view.seat:
            wants[trade.got] += trade.count
    for name in view.peeked.values():
        for kind, n in CONTRACTS_BY_NAME[name].recipe:
            wants[kind] += n
    return wants


def offer_kind(view: SeatView, spare: dict[str, int], avoid: str | None) -> str:
    """The spare type to list: one rivals are not already offering, publicly wanted, plentiful."""
    kinds = [k for k in RESOURCES if spare[k] and k != avoid] or [k for k in RESOURCES if spare[k]]
    glut = Counter(o.kind for o in view.offers if o is not None and o.seat != view.seat)
    wants = rival_wants(view)
    return max(kinds, key=lambda k: (-glut[k], wants[k], spare[k], -RESOURCES.index(k)))


class TraderBot:
    """A Swap Meet bot of one level with its own seeded rng."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}")
        self.level = level
        self.seat = seat
        self.params = LEVELS[level]
        self.rng = Rng.seeded(seed)
        self.seen: frozenset[int] = frozenset()
        self.listed: tuple[int, float] = (0, 0.0)  # own open offer id and when the bot first saw it

    def _roll(self) -> float:
        value, self.rng = self.rng.random()
        return value

    def idle(self, seats: int) -> float:
        """Chance to let a decision pass; scaled so the whole pit keeps the 4-seat pace at any size."""
        return max(0.0, 1.0 - (1.0 - self.params.idle) * 3 / (seats - 1))

    def wake_after(self, view: Any, now: float) -> float:
        """A human reaction time drawn from this bot's rng."""
        low, high = self.params.wake
        return low + (high - low) * self._roll()

    def choose(self, view: Any, legal: Sequence[Any], now: float = 0.0) -> Any | None:
        """The next action, or None to wait."""
        if view.phase != "trading" or not legal:
            return None
        noticed = self.notice(view.offers, view.seat, now)
        if CashOut() in legal:
            return CashOut()
        if now - view.round_start < self.params.read or self._roll() < self.idle(view.seats):
            return None
        return self.act(view, legal, noticed, now)

    def notice(self, offers: Sequence[Any], seat: int, now: float) -> frozenset[int]:
        """Look at the offers up now (each has `id`, or None); returns those seen the wake-up
        before (a swap needs a reaction time), and notes when our own offer went up."""
        noticed, self.seen = self.seen, frozenset(o.id for o in offers if o is not None)
        mine = offers[seat]
        if mine is not None and mine.id != self.listed[0]:
            self.listed = (mine.id, now)
        return noticed

    def act(self, view: Any, legal: Sequence[Any], noticed: frozenset[int], now: float) -> Any | None:
        """What to do on a wake-up the bot acts on: the first of its steps that acts."""
        counts = view.counts()
        legal = [a for a in legal if not isinstance(a, Swap) or a.offer in noticed]
        for step in self.steps():
            action = step(view, legal, counts, now)
            if action is not None:
                return action
        return None

    def steps(self) -> tuple[Any, ...]:
        """What the bot considers on a wake-up it acts on, in order; the first that acts wins."""
        return (self._swap, self._cards, self._pin, self._offer)

    def _swap(self, view: SeatView, legal: Sequence[Any], counts: dict[str, int], now: float) -> Any:
        """The legal swap that raises the plan value most, if any."""
        base = plan(counts, view, self.params)[0]
        best, best_gain = None, self.params.min_gain
        for action in legal:
            if not isinstance(action, Swap):
                continue
            after = counts_after_swap(counts, view, action)
            gain = plan(after, view, self.params)[0] - base
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def _cards(self, view: SeatView, legal: Sequence[Any], counts: dict[str, int], now: float) -> Any:
        """Play an action card when it pays."""
        elapsed = now - view.round_start
        kinds = {type(a) for a in legal}  # one pass (rollouts ask this on every acting wake-up)
        if Peek in kinds:
            peeks = [a for a in legal if isinstance(a, Peek)]
            leader = max(peeks, key=lambda a: (view.totals[a.target], -a.target))
            return leader if self.params.crash_rivals else peeks[int(self._roll() * len(peeks))]
        if Crash in kinds and elapsed > CRASH_AFTER:
            return self._crash(view, counts)
        if TaxAudit in kinds and elapsed > AUDIT_AFTER:  # a fieldless action equals every other of its type
            return TaxAudit()
        if HostileTakeover in kinds and sum(counts.values()) < HAND_SIZE:
            return HostileTakeover()
        return None

    def _crash(self, view: SeatView, counts: dict[str, int]) -> Crash:
        """Crash what rivals publicly need, or what this bot does not need."""
        mine = needed_types(counts, view, self.params)
        spare = [k for k in RESOURCES if k not in mine] or list(RESOURCES)
        if self.params.crash_rivals:
            wants = rival_wants(view)
            return Crash(max(spare, key=lambda k: (wants[k], view.market[k], -RESOURCES.index(k))))
        return Crash(spare[int(self._roll() * len(spare))])

    def _pin(self, view: SeatView, legal: Sequence[Any], counts: dict[str, int], now: float) -> Any:
        """Pin the best consolation type when the default is worse."""
        if not self.params.pins:
            return None
        best = bank_value(counts, view.market)[1]
        return PinBank(best) if best != view.bank and PinBank(best) in legal else None

    def _offer(self, view: SeatView, legal: Sequence[Any], counts: dict[str, int], now: float) -> Any:
        """Keep an offer of spare cards; list another spare type when nobody takes it."""
        spare = surplus(counts, view, self.params)
        assert view.seat is not None  # a bot's view is always a seat's
        mine = view.offers[view.seat]
        if not any(spare.values()):
            return Pull() if mine is not None else None
        stale = mine is not None and now - self.listed[1] >= self.params.patience
        kind = offer_kind(view, spare, mine.kind if stale and mine is not None else None)
        count = spare[kind]
        if mine is not None and mine.kind == kind and mine.count == count:
            return None
        action = OpenOffer(kind, count)
        return action if action in legal else None
