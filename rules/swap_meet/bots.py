"""Swap Meet bots: they read their view and the legal actions only, and wait human reaction times.

A bot values a hand by its best plan (contract, a slam of one type, or banking), takes a swap that
raises that value, offers the cards its plan does not need, and plays action cards when they pay.
Rival needs are inferred from public facts only: what rivals took in trades and what Inside
Trading showed this bot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

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
    OFFER_LIMIT,
    RESOURCES,
    SLAM_MIN,
)
from rules.swap_meet.view import SeatView


@dataclass(frozen=True)
class Level:
    """How a bot level plays."""

    wake: tuple[float, float]  # seconds between decisions
    idle: float  # chance to let a decision pass
    card_cost: float  # estimated points lost per card still to trade
    slam_cost: float  # the same for a slam (harder: nobody offers your type for free)
    pins: bool
    crash_rivals: bool


LEVELS: dict[str, Level] = {
    "easy": Level((1.4, 2.5), 0.55, 9.0, 11.0, False, False),
    "normal": Level((1.0, 2.0), 0.45, 8.0, 9.5, True, True),
    "hard": Level((0.7, 1.4), 0.4, 7.0, 8.5, True, True),
}


def bank_value(counts: dict[str, int], market: dict[str, float]) -> tuple[float, str]:
    """Best consolation score and its type."""
    total = sum(counts.values())
    scores = {k: counts[k] * market[k] * CONSOLATION_PER_CARD - EXTRA_PENALTY * (total - counts[k])
              for k in RESOURCES}
    best = max(RESOURCES, key=lambda k: scores[k])
    return scores[best], best


def contract_value(counts: dict[str, int], view: SeatView, cost: float) -> float:
    """Estimated contract score: its value now less the cost of the cards still missing."""
    needs = dict.fromkeys(RESOURCES, 0)
    needs.update(dict(view.recipe))
    if sum(counts.values()) != sum(needs.values()):
        return -100.0  # unreachable by swaps (an audit or takeover changed the count)
    missing = sum(max(0, needs[k] - counts[k]) for k in RESOURCES)
    mult = sum(view.market[k] for k, _ in view.recipe) / len(view.recipe)
    return view.contract_base * mult - cost * missing


def slam_value(counts: dict[str, int], view: SeatView, cost: float) -> tuple[float, str]:
    """Best estimated slam (score + locker bonus less the foreign cards to trade away)."""
    total = sum(counts.values())
    if total < SLAM_MIN:
        return -100.0, RESOURCES[0]
    scores = {k: total * view.market[k] * CONSOLATION_PER_CARD + 10 - cost * (total - counts[k])
              for k in RESOURCES}
    best = max(RESOURCES, key=lambda k: scores[k])
    return scores[best], best


def plan(counts: dict[str, int], view: SeatView, level: Level) -> tuple[float, str, str | None]:
    """(value, goal, slam type): the goal is "contract", "slam" or "bank"."""
    slam_score, slam_type = slam_value(counts, view, level.slam_cost)
    options = [
        (contract_value(counts, view, level.card_cost), "contract", None),
        (slam_score, "slam", slam_type),
        (bank_value(counts, view.market)[0], "bank", None),
    ]
    return max(options, key=lambda o: o[0])


def my_counts(view: SeatView) -> dict[str, int]:
    """Resource counts of the bot's own hand."""
    counts = dict.fromkeys(RESOURCES, 0)
    for _, kind in view.hand:
        if kind in counts:
            counts[kind] += 1
    return counts


def needed_types(counts: dict[str, int], view: SeatView, level: Level) -> set[str]:
    """Types the bot's current plan wants to keep."""
    _, goal, slam_type = plan(counts, view, level)
    if goal == "contract":
        return {k for k, _ in view.recipe}
    if goal == "slam":
        return {slam_type} if slam_type else set()
    return {bank_value(counts, view.market)[1]}


def surplus(counts: dict[str, int], view: SeatView, level: Level) -> dict[str, int]:
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

    def _roll(self) -> float:
        value, self.rng = self.rng.random()
        return value

    def wake_after(self, view: Any, now: float) -> float:
        """A human reaction time drawn from this bot's rng."""
        low, high = self.params.wake
        return low + (high - low) * self._roll()

    def choose(self, view: Any, legal: Sequence[Any], now: float = 0.0) -> Any | None:
        """The next action, or None to wait."""
        if view.phase != "trading" or not legal:
            return None
        noticed, self.seen = self.seen, frozenset(o.id for o in view.offers if o is not None)
        if CashOut() in legal:
            return CashOut()
        if self._roll() < self.params.idle:
            return None
        counts = my_counts(view)
        legal = [a for a in legal if not isinstance(a, Swap) or a.offer in noticed]
        for step in (self._swap, self._cards, self._pin, self._offer):
            action = step(view, legal, counts, now)
            if action is not None:
                return action
        return None

    def _swap(self, view: SeatView, legal: Sequence[Any], counts: dict[str, int], now: float) -> Any:
        """The legal swap that raises the plan value most, if any."""
        base = plan(counts, view, self.params)[0]
        best, best_gain = None, 4.0
        for action in legal:
            if not isinstance(action, Swap):
                continue
            offer = view.offers[action.target]
            after = dict(counts)
            after[offer.kind] += offer.count
            after[action.give] -= offer.count
            gain = plan(after, view, self.params)[0] - base
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def _cards(self, view: SeatView, legal: Sequence[Any], counts: dict[str, int], now: float) -> Any:
        """Play an action card when it pays."""
        elapsed = now - view.round_start
        peeks = [a for a in legal if isinstance(a, Peek)]
        if peeks:
            leader = max(peeks, key=lambda a: (view.totals[a.target], -a.target))
            return leader if self.params.crash_rivals else peeks[int(self._roll() * len(peeks))]
        crashes = [a for a in legal if isinstance(a, Crash)]
        if crashes and elapsed > 20:
            return self._crash(view, counts)
        if TaxAudit() in legal and elapsed > 15:
            return TaxAudit()
        if HostileTakeover() in legal and sum(counts.values()) < HAND_SIZE:
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
        """Keep an offer of the cards the plan does not need."""
        spare = surplus(counts, view, self.params)
        mine = view.offers[view.seat]
        if not any(spare.values()):
            return Pull() if mine is not None else None
        kind = max(RESOURCES, key=lambda k: (spare[k], -RESOURCES.index(k)))
        count = min(spare[kind], OFFER_LIMIT)
        if mine is not None and mine.kind == kind and mine.count == count:
            return None
        action = OpenOffer(kind, count)
        return action if action in legal else None
