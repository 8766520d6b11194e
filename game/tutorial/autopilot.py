"""`market-hall tutorial GAME --autopilot`: follow a guided match headless by tapping what it lights up.

The pilot is a person who always does as told: it waits until the coach is ready, taps the middle
of each lit target (or drags it to `drag_to`), taps Next on explanations, and sits through free
play. With `wrong_taps` it first taps somewhere else at every step and checks that a hint
appeared and that nothing else happened (same step, no move made). With `keyboard` it uses key
events only: Tab (or Shift+Tab) until the focus ring is on the lit target, then Enter (a drag is
Enter on the item, then Enter on where it goes); Enter for Next; its wrong "tap" is Enter on a
target that is not lit. Time is a fake clock, so a five-minute lesson takes seconds.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pygame

from game.compose import compose_app
from game.shell.app import App, AppOptions
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.shell.focus import reading_order
from game.shell.keymap import keys_of
from game.shell.loop import FakeClock
from game.shell.targets import Target
from game.tutorial.coach import Coach
from game.tutorial.script import Step

DT = 1 / 30  # one frame of the pilot's clock (two fixed steps)
SETTLE = 0.4  # seconds a target is left alone after it appears, like a reader would
STEP_LIMIT = 120.0  # simulated seconds a step may take before the pilot calls it stuck


@dataclass
class Report:
    """How the guided match went."""

    game: str
    finished: bool = False
    step: int = 0  # the step reached (1-based; the one it stuck on when not finished)
    steps: int = 0
    taps: int = 0
    wrong_taps: int = 0
    keys: int = 0  # key presses (--keyboard)
    seconds: float = 0.0  # simulated time the lesson took
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        """One JSON line for the terminal."""
        return json.dumps(asdict(self))


OnFrame = Callable[[App], object]


class Pilot:
    """Drives an App like a person, in logical canvas coordinates."""

    def __init__(self, app: App, clock: FakeClock, on_frame: OnFrame | None = None) -> None:
        self.app, self.clock = app, clock
        self.time = 0.0
        self.on_frame = on_frame  # a look at every frame (the layout walk samples things in flight)
        self.keyboard = False  # key events only
        self.keys = 0

    def frames(self, n: int = 1) -> None:
        """Let `n` frames pass."""
        for _ in range(n):
            self.clock.advance(DT)
            self.time += DT
            self.app.frame()
            if self.on_frame is not None:
                self.on_frame(self.app)

    def _window(self, pos: tuple[float, float]) -> tuple[int, int]:
        d = self.app.display
        return round(d.viewport.x + pos[0] * d.scale), round(d.viewport.y + pos[1] * d.scale)

    def tap(self, pos: tuple[float, float], finger: bool = False) -> None:
        """A mouse click (or a finger tap) at a logical point."""
        if finger:
            self._finger(pygame.FINGERDOWN, pos)
            self.frames(2)
            self._finger(pygame.FINGERUP, pos)
        else:
            wpos = self._window(pos)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=wpos, rel=(0, 0), buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=wpos, button=1))
            self.frames(2)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=wpos, button=1))
        self.frames(2)

    def key(self, key: int, mod: int = 0) -> None:
        """Press and release a key."""
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=mod, unicode="", scancode=0))
        self.keys += 1
        self.frames(2)

    def use(self, coach: Coach, name: str) -> bool:
        """Tap the target `name` (or, by keyboard, ring it and press Enter); False when it is not there."""
        if self.keyboard:
            if not self.focus_on(name):
                return False
            self.key(keys_of(self.app.settings).key("act"))
            return True
        rect = coach.find(name)
        if rect is None:
            return False
        self.tap(rect.center)
        return True

    def focus_on(self, name: str) -> bool:
        """Tab (or Shift+Tab, the shorter way round) until the top scene's focus ring is on `name`."""
        scene = self.app.stack.top
        if scene is None or not scene.focusable:
            return False
        order = reading_order(scene.targets())
        if not any(t.called(name) for t in order):
            return False
        tab = keys_of(self.app.settings).key("next")  # the player's keys: a remap is followed too
        if scene.focused() is None:
            self.key(tab)
        for _ in range(len(order) + 1):
            now = scene.focused()
            if now is None or now.called(name):
                break
            order = reading_order(scene.targets())
            ahead = (_place_of(order, name) - _place_of(order, now.name)) % len(order) \
                if any(t.called(name) for t in order) else 1
            self.key(tab, 0 if ahead <= len(order) // 2 else pygame.KMOD_SHIFT)
        focused = scene.focused()
        return focused is not None and focused.called(name)

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        """Press at `start`, move in small steps, release at `end`."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self._window(start), button=1))
        self.frames(1)
        for i in range(1, 9):
            x = start[0] + (end[0] - start[0]) * i / 8
            y = start[1] + (end[1] - start[1]) * i / 8
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=self._window((x, y)), rel=(0, 0),
                                                 buttons=(1, 0, 0)))
            self.frames(1)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self._window(end), button=1))
        self.frames(2)

    def _finger(self, kind: int, pos: tuple[float, float]) -> None:
        wx, wy = self._window(pos)
        w, h = self.app.display.size
        pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=0, x=wx / w, y=wy / h, dx=0.0, dy=0.0,
                                             pressure=1.0))
        mouse = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP}.get(kind)
        if mouse is not None:  # as SDL does for the first finger: widgets are pressed through it
            pygame.event.post(pygame.event.Event(mouse, pos=(wx, wy), button=1, touch=True))


def _place_of(order: list[Target], name: str) -> int:
    """Where the target a lesson calls `name` is in the focus ring's order."""
    return next(i for i, t in enumerate(order) if t.called(name))


OnStep = Callable[[App, int], object]
FREE_NEXT = "round:next"  # a summary in free play (Swap Meet's) waits for this tap (its key, in every language)


def run_autopilot(game: str, *, wrong_taps: bool = False, size: tuple[int, int] = (1280, 720),
                  shots: Path | None = None, on_step: OnStep | None = None,
                  on_frame: OnFrame | None = None, keyboard: bool = False, lang: str | None = None) -> Report:
    """Follow `game`'s guided match to its end (in `lang`, else the settings' or the system's language);
    the report says where it stuck if it did not get there.

    `on_step(app, n)` is called where a shot is taken: at each step once its target is ready, and at the end;
    `on_frame(app)` after every frame.
    """
    clock = FakeClock()
    app = compose_app(AppOptions(size=size, mute=True, pace=False, bot_threads=False, tutorial=game,
                                 extra={"lang": lang}), clock=clock)
    report = Report(game)
    coach = app.coach
    if coach is None:
        report.problems.append("this game has no guided match")
        return report
    report.steps = len(coach.guide.steps)
    pilot = Pilot(app, clock, on_frame)
    pilot.keyboard = keyboard
    try:
        _follow(pilot, coach, report, wrong_taps, shots, on_step)
    finally:
        report.seconds = round(pilot.time, 1)
        report.keys = pilot.keys
    return report


def _follow(pilot: Pilot, coach: Coach, report: Report, wrong_taps: bool, shots: Path | None,
            on_step: OnStep | None = None) -> None:
    app = pilot.app
    checked: set[int] = set()
    looked: set[int] = set()  # steps whose panel was found covering what it talks about
    began: dict[int, float] = {}  # when each step began (a step tapped again and again is still stuck)
    while True:
        if app.coach is not coach:
            report.problems.append(f"the guided match closed at step {coach.index + 1}")
            return
        if coach.finished:
            report.finished, report.step = True, report.steps
            _shot(app, shots, report.steps + 1, on_step)
            return
        report.step = coach.index + 1
        index = coach.index
        step_started = began.setdefault(index, pilot.time)
        if not _wait_ready(pilot, coach, index):
            step = coach.step
            what = " / ".join(step.words()) if step else ""
            report.problems.append(f"stuck at step {index + 1}: nothing to tap appeared ({what})")
            return
        _shot(app, shots, index + 1, on_step)
        covered = _panel_covers(coach)
        if covered and index not in looked:
            looked.add(index)
            report.problems.append(f"step {index + 1}: the coach's panel covers {covered}")
        if wrong_taps and index not in checked:
            checked.add(index)
            problem = _wrong_tap(pilot, coach)
            if problem:
                report.problems.append(f"step {index + 1}: {problem}")
                return
            report.wrong_taps += 1
        _do(pilot, coach)
        report.taps += 1
        if coach.index == index and not coach.finished and pilot.time - step_started > STEP_LIMIT:
            step = coach.step
            what = " / ".join(step.words()) if step else ""
            report.problems.append(f"stuck at step {index + 1}: tapping did not move it on ({what})")
            return


def _wait_ready(pilot: Pilot, coach: Coach, index: int) -> bool:
    """Frames pass until the step has something to tap (or moved on by itself); False when stuck."""
    waited, ready_for = 0.0, 0.0
    while waited < STEP_LIMIT:
        if coach.finished or coach.index != index or pilot.app.coach is not coach:
            return True
        step = coach.step
        assert step is not None
        has_target = coach.can_go_on() if step.is_explanation else \
            bool(step.target and len(coach.targets()) == len(step.target))
        ready_for = ready_for + DT if coach.ready() and has_target else 0.0
        if ready_for >= SETTLE:
            return True
        if step.free and not step.target and coach.find(FREE_NEXT) is not None:
            pilot.use(coach, FREE_NEXT)  # free play's summary waits for its reader's Next
        pilot.frames(1)
        waited += DT
    return False


def _do(pilot: Pilot, coach: Coach) -> None:
    """Do what the step asks once."""
    step = coach.step
    if step is None or coach.index < 0:
        return
    if step.is_explanation:
        rect = coach.buttons.get("next")
        if pilot.keyboard:
            pilot.key(keys_of(pilot.app.settings).key("act"))
        elif rect is not None:
            pilot.tap(rect.center)
        return
    if pilot.keyboard:
        _do_by_keys(pilot, coach, step)
        return
    index = coach.index
    for name in step.target:
        if coach.index != index or coach.finished:
            return
        rect = coach.find(name)
        if rect is None:
            continue
        drop = coach.find(step.drag_to) if step.drag_to else None
        if drop is not None:
            pilot.drag(rect.center, drop.center)
        else:
            pilot.tap(rect.center)
        pilot.frames(6)


def _do_by_keys(pilot: Pilot, coach: Coach, step: Step) -> None:
    """Ring each lit target and press Enter; a drag is Enter on the item, then on where it goes."""
    index = coach.index
    for name in step.target:
        if coach.index != index or coach.finished:
            return
        if name == step.drag_to:
            continue
        if pilot.use(coach, name) and step.drag_to:
            pilot.frames(2)
            pilot.use(coach, step.drag_to)
        pilot.frames(6)


def _wrong_tap(pilot: Pilot, coach: Coach) -> str | None:
    """Tap away from every target: a hint must appear and nothing else may happen."""
    step = coach.step
    if step is None or (step.free and not step.target):
        return None
    if pilot.keyboard:
        return _wrong_key(pilot, coach, step)
    spot = _away_from(coach)
    if spot is None:
        return None
    before = _mark(coach)
    pilot.tap(spot, finger=coach.index % 2 == 1)  # mouse and finger taps alike
    pilot.frames(3)
    return _only_a_hint(coach, before, f"a tap at {spot} off the target")


def _wrong_key(pilot: Pilot, coach: Coach, step: Step) -> str | None:
    """Ring a target that is not lit and press Enter: a hint must appear and nothing else may happen."""
    scene = pilot.app.stack.top
    lit = {*step.target, *step.also}
    other = next((t.name for t in reading_order(scene.targets()) if not any(t.called(n) for n in lit)), None) \
        if scene else None
    if other is None or step.is_explanation or not pilot.focus_on(other):
        return None
    before = _mark(coach)
    pilot.key(keys_of(pilot.app.settings).key("act"))
    pilot.frames(3)
    return _only_a_hint(coach, before, f"Enter on {other}, off the target,")


def _mark(coach: Coach) -> tuple[int, int, int]:
    """The coach's hints, its step and the match's length, before a wrong tap or key."""
    return coach.hints, coach.index, len(coach.table.log)


def _only_a_hint(coach: Coach, before: tuple[int, int, int], what: str) -> str | None:
    """What went wrong when `what` (a tap or key off the target) did more, or less, than bring a hint."""
    hints, index, moves = before
    if coach.hints <= hints:
        return f"{what} gave no hint"
    if coach.index != index or len(coach.table.log) != moves:
        return f"{what} changed the match"
    return None


def _panel_covers(coach: Coach) -> str | None:
    """What the coach's panel hides of the step's targets and the things its words name (None: nothing)."""
    step = coach.step
    if coach.panel is None or step is None:
        return None
    hidden = [name for name in step.named
              if (rect := coach.find(name)) is not None and coach.panel.colliderect(rect)]
    return ", ".join(hidden) or None


def _away_from(coach: Coach) -> tuple[float, float] | None:
    """A canvas point clear of the targets and the coach's buttons."""
    keep_clear = [r.inflate(80, 80) for r in coach.tappable()] + [r.inflate(20, 20) for r in coach.buttons.values()]
    for fy in (0.5, 0.35, 0.65, 0.2, 0.8):
        for fx in (0.5, 0.3, 0.7, 0.12, 0.88):
            spot = (LOGICAL_W * fx, LOGICAL_H * fy)
            if not any(r.collidepoint(spot) for r in keep_clear):
                return spot
    return None


def _shot(app: App, shots: Path | None, n: int, on_step: OnStep | None = None) -> None:
    if on_step is not None:
        on_step(app, n)
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
        app.display.screenshot(str(shots / f"{app.options.tutorial}-{n:02d}.png"))
