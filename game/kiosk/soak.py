"""`market-hall soak`: the real client in kiosk mode, headless, on an accelerated clock.

The app runs on a `FakeClock` that moves half a simulated second per frame while nobody is
there (30 fixed steps a frame) and a tenth while a visitor taps. Visitors arrive at random,
leave the attract loop, pick a game, start it, tap around in bursts and walk away; the idle
timers then ask "Still playing?", end the session and go back to attract. Everything happens in
a temporary MARKET_HALL_HOME, so a soak never touches a real kiosk's saves or numbers.
Prints one JSON object: what ran, what failed, and resident memory samples.

Memory is flat when the highest RSS of the whole run is within 10% of the highest RSS seen until
every game's first demo had run (the reference): peak against peak, since a table's peak (a help
page or a dialog over it) is well above what it holds at the end of its demo. `max_by_hour` shows
whether anything still creeps after those first visits.
"""

from __future__ import annotations

import json
import math
import os
import random
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pygame

from game.shell.loop import FakeClock
from game.tools.progress import progress

if TYPE_CHECKING:
    from game.kiosk.controller import Kiosk

IDLE_FRAME = 0.5  # simulated seconds per frame while nobody is there
VISIT_FRAME = 0.1
MAX_STEPS = 30  # fixed steps a frame may owe (the app's cap is 5: a real hitch must not spiral)
SAMPLE_EVERY = 60.0  # simulated seconds between memory samples


def rss_kib() -> int:
    """Resident memory of this process in KiB (0 where /proc is not there)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return 0


class Visitor:
    """A random person at the stand: taps with purpose at first, then anywhere, then leaves."""

    def __init__(self, rng: random.Random, now: float) -> None:
        self.rng = rng
        self.leaves_at = now + rng.uniform(40, 360)
        self.next_tap = now

    def act(self, app: Any, now: float) -> None:
        """Maybe tap (once, or a burst) if it is time."""
        if now < self.next_tap:
            return
        self.next_tap = now + self.rng.uniform(0.3, 4.0)
        top = app.stack.top
        name = top.name if top is not None else ""
        target = None
        if name == "title" and self.rng.random() < 0.8:
            tile = self.rng.choice(top.tiles)
            target = tile.rect.center
        elif name in ("seat_setup", "swap_meet_lobby") and self.rng.random() < 0.7:
            start = _button(top, "Start")
            target = start.rect.center if start is not None else None
        for _ in range(1 if target else self.rng.choice((1, 1, 2, 5))):
            pos = target or (self.rng.uniform(20, 1900), self.rng.uniform(20, 1060))
            tap(app, pos, finger=self.rng.random() < 0.6, finger_id=self.rng.randrange(3))


def _button(scene: Any, words: str) -> Any:
    for sprite in scene.ui.get_sprite_group().sprites():
        if words in str(getattr(sprite, "text", "")) and getattr(sprite, "is_enabled", True):
            return sprite
    return None


def tap(app: Any, logical: tuple[float, float], finger: bool, finger_id: int = 0) -> None:
    """Post one tap the way SDL would (a finger also gets its emulated mouse events)."""
    d = app.display
    wx, wy = round(d.viewport.x + logical[0] * d.scale), round(d.viewport.y + logical[1] * d.scale)
    if finger:
        w, h = d.size
        for kind, mouse in ((pygame.FINGERDOWN, pygame.MOUSEBUTTONDOWN), (pygame.FINGERUP, pygame.MOUSEBUTTONUP)):
            pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=finger_id, x=wx / w, y=wy / h,
                                                 dx=0.0, dy=0.0, pressure=1.0))
            if finger_id == 0:
                pygame.event.post(pygame.event.Event(mouse, pos=(wx, wy), button=1, touch=True))
        return
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(wx, wy), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(wx, wy), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(wx, wy), button=1))


class Soak:
    """One soak run; `run()` returns the figures."""

    def __init__(self, minutes: float, seed: int, kiosk_config: str | None = None) -> None:
        from game.compose import compose_app
        from game.shell.app import AppOptions

        self.minutes, self.rng = minutes, random.Random(seed)
        self.clock = FakeClock()
        wall0 = time.time()
        options = AppOptions(size=(1280, 720), pace=False, seed=seed, kiosk=True, bot_threads=False,
                             extra={"kiosk_config": kiosk_config, "wall": lambda: wall0 + self.clock.now})
        self.rss: dict[str, Any] = {"start": rss_kib(), "after_first_demo": {}}
        self.app = compose_app(options, clock=self.clock)
        self.app.loop.max_steps = MAX_STEPS
        self.kiosk = cast("Kiosk", self.app.kiosk)  # kiosk=True above, so the app made one
        self.kiosk.attract.on_demo_done.append(self._demo_done)
        self.demos: dict[str, int] = {}
        self.exceptions = 0
        self.exits: list[int] = []
        self.max_rss = self.rss["start"]
        self.reference = self.rss["start"]  # the highest RSS until every game's first demo has run
        self.max_by_hour: list[int] = []
        self.frames = 0

    def _demo_done(self, game: str) -> None:
        self.demos[game] = self.demos.get(game, 0) + 1
        if game not in self.rss["after_first_demo"]:
            rss = rss_kib()
            self._sample(rss)  # before it is recorded: it still counts towards the reference
            self.rss["after_first_demo"][game] = rss

    def _first_visits_done(self) -> bool:
        return set(self.kiosk.attract.cfg().games) <= set(self.rss["after_first_demo"])

    def _sample(self, rss: int) -> None:
        if not self._first_visits_done():
            self.reference = max(self.reference, rss)
        self.max_rss = max(self.max_rss, rss)
        last = max(0, math.ceil(self.minutes / 60) - 1)
        hour = min(int(self.clock.now // 3600), last)  # the sample at the very end is the last hour's
        while len(self.max_by_hour) <= hour:
            self.max_by_hour.append(0)
        self.max_by_hour[hour] = max(self.max_by_hour[hour], rss)

    def run(self) -> dict[str, Any]:
        """Simulate; every loop is bounded by the simulated minutes."""
        end = self.minutes * 60.0
        visitor: Visitor | None = None
        next_visit = self.rng.uniform(60, 600)
        next_sample = SAMPLE_EVERY
        t0 = time.perf_counter()
        while self.clock.now < end:
            now = self.clock.now
            if visitor is None and now >= next_visit:
                visitor = Visitor(self.rng, now)
            if visitor is not None:
                visitor.act(self.app, now)
                if now >= visitor.leaves_at:
                    visitor, next_visit = None, now + self.rng.uniform(120, 1200)
            self.clock.advance(VISIT_FRAME if visitor is not None else IDLE_FRAME)
            self._frame()
            if self.clock.now >= next_sample:
                next_sample += SAMPLE_EVERY
                self._sample(rss_kib())
                progress(f"soak: {self.clock.now / 60:.0f} of {self.minutes:g} simulated minutes")
        return self._report(time.perf_counter() - t0)

    def _frame(self) -> None:
        try:
            self.app.frame()
        except Exception:  # the title itself failed twice: count it, start again at the title
            self.exceptions += 1
            self.app.stack.reset(self.app.title())
        self.frames += 1
        if not self.app.running:  # the kiosk gave up after repeated crashes: a supervisor would restart
            self.exits.append(self.app.exit_code)
            self.app.running = True

    def _report(self, wall: float) -> dict[str, Any]:
        end = rss_kib()
        self.max_rss = max(self.max_rss, end)
        reference = self.reference if self._first_visits_done() else None
        return {"simulated_minutes": round(self.clock.now / 60, 2), "wall_seconds": round(wall, 1),
                "frames": self.frames, "demos_completed": sum(self.demos.values()), "demos_by_game": self.demos,
                "visitor_sessions": self.kiosk.sessions_done, "exceptions": self.exceptions + self.kiosk.crash_total,
                "exits": self.exits,
                "rss_kib": {"start": self.rss["start"], "after_first_demo": self.rss["after_first_demo"],
                            "reference": reference, "max": self.max_rss, "end": end, "max_by_hour": self.max_by_hour},
                "memory_flat": reference is not None and self.max_rss <= reference * 1.10}


def run_soak(minutes: float, seed: int, kiosk_config: str | None = None) -> int:
    """The `soak` command: print the JSON figures; exit 1 when anything failed."""
    with tempfile.TemporaryDirectory(prefix="market-hall-soak-") as home:
        os.environ["MARKET_HALL_HOME"] = home
        try:
            report = Soak(minutes, seed, kiosk_config).run()
        finally:
            pygame.quit()
    print(json.dumps(report))
    return 0 if report["exceptions"] == 0 and not report["exits"] else 1
