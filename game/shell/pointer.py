"""One pointer layer for the mouse and every touch finger.

The mouse is pointer "mouse"; each finger is its own pointer ("finger", touch_id, finger_id), so
several people can press, drag and tap at once. Raw pygame events go in; PointerEvents in logical
coordinates come out: press, move, release, tap, long_press, drag_start, drag, drag_end.
SDL also turns the first finger into emulated mouse events (event.touch == True): those are left
to pygame-gui and ignored here, so a touch is handled once, not twice. A real mouse click that
arrives right after a finger lifts at the same spot (some Windows touch screens) is debounced.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import cast

import pygame

TAP_SLOP = 14.0  # logical px a mouse may wander and still tap
TOUCH_SLOP = 28.0  # fingers are less precise
LONG_PRESS = 0.55  # seconds
DEBOUNCE = 0.35  # seconds after a finger lifts during which a mouse press there is a ghost

Point = tuple[float, float]
Mapper = Callable[[Point], Point]


@dataclass(frozen=True)
class PointerEvent:
    """What a pointer did, in logical coordinates."""

    kind: str  # press move release tap long_press drag_start drag drag_end
    pid: Hashable
    pos: Point
    start: Point
    touch: bool = False


@dataclass
class _Track:
    start: Point
    pos: Point
    touch: bool
    held: float = 0.0
    dragging: bool = False
    long_fired: bool = False


class PointerLayer:
    """Turns raw events into PointerEvents; `update(dt)` emits long presses."""

    def __init__(self, to_logical: Mapper, finger_to_logical: Callable[[float, float], Point]) -> None:
        self.to_logical = to_logical
        self.finger_to_logical = finger_to_logical
        self.tracks: dict[Hashable, _Track] = {}
        self.time = 0.0
        self._last_finger_up: tuple[float, Point] | None = None
        self._ghost_down = False  # a ghost press was dropped: its release is a ghost too

    def feed(self, event: pygame.event.Event) -> list[PointerEvent]:
        """Translate one raw event (anything unrelated gives [])."""
        t = event.type
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return []
            if t != pygame.MOUSEMOTION and getattr(event, "button", 1) != 1:
                return []
            pos = self.to_logical(event.pos)
            if t == pygame.MOUSEBUTTONDOWN:
                return self._press("mouse", pos, False)
            if t == pygame.MOUSEBUTTONUP:
                return self._release("mouse", pos)
            return self._move("mouse", pos)
        if t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            pid = ("finger", getattr(event, "touch_id", 0), event.finger_id)
            pos = self.finger_to_logical(event.x, event.y)
            if t == pygame.FINGERDOWN:
                return self._press(pid, pos, True)
            if t == pygame.FINGERUP:
                self._last_finger_up = (self.time, pos)
                return self._release(pid, pos)
            return self._move(pid, pos)
        return []

    def cancel_all(self) -> None:
        """Forget every pointer (scene change, window lost focus)."""
        self.tracks.clear()

    def update(self, dt: float) -> list[PointerEvent]:
        """Advance time; a pointer held still long enough fires one long_press."""
        self.time += dt
        out = []
        for pid, tr in self.tracks.items():
            tr.held += dt
            if not tr.dragging and not tr.long_fired and tr.held >= LONG_PRESS:
                tr.long_fired = True
                out.append(PointerEvent("long_press", pid, tr.pos, tr.start, tr.touch))
        return out

    def ghost(self, event: pygame.event.Event) -> bool:
        """A real mouse click just after a finger lifted at the same spot (or its release): drop
        it everywhere, widgets included, or one tap would press a button twice."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or getattr(event, "touch", False):
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            was, self._ghost_down = self._ghost_down, False
            return was
        self._ghost_down = False
        if self._last_finger_up is None:
            return False
        when, where = self._last_finger_up
        pos = self.to_logical(event.pos)
        near = abs(where[0] - pos[0]) < TOUCH_SLOP and abs(where[1] - pos[1]) < TOUCH_SLOP
        self._ghost_down = self.time - when < DEBOUNCE and near
        return self._ghost_down

    def _press(self, pid: Hashable, pos: Point, touch: bool) -> list[PointerEvent]:
        self.tracks[pid] = _Track(pos, pos, touch)
        return [PointerEvent("press", pid, pos, pos, touch)]

    def _move(self, pid: Hashable, pos: Point) -> list[PointerEvent]:
        tr = self.tracks.get(pid)
        if tr is None:
            return [PointerEvent("move", pid, pos, pos, pid != "mouse")]
        tr.pos = pos
        out = [PointerEvent("move", pid, pos, tr.start, tr.touch)]
        slop = TOUCH_SLOP if tr.touch else TAP_SLOP
        if not tr.dragging and _dist(pos, tr.start) > slop:
            tr.dragging = True
            out.append(PointerEvent("drag_start", pid, pos, tr.start, tr.touch))
        if tr.dragging:
            out.append(PointerEvent("drag", pid, pos, tr.start, tr.touch))
        return out

    def _release(self, pid: Hashable, pos: Point) -> list[PointerEvent]:
        tr = self.tracks.pop(pid, None)
        if tr is None:
            return []
        out = [PointerEvent("release", pid, pos, tr.start, tr.touch)]
        if tr.dragging:
            out.append(PointerEvent("drag_end", pid, pos, tr.start, tr.touch))
        elif not tr.long_fired:
            out.append(PointerEvent("tap", pid, pos, tr.start, tr.touch))
        return out


def _dist(a: Point, b: Point) -> float:
    return cast(float, ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)
