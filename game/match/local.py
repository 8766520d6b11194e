"""A match played in this process: the rules state, the action log, bots, autosave and the clock.

`LocalTable` is the in-process `Table` (game/match/table.py). It alone holds the rules state and
the raw events; scenes get views and events redacted for the seat that asks. Bots think on a
worker thread (a Hard bot's half second must not freeze the animation) from a view snapshot, and
their move is applied only after a visible beat. Every move is autosaved to its game's slot.

A person may take back their own last move while it revealed nothing and nobody has acted since
(rules/undo.py decides); undo replays the seed and the log without that move, so the log, the
autosave and any replay stay the one truth. A bot's reply closes the window: bots keep their
normal beat, and the move they reply to is then no longer the last one at the table.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from game.match.clock import MatchClock
from game.match.table import GameInfo, NotYourSeat
from game.services import saves
from rules.contract import Event, Game, MatchConfig, Outcome
from rules.driver import MIN_WAKE, bot_seed, turn_bot
from rules.errors import IllegalAction
from rules.registry import get_game
from rules.replay import config_from_json, config_to_json, replay_with_events
from rules.undo import undo_refusal, why_final

log = logging.getLogger(__name__)

BOT_SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.45}
NOBODY_AWAY = "nobody is away at a table on one device"
OVER = "The match is over."
AUTOSAVE_FAILED = "Autosave failed: this match is not being saved (see the log). Finish it or free some disk space."


@dataclass
class _Pending:
    seat: int
    due: float
    future: Future[Any] | None = None
    action: Any = None


class LocalTable:
    """One match on this device; every change goes through `act` (people) or the bot beat."""

    can_pause = True
    guided = False  # a guided match's table (game/match/guided.py) is True: its script has no undo

    def __init__(self, game: Game[Any, Any, Any], config: MatchConfig, seed: int, clock: MatchClock, *,
                 bot_speed: str = "normal", bot_threads: bool = True, autosave: bool = True,
                 next_seed: Callable[[], int] | None = None) -> None:
        self.game, self.config, self.seed, self.clock = game, config, seed, clock
        self.info = GameInfo.of(game)
        self.seats = config.seats
        self.options = config.options
        self.here = tuple(i for i, s in enumerate(config.seats) if not s.bot)
        self._state, setup = game.new_match(seed, config, now=clock.now())
        self._events: list[Event] = list(setup)
        self._cursors: dict[int | None, int] = {}
        self.log: list[list[Any]] = []
        self.bots = {i: game.make_bot(s.bot, i, bot_seed(seed, i)) for i, s in enumerate(config.seats) if s.bot}
        self.speed = BOT_SPEED.get(bot_speed, 1.0)
        if game.realtime:  # real-time bots keep human reaction times: "fast" never makes them snipe
            self.speed = max(1.0, self.speed)
        self.bot_speed, self.bot_threads = bot_speed, bot_threads
        self._next_seed = next_seed or (lambda: (seed * 48271 + 11) % (2**31 - 1) + 1)
        self.autosave = autosave
        self._pool = ThreadPoolExecutor(max_workers=1) if bot_threads else None
        self._pending: dict[int, _Pending] = {}
        self._pauses: set[str] = set()
        self._notices: list[str] = []
        self._save_failing = False
        self._final: str | None = None  # rules/undo.py's answer about the log's last entry
        self._final_known = True  # False after a restore, until someone asks

    @classmethod
    def restore(cls, save: saves.Save, clock: MatchClock, *, bot_speed: str = "normal",
               bot_threads: bool = True, next_seed: Callable[[], int] | None = None) -> LocalTable:
        """Rebuild a saved match exactly (seed + log); raises on a save that does not replay."""
        game = get_game(save.game)
        config = config_from_json(save.config)
        entries = [(float(t), int(seat), action) for t, seat, action in save.log]
        start = entries[-1][0] if entries else 0.0
        table = cls(game, config, save.seed, MatchClock(clock.source, start), bot_speed=bot_speed,
                    bot_threads=bot_threads, next_seed=next_seed)
        table._state, table._events = replay_with_events(game, save.seed, config, entries)
        table.log = [list(e) for e in save.log]
        table._final_known = not table.log
        return table

    @classmethod
    def start(cls, game: Game[Any, Any, Any], config: MatchConfig, seed: int, clock: MatchClock,
              **kw: Any) -> LocalTable:
        """A new match, saved at once so Continue works even before the first move."""
        table = cls(game, config, seed, clock, **kw)
        table._save()
        return table

    # what scenes ask -------------------------------------------------------------------------
    def now(self) -> float:
        """The match clock."""
        return self.clock.now()

    def _allowed(self, seat: int | None) -> None:
        if seat is not None and seat not in self.here:
            raise NotYourSeat(f"seat {seat} is not played at this device")

    def view(self, seat: int | None) -> Any:
        """What `seat` may know (None: the public view)."""
        self._allowed(seat)
        return self.game.view(self._state, seat)

    def legal(self, seat: int) -> Sequence[Any]:
        """Legal actions for `seat` now."""
        self._allowed(seat)
        return self.game.legal_actions(self._state, seat, self.now())

    def reason(self, seat: int, action: Any) -> str | None:
        """Why `action` is not allowed (None: it is)."""
        self._allowed(seat)
        return self.game.check(self._state, seat, action, self.now())

    def outcome(self) -> Outcome | None:
        """The match result once over."""
        return self.game.outcome(self._state)

    def is_bot(self, seat: int) -> bool:
        """True for bot seats."""
        return seat in self.bots

    def thinking(self, seat: int) -> bool:
        """True while that bot has a move in preparation."""
        return seat in self._pending

    def waiting(self) -> tuple[int, ...]:
        """Seats that may act now (public: whose turn it is)."""
        return tuple(self.game.waiting(self._state))

    # events ----------------------------------------------------------------------------------
    def take_events(self, viewer: int | None) -> list[Event]:
        """Events since `viewer` last asked, redacted for `viewer`."""
        self._allowed(viewer)
        start = self._cursors.get(viewer, 0)  # a first look sees the whole match so far
        self._cursors[viewer] = len(self._events)
        return [self.game.redact(e, viewer) for e in self._events[start:]]

    def history(self, viewer: int | None) -> list[Event]:
        """Every event so far as `viewer` may see it."""
        self._allowed(viewer)
        return [self.game.redact(e, viewer) for e in self._events]

    def take_refusals(self) -> list[tuple[int, str]]:
        """A local move is refused at once by `act`; nothing arrives later."""
        return []

    def pending(self, seat: int) -> list[Any]:
        """A local move is answered inside `act`: nothing is ever pending."""
        self._allowed(seat)
        return []

    # nobody is away at a table on one device ---------------------------------------------------
    def away(self) -> dict[int, float]:
        """Everyone plays at this device: nobody can be away."""
        return {}

    def away_choices(self, seat: int) -> tuple[str, ...]:
        """Nothing to decide about away seats on one device."""
        return ()

    def replace_with_bot(self, seat: int) -> None:
        """Refused: on one device nobody is away."""
        raise IllegalAction(NOBODY_AWAY)

    def claim(self) -> None:
        """Refused: on one device nobody is away."""
        raise IllegalAction(NOBODY_AWAY)

    def take_notices(self) -> list[str]:
        """Messages for the player (a failing autosave), each said once."""
        out, self._notices = self._notices, []
        return out

    # changes ---------------------------------------------------------------------------------
    def act(self, seat: int, action: Any) -> None:
        """Apply a move; raises IllegalAction with the reason (nothing changes then)."""
        self._allowed(seat)
        self._act(seat, action)

    def scripted(self, seat: int, action: Any) -> None:
        """A bot seat makes this move now, as if its bot chose it (guided tutorials, tests)."""
        if not self.seats[seat].bot:
            raise NotYourSeat(f"seat {seat} is not a bot seat")
        self._act(seat, action)

    def _act(self, seat: int, action: Any) -> None:
        now = self.now()
        self._advance(now)
        reason = self.game.check(self._state, seat, action, now)
        if reason is not None:
            raise IllegalAction(reason)
        self._apply(seat, action, now)
        self._pending.pop(seat, None)
        if self.info.realtime:
            self._pending.clear()  # bots planned against a table that just changed: they think again

    def poll(self, bots: bool = True) -> None:
        """Let match time pass; if `bots`, start bots that should think and apply moves whose beat is over."""
        now = self.now()
        self._advance(now)
        if not bots or self.outcome() is not None:
            return
        waiting = set(self.game.waiting(self._state))
        for seat in self.bots:
            if seat in waiting and seat not in self._pending:
                self._schedule(seat, now)
        for seat, pending in list(self._pending.items()):
            if self._maybe_apply(seat, pending, now) and not self.info.realtime:
                break  # one turn-based bot move per poll: a scene can show each before the next lands

    def _advance(self, now: float) -> None:
        self._state, events = self.game.tick(self._state, now)
        self._events += events

    def _apply(self, seat: int, action: Any, now: float) -> None:
        self._apply_quiet(seat, action, now)
        self.log.append([now, seat, self.game.action_to_json(action)])
        self._save()

    def _schedule(self, seat: int, now: float) -> None:
        bot = self.bots[seat]
        if not self.info.realtime:  # a fresh bot per decision, seeded from the log: resume is exact
            made = sum(1 for entry in self.log if entry[1] == seat)
            bot = turn_bot(self.game, self.seats[seat].bot or "", self.seed, seat, made)
        view = self.game.view(self._state, seat)
        beat = max(MIN_WAKE, bot.wake_after(view, now)) * self.speed
        pending = _Pending(seat, now + beat)
        legal = self.game.legal_actions(self._state, seat, now + beat)
        if self._pool is not None:
            pending.future = self._pool.submit(bot.choose, view, legal, now + beat)
        else:
            pending.action = bot.choose(view, legal, now + beat)
        self._pending[seat] = pending

    def _maybe_apply(self, seat: int, pending: _Pending, now: float) -> bool:
        """Apply a bot's move once its beat is over; True when it moved."""
        if now < pending.due or (pending.future is not None and not pending.future.done()):
            return False
        del self._pending[seat]
        action = pending.future.result() if pending.future is not None else pending.action
        if action is None or seat not in self.game.waiting(self._state):
            return False
        if self.game.check(self._state, seat, action, now) is not None:
            return False  # the table moved on while it thought (real time): it will think again
        self._apply(seat, action, now)
        return True

    # taking a move back ------------------------------------------------------------------------
    def undo_reason(self, seat: int) -> str | None:
        """None when `seat` may take back its last move now, else why not (rules/undo.py)."""
        self._allowed(seat)
        if self.guided:
            return "A guided match has no undo."
        if self.outcome() is not None:
            return OVER
        if not self._final_known:
            self._rebuild(self.log)
        return undo_refusal(self.game, self.log, seat, self._final)

    def can_undo(self, seat: int) -> bool:
        """True when `seat` is played here and may take back its last move now."""
        return seat in self.here and self.undo_reason(seat) is None

    def undo(self, seat: int) -> None:
        """Take back `seat`'s last move: the match as the log without it; raises IllegalAction when not allowed."""
        reason = self.undo_reason(seat)
        if reason is not None:
            raise IllegalAction(reason)
        self.log = self.log[:-1]
        self._rebuild(self.log)
        self._pending.clear()  # a bot that was thinking about the taken-back move thinks again
        self._save()

    def _rebuild(self, log: list[list[Any]]) -> None:
        """State, events and the last entry's undo answer from the seed and `log` (the log is the truth)."""
        entries = [(float(t), int(seat), action) for t, seat, action in log]
        before, events = replay_with_events(self.game, self.seed, self.config, entries[:-1])
        self._state, self._events, self._final_known = before, events, True
        if entries:
            now, seat, action = entries[-1]
            self._advance(now)
            self._apply_quiet(seat, self.game.action_from_json(action), now)
        self._cursors = {viewer: min(at, len(self._events)) for viewer, at in self._cursors.items()}

    def _apply_quiet(self, seat: int, action: Any, now: float) -> None:
        """Apply a move already in the log (no log entry, no save)."""
        before = self._state
        self._state, events = self.game.apply(before, seat, action, now)
        self._final = why_final(self.game, before, seat, action, self._state, events)
        self._events += events

    # the clock -------------------------------------------------------------------------------
    @property
    def paused(self) -> bool:
        """True while the match clock stands still."""
        return self.clock.paused

    def pause(self, why: str) -> None:
        """Stop the clock for a reason (help open, pause menu, a dialog)."""
        self._pauses.add(why)
        self.clock.pause()

    def resume(self, why: str) -> None:
        """Drop one reason; the clock runs when none is left."""
        self._pauses.discard(why)
        if not self._pauses:
            self.clock.resume()

    # persistence -----------------------------------------------------------------------------
    def to_save(self) -> saves.Save:
        """The autosave record."""
        return saves.Save(self.game.name, self.seed, config_to_json(self.config), list(self.log),
                          rules_version=int(getattr(self.game, "rules_version", 1)))

    def _save(self) -> None:
        if not self.autosave:
            return
        if self.outcome() is not None:
            saves.clear(self.game.name)
            return
        ok = saves.write(self.to_save())
        if not ok and not self._save_failing:
            self._notices.append(AUTOSAVE_FAILED)
        elif ok and self._save_failing:
            self._notices.append("Autosave works again: this match is saved.")
        self._save_failing = not ok

    def leave_note(self) -> str:
        """Leaving keeps the autosave."""
        return "It stays saved: Continue it from the title." if self.autosave else "This match is not saved."

    def rematch(self) -> LocalTable:
        """The same seats again with a new deal."""
        self.close()
        return LocalTable.start(self.game, self.config, self._next_seed(), MatchClock(self.clock.source),
                                bot_speed=self.bot_speed, bot_threads=self.bot_threads, autosave=self.autosave,
                                next_seed=self._next_seed)

    def load_position(self, state: Any) -> None:
        """Tests only: put the match in a given rules state (a scenario), dropping plans and the log."""
        self._state = state
        self._pending.clear()
        self.log = []

    def close(self) -> None:
        """Stop the bot thread."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def new_local_table(app: Any, game: Game[Any, Any, Any], config: MatchConfig, seed: int | None = None, *,
                    autosave: bool = True) -> LocalTable:
    """A new match on this device with the app's clock, seeds and settings (`autosave=False`: a demo)."""
    return LocalTable.start(game, config, app.next_seed() if seed is None else seed, MatchClock(app.clock),
                            bot_speed=app.settings.bot_speed, bot_threads=app.options.bot_threads,
                            autosave=autosave, next_seed=app.next_seed)


def resume_local_table(app: Any, save: saves.Save) -> LocalTable:
    """A paused match of this device, replayed from its save (raises when it no longer replays)."""
    return LocalTable.restore(save, MatchClock(app.clock), bot_speed=app.settings.bot_speed,
                             bot_threads=app.options.bot_threads, next_seed=app.next_seed)
