"""The Hard Swap Meet Rival: Normal's reaction times, the Hard heuristics, and a round search.

It wakes, reads a fresh deal and lets wake-ups pass "thinking" exactly as Normal does (issue 12:
Hard may win by better play, never by acting more often). On every wake-up it notes the table (its
deal, rivals' listings: inference.Notes); on a wake-up it acts on it short-lists
candidates — its heuristic pick, waiting, the noticed swaps by plan gain, card plays, offers of
spare types (all of a type, or two) — and rolls each out in worlds sampled from its own view
(search.py). It plays another candidate than the heuristic pick only when that one wins in the
same worlds by half a standard error. Cash out stays instant, as for every level.
The heuristics, also its own seat's policy inside rollouts:
- with Tax Audit and a slam or bank plan, it first lists every card of its main type (listed cards
  are not loose), so the audit can only strip a foreign card: one foreign card left means the
  audit locks our slam; every rival's contract drops below the 8 cards it needs either way.
- on a wake-up with nothing else to do it gathers: a swap that costs the plan nothing and leaves
  fewer, bigger types (_gather).
How strong it is and the runs that chose each piece: docs/bots.md (Swap Meet Hard).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.swap_meet.actions import Crash, HostileTakeover, OpenOffer, Peek, Swap, TaxAudit
from rules.swap_meet.bot import inference, normal
from rules.swap_meet.bot.levels import TraderBot, counts_after_swap, plan, surplus
from rules.swap_meet.bot.notes import Notes
from rules.swap_meet.bot.search import BUDGET, Budget, screened
from rules.swap_meet.data import AUDIT
from rules.swap_meet.view import SeatView


@dataclass(frozen=True)
class Judgement:
    """When the Rival shields its main type and audits."""

    shield_min: int  # cards of our main type before we shield them in an offer and audit
    audit_after: float  # seconds into the round before that (rival contracts need time to form)


# 15 s is when the Normal level audits; the other values tried are in docs/bots.md.
RIVAL = Judgement(shield_min=4, audit_after=15.0)
_CARD_PLAYS = frozenset({Crash, Peek, TaxAudit, HostileTakeover})  # the actions that play a card


class RivalBot(TraderBot):
    """Hard: Normal's reaction times; on a wake-up it acts on, it rolls its options out."""

    def __init__(self, level: str, seat: int, seed: int, judgement: Judgement = RIVAL,
                 budget: Budget | None = BUDGET) -> None:
        super().__init__(level, seat, seed)
        self.judgement = judgement
        self.budget = budget
        self.thought = 0  # decisions searched so far (salts the search rng)
        self.notes = Notes()  # what it saw of this round between decisions (inference.py)

    def choose(self, view: Any, legal: Sequence[Any], now: float = 0.0) -> Any | None:
        """Note the table (its own deal, rivals' listings), then decide as every level does."""
        if self.budget is not None and isinstance(view, SeatView):
            notes = self.notes.seen(view)
            if notes.round_no != self.notes.round_no:
                normal.forget()  # what the inference cached was last round's
            self.notes = notes
        return super().choose(view, legal, now)

    def steps(self) -> tuple[Any, ...]:
        """The search over candidates, or (in rollouts and without a budget) the heuristics."""
        return (self._search,) if self.budget is not None else self.heuristics()

    def heuristics(self) -> tuple[Any, ...]:
        """The shielded audit first, then the level's own steps, then gathering the hand."""
        return (self._finish, *super().steps(), self._gather)

    def _cards(self, view: SeatView, legal: Sequence[Any], counts: dict[str, int], now: float) -> Any:
        """Normal's card plays less two that cost the Rival a wake-up or its round: a peek (the
        heuristics cannot use what it shows; the search peeks when waiting wins) and a Tax Audit
        while its own plan is the contract (the audit leaves every hand at 7 cards, its own too)."""
        if not _CARD_PLAYS & {type(a) for a in legal}:
            return None  # no card to play (most wake-ups): Normal's steps would find none either
        contract = plan(counts, view, self.params)[1] == "contract"
        kept = [a for a in legal if not isinstance(a, Peek) and not (contract and isinstance(a, TaxAudit))]
        return super()._cards(view, kept, counts, now)

    def _search(self, view: SeatView, legal: Sequence[Any], counts: dict[str, int], now: float) -> Any:
        """The candidate with the best mean standing after rolled-out rounds (None: wait)."""
        assert self.budget is not None
        belief = inference.belief(view, self.notes)
        options = self.candidates(view, legal, counts, now, belief)
        if len(options) == 1:
            return options[0]
        self.thought += 1
        rng = self.rng.fork(self.thought)
        choice = options[screened(view, options, now, rng, _rollout_self, self.budget, belief)]
        # a rollout cannot value what a peek teaches, so it scores one as waiting: when waiting
        # wins, the peek is free (Inside Trading does nothing else)
        return _peek(legal, belief) if choice is None else choice

    def candidates(self, view: SeatView, legal: Sequence[Any], counts: dict[str, int], now: float,
                   belief: inference.Belief) -> list[Any]:
        """The heuristic pick, waiting, then swaps by plan gain, card plays and offers."""
        assert self.budget is not None
        pick = next((a for a in (step(view, legal, counts, now) for step in self.heuristics())
                     if a is not None), None)
        if isinstance(pick, Peek):
            pick = _peek(legal, belief)
        swaps = sorted((a for a in legal if isinstance(a, Swap)),
                       key=lambda a: -plan(counts_after_swap(counts, view, a), view, self.params)[0])
        cards = [a for a in legal if isinstance(a, (Crash, TaxAudit, HostileTakeover))]
        peek = _peek(legal, belief)
        spare = surplus(counts, view, self.params)
        offers = [OpenOffer(k, c) for k, n in spare.items() for c in sorted({n, min(n, 2)}, reverse=True)
                  if n and OpenOffer(k, c) in legal]
        out: list[Any] = []  # (most decisions have 3-9; a few up to 11, cut at the budget)
        for action in [pick, None, *swaps[:3], peek, *cards, *offers, *swaps[3:]]:
            if action not in out and (action is None or action in legal):
                out.append(action)
        return out[: self.budget.candidates]

    def _gather(self, view: SeatView, legal: Sequence[Any], counts: dict[str, int], now: float) -> Any:
        """On a wake-up with nothing else to do (the offer already up): a swap that costs the plan
        nothing and leaves the hand in fewer, bigger types. Bigger piles can pay for bigger offers,
        list bigger offers of their own, and bank better if the round locks first."""
        base = plan(counts, view, self.params)[0]
        spread = _spread(counts)
        best, best_score = None, 0.0
        for action in legal:
            if not isinstance(action, Swap):
                continue
            after = counts_after_swap(counts, view, action)
            gain = plan(after, view, self.params)[0] - base
            score = gain + _spread(after) - spread
            if gain >= 0 and score > best_score:
                best, best_score = action, score
        return best

    def _finish(self, view: SeatView, legal: Sequence[Any], counts: dict[str, int], now: float) -> Any:
        """List every card of our main type, then audit: the audit can only strip a foreign card."""
        kind = self._shielded(view, counts, now)
        if kind is None:
            return None
        assert view.seat is not None  # a bot's view is always a seat's
        mine = view.offers[view.seat]
        if mine is not None and (mine.kind, mine.count) == (kind, counts[kind]):
            return TaxAudit() if TaxAudit() in legal else None
        action = OpenOffer(kind, counts[kind])
        return action if action in legal else None

    def _shielded(self, view: SeatView, counts: dict[str, int], now: float) -> str | None:
        """The type to shield before our audit: we hold Tax Audit, the plan is a slam or banking
        (not the contract, which the audit would put out of reach) and we hold at least
        `shield_min` of our main type."""
        if AUDIT not in {kind for _, kind in view.hand}:
            return None
        if now - view.round_start < self.judgement.audit_after:
            return None
        _, goal, kind = plan(counts, view, self.params)
        if goal == "contract":
            return None
        main = kind if goal == "slam" and kind is not None else max(counts, key=lambda k: counts[k])
        return main if counts[main] >= self.judgement.shield_min else None


def _peek(legal: Sequence[Any], belief: inference.Belief) -> Peek | None:
    """The legal peek at the rival whose contract our belief is least sure of (None: no peek)."""
    sure = {rival.seat: inference.certainty(rival) for rival in belief.rivals}
    peeks = [a for a in legal if isinstance(a, Peek)]
    return min(peeks, key=lambda a: (sure.get(a.target, 1.0), a.target), default=None)


def _spread(counts: dict[str, int]) -> int:
    """How gathered a hand is: the sum of squared type counts (8 of one type scores 64)."""
    return sum(n * n for n in counts.values())


def _rollout_self(seat: int, seed: int) -> RivalBot:
    """Our own seat in a rollout: the Hard heuristics without a search of their own."""
    return RivalBot("hard", seat, seed, budget=None)
