"""Bots play whole matches with no display: autoplay, balance simulations and benchmarks.

The third door onto the referee (rules/referee.py), on a simulated clock, pacing the bots exactly
as a table and the relay do: the referee's bot plans (`plan_bots`, `BotPlans.decide`, `bot_moves`).
The clock jumps straight to the next beat that is due, so a 90-second round takes milliseconds; with
no beat running (a round's summary) it steps by `IDLE_STEP`, the relay's tick. Only views and legal
actions reach the bots. The rules never read a clock: callers that want think times and match
durations pass a `timer` (autoplay and bench pass time.perf_counter). A match's result is its
record (rules/record.py), plus the numbers autoplay prints.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.contract import AnyGame, Event, MatchConfig, Outcome, SeatConfig
from rules.record import MatchRecord
from rules.referee import BotPlans, Plan, Referee

IDLE_STEP = 0.1  # match seconds the clock moves when no bot is preparing a move (the relay's tick)


def _no_clock() -> float:
    """Without a timer nothing is timed: the rules never read a clock."""
    return 0.0


@dataclass
class BotMatch:
    """What one bot-played match produced: its record, its final state and how long it took."""

    record: MatchRecord
    final_state: Any = None
    actions: int = 0
    seconds: float = 0.0
    think_seconds: list[float] = field(default_factory=list)
    think_by_seat: dict[int, list[float]] = field(default_factory=dict)
    timer: Callable[[], float] = field(default=_no_clock, repr=False)

    @property
    def seed(self) -> int:
        """The match's seed."""
        return self.record.seed

    @property
    def outcome(self) -> Outcome | None:
        """How it ended."""
        return self.record.outcome

    def summary(self) -> dict[str, Any]:
        """One JSON-ready line for the autoplay command."""
        assert self.outcome is not None
        winners = list(self.outcome.winners)
        return {
            "seed": self.seed,
            "winner": winners[0] if len(winners) == 1 else winners,
            "scores": [round(s, 2) for s in self.outcome.scores],
            "actions": self.actions,
            "seconds": round(self.seconds, 3),
        }


class StuckMatch(RuntimeError):
    """A match exceeded its action budget: a rules or bot bug, never a normal end."""


def seat_config(levels: Sequence[str]) -> MatchConfig:
    """A config where every seat is a bot of the given level."""
    return MatchConfig(tuple(SeatConfig(f"Bot {i + 1}", lvl) for i, lvl in enumerate(levels)))


def play_match(
    game: AnyGame,
    seed: int,
    levels: Sequence[str],
    options: dict[str, Any] | None = None,
    max_actions: int = 20000,
    on_event: Callable[[Event], None] | None = None,
    timer: Callable[[], float] | None = None,
) -> BotMatch:
    """Bots at `levels` (one per seat) play a whole match from `seed` (timed only with a `timer`)."""
    config = seat_config(levels)
    if options:
        config = MatchConfig(config.seats, dict(options))
    referee = Referee(game, config, seed)
    played = BotMatch(referee.record(), timer=timer or _no_clock)
    heard = _Heard(referee, on_event)
    heard()
    started = played.timer()
    _play(referee, played, max_actions, heard)
    played.seconds = played.timer() - started
    played.record, played.final_state = referee.record(), referee.state
    return played


class _Heard:
    """Hands each new raw event of the referee to `on_event`, once."""

    def __init__(self, referee: Referee, on_event: Callable[[Event], None] | None) -> None:
        self.referee, self.on_event, self.told = referee, on_event, 0

    def __call__(self) -> None:
        events = self.referee.events
        if self.on_event:
            for event in events[self.told:]:
                self.on_event(event)
        self.told = len(events)


def _decide(plan: Plan, played: BotMatch) -> None:
    t0 = played.timer()
    BotPlans.decide(plan)
    spent = played.timer() - t0
    played.think_seconds.append(spent)
    played.think_by_seat.setdefault(plan.seat, []).append(spent)


def _play(referee: Referee, played: BotMatch, max_actions: int, heard: _Heard) -> None:
    """Plan, decide, jump to the next beat, tick, land the moves that are due: until the end."""
    now, steps = 0.0, 0
    while referee.outcome() is None:
        steps += 1
        if played.actions >= max_actions or steps > 50 * max_actions:
            raise StuckMatch(f"{referee.game.name} seed {played.seed}: no end after {played.actions} actions")
        for plan in referee.plan_bots(now):
            _decide(plan, played)
        due = referee.bots.next_due()
        now = max(now, due if due is not None else now + IDLE_STEP)
        referee.tick(now)
        played.actions += len(referee.bot_moves(now))
        heard()
