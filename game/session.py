"""A match in progress on this device: state, action log, autosave, bot pacing and the match clock.

Scenes never touch rules state directly; they ask the session for views, legal actions and
reasons, and hand it actions. Bots think on a worker thread (a Hard bot's half second must not
freeze the animation) from a view snapshot, and their move is applied only after a visible beat.
The match clock is real time minus pauses, so a frame hitch never lengthens a Swap Meet round.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from game import saves
from rules.contract import Event, Game, MatchConfig, Outcome
from rules.errors import IllegalAction
from rules.registry import get_game
from rules.replay import config_from_json, config_to_json, replay

log = logging.getLogger(__name__)

BOT_SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.45}


class MatchClock:
    """Seconds of play: real time that stops while paused."""

    def __init__(self, source: Callable[[], float], start: float = 0.0) -> None:
        self.source = source
        self._base = source() - start
        self._paused_at: float | None = None

    def now(self) -> float:
        """Match seconds elapsed."""
        t = self._paused_at if self._paused_at is not None else self.source()
        return t - self._base

    @property
    def paused(self) -> bool:
        """True while stopped."""
        return self._paused_at is not None

    def pause(self) -> None:
        """Stop the clock."""
        if self._paused_at is None:
            self._paused_at = self.source()

    def resume(self) -> None:
        """Start it again where it stopped."""
        if self._paused_at is not None:
            self._base += self.source() - self._paused_at
            self._paused_at = None


@dataclass
class _Pending:
    seat: int
    due: float
    future: Future | None = None
    action: Any = None


class MatchSession:
    """Owns one match: every change goes through `act` (people) or `poll_bots` (bots)."""

    def __init__(self, game: Game, config: MatchConfig, seed: int, clock: MatchClock,
                 bot_speed: str = "normal", threaded: bool = True, autosave: bool = True) -> None:
        self.game, self.config, self.seed, self.clock = game, config, seed, clock
        self.state, _ = game.new_match(seed, config, now=clock.now())
        self.log: list[list[Any]] = []
        self.bots = {i: game.make_bot(s.bot, i, seed * 7919 + i) for i, s in enumerate(config.seats) if s.bot}
        self.humans = [i for i, s in enumerate(config.seats) if not s.bot]
        self.speed = BOT_SPEED.get(bot_speed, 1.0)
        if game.realtime:  # real-time bots keep human reaction times: "fast" never makes them snipe
            self.speed = max(1.0, self.speed)
        self.autosave = autosave
        self._pool = ThreadPoolExecutor(max_workers=1) if threaded else None
        self._pending: dict[int, _Pending] = {}

    @classmethod
    def resume(cls, save: saves.Save, clock: MatchClock, bot_speed: str = "normal",
               threaded: bool = True) -> MatchSession:
        """Rebuild a saved match exactly (seed + log); raises on a save that does not replay."""
        game = get_game(save.game)
        config = config_from_json(save.config)
        session = cls(game, config, save.seed, clock, bot_speed, threaded)
        entries = [(float(t), int(seat), action) for t, seat, action in save.log]
        session.state = replay(game, save.seed, config, entries)
        session.log = [list(e) for e in save.log]
        if entries:
            session.clock = MatchClock(clock.source, entries[-1][0])
        return session

    # what scenes ask ---------------------------------------------------------------------
    def now(self) -> float:
        """The match clock."""
        return self.clock.now()

    def view(self, seat: int | None) -> Any:
        """What `seat` may know."""
        return self.game.view(self.state, seat)

    def legal(self, seat: int) -> Any:
        """Legal actions for `seat` now."""
        return self.game.legal_actions(self.state, seat, self.now())

    def reason(self, seat: int, action: Any) -> str | None:
        """Why `action` is not allowed (None: it is)."""
        return self.game.check(self.state, seat, action, self.now())

    def outcome(self) -> Outcome | None:
        """The match result once over."""
        return self.game.outcome(self.state)

    def is_bot(self, seat: int) -> bool:
        """True for bot seats."""
        return seat in self.bots

    # changes -----------------------------------------------------------------------------
    def act(self, seat: int, action: Any) -> list[Event]:
        """Apply a move; raises IllegalAction with the reason (nothing changes then)."""
        now = self.now()
        events = self._advance(now)
        reason = self.game.check(self.state, seat, action, now)
        if reason is not None:
            raise IllegalAction(reason)
        self.state, applied = self.game.apply(self.state, seat, action, now)
        self.log.append([now, seat, self.game.action_to_json(action)])
        self._pending.pop(seat, None)
        self._save()
        return events + applied

    def tick(self) -> list[Event]:
        """Let match time pass (real-time games lock rounds here)."""
        return self._advance(self.now())

    def _advance(self, now: float) -> list[Event]:
        self.state, events = self.game.tick(self.state, now)
        return list(events)

    def poll_bots(self) -> list[Event]:
        """Start bots that should think, apply moves whose beat is over; returns their events."""
        now = self.now()
        events = self._advance(now)
        if self.outcome() is not None:
            return events
        waiting = set(self.game.waiting(self.state))
        for seat in self.bots:
            if seat in waiting and seat not in self._pending:
                self._schedule(seat, now)
        for seat, pending in list(self._pending.items()):
            events += self._maybe_apply(seat, pending, now)
        return events

    def _schedule(self, seat: int, now: float) -> None:
        bot = self.bots[seat]
        view = self.game.view(self.state, seat)
        beat = max(0.05, bot.wake_after(view, now)) * self.speed
        pending = _Pending(seat, now + beat)
        legal = self.game.legal_actions(self.state, seat, now + beat)
        if self._pool is not None:
            pending.future = self._pool.submit(bot.choose, view, legal, now + beat)
        else:
            pending.action = bot.choose(view, legal, now + beat)
        self._pending[seat] = pending

    def _maybe_apply(self, seat: int, pending: _Pending, now: float) -> list[Event]:
        if now < pending.due or (pending.future is not None and not pending.future.done()):
            return []
        del self._pending[seat]
        action = pending.future.result() if pending.future is not None else pending.action
        if action is None or seat not in self.game.waiting(self.state):
            return []
        if self.game.check(self.state, seat, action, now) is not None:
            return []  # the table moved on while it thought (real time): it will think again
        self.state, events = self.game.apply(self.state, seat, action, now)
        self.log.append([now, seat, self.game.action_to_json(action)])
        self._save()
        return list(events)

    def bots_thinking(self) -> bool:
        """True while any bot has a move in preparation."""
        return bool(self._pending)

    def forget_bot_plans(self) -> None:
        """Drop pending bot moves (after a human move changed the table in real time)."""
        self._pending.clear()

    # persistence -------------------------------------------------------------------------
    def to_save(self) -> saves.Save:
        """The autosave record."""
        return saves.Save(self.game.name, self.seed, config_to_json(self.config), list(self.log))

    def _save(self) -> None:
        if not self.autosave:
            return
        if self.outcome() is not None:
            saves.clear()
        else:
            saves.write(self.to_save())

    def close(self) -> None:
        """Stop the bot thread."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
