"""The kiosk: one object the app calls from four hooks (event, step, draw, crash).

It sees every raw event first (close requests are dropped, the operator gesture is counted, a
tap ends the attract loop), watches the scene stack for visitor matches (one session each, one
JSON line when it ends), runs the idle timers and the attract loop, and applies screen care.
A visitor's session ends when the kiosk goes back to attract: saves are cleared and the
settings return to the kiosk's profile, so the next visitor finds nothing of theirs.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import pygame

from game import text
from game.kiosk import shell
from game.kiosk.attract import Attract
from game.kiosk.config import load, save_overrides
from game.kiosk.idle import StillPlayingScene, may_ask
from game.kiosk.initials import InitialsScene
from game.kiosk.menu import OperatorMenuScene
from game.kiosk.operator import CornerGesture, NoPinScene, PinGuard, PinPadScene
from game.kiosk.stats import Leaderboard, Stats
from game.kiosk.touchtest import TouchTestScene
from game.online import rejoin
from game.relay.refusals import KIOSK_HOST_LEFT
from game.services import paths, saves
from game.shell import catalog

log = logging.getLogger(__name__)

PRESSES = (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN)
POINTER = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION,
           pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION)
OPERATOR_SCENES = ("kiosk_pin", "kiosk_no_pin", "kiosk_menu", "kiosk_touch_test")
SWALLOW = 0.25  # seconds of pointer input dropped after a tap that only woke the screen or left attract
DIM_ALPHA = 150
CRASH_MARKER = "kiosk-crashed"


@dataclass
class Visit:
    """A visitor's match in progress."""

    scene: Any
    started: float
    initials_asked: bool = False


class Kiosk:
    """Kiosk behaviour for one App; `wall` is the time of day (the soak speeds it up). A layer
    over the app's stack (game/shell/layers.py): it sees every event first and draws over fades."""

    name, first, veils = "kiosk", True, False

    def __init__(self, app: Any, wall: Callable[[], float] = time.time) -> None:
        self.app = app
        self.language = text.language()  # the kiosk's own: each visitor starts in it (--lang, settings, system)
        extra = app.options.extra
        self.config, warning = load(extra.get("kiosk_config"), extra.get("kiosk_pin"))
        self.changed: set[str] = set()
        self.stats = Stats(wall)
        self.leaderboard = Leaderboard(self.stats)
        self.gesture = CornerGesture()
        self.guard = PinGuard(lambda: self.config.pin, lambda: self.config.pin_tries,
                              lambda: self.config.pin_lock_seconds, app.clock)
        self.attract = Attract(app, lambda: self.config, self._best_scores)
        self.visit: Visit | None = None
        self.sessions_done = 0
        self.crashes: list[float] = []
        self.crash_total = 0
        self.last_input = app.clock()
        self.round_touch: tuple[int, float] | None = None  # (Swap Meet round, when) of the last touch
        self.dimmed = False
        self._swallow_until = -1.0
        self._nudge = (0, app.clock())
        self._setup_seen = 0
        shell.lock(self.config.hide_pointer)
        self.reset_visitor()
        if warning:
            app.toast(warning, error=True, seconds=9.0)
        marker = paths.data_dir() / CRASH_MARKER
        if self.config.start_in_attract or marker.exists():
            marker.unlink(missing_ok=True)
            self.start_attract()

    # hooks ----------------------------------------------------------------------------------
    def intercept(self, event: pygame.event.Event) -> bool:
        """Before the app handles an event; True means it is used up here."""
        if event.type in shell.CLOSE_EVENTS:
            log.info("kiosk: close request ignored")
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            return True
        if event.type not in POINTER and event.type != pygame.KEYDOWN:
            return False
        now = self.app.clock()
        self.last_input = now
        if event.type in PRESSES and not getattr(event, "touch", False) and self._press(event, now):
            return True
        return event.type in POINTER and now < self._swallow_until

    def _press(self, event: pygame.event.Event, now: float) -> bool:
        pos = self._logical(event)
        if pos is not None and self.gesture.press(pos, now):
            self._wake()
            self.open_operator()
            return True
        if self.dimmed or self.attract.active:  # this tap only wakes the kiosk: its release goes nowhere
            self._swallow_until = now + SWALLOW
            if self.dimmed:
                self._wake()
            else:
                self.leave_attract(self.attract.language_at(pos) if pos is not None else None)
            return True
        match = self.visit.scene if self.visit else None
        if match is not None and getattr(match, "GAME", "") == "swap-meet":
            self.round_touch = (getattr(match.view, "round_no", 0), now)
        return False

    def _logical(self, event: pygame.event.Event) -> tuple[float, float] | None:
        if event.type == pygame.FINGERDOWN:
            return cast("tuple[float, float]", self.app.display.finger_to_logical(event.x, event.y))
        if event.type == pygame.MOUSEBUTTONDOWN:
            return cast("tuple[float, float]", self.app.display.to_logical(event.pos))
        return None

    def update(self, dt: float) -> None:
        """One fixed step: sessions, idle timers, attract, screen care."""
        now = self.app.clock()
        self._track_visit()
        self._screen_care(now)
        if self.attract.active:
            self.attract.step()
            return
        top = self.app.stack.top
        if top is None or top.name == StillPlayingScene.name:
            return
        self._apply_setup(top)
        idle = now - self.last_input
        if top.name in OPERATOR_SCENES:
            if idle >= self.config.return_after:
                self.resume_visitors()
        elif self.visit is not None:
            self._maybe_ask(idle, now)
        elif top.name == "title" and len(self.app.stack.scenes) == 1:
            if idle >= self.config.attract_after:
                self.start_attract()
        elif idle >= self.config.return_after:
            self.end_session()

    def draw(self, canvas: pygame.Surface, dirty: list[pygame.Rect] | None) -> list[pygame.Rect] | None:
        """After the scenes drew: the attract banner and the dimming."""
        if self.dimmed:
            if dirty == []:
                return []  # nothing moved: a dimmed kiosk draws as little as it can
            if self.attract.active:
                self.attract.draw_banner(canvas)
            self.app.darken(canvas, DIM_ALPHA)
            self.app.invalidate_all()  # partial redraws over the shade would darken it further
            return None
        if self.attract.active:
            rect = self.attract.draw_banner(canvas)
            return None if dirty is None else dirty + [rect]
        return dirty

    def crashed(self, where: str) -> bool:
        """A scene crashed (the app is back at the title): to attract, or exit when it keeps crashing.
        The kiosk stays either way."""
        self.crash_total += 1
        now = self.app.clock()
        self.crashes = [t for t in self.crashes if now - t <= self.config.crash_window] + [now]
        self.visit = None
        if len(self.crashes) >= self.config.crash_limit:
            log.error("kiosk: %d crashes in %.0f s (last in %s): exiting for a restart", len(self.crashes),
                      self.config.crash_window, where)
            (paths.data_dir() / CRASH_MARKER).write_text(where, encoding="utf-8")
            self.app.exit_code = shell.CRASH_CODE
            self.app.quit()
            return True
        self.attract.stop()
        self.start_attract()
        return True

    # sessions ---------------------------------------------------------------------------------
    def _visitor_match(self) -> Any:
        for scene in self.app.stack.scenes:
            if hasattr(scene, "table") and bool(getattr(scene, "GAME", "")) and scene is not self.attract.scene:
                return scene
        return None

    def _track_visit(self) -> None:
        match = None if self.attract.active else self._visitor_match()
        if self.visit is not None and match is not self.visit.scene:
            self._close_visit()
        if match is not None and self.visit is None:
            self.visit = Visit(match, self.app.clock())
            self.round_touch = None
        if self.visit is not None:
            self._maybe_initials(self.visit)

    def _close_visit(self) -> None:
        visit, self.visit = self.visit, None
        if visit is None:
            return
        table = visit.scene.table
        outcome = table.outcome()
        best = max((outcome.scores[w] for w in outcome.winners), default=None) if outcome else None
        people = len(table.here)
        self.stats.record(table.info.name, people, len(table.seats) - people, self.app.clock() - visit.started,
                          outcome is not None, best)
        self.sessions_done += 1

    def _maybe_initials(self, visit: Visit) -> None:
        table = visit.scene.table
        outcome = table.outcome()
        if visit.initials_asked or outcome is None or not self.config.leaderboard:
            return
        visit.initials_asked = True
        people = [w for w in outcome.winners if w in table.here]
        if not people:
            return
        score, game = outcome.scores[people[0]], table.info.name
        if self.leaderboard.qualifies(game, score):
            self.app.stack.push(InitialsScene(self.app, table.info.title, score,
                                              lambda initials: self.leaderboard.add(game, initials, score)))

    def _maybe_ask(self, idle: float, now: float) -> None:
        assert self.visit is not None
        if idle < self.config.match_idle:
            return
        match = self.visit.scene
        touched = self.round_touch is not None and self.round_touch[0] == getattr(
            getattr(match, "view", None), "round_no", None)
        if not may_ask(match, now, self.last_input, touched):
            return
        self.app.stack.push(StillPlayingScene(self.app, self.config.still_playing_seconds, match.table,
                                              self._nobody_there))

    def _nobody_there(self) -> None:
        self.end_session()
        self.start_attract()

    def end_session(self) -> None:
        """The visitor has gone: record the match, forget them, back to the title."""
        self._track_visit()
        self._close_visit()
        self.app.pointer.cancel_all()
        self.app.stack.reset(self.app.title())
        self.reset_visitor()
        shell.tidy()
        self.last_input = self.app.clock()

    def reset_visitor(self) -> None:
        """Privacy: no paused matches, the kiosk's own settings, a fresh title."""
        for game in catalog.names():
            saves.clear(game)
        rejoin.forget()  # no "Back to room" for the next visitor either, and no room left open
        self.app.stop_hosting(KIOSK_HOST_LEFT())
        profile = self.config.profile()
        text.use(self.language)  # a visitor's language choice goes with them
        self.app.replace_settings(profile)  # not saved: a later app on this account keeps its own settings
        self._sound(profile.volume, self.app.options.mute)
        self.app.toasts.queue.clear()
        if self.app.stack.top is not None and self.app.stack.top.name == "title":
            self.app.stack.reset(self.app.title())  # rebuilt: no Continue button from an old save

    def _sound(self, volume: float, mute: bool) -> None:
        self.app.audio.volume, self.app.audio.mute = volume, mute

    # attract ----------------------------------------------------------------------------------
    def start_attract(self) -> None:
        """The visitor session is over: run the attract loop."""
        self._close_visit()
        self.reset_visitor()
        demo = self.app.settings.with_(seen_briefings=catalog.names(), bot_speed=self.config.demo_bot_speed)
        self.app.replace_settings(demo)  # not saved: demos only
        quiet = self.config.attract_sound == "quiet"
        self._sound(self.config.volume * 0.25, self.app.options.mute or not quiet)
        self.attract.start()

    def leave_attract(self, language: str | None = None) -> None:
        """A tap: the title, at once (in `language` when the tap chose one on the banner)."""
        self.attract.stop()
        self.reset_visitor()
        if language is not None:
            text.use(language)  # the whole app speaks it until this visitor's session ends
        self.app.pointer.cancel_all()
        self.app.stack.reset(self.app.title())
        self.last_input = self.app.clock()

    def _best_scores(self) -> dict[str, list[tuple[str, float]]]:
        if self.config.leaderboard:
            board = self.leaderboard.table()
            if board:
                return board
        return {g: [("", s)] for g, s in self.stats.summary().best}

    # screen care ------------------------------------------------------------------------------
    def _screen_care(self, now: float) -> None:
        index, since = self._nudge
        if now - since >= self.config.shift_minutes * 60:
            self._nudge = (index + 1, now)
            shell.nudge(self.app.display, index + 1)
            self.app.invalidate_all()
        dim = now - self.last_input >= self.config.dim_after
        if dim != self.dimmed:
            self.dimmed = dim
            self.app.invalidate_all()

    def _wake(self) -> None:
        self.last_input = self.app.clock()
        if self.dimmed:
            self.dimmed = False
            self.app.invalidate_all()

    # the operator -----------------------------------------------------------------------------
    def open_operator(self) -> None:
        """The gesture was made: the PIN pad (or how to set a PIN)."""
        if self.attract.active:
            self.leave_attract()
        top = self.app.stack.top
        if top is not None and top.name in OPERATOR_SCENES:
            return
        if not self.config.pin:
            self.app.stack.push(NoPinScene(self.app))
        else:
            self.app.stack.push(PinPadScene(self.app, self.guard, self.open_menu))

    def open_menu(self) -> None:
        """The right PIN: the operator menu over whatever was on screen."""
        self.app.stack.push(OperatorMenuScene(self.app, self))

    def open_touch_test(self) -> None:
        """Every finger on the glass, drawn."""
        self.app.stack.push(TouchTestScene(self.app))

    def change(self, **changes: Any) -> None:
        """An operator change: applied now and kept."""
        self.config = self.config.with_(**changes)
        self.changed |= set(changes)
        save_overrides(self.config, tuple(sorted(self.changed)))
        if "volume" in changes:
            self.app.update_settings(volume=self.config.volume)

    def resume_visitors(self) -> None:
        """Close the operator screens; the visitors' screen is back."""
        while self.app.stack.top is not None and self.app.stack.top.name in OPERATOR_SCENES:
            self.app.stack.pop()
        if self.app.settings.language:  # chosen in the operator's Settings: the kiosk's own from now on
            self.language = self.app.settings.language
        self.last_input = self.app.clock()

    def restart(self) -> None:
        """Leave with the restart code (the command line runs the app again)."""
        self.app.exit_code = shell.RESTART_CODE
        self.app.quit()

    def exit_to_desktop(self) -> None:
        """Leave the kiosk for good (exit code 0: a supervisor does not restart it)."""
        self.app.exit_code = 0
        self.app.quit()

    def _apply_setup(self, scene: Any) -> None:
        """A fresh seat setup starts from the kiosk's seat count and bot level."""
        if id(scene) == self._setup_seen or scene.name != "seat_setup" or getattr(scene, "game", None) is None:
            return
        self._setup_seen = id(scene)
        wanted = self.config.seats.get(scene.game_name)
        if wanted is not None:
            scene.count = min(scene.max_seats, max(scene.min_seats, wanted))
        if self.config.bot_level in scene.levels:
            scene.bot_level = [self.config.bot_level] * len(scene.bot_level)
        scene._build()
