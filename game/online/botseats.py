"""Bots at an online table: the same seat path and human reaction times as local play.

As in game/session.py, a bot that may act plans a move: it will decide `wake_after` seconds from
now (never under 50 ms), from the view and legal actions it sees at that moment, and the move is
applied only when that beat is over and only if the rules still allow it (in real time the table
may have moved on; then it plans again). Deciding happens off the room's task (a worker thread),
so a Hard bot's half second of search never stalls other rooms.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.contract import Bot, Game
from rules.driver import MIN_WAKE, bot_seed, turn_bot


@dataclass
class Plan:
    """A move a bot is preparing."""

    seat: int
    due: float  # match seconds when it may be applied
    view: Any
    legal: list[Any]
    decided: bool = False
    action: Any = None


class BotSeats:
    """The bots of one match and the moves they are preparing."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game, self.seed = game, seed
        self.bots: dict[int, Bot] = {}
        self.levels: dict[int, str] = {}
        self.plans: dict[int, Plan] = {}

    def seat(self, seat: int, level: str) -> None:
        """A bot of `level` plays `seat` from now on."""
        self.bots[seat] = self.game.make_bot(level, seat, bot_seed(self.seed, seat))
        self.levels[seat] = level

    def drop(self, seat: int) -> None:
        """The seat's person is back: the stand-in stops (its pending move is dropped)."""
        self.bots.pop(seat, None)
        self.levels.pop(seat, None)
        self.plans.pop(seat, None)

    def plan(self, state: Any, now: float, seats: set[int], log: list[list[Any]] | None = None) -> list[Plan]:
        """New plans for bots among `seats` that may act and are not already preparing a move.

        Turn-based bots decide with a fresh bot seeded from the log (rules.driver.turn_bot), as
        autoplay and local play do, so a room resumed from its log plays on exactly."""
        waiting = set(self.game.waiting(state))
        fresh = []
        for seat in sorted(seats & waiting & set(self.bots)):
            if seat in self.plans:
                continue
            if not self.game.realtime:
                made = sum(1 for entry in log or () if entry[1] == seat)
                self.bots[seat] = turn_bot(self.game, self.levels[seat], self.seed, seat, made)
            view = self.game.view(state, seat)
            beat = max(MIN_WAKE, self.bots[seat].wake_after(view, now))
            plan = Plan(seat, now + beat, view, list(self.game.legal_actions(state, seat, now + beat)))
            self.plans[seat] = plan
            fresh.append(plan)
        return fresh

    def decide(self, plan: Plan) -> None:
        """Run the bot (on a worker thread)."""
        plan.action = self.bots[plan.seat].choose(plan.view, plan.legal, plan.due)
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
