"""Bots play whole matches with no display: autoplay, balance simulations and benchmarks.

The third door onto the referee (rules/referee.py), on a simulated clock. Turn-based games: the
first waiting seat's bot acts until the match has an outcome. Real-time games: each bot sleeps for
`wake_after` seconds between decisions and the clock jumps straight to the next wake-up, so a
90-second round takes milliseconds. Only views and legal actions reach the bots. The rules never
read a clock: callers that want think times and match durations pass a `timer` (autoplay and bench
pass time.perf_counter).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.contract import AnyGame, Event, MatchConfig, Outcome, SeatConfig
from rules.referee import MIN_WAKE, Referee, turn_bot


def _no_clock() -> float:
    """Without a timer nothing is timed: the rules never read a clock."""
    return 0.0


@dataclass
class MatchRecord:
    """What one bot-played match produced."""

    seed: int
    outcome: Outcome | None = None
    actions: int = 0
    seconds: float = 0.0
    think_seconds: list[float] = field(default_factory=list)
    think_by_seat: dict[int, list[float]] = field(default_factory=dict)
    log: list[tuple[float, int, Any]] = field(default_factory=list)
    final_state: Any = None
    timer: Callable[[], float] = field(default=_no_clock, repr=False)

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
) -> MatchRecord:
    """Bots at `levels` (one per seat) play a whole match from `seed` (timed only with a `timer`)."""
    config = seat_config(levels)
    if options:
        config = MatchConfig(config.seats, dict(options))
    referee = Referee(game, config, seed)
    record = MatchRecord(seed, timer=timer or _no_clock)
    heard = _Heard(referee, on_event)
    heard()
    started = record.timer()
    if game.realtime:
        _play_realtime(referee, record, max_actions, heard)
    else:
        _play_turns(referee, list(levels), record, max_actions, heard)
    record.seconds = record.timer() - started
    outcome = referee.outcome()
    assert outcome is not None
    record.outcome = outcome
    record.final_state = referee.state
    return record


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


def _decide(referee: Referee, bot: Any, now: float, record: MatchRecord) -> Any:
    view = referee.view(bot.seat)
    legal = referee.legal(bot.seat, now)
    t0 = record.timer()
    action = bot.choose(view, legal, now)
    spent = record.timer() - t0
    record.think_seconds.append(spent)
    record.think_by_seat.setdefault(bot.seat, []).append(spent)
    return action


def _budget(referee: Referee, record: MatchRecord, max_actions: int) -> None:
    if record.actions >= max_actions:
        raise StuckMatch(f"{referee.game.name} seed {record.seed}: no end after {max_actions} actions")


def _move(referee: Referee, seat: int, action: Any, now: float, record: MatchRecord, heard: _Heard) -> None:
    referee.apply(seat, action, now)
    record.log.append((now, seat, action))
    record.actions += 1
    heard()


def _play_turns(referee: Referee, levels: list[str], record: MatchRecord, max_actions: int, heard: _Heard) -> None:
    """The first waiting seat's bot (fresh per decision, as at every table) moves until the end."""
    while referee.outcome() is None:
        _budget(referee, record, max_actions)
        seat = referee.waiting()[0]
        bot = turn_bot(referee.game, levels[seat], record.seed, seat, referee.made[seat])
        _move(referee, seat, _decide(referee, bot, 0.0, record), 0.0, record, heard)


def _play_realtime(referee: Referee, record: MatchRecord, max_actions: int, heard: _Heard) -> None:
    """Each bot wakes after its `wake_after`, looks at the table of that moment and moves at once;
    the simulated clock jumps to the next wake-up (the pacing the Swap Meet bots are tuned on)."""
    bots = [referee.bots.bots[seat] for seat in range(len(referee.config.seats))]
    now = 0.0
    wake = [now + bot.wake_after(referee.view(bot.seat), now) for bot in bots]
    while referee.outcome() is None:
        _budget(referee, record, max_actions)
        seat = min(range(len(bots)), key=lambda s: (wake[s], s))
        now = max(now, wake[seat])
        referee.tick(now)
        heard()
        if referee.outcome() is not None:
            break
        if seat in referee.waiting():
            action = _decide(referee, bots[seat], now, record)
            if action is not None and referee.check(seat, action, now) is None:
                _move(referee, seat, action, now, record, heard)
        wake[seat] = now + max(MIN_WAKE, bots[seat].wake_after(referee.view(seat), now))
