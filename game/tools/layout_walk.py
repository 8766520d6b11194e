"""`market-hall screens --check`: walk the screens players reach and judge each one's layout.

The walk drives real apps headless on a fake clock: every step of the three guided matches (the
tutorial autopilot), a monkey tapping buttons and the table in a match of each game against bots,
and the kiosk's attract loop (its demo matches and cards), in a 1920×1080 and a 1280×720 window.
At each screen it forces a full redraw while `layout_record.recording()` is on and judges the
canvas's marks (rules in game/draw/layout_record.py). A screen already seen (same texts and buttons
at the same places) is not judged twice. The coach's panel, its targets and the things its step
names (`Step.target`, `Step.shows`) are marked, so a panel over what it teaches is a problem; each
overlay that comes up during a guided step is judged once it stands (a summary in free play); and
while a scene has movers a frame is sampled every FLIGHT_EVERY s, where only texts in flight are
judged (a float that sits on the same label in two samples running has landed on it).
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import pygame

from game.draw.layout_record import VEIL, Mark, Problem, RecordingSurface, judge, marks_of, recording, widget_marks

SIZES = ((1920, 1080), (1280, 720))
DANGER = ("Leave", "Title", "Quit", "Menu", "Resign", "Exit", "Home", "title", "Guided")  # what a monkey keeps off
RARE = ("Help", "Pause")  # what a monkey at the table taps now and then only
SPOTS = ("hint", "line", "summary", "card", "pile", "market", "hand")
OUTLINE = ((235, 40, 40), (255, 200, 0))
STEADY = 1.5  # seconds a problem must hold still to count (a card in flight is gone by then)
FLIGHT_EVERY = 0.2  # seconds of the fake clock between two frames sampled while something is in flight
SETTLE = 1.0  # seconds a new top scene (an overlay) stands before the guided walk judges it


@dataclass
class Walk:
    """What the walk saw: screens judged, text and button rects recorded, problems found."""

    out: Path | None = None
    screens: int = 0
    rects: int = 0
    problems: list[dict[str, Any]] = field(default_factory=list)
    seen: set[tuple[Any, ...]] = field(default_factory=set)
    names: list[str] = field(default_factory=list)
    flown: float = -1.0  # the fake clock's time of the last frame sampled in flight
    landing: set[tuple[Any, ...]] = field(default_factory=set)  # (moving words, label, its rect) last sample

    def line(self) -> str:
        """The one JSON line the command prints."""
        return json.dumps({"screens": self.screens, "rects": self.rects, "problems": self.problems})

    def in_flight(self, app: Any, name: str) -> None:
        """Judge a frame while cards, chips or floats move (every FLIGHT_EVERY s): texts in flight only."""
        now = float(app.clock.now)
        if now - self.flown < FLIGHT_EVERY or not any(_flying(s) for s in app.stack.scenes):
            return
        self.flown = now
        self.capture(app, f"{name}/flight", flight=True)

    def _landed(self, floats: list[Problem]) -> list[Problem]:
        """The texts in flight that sit on the same label in two samples running: landed, not passing over."""
        signs = {id(p): (p.marks[0].words, p.marks[1].words, tuple(p.marks[1].rect)) for p in floats}
        landed = [p for p in floats if signs[id(p)] in self.landing]
        self.landing = set(signs.values())
        return landed

    def capture(self, app: Any, name: str, flight: bool = False) -> list[Problem]:
        """Redraw the app's screen in full, judge it, note what is wrong (once per distinct screen).
        In `flight` only what moves is judged (the rest is judged at rest)."""
        marks = record_frame(app)
        key = (app.display.size, *((m.kind, tuple(m.rect), m.words) for m in marks if m.kind in ("text", "button")))
        if key in self.seen:
            return []
        self.seen.add(key)
        self.screens += 1
        self.names.append(name)
        self.rects += sum(m.kind in ("text", "button") for m in marks)
        found = judge(marks)
        if flight:
            problems = self._landed([p for p in found if p.kind == "float"])
        else:  # what moves is judged in flight only
            problems = [p for p in found if p.kind == "coach"]
            problems += steady_problems(app, [p for p in found if p.kind not in ("coach", "float")])
        size = "x".join(map(str, app.display.size))
        for i, problem in enumerate(problems):
            entry = problem.as_json(name)
            entry["size"] = size
            if self.out is not None:
                entry["png"] = str(self._png(app, f"{size}-{name}-{i + 1}", problem))
            self.problems.append(entry)
        return problems

    def _png(self, app: Any, stem: str, problem: Problem) -> Path:
        assert self.out is not None
        self.out.mkdir(parents=True, exist_ok=True)
        shot = pygame.Surface(app.display.canvas.get_size())
        shot.blit(app.display.canvas, (0, 0))
        for i, m in enumerate(problem.marks):
            pygame.draw.rect(shot, OUTLINE[min(i, 1)], m.rect.inflate(6, 6), 4)
        path = self.out / (stem.replace("/", "_").replace(" ", "_") + ".png")
        pygame.image.save(shot, str(path))
        return path


def _flying(scene: Any) -> bool:
    """Is something in flight on this scene: movers drawn while its tweens run (a running clock alone is not)."""
    anim = getattr(scene, "anim", None)
    return bool(getattr(scene, "movers", None)) and bool(getattr(anim, "busy", False))


def _sign(problem: Problem) -> tuple[Any, ...]:
    """What a problem is about: its kind, the words involved and where the first one is (a tag may drift)."""
    return (problem.kind, tuple(problem.marks[0].rect), *(m.words for m in problem.marks))


def steady_problems(app: Any, problems: list[Problem]) -> list[Problem]:
    """The problems still there STEADY seconds later: a card in flight over a label is not a layout."""
    if not problems:
        return []
    clock = getattr(app.clock, "advance", None)
    if clock is not None:
        clock(STEADY)
    later = {_sign(p) for p in judge(record_frame(app))}
    return [p for p in problems if _sign(p) in later]


# recording one frame ----------------------------------------------------------------------------
def _hook(app: Any) -> None:
    """Make the app's canvas record, and note widgets and the coach's veil as they are drawn."""
    display = app.display
    if not isinstance(display.canvas, RecordingSurface):
        display.canvas = RecordingSurface(display.canvas.get_size()).convert()
    display.canvas.resting = True
    for scene in app.stack.scenes:
        if not getattr(scene.ui, "_layout_hooked", False):
            scene.ui.draw_ui = _drawing_widgets(scene.ui, scene.ui.draw_ui)
            scene.ui._layout_hooked = True
        if hasattr(scene, "_draw_movers") and not getattr(scene, "_movers_hooked", False):
            scene._draw_movers = _drawing_movers(scene._draw_movers)
            scene._movers_hooked = True
    coach = app.coach
    if coach is not None and not getattr(coach, "_layout_hooked", False):
        coach.draw = _drawing_coach(coach, coach.draw)
        coach._layout_hooked = True


def _drawing_widgets(manager: Any, draw_ui: Callable[[pygame.Surface], None]) -> Callable[[pygame.Surface], None]:
    def draw(surface: pygame.Surface) -> None:
        draw_ui(surface)
        if isinstance(surface, RecordingSurface):
            surface._list().extend(widget_marks(manager))
    return draw


def _drawing_coach(coach: Any, draw: Callable[[pygame.Surface], None]) -> Callable[..., None]:
    """The coach's veil dims the table except where it spotlights (its holes); its panel is marked
    "coach" just before it is drawn, and what the step teaches (targets, named things) "lit"."""
    from game.tutorial.coach import HOLE

    def hooked(canvas: pygame.Surface, dirty: object = None) -> None:  # a layer's draw: the whole canvas changed
        step = coach.step
        if not isinstance(canvas, RecordingSurface):
            draw(canvas)
            return
        if step is not None and not coach.asking and not step.free:
            lit = (coach.tappable() + coach.shown()) if coach.ready() else []
            alpha = 110 if step.is_explanation else 150
            canvas._list().append(Mark("dim", canvas.get_rect(), VEIL, alpha=alpha,
                                       holes=tuple(r.inflate(2 * HOLE, 2 * HOLE) for r in lit)))
        start = len(canvas._list())
        draw(canvas)
        mine = canvas._list()
        if coach.panel is not None:
            at = next((i for i in range(start, len(mine)) if mine[i].kind == "cover"
                       and mine[i].rect.colliderect(coach.panel)), len(mine))
            mine.insert(at, Mark("coach", pygame.Rect(coach.panel)))
        if step is not None and not coach.asking:
            named = [(n, coach.find(n)) for n in step.named]
            mine.extend(Mark("lit", r, n) for n, r in named if r is not None)
        mine.extend(Mark("button", pygame.Rect(r), name) for name, r in coach.buttons.items())
    return hooked


def _drawing_movers(draw_movers: Callable[..., None]) -> Callable[..., None]:
    """What a table's movers draw (floats, tags, cards in flight) is marked moving."""
    def hooked(canvas: pygame.Surface, *args: Any, **kwargs: Any) -> None:
        start = len(marks_of(canvas))
        draw_movers(canvas, *args, **kwargs)
        for m in marks_of(canvas)[start:]:
            m.moving = True
    return hooked


def record_frame(app: Any) -> list[Mark]:
    """Draw one full frame of the app with nothing cached and return the canvas's marks."""
    _hook(app)
    for scene in app.stack.scenes:
        scene.invalidate()
        if hasattr(scene, "restatic"):
            scene.restatic()
    canvas = app.display.canvas
    canvas._list().clear()
    canvas.resting = False
    app.display.needs_full = True
    try:
        app.frame()
    finally:
        canvas.resting = True  # the frames between judged ones draw in part: nothing to keep from them
    return list(marks_of(canvas))


# the apps ---------------------------------------------------------------------------------------
@contextmanager
def fresh_home(text_size: int = 100) -> Iterator[None]:
    """A temporary MARKET_HALL_HOME: the walk never reads or writes a player's saves or settings.
    Its settings hold `text_size`, so every app the walk makes lays out for that text size."""
    from game.services import settings

    old = os.environ.get("MARKET_HALL_HOME")
    with tempfile.TemporaryDirectory(prefix="market-hall-screens-") as home:
        os.environ["MARKET_HALL_HOME"] = home
        try:
            if text_size != 100:
                settings.save(settings.Settings(text_size=text_size))
            yield
        finally:
            if old is None:
                os.environ.pop("MARKET_HALL_HOME", None)
            else:
                os.environ["MARKET_HALL_HOME"] = old


def _app(size: tuple[int, int], lang: str, extra: dict[str, Any] | None = None, **options: Any) -> tuple[Any, Any]:
    from game.compose import compose_app
    from game.shell.app import AppOptions
    from game.shell.loop import FakeClock

    clock = FakeClock()
    app = compose_app(AppOptions(size=size, mute=True, pace=False, bot_threads=False, seed=7,
                                 extra={**(extra or {}), "lang": lang}, **options), clock=clock)

    def fail(exc: Exception) -> None:
        raise exc

    app._crashed = fail  # type: ignore[method-assign]  # a screen that throws is a failure of the walk, not a title screen to judge
    return app, clock


def _frames(app: Any, clock: Any, seconds: float, dt: float = 1 / 30,
            flight: Callable[[Any], None] | None = None) -> None:
    for _ in range(max(1, round(seconds / dt))):
        clock.advance(dt)
        app.frame()
        app.running = True
        if flight is not None:
            flight(app)


def _tap(app: Any, pos: tuple[float, float]) -> None:
    d = app.display
    wpos = (round(d.viewport.x + pos[0] * d.scale), round(d.viewport.y + pos[1] * d.scale))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=wpos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=wpos, button=1))
    app.frame()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=wpos, button=1))
    app.frame()


def _fly(walk: Walk, name: str, app: Any) -> None:
    walk.in_flight(app, name)


# the walks --------------------------------------------------------------------------------------
def walk_guided(walk: Walk, game: str, size: tuple[int, int], lang: str = "en") -> None:
    """Every step of a game's guided match (the autopilot's taps), judged when its target is ready."""
    from game.tutorial.autopilot import run_autopilot

    step = [0]
    top: dict[str, Any] = {"scene": None, "since": 0.0, "seen": True}

    def on_step(app: Any, n: int) -> None:
        step[0] = n
        walk.capture(app, f"{game}/guided/step-{n:02d}")

    def on_frame(app: Any) -> None:
        name = f"{game}/guided/step-{step[0] + 1:02d}"
        walk.in_flight(app, name)
        now = float(app.clock.now)
        if app.stack.top is not top["scene"]:  # an overlay came or went (a summary in free play)
            top.update(scene=app.stack.top, since=now, seen=False)
        elif not top["seen"] and now - top["since"] >= SETTLE:
            top["seen"] = True
            walk.capture(app, f"{name}-{app.stack.top.name}")

    report = run_autopilot(game, size=size, on_step=on_step, on_frame=on_frame, lang=lang)
    if not report.finished:
        raise RuntimeError(f"the guided match of {game} did not finish: {report.problems}")


def walk_monkey(walk: Walk, game: str, size: tuple[int, int], seconds: float = 240.0, every: float = 6.0,
                seed: int = 1, lang: str = "en") -> None:
    """A match against bots with one person tapping buttons and the table at random, judged every few seconds."""
    from game.shell import catalog
    from rules.contract import MatchConfig, SeatConfig
    from rules.registry import get_game

    app, clock = _app(size, lang)
    app.update_settings(seen_briefings=catalog.names())
    rules = get_game(game)
    seats = 4 if rules.max_seats >= 4 else rules.min_seats
    config = MatchConfig(tuple(SeatConfig("You" if i == 0 else f"Bot {i}", None if i == 0 else rules.bot_levels[0])
                               for i in range(seats)), {})
    entry = catalog.entry(game)
    assert entry is not None
    cls = entry.table_class()
    assert cls is not None
    app.stack.reset(cls.new(app, config, seed, autosave=False))
    app.loop.max_steps = 30  # frames of a tenth of a second: a match in seconds, every step still taken
    rng = random.Random(f"{game}-{seed}")
    elapsed, next_look = 0.0, 0.0
    while elapsed < seconds and app.running and app.coach is None:
        if elapsed >= next_look:
            walk.capture(app, f"{game}/monkey/{round(elapsed):03d}s-{app.stack.top.name}")
            next_look += every
        _tap(app, _monkey_target(app, rng))
        step = rng.choice((0.2, 0.5, 1.0))
        _frames(app, clock, step, dt=0.1, flight=partial(_fly, walk, f"{game}/monkey/{round(elapsed):03d}s"))
        elapsed += step


def _monkey_target(app: Any, rng: random.Random) -> tuple[float, float]:
    """On an overlay one of its buttons; at the table a lit button now and then (Help and Pause
    rarely), else a point of the table."""
    import pygame_gui

    from game import text

    top = app.stack.top
    danger, rare_labels = _labels(text.language(), DANGER, False), _labels(text.language(), RARE, True)
    buttons = [s for s in top.ui.get_sprite_group().sprites()
               if isinstance(s, pygame_gui.elements.UIButton) and s.visible and s.is_enabled
               and s.text not in danger and not any(word in s.text for word in DANGER)]
    at_table = hasattr(top, "table")
    if at_table:
        rare = rng.random() < 0.03
        buttons = [b for b in buttons if (b.text in rare_labels) == rare]
    if buttons and (not at_table or rng.random() < 0.4):
        x, y = rng.choice(buttons).rect.center
        return float(x), float(y)
    return rng.uniform(120, 1800), rng.uniform(120, 960)


@lru_cache(maxsize=16)
def _labels(lang: str, words: tuple[str, ...], whole: bool) -> frozenset[str]:
    """In `lang`, the words of every key whose English words (without parameters) are one of `words`
    (`whole`) or hold one: how the monkey knows a Leave or a Help button in any language."""
    from game.text import po

    theirs = po.load(lang).screens
    return frozenset(theirs.get(key, en) for key, en in po.load("en").screens.items()
                     if "{" not in en and (en in words if whole else any(w in en for w in words)))


def walk_kiosk(walk: Walk, size: tuple[int, int], seconds: float = 330.0, every: float = 10.0,
               lang: str = "en") -> None:
    """The kiosk's attract loop from its start: each game's demo match, how-to and scores cards."""
    clock: Any = None

    def wall() -> float:  # the kiosk's wall clock runs on the walk's fake clock
        return 1_800_000_000.0 + float(clock.now)

    app, clock = _app(size, lang, kiosk=True, extra={"wall": wall})
    app.display.set_fullscreen(False)  # a kiosk screen of this size (the dummy driver's full screen is 1024×768)
    app.loop.max_steps = 30
    kiosk = app.kiosk
    assert kiosk is not None
    kiosk.start_attract()
    elapsed, next_look = 0.0, 0.0
    while elapsed < seconds:
        if elapsed >= next_look:
            walk.capture(app, f"kiosk/{round(elapsed):03d}s-{app.stack.top.name}")
            next_look += every
        _frames(app, clock, 0.5, dt=0.25, flight=partial(_fly, walk, f"kiosk/{round(elapsed):03d}s"))
        elapsed += 0.5
    app.display.set_fullscreen(False)


def run_walk(out: Path | None = None, sizes: tuple[tuple[int, int], ...] = SIZES,
             games: tuple[str, ...] | None = None, parts: tuple[str, ...] = ("guided", "monkey", "kiosk"),
             text_size: int = 100, lang: str = "en") -> Walk:
    """The whole walk (or the named parts, games and sizes of it; every game in the catalogue by default),
    at a text size (percent) and in a language (the process's language and text size are put back after)."""
    from game import text
    from game.draw.text import text_size as size_in_use
    from game.draw.text import use_text_size
    from game.shell import catalog

    walk = Walk(out)
    todo: list[Callable[[], None]] = []
    for size in sizes:
        for game in catalog.names() if games is None else games:
            if "guided" in parts:
                todo.append(partial(walk_guided, walk, game, size, lang=lang))
            if "monkey" in parts:
                todo.append(partial(walk_monkey, walk, game, size, lang=lang))
        if "kiosk" in parts:
            todo.append(partial(walk_kiosk, walk, size, lang=lang))
    was = (text.language(), size_in_use())
    try:
        with recording():
            for part in todo:
                with fresh_home(text_size):  # each app starts from nothing: a kiosk's saved full screen stays with it
                    part()
    finally:
        text.use(was[0])
        use_text_size(was[1])
    return walk


def main(out: str | None, text_size: int | None = None, lang: str | None = None) -> int:
    """Run the walk headless (at `text_size` %, in `lang`: 100 and English when not given) and print
    the JSON line; 0 when no problem was found, 1 otherwise."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    walk = run_walk(Path(out) if out else None, text_size=text_size or 100, lang=lang or "en")
    print(walk.line())
    pygame.quit()
    return 0 if not walk.problems else 1
