"""The layout recorder: what text, boxes, dims and buttons a frame put on the canvas, and what is wrong.

Off by default and absent from the frame loop: `recording()` swaps in, for its duration only,
a `pygame.Surface` subclass whose blits carry marks from surface to surface, a `pygame.draw.rect`
and `.circle` that note opaque fills, and `Text.recorder` so every rendered label is known by its surface.
A label drawn on a card, a card blitted on a panel, the panel on the static layer and that on
the canvas all arrive on the canvas at the right place, in drawing order.

The rules (`judge`), in drawing order on the canvas:
- a text is live until something opaque drawn later hides all of it, or a dim of alpha
  >= DIM_DEAD darkens it (a coach's veil keeps what it spotlights live);
- two live texts overlap when their ink bands (the rects less a fifth of their height at the top
  and the bottom, where fonts keep line spacing) meet by at least TOLERANCE px each way;
  the same words at the same place are one text drawn twice;
- a text still live at the end is clipped when it runs out of the surface it was drawn on (a panel, a card, a plate,
  the canvas) or out of its box: the topmost opaque box drawn before it under its start, centre or end;
- a text partly hidden by an opaque box drawn after it (not its own) is covered: the box whole
  against the text's ink band, by at least 6 px each way;
- a pygame-gui button's or label's words are clipped when wider than the widget less the room pygame-gui
  keeps each side (GUI_ROOM, 12 px here): with less it left-aligns them and cuts their end;
- a button is off screen when its rect leaves the canvas;
- the coach's panel ("coach") must not overlap any rect it teaches ("lit": its targets and what its
  words name);
- a text in flight (drawn by a mover: a float, a tag, a card's name) is on a live still text when
  their ink bands meet ("float"; the walk reports it when it holds over two samples in flight: landed,
  not passing over); a float's own badge hides nothing while it flies;
- a frame (an outline, e.g. the coach's lit ring) cuts a live text when its stroke crosses the text's
  ink band, and so does the edge of a hole in the coach's veil ("cut"): frames go around labels, not
  through them.
A label on its own button or card is drawn after that box, inside it: never an overlap.
A shadow is part of its text's surface: one text.
"""

from __future__ import annotations

import html
import re
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

import pygame

from game.draw.text import Text
from game.draw.ui import GUI_ROOM
from game.shell.display import LOGICAL_H, LOGICAL_W

CANVAS = pygame.Rect(0, 0, LOGICAL_W, LOGICAL_H)
SOLID_ALPHA = 200  # a box at least this opaque hides what is under it
DIM_DEAD = 100  # a dim at least this dark makes the text under it a ghost, not live
TOLERANCE = 3  # px two ink bands must share each way to overlap
EDGE = 2  # px a text may stray past its box (antialiasing, rounding)
VEIL = "veil"  # the words of the coach's veil (a dim whose dimmed labels are still read)
FRAME_MIN = 4  # px: outlines at least this thick are frames that must not cut through labels


@dataclass
class Mark:
    """One thing drawn: kind "text", "cover" (opaque box), "dim", "button", "frame" (an outline of
    width `alpha`), "coach" (the coach's panel) or "lit" (what the coach teaches, named `words`)."""

    kind: str
    rect: pygame.Rect
    words: str = ""
    cut: str = ""  # why a text is already known clipped ("" none)
    alpha: int = 0
    holes: tuple[pygame.Rect, ...] = ()
    moving: bool = False  # drawn by something in flight (a mover), not at rest

    def moved(self, dx: int, dy: int) -> Mark:
        """The same mark drawn `dx, dy` further on."""
        return replace(self, rect=self.rect.move(dx, dy), holes=tuple(h.move(dx, dy) for h in self.holes))

    def as_json(self) -> dict[str, Any]:
        """For the report."""
        return {"kind": self.kind, "rect": list(self.rect), "words": self.words}


@dataclass
class Problem:
    """Something wrong on one screen."""

    kind: str  # "overlap", "clipped", "covered", "offscreen"
    marks: list[Mark]
    why: str = ""

    def as_json(self, screen: str) -> dict[str, Any]:
        """One entry of the report's problem list."""
        return {"screen": screen, "kind": self.kind, "why": self.why, "rects": [m.as_json() for m in self.marks]}


@dataclass
class Recorder:
    """Which surfaces are rendered labels (weakly: labels come and go with the text cache)."""

    labels: weakref.WeakKeyDictionary[pygame.Surface, str] = field(default_factory=weakref.WeakKeyDictionary)

    def label(self, surf: pygame.Surface, words: str) -> None:
        """`surf` is `words` rendered (Text.render calls this while recording)."""
        self.labels[surf] = words


def marks_of(surf: pygame.Surface) -> list[Mark]:
    """The marks a surface carries (none for a plain surface)."""
    return getattr(surf, "marks", None) or []


def _solid(source: pygame.Surface) -> bool:
    """Does blitting `source` hide what is under it? (judged at its centre pixel)"""
    alpha = source.get_alpha()
    if alpha is not None and alpha < SOLID_ALPHA:
        return False
    if source.get_colorkey() is not None:
        return False
    w, h = source.get_size()
    if w == 0 or h == 0:
        return False
    if not source.get_flags() & pygame.SRCALPHA:
        return True
    return source.get_at((w // 2, h // 2)).a >= SOLID_ALPHA


class RecordingSurface(pygame.Surface):
    """A Surface whose blits and fills carry marks (made in place of pygame.Surface while recording)."""

    recorder: Recorder | None = None
    resting = False  # True: marks nothing (the display's canvas between the frames that are judged)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.marks: list[Mark] = []

    def _list(self) -> list[Mark]:
        if not hasattr(self, "marks"):  # made by convert()/subsurface(), which skip __init__
            self.marks = []
        return self.marks

    def copy(self) -> RecordingSurface:
        out: Any = super().copy()
        out.marks = list(self._list())
        words = self.recorder.labels.get(self) if self.recorder is not None else None
        if words is not None:  # a label's copy (a float faded by set_alpha) is the same words
            self.recorder.label(out, words)  # type: ignore[union-attr]
        return out  # type: ignore[no-any-return]

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        drawn = super().blit(source, dest, area, special_flags)
        if self.recorder is not None and not special_flags and not self.resting:
            self._carry(source, dest, area)
        return drawn

    def blits(self, blit_sequence: Any, doreturn: Any = True) -> Any:
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fblits(self, blit_sequence: Any, special_flags: int = 0) -> None:
        for source, dest in blit_sequence:
            self.blit(source, dest, None, special_flags)

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        drawn = super().fill(color, rect, special_flags)
        if self.recorder is None or self.resting:
            return drawn
        whole = rect is None or pygame.Rect(rect).contains(self.get_rect())
        if special_flags == pygame.BLEND_RGB_MULT and whole:  # App.darken: a dim over everything
            self._list().append(Mark("dim", self.get_rect(), alpha=255 - pygame.Color(color).r))
        elif not special_flags:
            self.cover(drawn, pygame.Color(color).a if len(tuple(color)) == 4 else 255)
        return drawn

    def frame(self, rect: pygame.Rect, width: int) -> None:
        """An outline `width` px thick drawn around `rect` (thin borders are not judged)."""
        if not self.resting and width >= FRAME_MIN and rect.w > 0 and rect.h > 0:
            self._list().append(Mark("frame", pygame.Rect(rect), alpha=width))

    def cover(self, rect: pygame.Rect, alpha: int) -> None:
        """An opaque-enough fill of `rect` (a fill of everything wipes the marks)."""
        if self.resting or alpha < SOLID_ALPHA or rect.w <= 0 or rect.h <= 0:
            return
        if rect.contains(self.get_rect()):
            self._list().clear()
        else:
            self._list().append(Mark("cover", pygame.Rect(rect)))

    def _carry(self, source: pygame.Surface, dest: Any, area: Any) -> None:
        """Bring the source's marks (or its label, or its body as a box) over to this surface."""
        src_rect = pygame.Rect(area) if area is not None else source.get_rect()
        pos = dest[:2] if len(dest) != 4 else pygame.Rect(dest).topleft
        placed = pygame.Rect((round(pos[0]), round(pos[1])), src_rect.size)
        dx, dy = placed.x - src_rect.x, placed.y - src_rect.y
        mine = self._list()
        assert self.recorder is not None
        words = self.recorder.labels.get(source)
        if words is not None:
            mine.append(Mark("text", placed, words, cut=_cut(placed, self.get_rect(), "the surface it is drawn on")))
            return
        solid = _solid(source)
        if solid and placed.contains(self.get_rect()) and area is None:
            mine.clear()
        elif solid:
            mine.append(Mark("cover", placed.clip(self.get_rect())))
        theirs = marks_of(source)
        if not any(m.kind == "text" for m in theirs):
            return  # a picture (felt tiles, a card back): its body, noted above, is all that counts
        for m in theirs:
            if area is not None and m.kind == "text" and not src_rect.contains(m.rect):
                continue  # a partial restore: that text's other pixels are already there
            out = m.moved(dx, dy)
            if out.kind == "text" and not out.cut:
                out.cut = _cut(out.rect, placed.clip(self.get_rect()), "the surface it is drawn on")
            mine.append(out)


def _cut(rect: pygame.Rect, room: pygame.Rect, what: str) -> str:
    """Why the text at `rect` is clipped by `room` ("" when its ink band fits, a couple of px of slack allowed)."""
    return "" if room.inflate(2 * EDGE, 2 * EDGE).contains(_band(rect)) else f"runs out of {what}"


def _filled(original: Callable[..., pygame.Rect], at: int) -> Callable[..., pygame.Rect]:
    """pygame.draw.rect (width at=1) or .circle (at=2) noting an opaque filled shape's bounds on a recording surface."""
    def shape(surface: pygame.Surface, color: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn = original(surface, color, *args, **kwargs)
        width = kwargs.get("width", args[at] if len(args) > at else 0)
        if not isinstance(surface, RecordingSurface) or RecordingSurface.recorder is None:
            return drawn
        if width == 0:
            colour = tuple(color) if not isinstance(color, (str, int)) else tuple(pygame.Color(color))
            surface.cover(drawn, colour[3] if len(colour) == 4 else 255)
        elif at == 1:
            surface.frame(drawn, width)
        return drawn
    return shape


@contextmanager
def recording() -> Iterator[Recorder]:
    """While inside: new surfaces record, labels are known, opaque rects are noted. Restored after."""
    recorder = Recorder()
    surface_cls, draw_rect, draw_circle = pygame.Surface, pygame.draw.rect, pygame.draw.circle
    pygame.Surface = RecordingSurface  # type: ignore[misc]  # every surface made from here on records
    pygame.draw.rect, pygame.draw.circle = _filled(draw_rect, 1), _filled(draw_circle, 2)
    RecordingSurface.recorder = recorder
    Text.recorder = recorder
    try:
        yield recorder
    finally:
        pygame.Surface = surface_cls  # type: ignore[misc]
        pygame.draw.rect, pygame.draw.circle = draw_rect, draw_circle
        RecordingSurface.recorder = None
        Text.recorder = None


# pygame-gui widgets: their text is laid out inside pygame-gui, so they are marked from their rects.
TAGS = re.compile(r"<[^>]+>")


def widget_marks(manager: Any) -> list[Mark]:
    """Boxes, labels and buttons of the visible widgets of a pygame-gui manager, in drawing order."""
    import pygame_gui

    root = manager.get_root_container()
    out: list[Mark] = []
    for sprite in manager.get_sprite_group().sprites():
        if sprite is root or not getattr(sprite, "visible", True) or not hasattr(sprite, "rect"):
            continue
        rect = pygame.Rect(sprite.rect)
        if isinstance(sprite, pygame_gui.elements.UIButton):
            out += [Mark("cover", rect), Mark("button", rect, sprite.text)]
            out += _label(sprite, rect)
        elif isinstance(sprite, pygame_gui.elements.UILabel):
            out += [Mark("cover", rect), *_label(sprite, rect)]
        elif isinstance(sprite, pygame_gui.elements.UITextBox):
            text = rect.inflate(-12, -12)
            bar = getattr(sprite, "scroll_bar", None)
            if bar is not None and getattr(bar, "visible", True):  # a long text wraps left of its scroll bar
                text.width = max(0, min(text.right, bar.rect.x) - text.x)
            out += [Mark("cover", rect), Mark("text", text, _plain(sprite.html_text))]
        elif isinstance(sprite, pygame_gui.core.UIElement):
            out.append(Mark("cover", rect))
    return out


def _plain(markup: str) -> str:
    return html.unescape(TAGS.sub(" ", markup)).strip()


GUI_SMALL = 40  # px: narrower widgets are a scroll bar's arrows, their glyph drawn in the middle


def _label(made: Any, rect: pygame.Rect) -> list[Mark]:
    """A button's or label's words where pygame-gui centres them; clipped when they are wider than
    the widget less pygame-gui's room each side: with less it left-aligns the words and cuts them."""
    font = made.font
    if font is None or not made.text:
        return []
    w, h = font.size(made.text)
    label = pygame.Rect(0, 0, w, h)
    label.center = rect.center
    room = gui_room(made)
    if rect.w >= GUI_SMALL and w + 2 * room > rect.w:
        why = f"cut by pygame-gui: {w} px of words need {w + 2 * room} px, the widget is {rect.w}"
        return [Mark("text", label, made.text, cut=why)]
    return [Mark("text", label, made.text, cut=_cut(label, rect, "its widget"))]


def gui_room(made: Any) -> int:
    """The px pygame-gui keeps between a widget's edge and its words (where its text view starts)."""
    view = getattr(getattr(made, "drawable_shape", None), "text_view_rect", None)
    return int(view.x) if view is not None else GUI_ROOM


# judging -----------------------------------------------------------------------------------------
def _band(rect: pygame.Rect) -> pygame.Rect:
    pad = rect.h // 5
    return pygame.Rect(rect.x, rect.y + pad, rect.w, max(1, rect.h - 2 * pad))


def _overlaps(a: pygame.Rect, b: pygame.Rect, slack: int = TOLERANCE) -> bool:
    meet = _band(a).clip(_band(b))
    return meet.w >= slack and meet.h >= slack


def judge(marks: Sequence[Mark], screen: pygame.Rect = CANVAS) -> list[Problem]:
    """Everything wrong with a canvas drawn as `marks` (in drawing order)."""
    problems: list[Problem] = []
    live: list[Mark] = []
    veiled: list[Mark] = []  # dimmed by the coach's veil only: still read, so no frame may cut them
    covers: list[Mark] = []
    frames: list[tuple[Mark, list[Mark]]] = []  # a frame and the boxes drawn over it since
    reported: set[tuple[int, int]] = set()
    for m in marks:
        if m.kind == "text":
            if not m.moving:
                _box_check(m, covers, screen, problems)
            live.append(m)
        elif m.kind == "cover" and not m.moving:  # a float's badge hides nothing for long
            live = _hide(live, m, problems, reported)
            veiled = [t for t in veiled if not m.rect.contains(_band(t.rect))]
            covers.append(m)
            frames = [(f, [*over, m]) for f, over in frames if not m.rect.contains(f.rect)]
        elif m.kind == "frame":
            frames.append((m, []))
        elif m.kind == "dim" and m.alpha >= DIM_DEAD:
            problems += _holes_cut(m, live)
            kept = [t for t in live if any(h.contains(t.rect) for h in m.holes)]
            veiled = [*veiled, *(t for t in live if t not in kept)] if m.words == VEIL else []
            live = kept
            covers = [c for c in covers if any(h.contains(c.rect) for h in m.holes)]
            frames = [(f, over) for f, over in frames if any(h.contains(f.rect) for h in m.holes)]
        elif m.kind == "coach":  # drawn over the veil: what is still live under it is what it should show
            problems += [Problem("coach", [m, t], "the coach's panel covers a live label")
                         for t in live if not t.moving and _overlaps(t.rect, m.rect, 1)]
        elif m.kind == "button" and not screen.contains(m.rect):
            problems.append(Problem("offscreen", [m], "button partly off screen"))
    alive = {id(t) for t in live}  # a text hidden later (under a modal, a coach panel) is not judged clipped
    problems = [p for p in problems if p.kind != "clipped" or id(p.marks[0]) in alive]
    problems += _text_overlaps(live)
    problems += _frame_cuts(frames, live + veiled)
    problems += coach_covers(marks)
    return problems


def coach_covers(marks: Sequence[Mark]) -> list[Problem]:
    """The coach's panel over what it teaches (its targets, what its words name)."""
    panels = [m for m in marks if m.kind == "coach"]
    return [Problem("coach", [p, lit], f"the coach's panel covers {lit.words}")
            for p in panels for lit in marks if lit.kind == "lit" and p.rect.colliderect(lit.rect)]


def _holes_cut(dim: Mark, live: list[Mark]) -> list[Problem]:
    """The coach's lit holes go around labels: a still label half lit, half dimmed is cut."""
    out = []
    for t in live:
        band = _band(t.rect).inflate(-2 * TOLERANCE, -2 * TOLERANCE)
        hole = next((h for h in dim.holes if h.colliderect(band) and not h.contains(band)), None)
        if hole is not None and not t.moving and not any(h.contains(band) for h in dim.holes):
            out.append(Problem("cut", [t, Mark("frame", hole)], "a lit hole cuts through a label"))
    return out


def _frame_cuts(frames: list[tuple[Mark, list[Mark]]], texts: list[Mark]) -> list[Problem]:
    """Frames whose stroke crosses a still text (a label half in, half out of a ring) where no box
    drawn later (the label's own plate) hides the stroke under the words."""
    out = []
    for f, over in frames:
        inner = f.rect.inflate(-2 * f.alpha, -2 * f.alpha)
        for t in texts:
            band = _band(t.rect).inflate(-2 * TOLERANCE, -2 * TOLERANCE)
            if t.moving or not band.colliderect(f.rect) or inner.contains(band):
                continue
            if not any(c.rect.contains(band) for c in over):
                out.append(Problem("cut", [t, f], "a frame's stroke runs through a label"))
    return out


def _box_check(m: Mark, covers: list[Mark], screen: pygame.Rect, problems: list[Problem]) -> None:
    if m.cut:
        problems.append(Problem("clipped", [m], m.cut))
        return
    if _cut(m.rect, screen, "the screen"):
        problems.append(Problem("clipped", [m], "runs off the screen"))
        return
    band = _band(m.rect)
    ends = (band.midleft, band.center, (band.right - 1, band.centery))
    box = next((c for c in reversed(covers) if any(c.rect.collidepoint(p) for p in ends)), None)
    if box is not None and _cut(m.rect, box.rect, "its box"):
        problems.append(Problem("clipped", [m, box], "runs out of its box"))


def _hide(live: list[Mark], cover: Mark, problems: list[Problem], reported: set[tuple[int, int]]) -> list[Mark]:
    """The texts still live after `cover` is drawn; a text it cuts in part is a problem."""
    kept = []
    for t in live:
        if cover.rect.contains(_band(t.rect)):
            continue
        meet = _band(t.rect).clip(cover.rect)  # the box whole: a button's edge over ink hides it
        if meet.w >= 6 and meet.h >= 6 and (id(t), id(cover)) not in reported:
            reported.add((id(t), id(cover)))
            problems.append(Problem("covered", [t, cover], "partly hidden by a box drawn over it"))
        kept.append(t)
    return kept


def _text_overlaps(live: list[Mark]) -> list[Problem]:
    out = []
    for i, a in enumerate(live):
        for b in live[i + 1:]:
            if a.words == b.words and a.rect == b.rect:
                continue
            if a.moving and b.moving or not _overlaps(a.rect, b.rect):
                continue  # two things in flight cross for a moment
            if a.moving or b.moving:
                out.append(Problem("float", [a, b] if a.moving else [b, a], "a text in flight lands on a label"))
            else:
                out.append(Problem("overlap", [a, b], "two live texts overlap"))
    return out
