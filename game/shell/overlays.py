"""What the app draws over every scene: toasts (short messages) and the F3 frame-time meter.

Both draw opaque panels, so they can be refreshed as small dirty rectangles without redrawing
the scene under them; when one leaves the screen the app redraws the scenes once.
"""

from __future__ import annotations

import statistics
from collections import deque
from typing import Any

import pygame

from game.draw.palette import CREAM, GOLD, RED, WOOD
from game.draw.text import Text
from game.shell.display import LOGICAL_H, LOGICAL_W

PANEL = WOOD
ERROR_EDGE = RED
OK_EDGE = GOLD


class Toasts:
    """A queue of messages shown one at a time near the bottom of the screen."""

    def __init__(self, text: Text) -> None:
        self.text = text
        self.queue: deque[list[Any]] = deque()

    def add(self, message: str, error: bool = False, seconds: float = 4.0) -> None:
        """Queue a message (duplicates of the one showing are dropped)."""
        if self.queue and self.queue[-1][0] == message:
            self.queue[-1][2] = seconds
            return
        self.queue.append([message, error, seconds])

    @property
    def current(self) -> str | None:
        """The message on screen now."""
        return self.queue[0][0] if self.queue else None

    def update(self, dt: float) -> bool:
        """Count down; True when a message just left the screen."""
        if not self.queue:
            return False
        self.queue[0][2] -= dt
        if self.queue[0][2] <= 0:
            self.queue.popleft()
            return True
        return False

    def draw(self, canvas: pygame.Surface, lane: pygame.Rect | None = None) -> list[pygame.Rect]:
        """Draw the current message, inside `lane` when the screen keeps one (Scene.toast_lane); returns its rect."""
        if not self.queue:
            return []
        message, error, _ = self.queue[0]
        size, step, lines, rect = self._fit(message, lane)
        pygame.draw.rect(canvas, PANEL, rect, border_radius=18)
        pygame.draw.rect(canvas, ERROR_EDGE if error else OK_EDGE, rect, 4, border_radius=18)
        top = rect.centery - step * len(lines) // 2
        for i, line in enumerate(lines):
            self.text.draw(canvas, line, (rect.centerx, top + step * i), size, CREAM, anchor="midtop")
        return [rect]

    def _fit(self, message: str, lane: pygame.Rect | None) -> tuple[int, int, list[str], pygame.Rect]:
        """Font size, line step, lines and box: near the bottom by default, or centred in a scene's lane."""
        if lane is None:
            lines = self.text.wrap(message, 30, 1100)
            rect = pygame.Rect(0, 0, 1200, 28 + 42 * len(lines))
            rect.midbottom = (LOGICAL_W // 2, LOGICAL_H - 150)
            return 30, 42, lines, rect
        width = min(1200, lane.w)
        for size in (30, 26, 22, 18):  # the largest size whose lines fit the lane
            step = size * 7 // 5
            lines = self.text.wrap(message, size, width - 40)
            if 12 + step * len(lines) <= lane.h:
                break
        rect = pygame.Rect(0, 0, width, min(lane.h, 28 + step * len(lines)))
        rect.center = lane.center  # as tall as its lines need, so a roomy lane keeps a slim toast
        return size, step, lines, rect


class FrameMeter:
    """F3: frame time median and p99 over the last few seconds, in a slim strip in a screen corner.

    Bottom-left first (titles sit at the top of every screen); a corner where a button is goes to the next.
    """

    SIZE = (284, 34)  # narrow enough for the bottom-left corner beside a centred row of four buttons
    CORNERS = ((6, LOGICAL_H - 40), (LOGICAL_W - 290, LOGICAL_H - 40), (6, 6), (LOGICAL_W - 290, 6))

    def __init__(self, text: Text) -> None:
        self.text = text
        self.visible = False
        self.samples: deque[float] = deque(maxlen=240)
        self.rect = pygame.Rect(self.CORNERS[0], self.SIZE)
        self.moved = False  # set when the strip changed corner: the screen under its old place needs a redraw

    def place(self, avoid: list[pygame.Rect]) -> pygame.Rect:
        """The first corner clear of every rect in `avoid` (buttons); bottom-left when none is."""
        for corner in self.CORNERS:
            rect = pygame.Rect(corner, self.SIZE)
            if rect.inflate(8, 8).collidelist(avoid) < 0:
                return rect
        return pygame.Rect(self.CORNERS[0], self.SIZE)

    def add(self, seconds: float) -> None:
        """Record one frame's work time."""
        self.samples.append(seconds)

    def stats(self) -> tuple[float, float]:
        """Median and p99 in milliseconds."""
        if not self.samples:
            return 0.0, 0.0
        ordered = sorted(self.samples)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        return statistics.median(ordered) * 1000, p99 * 1000

    def draw(self, canvas: pygame.Surface, avoid: list[pygame.Rect] | None = None) -> list[pygame.Rect]:
        """Draw the meter if shown, in a corner clear of `avoid`; returns its rect."""
        if not self.visible:
            return []
        rect = self.place(avoid or [])
        self.moved = self.moved or rect != self.rect
        self.rect = rect
        med, p99 = self.stats()
        pygame.draw.rect(canvas, PANEL, rect, border_radius=10)
        pygame.draw.rect(canvas, GOLD, rect, 2, border_radius=10)
        self.text.draw(canvas, f"frame {med:4.1f} ms · p99 {p99:4.1f} ms", (rect.x + 12, rect.y + 3), 18, CREAM,
                       bold=True)
        budget = 1000 / 60
        bar = pygame.Rect(rect.x + 12, rect.bottom - 8, rect.w - 24, 4)
        pygame.draw.rect(canvas, (60, 50, 40), bar)
        fill = bar.copy()
        fill.w = int(bar.w * min(1.0, p99 / budget))
        pygame.draw.rect(canvas, (90, 200, 120) if p99 < budget / 2 else (235, 180, 80), fill)
        return [rect.copy()]
