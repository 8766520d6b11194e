"""The Hard Swap Meet Rival: the Hard level's pace, its own judgement of plans and one card trick.

It wakes, reads and "thinks" exactly as LEVELS["hard"] says (no faster than before); what changes
is what it does on the wake-ups it acts on, all from its view:
- it values contracts and slams with its own costs (contract-leaning, measured at `RIVAL`);
- with Tax Audit and a slam or bank plan, it first lists every card of its main type (listed cards
  are not loose), so the audit the Normal level would play anyway can only strip a foreign card:
  one foreign card left means the audit locks our slam; every rival's contract drops below the
  8 cards it needs either way.
Tried and dropped (no gain on seeds 10000–10199, 200 matches each, or worse): refusing swaps that
hand the offerer a type it has been collecting (33–36% vs 40%), never listing a collected type,
a one-step look-ahead over the other open offers (40% either way), keeping an offer that is still
all spare instead of re-listing (41% vs 45% on 100), crashing only what rivals collect, a longer
or shorter offer patience (37–39%), holding Tax Audit while the plan is the contract (39.5%).
The shield measured no change either (39.8% at shield_min 3, 4 or 5; 38.8% auditing from 5 s):
it is kept because it is a sound play a person would make and costs nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.swap_meet.actions import OpenOffer, TaxAudit
from rules.swap_meet.bots import TraderBot, plan
from rules.swap_meet.data import AUDIT
from rules.swap_meet.view import SeatView


@dataclass(frozen=True)
class Judgement:
    """The Rival's plan weights (replacing its level's card_cost and slam_cost)."""

    card_cost: float  # points lost per card still missing from the contract
    slam_cost: float  # the same for each foreign card in a slam plan
    shield_min: int  # cards of our main type before we shield them in an offer and audit
    audit_after: float  # seconds into the round before that (rival contracts need time to form)


# Hard vs three Normal, four seats, seeds 10000–10199 (win share of the Hard seat): the level's
# own weights (card 7, slam 9) won 33%; card 5 / slam 12 won 40%; card 6 / slam 11 37.5%;
# on 100 seeds card 3 or slam 16 or both lower (33–38%), card 10 or slam 6 28.5%.
RIVAL = Judgement(card_cost=5.0, slam_cost=12.0, shield_min=4, audit_after=15.0)


class RivalBot(TraderBot):
    """Hard: same reaction times as its level, contract-leaning plans, the shielded audit."""

    def __init__(self, level: str, seat: int, seed: int, judgement: Judgement = RIVAL) -> None:
        super().__init__(level, seat, seed)
        self.judgement = judgement
        self.params = replace(self.params, card_cost=judgement.card_cost, slam_cost=judgement.slam_cost)

    def steps(self) -> tuple[Any, ...]:
        """The shielded audit first, then the level's own steps."""
        return (self._finish, *super().steps())

    def _finish(self, view: SeatView, legal: Sequence[Any], counts: dict[str, int], now: float) -> Any:
        """List every card of our main type, then audit: the audit can only strip a foreign card."""
        kind = self._shielded(view, counts, now)
        if kind is None:
            return None
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
