"""Bots play whole matches with no display: autoplay, balance simulations and benchmarks.

Turn-based games: the first waiting seat's bot acts until the match has an outcome.
Real-time games run on a simulated clock: each bot sleeps for `wake_after` seconds between
decisions and the clock jumps straight to the next wake-up, so a 90-second round takes
milliseconds. Only views and legal actions reach the bots. The rules never read a clock: callers that want
think times and match durations pass a `timer` (autoplay and bench pass time.perf_counter).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.contract import AnyGame, Event, MatchConfig, Outcome, SeatConfig

MIN_WAKE = 0.05  # seconds: the shortest wait between one bot's decisions, so a bot can never spin


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at `seat` in a match started from `seed` (saves replay bots exactly)."""
    return seed * 7919 + seat


def decision_seed(seed: int, seat: int, made: int) -> int:
    """The seed of a turn-based bot's next decision after it made `made` moves.

    Derived only from what a save holds (seed + log), so a resumed match's bots decide exactly as
    they would have without the pause: a bot's running random state is never needed.
    """
    return (bot_seed(seed, seat) * 1_000_003 + made) % 2**63


def turn_bot(game: AnyGame, level: str, seed: int, seat: int, made: int) -> Any:
    """The bot that makes `seat`'s next decision in a turn-based match."""
    return game.make_bot(level, seat, decision_seed(seed, seat, made))


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
    state, events = game.new_match(seed, config, now=0.0)
    _emit(events, on_event)
    bots = [game.make_bot(level, seat, bot_seed(seed, seat)) for seat, level in enumerate(levels)]
    record = MatchRecord(seed, timer=timer or _no_clock)
    started = record.timer()
    if game.realtime:
        state = _play_realtime(game, state, bots, record, max_actions, on_event)
    else:
        state = _play_turns(game, state, list(levels), record, max_actions, on_event)
    record.seconds = record.timer() - started
    outcome = game.outcome(state)
    assert outcome is not None
    record.outcome = outcome
    record.final_state = state
    return record


def _decide(game: AnyGame, state: Any, bot: Any, now: float, record: MatchRecord) -> Any:
    view = game.view(state, bot.seat)
    legal = game.legal_actions(state, bot.seat, now)
    t0 = record.timer()
    action = bot.choose(view, legal, now)
    spent = record.timer() - t0
    record.think_seconds.append(spent)
    record.think_by_seat.setdefault(bot.seat, []).append(spent)
    return action


def _emit(events: list[Event], on_event: Callable[[Event], None] | None) -> None:
    if on_event:
        for event in events:
            on_event(event)


def _play_turns(
    game: AnyGame,
    state: Any,
    levels: list[str],
    record: MatchRecord,
    max_actions: int,
    on_event: Callable[[Event], None] | None,
) -> Any:
    made = [0] * len(levels)
    while game.outcome(state) is None:
        if record.actions >= max_actions:
            raise StuckMatch(f"{game.name} seed {record.seed}: no end after {max_actions} actions")
        seat = game.waiting(state)[0]
        action = _decide(game, state, turn_bot(game, levels[seat], record.seed, seat, made[seat]), 0.0, record)
        made[seat] += 1
        state, events = game.apply(state, seat, action)
        record.log.append((0.0, seat, action))
        record.actions += 1
        _emit(events, on_event)
    return state


def _play_realtime(
    game: AnyGame,
    state: Any,
    bots: list[Any],
    record: MatchRecord,
    max_actions: int,
    on_event: Callable[[Event], None] | None,
) -> Any:
    now = 0.0
    wake = [now + bot.wake_after(game.view(state, bot.seat), now) for bot in bots]
    while game.outcome(state) is None:
        if record.actions >= max_actions:
            raise StuckMatch(f"{game.name} seed {record.seed}: no end after {max_actions} actions")
        seat = min(range(len(bots)), key=lambda s: (wake[s], s))
        now = max(now, wake[seat])
        state, events = game.tick(state, now)
        _emit(events, on_event)
        if game.outcome(state) is not None:
            break
        if seat in game.waiting(state):
            action = _decide(game, state, bots[seat], now, record)
            if action is not None and game.check(state, seat, action, now) is None:
                state, events = game.apply(state, seat, action, now)
                record.log.append((now, seat, action))
                record.actions += 1
                _emit(events, on_event)
        wake[seat] = now + max(MIN_WAKE, bots[seat].wake_after(game.view(state, seat), now))
    return state
