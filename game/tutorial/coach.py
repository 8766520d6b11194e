"""The coach: the layer over the table that leads a guided match step by step.

It lives beside the scene stack (like the kiosk layer), not in it, so the table scene and the
overlays it pushes (a summary, a pile choice) work exactly as in a real match while the coach
stays on top of all of them. Every raw press is looked at first: one on the step's target goes
through untouched; any other gets the step's hint and never reaches the scenes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.draw.palette import BRASS, CREAM, GOLD, MUTED, NIGHT, SOLID
from game.draw.text import grown, text_size, unscaled
from game.draw.ui import LABEL_PAD
from game.draw.widgets import panel
from game.match.guided import GuidedTable
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.shell.focus import is_focus_key
from game.shell.keymap import keys_of
from game.shell.layers import Dirty
from game.shell.targets import Target
from game.text import language, tr
from game.tutorial import progress
from game.tutorial.script import Guide, Step, Watch
from rules.contract import Event

if TYPE_CHECKING:
    from game.shell.app import App
    from game.shell.scene import Scene

BEAT = 1.1  # seconds between scripted opponent moves: long enough to follow each one
HINT_SECONDS = 3.0
PANEL_W = 1240
PAD = 14  # margin the panel keeps around what is lit
HOLE = 6  # the veil's lit hole around a target: close, so it does not cut the labels beside it in two
RING, RING_PULSE = 10, 2  # px the lit ring grows around a target, and how far its pulse swings
DOWN = (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)
UP = (pygame.MOUSEBUTTONUP, pygame.FINGERUP)


def _covered(place: pygame.Rect, what: list[pygame.Rect]) -> int:
    """How much of `what` the rect `place` hides, in square pixels."""
    return sum(place.clip(r).w * place.clip(r).h for r in what)


def clear_place(size: tuple[int, int], keep: list[pygame.Rect], buttons: list[pygame.Rect]) -> pygame.Rect | None:
    """A place for a panel of `size` clear of everything in `keep` (what is lit: the targets and what
    the words talk about), or None. At the bottom, else the top, else mid-screen; else slid as little
    as it can be from the bottom or top edge. Centred unless a side place keeps a button uncovered."""
    w, h = size
    xs = ((LOGICAL_W - w) // 2, 24, LOGICAL_W - 24 - w)
    for y in _ys(h):
        clear = [p for p in (pygame.Rect(x, y, w, h) for x in xs) if not _covered(p, keep)]
        if clear:
            return min(clear, key=lambda p: _covered(p, buttons))
    return None


def _ys(h: int) -> list[int]:
    top, bottom = 24, LOGICAL_H - 24 - h
    slides = range(0, max(0, bottom - top) + 1, 12)
    ys = [bottom, top, (LOGICAL_H - h) // 2]
    return ys + [y for slide in slides for y in (bottom - slide, top + slide) if top <= y <= bottom]


def place_panel(size: tuple[int, int], keep: list[pygame.Rect], buttons: list[pygame.Rect]) -> pygame.Rect:
    """`clear_place`, or when no place is clear the one hiding least of `keep`."""
    found = clear_place(size, keep, buttons)
    if found is not None:
        return found
    w, h = size
    xs = ((LOGICAL_W - w) // 2, 24, LOGICAL_W - 24 - w)
    return min((pygame.Rect(x, y, w, h) for y in _ys(h) for x in xs), key=lambda p: _covered(p, keep))


@dataclass(frozen=True)
class Shape:
    """How the panel is laid out: its width, and whether Next sits in the header row (a low panel)."""

    width: int
    low: bool = False


# Tried in order until one has a place clear of what the step teaches: the usual panel, narrower ones
# (taller) that fit beside a row of cards, and a wide low one for a strip above or below a summary.
SHAPES = (Shape(PANEL_W), Shape(900), Shape(700), Shape(560), Shape(LOGICAL_W - 48, low=True))


@dataclass(frozen=True)
class Placed:
    """Where the panel goes, the step's words wrapped to it, and its shape."""

    rect: pygame.Rect
    lines: tuple[str, ...]
    shape: Shape
    size: int = 34  # the words' size (as laid out at 100 %)


WORDS = 34  # the panel's words' size as laid out


def _word_sizes() -> list[int]:
    """The sizes the panel's words are tried at: as laid out, then (at a bigger text size) smaller,
    down to their size at 100 % (never smaller)."""
    least = math.ceil(unscaled(WORDS))
    return [*range(WORDS, least, -2), least] if least < WORDS else [WORDS]


def _header(size: int) -> tuple[float, int]:
    """The header row's words' size and how much taller the row is for them: grown with the text, or
    at their 100 % size (the row as laid out) once the panel's words have shrunk to theirs."""
    sizes = _word_sizes()
    if len(sizes) > 1 and size == sizes[-1]:
        return unscaled(26), 0
    return 26, grown(26) - 26


def _line_step(size: int) -> int:
    """How far apart the panel's lines are at `size`: 44 px at 34 at 100 %, grown with the text."""
    return round(grown(44) * size / WORDS)


class Coach:
    """Leads `guide` over the table scene `scene`, from step `start`: a layer over the app's stack
    (game/shell/layers.py) whose veil covers the whole canvas."""

    name, first, veils = "coach", False, True

    def __init__(self, app: App, guide: Guide, scene: Scene, start: int = 0,
                 on_finish: Callable[[], None] | None = None, on_leave: Callable[[], None] | None = None) -> None:
        self.app, self.guide, self.scene = app, guide, scene
        self.on_leave = on_leave  # once its table is gone (the lesson left or finished)
        self.table: GuidedTable = scene.table  # type: ignore[attr-defined]
        self.on_finish = on_finish
        self.index = -1
        self.finished = False
        self.asking = False  # the coach's own question is open: everything goes to it
        self.hint = ""
        self.hints = 0  # taps answered with a hint (the autopilot's wrong-tap check counts them)
        self._hint_left = 0.0
        self._queue: list[tuple[int, Any]] = []
        self._beat = 0.0
        self._mark = 0  # event count when the step began
        self._seen: tuple[int, list[Event]] = (-1, [])  # (event count, events since the mark), cached
        self._blocked: set[Hashable] = set()
        self._time = 0.0
        self._veil: tuple[tuple[Any, ...], pygame.Surface] | None = None
        self._placed: tuple[tuple[Any, ...], Placed] | None = None  # the panel's place, kept while nothing moves
        self.panel: pygame.Rect | None = None  # where the panel was last drawn
        self._seen_at: dict[str, pygame.Rect] = {}  # where the step's names were last found
        self.buttons: dict[str, pygame.Rect] = {}
        self._begin(start)

    # steps -------------------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        """The step being taught (None once finished)."""
        return None if self.finished else self.guide.steps[self.index]

    def _begin(self, index: int) -> None:
        if index >= len(self.guide.steps):
            self._finish()
            return
        self.index = index
        step = self.guide.steps[index]
        self.table.begin(step)
        self._queue, self._beat = list(step.opponents), BEAT
        self._mark = self.table.event_count()
        self._seen = (-1, [])
        self.hint, self._hint_left = "", 0.0
        self._seen_at = {}
        progress.save(progress.Place(self.guide.game, self.guide.seed, index, [e.to_json() for e in self.table.log]))

    def _finish(self) -> None:
        self.finished = True
        self.table.end()
        progress.clear(self.guide.game)

    def watch(self) -> Watch:
        """What the step's check sees now."""
        count = self.table.event_count()
        if self._seen[0] != count:
            self._seen = (count, self.table.history(0, self._mark))
        return Watch(self.table, self._scenes(), 0, self._seen[1], self.table.acted, self.table.refused)

    def step_over(self) -> bool:
        """Has the learner done what the current step asks (and its scripted moves been made)?"""
        step = self.step
        if step is None or self._queue or step.is_explanation:
            return False
        if step.done is not None:
            return step.done(self.watch())
        return self.table.acted >= 1

    def next(self) -> None:
        """Go on to the next step (the Next button of an explanation)."""
        if not self.finished:
            self._begin(self.index + 1)

    # the frame ---------------------------------------------------------------------------------
    def active(self) -> bool:
        """Still leading: its table scene is on the stack."""
        return any(getattr(s, "table", None) is self.table for s in self.app.stack.scenes)

    def update(self, dt: float) -> None:
        """Scripted opponents' beats, and moving on when the step is done."""
        if not self.active():
            self.app.remove_layer(self)
            if self.on_leave is not None:
                self.on_leave()
            return
        self._time += dt
        self._hint_left = max(0.0, self._hint_left - dt)
        if self.asking or self.finished:
            return
        if self._queue:
            self._play_opponent(dt)
        elif self.step_over():
            self._begin(self.index + 1)

    def _play_opponent(self, dt: float) -> None:
        self._beat -= dt
        seat, action = self._queue[0]
        if self._beat > 0 or (not self.table.info.realtime and seat not in self.table.waiting()):
            return
        self._queue.pop(0)
        self._beat = BEAT
        if isinstance(action, (dict, list, str)):
            action = self.table.game.action_from_json(action)
        self.table.scripted(seat, action)  # a script that no longer fits the rules fails loudly

    # input -------------------------------------------------------------------------------------
    def intercept(self, event: pygame.event.Event) -> bool:
        """True when the coach used the event (the scenes never see it)."""
        if self.asking:
            return False
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type not in (*DOWN, *UP, pygame.FINGERMOTION):
            return False
        pid, pos = self._pointer(event)
        if event.type in DOWN:
            return self._press(pid, pos, event)
        if pid in self._blocked:
            if event.type in UP:
                self._blocked.discard(pid)
            return True
        return False

    def _pointer(self, event: pygame.event.Event) -> tuple[Hashable, tuple[float, float]]:
        display = self.app.display
        if event.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            pos = display.finger_to_logical(event.x, event.y)
            return ("finger", getattr(event, "touch_id", 0), event.finger_id), pos
        return ("mouse", bool(getattr(event, "touch", False))), display.to_logical(event.pos)

    def _press(self, pid: Hashable, pos: tuple[float, float], event: pygame.event.Event) -> bool:
        button = next((name for name, rect in self.buttons.items() if rect.collidepoint(pos)), None)
        if button is not None:
            self._blocked.add(pid)
            if event.type == pygame.FINGERDOWN or not getattr(event, "touch", False):
                self._use(button)  # one finger also sends an emulated click: act once
            return True
        step = self.step
        if step is None or step.free and not step.target:
            return False
        if (getattr(event, "button", 1) == 1 and not step.is_explanation
                and any(r.collidepoint(pos) for r in self.tappable())):
            return False
        self._blocked.add(pid)
        if event.type == pygame.FINGERDOWN or not getattr(event, "touch", False):
            self.say_hint()
        return True

    def say_hint(self) -> None:
        """Answer a tap off the script."""
        step = self.step
        self.hint = step.hint_text() if step else ""
        self._hint_left = HINT_SECONDS
        self.hints += 1
        self.app.audio.play("error")

    def _key(self, event: pygame.event.Event) -> bool:
        keys = keys_of(self.app.settings)  # the player's keys (Settings › Keys)
        if keys.means(event, "back"):
            self._use("leave")
            return True
        if (keys.means(event, "act") or keys.means(event, "right")) and self.can_go_on():
            self.next()
            return True
        if is_focus_key(event, keys):
            return False  # the focus ring moves: nothing is done yet
        step = self.step
        focused = self.focused() if keys.means(event, "act") else None
        if focused is not None and step is not None and not step.is_explanation and step.target:
            if any(focused.called(name) for name in (*step.target, *step.also)):
                return False  # the scene acts on it, as on a tap on the lit target
            self.say_hint()
            return True
        return not (step is not None and step.free)  # keys would act off the script

    def focused(self) -> Target | None:
        """The target the keyboard's ring is on (the topmost scene that shows one)."""
        for scene in reversed(self._scenes()):
            target = scene.focused()
            if target is not None:
                return target
        return None

    def _use(self, button: str) -> None:
        if button == "next":
            self.next()
        elif button == "leave":
            self.ask_leave()
        elif button == "real" and self.on_finish is not None:
            self.on_finish()
        elif button == "title":
            self.app.go(lambda: self.app.stack.reset(self.app.title()))

    def ask_leave(self) -> None:
        """Leave, start over, or keep learning."""
        from game.scenes.confirm import ConfirmScene
        from game.tutorial.lesson import open_lesson

        def keep() -> None:
            self.asking = False
            self.table.resume("coach")

        def over() -> None:
            progress.clear(self.guide.game)
            self.app.go(lambda: open_lesson(self.app, self.guide.game, resume=False))

        if self.finished:
            self._use("title")
            return
        self.asking = True
        self.table.pause("coach")
        self.app.stack.push(ConfirmScene(
            self.app, tr("guide.leave.question"), [tr("guide.leave.kept")],
            [(tr("guide.leave"), lambda: self._use("title"), "#danger"), (tr("guide.leave.over"), over, None),
             (tr("guide.leave.keep"), keep, "#primary")]))

    # targets -----------------------------------------------------------------------------------
    def _scenes(self) -> list[Scene]:
        scenes = self.app.stack.scenes
        at = next((i for i, s in enumerate(scenes) if getattr(s, "table", None) is self.table), 0)
        return list(scenes[at:])

    def targets(self) -> list[pygame.Rect]:
        """Where the step's targets are on the canvas now (empty while they are not shown)."""
        step = self.step
        if step is None:
            return []
        return [r for r in (self.find(name) for name in step.target) if r is not None]

    def tappable(self) -> list[pygame.Rect]:
        """The targets and the step's other ways to do it (`also`) that are on screen now."""
        step = self.step
        also = [r for r in (self.find(name) for name in step.also) if r is not None] if step else []
        return self.targets() + also

    def shown(self) -> list[pygame.Rect]:
        """Where the things the step talks about are (lit, kept clear of the panel, not targets)."""
        step = self.step
        if step is None:
            return []
        return [r for r in (self.find(name) for name in step.shows) if r is not None]

    def find(self, name: str) -> pygame.Rect | None:
        """A target by name: the topmost scene that knows it wins (an overlay above the table)."""
        for scene in reversed(self._scenes()):
            rect = scene.tutorial_target(name)
            if rect is not None:
                return pygame.Rect(rect)
        return None

    def ready(self) -> bool:
        """Waiting for the learner (no scripted move pending, nothing to ask)."""
        return not (self.asking or self.finished or self._queue)

    def can_go_on(self) -> bool:
        """An explanation's Next is offered: its scripted moves are made and what it talks about is shown."""
        step = self.step
        return bool(step and step.is_explanation and self.ready() and len(self.shown()) == len(step.shows)
                    and len(self.targets()) == len(step.target))

    # drawing -----------------------------------------------------------------------------------
    def crashed(self, where: str) -> bool:
        """A scene crashed: the lesson is over (its place is kept)."""
        return False

    def draw(self, canvas: pygame.Surface, dirty: Dirty = None) -> Dirty:
        """Spotlight, ring and the coach's panel over everything the stack drew (all of it changed)."""
        self._draw(canvas)
        return None

    def _draw(self, canvas: pygame.Surface) -> None:
        self.buttons = {}
        self.panel = None
        if self.asking:
            return
        if self.finished:
            self._draw_finish(canvas)
            return
        step = self.step
        assert step is not None
        if step.free and not step.target and len(self._scenes()) > 1:
            return  # free play's words are about the table: never drawn over a summary or a dialog on it
        rects = self.tappable() if self.ready() else []
        shown = self.shown() if self.ready() else []
        if not step.free:
            self._draw_veil(canvas, rects + shown, 110 if step.is_explanation else 150)
        for rect in rects:  # hugging the target, inside its lit halo: around labels beside it, not through them
            grow = RING + RING_PULSE * math.sin(self._time * 5)
            pygame.draw.rect(canvas, GOLD, rect.inflate(grow, grow), 5, border_radius=16)
        if self.app.stack.top is not None:
            self.app.stack.top.draw_focus(canvas)  # the keyboard's ring stays bright over the veil
        self._draw_panel(canvas, step, self._taught())

    def _taught(self) -> list[pygame.Rect]:
        """Where what the step teaches was last seen (targets, named things), even while a scripted move
        hides it: the panel keeps off it all along and does not jump when it shows again."""
        step = self.step
        for name in step.named if step else ():
            rect = self.find(name)
            if rect is not None:
                self._seen_at[name] = rect
        return list(self._seen_at.values())

    def _draw_veil(self, canvas: pygame.Surface, rects: list[pygame.Rect], alpha: int) -> None:
        key = (alpha, *(tuple(r) for r in rects))
        if self._veil is None or self._veil[0] != key:
            veil = pygame.Surface((LOGICAL_W, LOGICAL_H), pygame.SRCALPHA)
            veil.fill((0, 0, 0, alpha))
            for rect in rects:  # a hole: drawing a clear colour on an alpha surface replaces, not blends
                pygame.draw.rect(veil, (0, 0, 0, 0), rect.inflate(HOLE * 2, HOLE * 2), border_radius=12)
            self._veil = (key, veil)
        canvas.blit(self._veil[1], (0, 0))

    def layout(self, rects: list[pygame.Rect], step: Step) -> Placed:
        """The panel's place and words: the first shape with a place clear of `rects` (what is lit,
        what the words name), else the one hiding least of them. Kept while nothing moves."""
        keep = tuple(tuple(r.inflate(PAD * 2, PAD * 2)) for r in rects)
        buttons = tuple(tuple(r.inflate(16, 16)) for r in self._scene_buttons())
        key = (step, language(), text_size(), keep, buttons)
        if self._placed is None or self._placed[0] != key:
            self._placed = (key, self._choose(step, list(map(pygame.Rect, keep)), list(map(pygame.Rect, buttons))))
        return self._placed[1]

    def _choose(self, step: Step, keep: list[pygame.Rect], buttons: list[pygame.Rect]) -> Placed:
        """The first shape with a place clear of `keep` and of the scene's buttons; else the first clear
        of `keep` (a button half hidden under the panel reads as cut off); else the one hiding least.
        At a bigger text size the words shrink (down to their 100 % size) before the panel would hide
        what the step teaches."""
        options, clear = [], []
        for size in _word_sizes():
            for shape in SHAPES:
                lines = tuple(w for line in step.words() for w in self.app.text.wrap(line, size, shape.width - 120))
                dims = (shape.width, self._height(len(lines), step, shape, size))
                place = clear_place(dims, keep, buttons)
                if place is not None and not _covered(place, buttons):
                    return Placed(place, lines, shape, size)
                if place is not None:
                    clear.append(Placed(place, lines, shape, size))
                else:
                    options.append(Placed(place_panel(dims, keep, buttons), lines, shape, size))
            if clear:
                return clear[0]
        return min(options, key=lambda p: _covered(p.rect, keep))

    @staticmethod
    def _height(lines: int, step: Step, shape: Shape, size: int = WORDS) -> int:
        """A hint takes the header row: the panel never grows over the table. Next has a row of its own
        below the words, or a place in the header row of a low panel."""
        more = _header(size)[1]  # the header row's words grow too (unless the words are at 100 %)
        if shape.low:
            return 96 + more + _line_step(size) * lines
        return 120 + more + _line_step(size) * lines + (56 if step.is_explanation else 0)

    def _scene_buttons(self) -> list[pygame.Rect]:
        """The top scene's visible buttons (a summary's Next round): the panel stays off them too."""
        scenes = self._scenes()
        if not scenes:
            return []
        group = scenes[-1].ui.get_sprite_group().sprites()
        return [pygame.Rect(b.rect) for b in group if isinstance(b, pygame_gui.elements.UIButton) and b.visible]

    def _draw_panel(self, canvas: pygame.Surface, step: Step, rects: list[pygame.Rect]) -> None:
        text = self.app.text
        if step.free and len(self._scenes()) > 1:
            return  # free play under an overlay (a round's summary): its words wait, nothing covers it
        band = self.find("coach:panel") if step.free else None  # free play: a band the scene keeps free
        if band is not None:
            self._draw_slim(canvas, step, band)
            return
        placed = self.layout(rects, step)
        rect = self.panel = placed.rect
        panel(canvas, rect, fill=SOLID, edge=GOLD, radius=24, width=4)
        leave = self._wide(tr("guide.leave"), pygame.Rect(rect.right - 190, rect.y + 14, 160, 52))
        last = self.index == len(self.guide.steps) - 1
        go_on = tr("guide.coach.finish") if last else tr("guide.coach.next")
        next_at = self._wide(go_on, pygame.Rect(rect.right - 250, rect.bottom - 84, 220, 66))
        if placed.shape.low:  # in the header row, left of Leave
            next_at = self._wide(go_on, pygame.Rect(leave.x - 240, rect.y + 14, 220, 52))
        header = (next_at.x if placed.shape.low else leave.x) - rect.x - 60
        if self.hint and self._hint_left > 0:  # in the header row, where the step count was
            words = "› " + self.hint
            size = next((n for n in (30, 26, 22) if text.font(n, True).size(words)[0] <= header), 20)
            text.draw(canvas, words, (rect.x + 40, rect.y + 40), size, GOLD, bold=True, anchor="midleft")
        else:
            at = {"step": self.index + 1, "steps": len(self.guide.steps)}
            words, small = tr("guide.coach.header", **at), _header(placed.size)[0]
            words = words if text.font(small).size(words)[0] <= header else tr("guide.coach.count", **at)
            if text.font(small).size(words)[0] > header:  # a narrow panel beside a grown Leave: the count alone
                words = f"{self.index + 1}/{len(self.guide.steps)}"
            text.draw(canvas, words, (rect.x + 40, rect.y + 22), small, MUTED)
        y = rect.y + 66 + _header(placed.size)[1]
        for line in placed.lines:
            text.draw(canvas, line, (rect.x + 40, y), placed.size, CREAM)
            y += _line_step(placed.size)  # lines as far apart as their size needs
        self._button(canvas, "leave", tr("guide.leave"), leave, quiet=True)
        if self.can_go_on():
            self._button(canvas, "next", go_on, next_at)

    def _draw_slim(self, canvas: pygame.Surface, step: Step, band: pygame.Rect) -> None:
        """Free play's words in a slim panel filling the band the scene keeps free (nothing live under it)."""
        text = self.app.text
        self.panel = band
        panel(canvas, band, fill=SOLID, edge=GOLD, radius=18, width=3)
        leave = self._wide(tr("guide.leave"), pygame.Rect(0, 0, 160, min(52, band.h - 16)))
        leave.midright = (band.right - 16, band.centery)
        room = leave.x - band.x - 48
        words = " ".join(step.words())
        sizes = (28, 26, 24, 22, 20, 18)
        size = next((n for n in sizes if len(text.wrap(words, n, room)) * text.font(n).get_linesize()
                     <= band.h - 10), sizes[-1])
        lines, step_y = text.wrap(words, size, room), text.font(size).get_linesize()
        y = band.centery - len(lines) * step_y // 2
        for line in lines:
            text.draw(canvas, line, (band.x + 24, y), size, CREAM)
            y += step_y
        self._button(canvas, "leave", tr("guide.leave"), leave, quiet=True)

    def _draw_finish(self, canvas: pygame.Surface) -> None:
        text = self.app.text
        rect = pygame.Rect(0, 0, 1100, 330)
        rect.center = (LOGICAL_W // 2, LOGICAL_H // 2)
        self.app.darken(canvas, 150)
        panel(canvas, rect, fill=SOLID, edge=GOLD, radius=28, width=4)
        title = self.table.info.title
        text.draw(canvas, tr("guide.done"), (rect.centerx, rect.y + 40), 52, GOLD, bold=True, anchor="midtop")
        for i, line in enumerate(text.wrap(tr("guide.done.know", title=title), 30, rect.w - 80)[:2]):
            text.draw(canvas, line, (rect.centerx, rect.y + 118 + 40 * i), 30, CREAM, anchor="midtop")
        y = rect.bottom - 120
        real = self._wide(tr("guide.done.real"), pygame.Rect(rect.centerx - 420, y, 400, 84))
        self._button(canvas, "real", tr("guide.done.real"), real)
        title_at = self._wide(tr("guide.done.title"), pygame.Rect(rect.centerx + 20, y, 400, 84), grow_right=True)
        self._button(canvas, "title", tr("guide.done.title"), title_at, quiet=True)

    def _wide(self, label: str, rect: pygame.Rect, grow_right: bool = False) -> pygame.Rect:
        """A button's place: at a bigger text size as wide as its label, growing left from its right
        edge (or right from its left one); at 100 % as laid out, so nothing moves."""
        want = self.app.text.font(30, True).size(label)[0] + 2 * LABEL_PAD
        if text_size() <= 100 or want <= rect.w:
            return rect
        return pygame.Rect(rect.x if grow_right else rect.right - want, rect.y, want, rect.h)

    def _button(self, canvas: pygame.Surface, name: str, label: str, rect: pygame.Rect, quiet: bool = False) -> None:
        fill = (60, 48, 36) if quiet else GOLD
        pygame.draw.rect(canvas, fill, rect, border_radius=14)
        pygame.draw.rect(canvas, BRASS, rect, 3, border_radius=14)
        self.app.text.draw(canvas, label, rect.center, 30, CREAM if quiet else NIGHT, bold=True, anchor="center")
        self.buttons[name] = rect
