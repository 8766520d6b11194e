"""Bots at an online table: the same seat path and human reaction times as local play.

As in game/match/local.py, a bot that may act plans a move: it will decide `wake_after` seconds
from now (never under the driver's MIN_WAKE), from the view and legal actions it sees at that
moment, and the move is applied only when that beat is over and only if the rules still allow it
(in real time the table may have moved on; then it plans again). Turn-based bots are made fresh
for each decision from a seed derived from the log (rules/driver.py's `turn_bot`), so a room
resumed after a server restart plays on exactly. Deciding happens off the room's task (a worker
thread), so a Hard bot's half second of search never stalls other rooms.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from rules.contract import AnyGame, Bot
from rules.driver import MIN_WAKE, bot_seed, turn_bot


@dataclass
class Plan:
    """A move a bot is preparing."""

    seat: int
    due: float  # match seconds when it may be applied
    view: Any
    legal: list[Any]
    bot: Bot[Any, Any]
    decided: bool = False
    action: Any = None


class BotSeats:
    """The bots of one match and the moves they are preparing."""

    def __init__(self, game: AnyGame, seed: int) -> None:
        self.game, self.seed = game, seed
        self.bots: dict[int, Bot[Any, Any]] = {}
        self.levels: dict[int, str] = {}
        self.made: dict[int, int] = {}  # moves each seat has made (turn-based decision seeds)
        self.plans: dict[int, Plan] = {}

    def seat(self, seat: int, level: str) -> None:
        """A bot of `level` plays `seat` from now on."""
        self.bots[seat] = self.game.make_bot(level, seat, bot_seed(self.seed, seat))
        self.levels[seat] = level

    def moved(self, seat: int) -> None:
        """Count a move of `seat` (any move: a person's too, before a bot took the seat over)."""
        self.made[seat] = self.made.get(seat, 0) + 1

    def _bot(self, seat: int) -> Bot[Any, Any]:
        if self.game.realtime:
            return self.bots[seat]
        return cast("Bot[Any, Any]", turn_bot(self.game, self.levels[seat], self.seed, seat, self.made.get(seat, 0)))

    def drop(self, seat: int) -> None:
        """The seat's person is back: the stand-in stops (its pending move is dropped)."""
        self.bots.pop(seat, None)
        self.levels.pop(seat, None)
        self.plans.pop(seat, None)

    def plan(self, state: Any, now: float, seats: set[int]) -> list[Plan]:
        """New plans for bots among `seats` that may act and are not already preparing a move."""
        waiting = set(self.game.waiting(state))
        fresh = []
        for seat in sorted(seats & waiting & set(self.bots)):
            if seat in self.plans:
                continue
            view = self.game.view(state, seat)
            bot = self._bot(seat)
            beat = max(MIN_WAKE, bot.wake_after(view, now))
            plan = Plan(seat, now + beat, view, list(self.game.legal_actions(state, seat, now + beat)), bot)
            self.plans[seat] = plan
            fresh.append(plan)
        return fresh

    def decide(self, plan: Plan) -> None:
        """Run the bot (on a worker thread)."""
        plan.action = plan.bot.choose(plan.view, plan.legal, plan.due)
        plan.decided = True

    def ready(self, now: float) -> list[Plan]:
        """Plans whose beat is over and whose decision is made (removed from the pending set)."""
        out = [p for p in self.plans.values() if p.decided and p.due <= now]
        for p in out:
            del self.plans[p.seat]
        return out

    def next_due(self) -> float | None:
        """The earliest beat still running."""
        return min((p.due for p in self.plans.values()), default=None)
