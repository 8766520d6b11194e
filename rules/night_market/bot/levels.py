"""The Rival at three levels. Bots see only a view, the legal actions and their own Rng.

Easy is a simple greedy seller; Normal scores every legal move one ply ahead (sale value with
expected bonus, what the goods in hand will fetch, porters and the Porter token, and how much the
market it leaves would feed the opponent); Hard searches (see search.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rules.night_market.actions import Action, Sell, Take, TakePorters
from rules.night_market.bot.heuristics import bonus_of, normal_choice, piles_of, sale_value
from rules.night_market.bot.search import hard_choice
from rules.night_market.data import CARD_KIND, HAND_LIMIT, PRECIOUS
from rules.night_market.view import View
from rules.rng import Rng

VISIBLE_BEAT = 0.8
# One plain line per level for the seat-setup screen.
LEVEL_NOTES: dict[str, str] = {
    "easy": "Sells any set of three or a precious pair, else grabs the richest good.",
    "normal": "Weighs every move one turn ahead: coins, bonuses, porters and what it leaves you.",
    "hard": "Plays its best moves out in many possible futures before it chooses.",
}


def easy_choice(view: View, legal: Sequence[Action], rng: Rng) -> tuple[Action, Rng]:
    """Sell sets and precious pairs, otherwise take the richest good, otherwise porters."""
    piles, bonus = piles_of(view), bonus_of(view)
    sells = [a for a in legal if isinstance(a, Sell)]

    def sell_score(a: Sell) -> float:
        kind = CARD_KIND[a.cards[0]]
        return sale_value(kind, len(a.cards), piles[kind], bonus)

    best_sell = max(sells, key=sell_score, default=None)
    if best_sell is not None:
        kind = CARD_KIND[best_sell.cards[0]]
        if len(best_sell.cards) >= 3 or kind in PRECIOUS or len(view.hand) >= HAND_LIMIT:
            return best_sell, rng
    takes = [a for a in legal if isinstance(a, Take)]
    if takes:
        top = max(_top(piles, CARD_KIND[a.card]) for a in takes)
        return rng.choice([a for a in takes if _top(piles, CARD_KIND[a.card]) == top])
    porters = [a for a in legal if isinstance(a, TakePorters)]
    if porters:
        return porters[0], rng
    if best_sell is not None:
        return best_sell, rng
    return rng.choice(list(legal))


def _top(piles: dict[str, tuple[int, ...]], kind: str) -> int:
    pile = piles[kind]
    return pile[0] if pile else 0


Policy = Callable[[View, Sequence[Action], Rng], tuple[Action, Rng]]


class Rival:
    """A bot: a policy over (view, legal actions, own rng)."""

    def __init__(self, level: str, seat: int, seed: int, policy: Policy) -> None:
        self.level = level
        self.seat = seat
        self.rng = Rng.seeded(seed)
        self._policy = policy

    def choose(self, view: Any, legal: Sequence[Any], now: float = 0.0) -> Any | None:
        """The chosen move (None when there is nothing to do)."""
        if not legal:
            return None
        action, self.rng = self._policy(view, legal, self.rng)
        return action

    def wake_after(self, view: Any, now: float) -> float:
        """A visible beat before moving, so a person can follow."""
        return VISIBLE_BEAT


def make_bot(level: str, seat: int, seed: int) -> Rival:
    """A Rival at "easy", "normal" or "hard"."""
    policies: dict[str, Policy] = {"easy": easy_choice, "normal": normal_choice, "hard": hard_choice}
    if level not in policies:
        raise ValueError(f"unknown Night Market bot level {level!r}; choose easy, normal or hard")
    return Rival(level, seat, seed, policies[level])
