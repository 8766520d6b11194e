"""One logical 1920×1080 canvas, letterboxed into any window or fullscreen.

Scenes draw in logical coordinates only. `present` copies just the dirty logical rectangles to
the window (scaled when the window is not 1920×1080) and updates only those, because a
full-screen flip costs ~12 ms under software X servers. `to_logical` maps window pixels and
touch fractions back to the canvas. Under SDL's dummy or offscreen driver nobody can see the window,
so the copy (a smoothscale, most of a headless frame at 1280×720) is skipped unless asked for.
"""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)

LOGICAL_W, LOGICAL_H = 1920, 1080
LOGICAL = pygame.Rect(0, 0, LOGICAL_W, LOGICAL_H)
BORDER = (8, 10, 14)


def letterbox(window: tuple[int, int]) -> tuple[pygame.Rect, float]:
    """The canvas's place in a window of this size, and its scale."""
    w, h = window
    scale = min(w / LOGICAL_W, h / LOGICAL_H)
    vw, vh = round(LOGICAL_W * scale), round(LOGICAL_H * scale)
    return pygame.Rect((w - vw) // 2, (h - vh) // 2, vw, vh), scale


class Display:
    """The window, the logical canvas and the mapping between them."""

    def __init__(self, size: tuple[int, int] = (1280, 720), fullscreen: bool = False,
                 shown: bool | None = None) -> None:
        self.windowed_size = size
        self.fullscreen = fullscreen
        self.window = self._open(size, fullscreen)
        # Copy the canvas to the window? Benches and window checks say yes even with no screen.
        self.shown = pygame.display.get_driver() not in ("dummy", "offscreen") if shown is None else shown
        self._offscreen: pygame.Surface | None = None
        self.offset = (0, 0)  # screen care on kiosks: the picture moves by a pixel or two
        self._relayout()

    def _open(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        try:
            return pygame.display.set_mode((0, 0) if fullscreen else size, flags)
        except pygame.error as exc:
            log.warning("display mode %s fullscreen=%s refused (%s); using a window", size, fullscreen, exc)
            self.fullscreen = False
            return pygame.display.set_mode(size, pygame.RESIZABLE)

    def _relayout(self) -> None:
        self.viewport, self.scale = letterbox(self.window.get_size())
        self.viewport.move_ip(self.offset)
        self.window.fill(BORDER)
        self.needs_full = True
        if self.direct:
            self.canvas = self.window  # 1:1: draw straight into the window, nothing to copy
        else:
            if self._offscreen is None:
                self._offscreen = pygame.Surface((LOGICAL_W, LOGICAL_H)).convert()
            self.canvas = self._offscreen

    @property
    def direct(self) -> bool:
        """True when the window is exactly the logical size (no scaling, no bars)."""
        return self.window.get_size() == (LOGICAL_W, LOGICAL_H) and self.offset == (0, 0)

    def nudge(self, offset: tuple[int, int]) -> None:
        """Move the whole picture by a few pixels (kiosk screen care); input follows the picture."""
        if offset != self.offset:
            self.offset = offset
            self._relayout()

    @property
    def size(self) -> tuple[int, int]:
        """Window size in pixels."""
        return self.window.get_size()

    def resized(self, size: tuple[int, int]) -> None:
        """The window manager changed our size."""
        if not self.fullscreen:
            self.windowed_size = size
        self.window = pygame.display.get_surface() or self.window
        self._relayout()

    def set_fullscreen(self, on: bool) -> None:
        """Switch between fullscreen and the last windowed size."""
        if on == self.fullscreen:
            return
        self.fullscreen = on
        self.window = self._open(self.windowed_size, on)
        self._relayout()

    def to_logical(self, pos: tuple[float, float]) -> tuple[float, float]:
        """Window pixel → logical point (may lie outside the canvas in the letterbox bars)."""
        return ((pos[0] - self.viewport.x) / self.scale, (pos[1] - self.viewport.y) / self.scale)

    def finger_to_logical(self, fx: float, fy: float) -> tuple[float, float]:
        """Touch coordinates (0..1 of the window) → logical point."""
        w, h = self.size
        return self.to_logical((fx * w, fy * h))

    def to_window(self, rect: pygame.Rect) -> pygame.Rect:
        """Logical rect → the window pixels that show it (rounded outwards)."""
        s, v = self.scale, self.viewport
        x0, y0 = int(v.x + rect.left * s), int(v.y + rect.top * s)
        x1, y1 = int(v.x + rect.right * s + 0.999), int(v.y + rect.bottom * s + 0.999)
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0).clip(v).clip(self.window.get_rect())

    def present(self, dirty: list[pygame.Rect] | None) -> None:
        """Show the canvas: all of it (dirty=None) or only the listed logical rects."""
        if not self.shown:
            return
        if self.needs_full:
            dirty, self.needs_full = None, False
        if dirty is None:
            self._blit_all()
            pygame.display.flip()
            return
        rects = [r.clip(LOGICAL) for r in _merge(dirty)]
        rects = [r for r in rects if r.w > 0 and r.h > 0]
        if not rects:
            return
        pygame.display.update([self._blit_part(r) for r in rects])

    def _blit_all(self) -> None:
        if self.direct:
            return
        if self.viewport.size == self.canvas.get_size():  # 1:1 but nudged: a plain copy, clipped by blit
            self.window.blit(self.canvas, self.viewport)
        elif self.window.get_rect().contains(self.viewport):
            pygame.transform.smoothscale(self.canvas, self.viewport.size, self.window.subsurface(self.viewport))
        else:  # nudged past the window edge: a pixel of the picture falls off that side
            self.window.blit(pygame.transform.smoothscale(self.canvas, self.viewport.size), self.viewport)

    def _blit_part(self, rect: pygame.Rect) -> pygame.Rect:
        if self.direct:
            return rect
        target = self.to_window(rect.inflate(4, 4).clip(LOGICAL))
        src = self._source_for(target)
        if target.w <= 0 or target.h <= 0 or src.w <= 0 or src.h <= 0:
            return target
        scaled = pygame.transform.smoothscale(self.canvas.subsurface(src), target.size)
        self.window.blit(scaled, target)
        return target

    def _source_for(self, target: pygame.Rect) -> pygame.Rect:
        s, v = self.scale, self.viewport
        x0, y0 = (target.left - v.x) / s, (target.top - v.y) / s
        x1, y1 = (target.right - v.x) / s, (target.bottom - v.y) / s
        return pygame.Rect(round(x0), round(y0), max(1, round(x1 - x0)), max(1, round(y1 - y0))).clip(LOGICAL)

    def screenshot(self, path: str) -> None:
        """Save the logical canvas as a PNG."""
        pygame.image.save(self.canvas, path)


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Merge rects whose union costs little more than the two apart, so overlapping sprites are
    copied once without one huge bounding box swallowing the screen; many leftovers collapse."""
    out: list[pygame.Rect] = []
    for r in sorted((pygame.Rect(r) for r in rects), key=lambda r: (r.y, r.x)):
        for i, o in enumerate(out):
            u = o.union(r)
            if u.w * u.h <= 1.25 * (o.w * o.h + r.w * r.h):
                out[i] = u
                break
        else:
            out.append(r)
    if len(out) > 64:
        return [out[0].unionall(out[1:])]
    return out
