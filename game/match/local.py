"""A match played in this process: a door onto its `Referee` (rules/referee.py), with the clock,
a bot thread and autosave.

`LocalTable` is the in-process `Table` (game/match/table.py). The referee holds the rules state, the
log and the raw events, paces the bots and takes moves back; this door adds what one device needs:
a `MatchClock` that pauses, bots deciding on a worker thread (a Hard bot's half second must not
freeze the animation), the player's bot speed, a cursor per viewer, and an autosave of seed +
config + log after every change. Scenes get views and events redacted for the seat that asks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from game.match.clock import MatchClock
from game.match.refusals import GUIDED_NO_UNDO
from game.match.table import GameInfo, NobodyAway, NotYourSeat
from game.services import history, saves
from game.text import tr
from rules.contract import Bot, Event, Game, MatchConfig, Outcome
from rules.errors import IllegalAction
from rules.record import Entry, MatchRecord
from rules.referee import BotPlans, Kept, Referee
from rules.refusal import Refusal

BOT_SPEED = {"slow": 1.6, "normal": 1.0, "fast": 0.45}


class LocalTable(NobodyAway):
    """One match on this device: a door onto its `Referee` (rules/referee.py) with a clock, a bot
    thread and autosave."""

    can_pause = True
    guided = False  # a guided match's table (game/match/guided.py) is True: its script has no undo
    read_only = False

    def __init__(self, game: Game[Any, Any, Any], config: MatchConfig, seed: int, clock: MatchClock, *,
                 bot_speed: str = "normal", bot_threads: bool = True, autosave: bool = True,
                 next_seed: Callable[[], int] | None = None, referee: Referee | None = None,
                 keep_history: bool = True) -> None:
        self.game, self.config, self.seed, self.clock = game, config, seed, clock
        self.info = GameInfo.of(game)
        self.seats = config.seats
        self.options = config.options
        self.here = tuple(i for i, s in enumerate(config.seats) if not s.bot)
        self.speed = BOT_SPEED.get(bot_speed, 1.0)
        if game.realtime:  # real-time bots keep human reaction times: "fast" never makes them snipe
            self.speed = max(1.0, self.speed)
        self.referee = referee or Referee(game, config, seed, now=clock.now(), speed=self.speed)
        self.referee.speed = self.speed
        self._cursors: dict[int | None, int] = {}
        self.bot_speed, self.bot_threads = bot_speed, bot_threads
        self._next_seed = next_seed or (lambda: (seed * 48271 + 11) % (2**31 - 1) + 1)
        self.autosave = autosave
        self.keep_history = keep_history  # a finished match goes to History (kiosks: only if the operator says)
        self._kept = False
        self._pool = ThreadPoolExecutor(max_workers=1) if bot_threads else None
        self._pauses: set[str] = set()
        self._notices: list[str] = []
        self._save_failing = False

    @classmethod
    def restore(cls, save: saves.Save, clock: MatchClock, *, bot_speed: str = "normal",
               bot_threads: bool = True, next_seed: Callable[[], int] | None = None,
               keep_history: bool = True) -> LocalTable:
        """Rebuild a saved match exactly from its record; raises on a save that does not replay
        (UnknownRules for a record of rules this build does not have)."""
        record = save.record
        referee = Referee.from_record(record)
        start = record.entries[-1].now if record.entries else 0.0
        return cls(referee.game, record.config, record.seed, MatchClock(clock.source, start), bot_speed=bot_speed,
                   bot_threads=bot_threads, next_seed=next_seed, referee=referee, keep_history=keep_history)

    @classmethod
    def start(cls, game: Game[Any, Any, Any], config: MatchConfig, seed: int, clock: MatchClock,
              **kw: Any) -> LocalTable:
        """A new match, saved at once so Continue works even before the first move."""
        table = cls(game, config, seed, clock, **kw)
        table._save()
        return table

    # the referee's truth, for this package and tests -------------------------------------------
    @property
    def log(self) -> Kept[Entry]:
        """The record's entries so far (the save holds them)."""
        return self.referee.log

    def record(self) -> MatchRecord:
        """The match as one value (its outcome once over): what a save or a history keeps."""
        return self.referee.record()

    @property
    def _state(self) -> Any:
        """The rules state (tests and the guided table only; scenes never)."""
        return self.referee.state

    @property
    def bots(self) -> dict[int, Bot[Any, Any]]:
        """The bots by seat (tests silence them by setting `{}`)."""
        return self.referee.bots.bots

    @bots.setter
    def bots(self, bots: dict[int, Bot[Any, Any]]) -> None:
        self.referee.bots.bots = dict(bots)
        self.referee.bots.plans.clear()

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
        return self.referee.view(seat)

    def legal(self, seat: int) -> Sequence[Any]:
        """Legal actions for `seat` now."""
        self._allowed(seat)
        return self.referee.legal(seat, self.now())

    def reason(self, seat: int, action: Any) -> Refusal | None:
        """Why `action` is not allowed (None: it is)."""
        self._allowed(seat)
        return self.game.check(self.referee.state, seat, action, self.now())

    def outcome(self) -> Outcome | None:
        """The match result once over."""
        return self.referee.outcome()

    def is_bot(self, seat: int) -> bool:
        """True for bot seats."""
        return seat in self.referee.bots.bots

    def thinking(self, seat: int) -> bool:
        """True while that bot has a move in preparation."""
        return seat in self.referee.bots.plans

    def waiting(self) -> tuple[int, ...]:
        """Seats that may act now (public: whose turn it is)."""
        return self.referee.waiting()

    # events ----------------------------------------------------------------------------------
    def take_events(self, viewer: int | None) -> list[Event]:
        """Events since `viewer` last asked, redacted for `viewer`."""
        self._allowed(viewer)
        start = min(self._cursors.get(viewer, 0), len(self.referee.events))  # a first look sees it all
        self._cursors[viewer] = len(self.referee.events)
        return self.referee.redacted(viewer, start)

    def history(self, viewer: int | None, start: int = 0) -> list[Event]:
        """Every event so far from index `start`, as `viewer` may see it."""
        self._allowed(viewer)
        return self.referee.redacted(viewer, start)

    def take_refusals(self) -> list[tuple[int, Refusal]]:
        """A local move is refused at once by `act`; nothing arrives later."""
        return []

    def pending(self, seat: int) -> list[Any]:
        """A local move is answered inside `act`: nothing is ever pending."""
        self._allowed(seat)
        return []

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
        self.referee.act(seat, action, self.now())
        self._save()

    def poll(self, bots: bool = True) -> None:
        """Let match time pass; if `bots`, start bots that should decide and apply moves whose beat is over."""
        now = self.now()
        if self.referee.tick(now) and self.outcome() is not None:
            self._save()  # the clock ended the match (Swap Meet): it goes to History, the save goes
        if not bots:
            return
        if self.referee.bot_moves(now):
            self._save()
        for plan in self.referee.plan_bots(now):
            if self._pool is not None:
                self._pool.submit(BotPlans.decide, plan)
            else:
                BotPlans.decide(plan)

    # taking a move back ------------------------------------------------------------------------
    def undo_reason(self, seat: int) -> Refusal | None:
        """None when `seat` may take back its last move now, else why not (rules/undo.py)."""
        self._allowed(seat)
        if self.guided:
            return GUIDED_NO_UNDO()
        return self.referee.undo_refusal(seat)

    def can_undo(self, seat: int) -> bool:
        """True when `seat` is played here and may take back its last move now."""
        return seat in self.here and self.undo_reason(seat) is None

    def undo(self, seat: int) -> None:
        """Take back `seat`'s last move: the match as the log without it; raises IllegalAction when not allowed."""
        reason = self.undo_reason(seat)
        if reason is not None:
            raise IllegalAction(reason)
        self.referee.undo(seat)
        self._save()

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
        return saves.Save(self.record())

    def _save(self) -> None:
        if not self.autosave:
            return
        if self.outcome() is not None:  # kept in History first: clearing the save must not lose the match
            if self.keep_history and not self._kept and not history.keep(self.record(), self.here):
                self._notices.append(tr("notice.history_failed"))
            self._kept = True
            saves.clear(self.game.name)
            return
        ok = saves.write(self.to_save())
        if not ok and not self._save_failing:
            self._notices.append(tr("notice.autosave_failed"))
        elif ok and self._save_failing:
            self._notices.append(tr("notice.autosave_back"))
        self._save_failing = not ok

    def forget_if_unplayed(self) -> None:
        """Nothing was played here: its autosave goes, so no paused match is left behind."""
        if self.autosave and not self.log:
            saves.clear(self.game.name)

    def leave_note(self) -> str:
        """Leaving keeps the autosave."""
        return tr("leave.note.saved") if self.autosave else tr("leave.note.unsaved")

    def rematch(self) -> LocalTable:
        """The same seats again with a new deal."""
        self.close()
        return LocalTable.start(self.game, self.config, self._next_seed(), MatchClock(self.clock.source),
                                bot_speed=self.bot_speed, bot_threads=self.bot_threads, autosave=self.autosave,
                                next_seed=self._next_seed, keep_history=self.keep_history)

    def load_position(self, state: Any) -> None:
        """Tests only: put the match in a given rules state (a scenario), dropping plans and the log."""
        self.referee.state = state
        self.referee.bots.plans.clear()
        self.referee.log.clear()

    def close(self) -> None:
        """Stop the bot thread."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def new_local_table(app: Any, game: Game[Any, Any, Any], config: MatchConfig, seed: int | None = None, *,
                    autosave: bool = True) -> LocalTable:
    """A new match on this device with the app's clock, seeds and settings (`autosave=False`: a demo)."""
    return LocalTable.start(game, config, app.next_seed() if seed is None else seed, MatchClock(app.clock),
                            bot_speed=app.settings.bot_speed, bot_threads=app.options.bot_threads,
                            autosave=autosave, next_seed=app.next_seed,
                            keep_history=autosave and keeps_history(app))  # a demo is never kept


def keeps_history(app: Any) -> bool:
    """Finished matches go to History, except on a kiosk whose operator has not turned it on."""
    if not app.options.kiosk:
        return True
    return app.kiosk is not None and bool(app.kiosk.config.keep_history)


def resume_local_table(app: Any, save: saves.Save) -> LocalTable:
    """A paused match of this device, replayed from its save (raises when it no longer replays)."""
    return LocalTable.restore(save, MatchClock(app.clock), bot_speed=app.settings.bot_speed,
                             bot_threads=app.options.bot_threads, next_seed=app.next_seed,
                             keep_history=keeps_history(app))
