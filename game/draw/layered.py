"""LayeredScene, the drawing base of every table scene: a cached static layer plus moving sprites, drawn as dirty rects.

Why: under a software X server a full-screen flip costs ~12 ms, so a table that is mostly at rest
must only present what moved. Subclasses paint everything at rest in `paint_static` (rebuilt only
when `restatic()` is called, i.e. after the rules state changed) and keep moving things in
`self.movers` (sprites, counters: anything with `rect` and `draw`). Each frame restores the static
layer under last frame's and this frame's mover rects, draws the movers and the widgets, and
presents just those rectangles.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.shell.display import LOGICAL_H, LOGICAL_W
from game.shell.scene import Scene


class LayeredScene(Scene):
    """Static layer + movers + widgets, presented as dirty rectangles."""

    name = "table"
    keeps_layer = True  # under an overlay it is redrawn from `static`, with no snapshot (game/shell/scene.py)

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        # alpha format: restoring small areas from it takes pygame's fast blit path
        self.static = pygame.Surface((LOGICAL_W, LOGICAL_H)).convert_alpha()
        self._static_valid = False
        self._static_regions: list[pygame.Rect] | None = None
        self.movers: list[Any] = []
        self._last_rects: list[pygame.Rect] = []

    def restatic(self, regions: list[pygame.Rect] | None = None) -> None:
        """The picture at rest changed (only within `regions`, if given)."""
        if regions is None:
            self._static_regions = None
        elif self._static_regions is not None:
            self._static_regions += regions
        self._static_valid = False

    def paint_static(self, surface: pygame.Surface) -> None:
        """Paint everything at rest (subclasses)."""

    def draw_overlay(self, canvas: pygame.Surface) -> list[pygame.Rect]:
        """Draw things above movers every frame they are dirty (subclasses); return their rects."""
        return []

    def is_dirty(self) -> bool:
        return super().is_dirty() or not self._static_valid or bool(self.movers) or bool(self._last_rects)

    def draw(self, canvas: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        """Full draw when asked; otherwise restore and redraw only what moved."""
        if not (full or self.is_dirty()):
            return []
        regions = self._static_regions
        if not self._static_valid:
            self.paint_static(self.static)
            self._static_valid = True
            self._static_regions = []
        if full or self._full or regions is None:
            self._static_regions = []
            canvas.blit(self.static, (0, 0))
            self._draw_movers(canvas)
            self.draw_overlay(canvas)
            self.ui.draw_ui(canvas)
            ring = self.draw_focus(canvas)
            self._full = False
            self._last_rects = [m.rect for m in self.movers] + ([ring] if ring else [])  # restored next frame
            return None
        return self._draw_partial(canvas, regions)

    def _draw_partial(self, canvas: pygame.Surface, regions: list[pygame.Rect]) -> list[pygame.Rect]:
        rects = [m.rect for m in self.movers]
        dirty = self._last_rects + rects + list(regions)
        dirty += [w.rect.copy() for w in self._widgets()] + self.ui.drawn_rects  # restore under them first
        for r in dirty:
            canvas.blit(self.static, r, r)
        self._draw_movers(canvas, dirty)
        dirty += self.draw_overlay(canvas)
        self.ui.draw_ui(canvas)
        ring = self.draw_focus(canvas)
        self._last_rects = rects + ([ring] if ring else [])  # the ring is restored away next frame too
        return dirty + self._last_rects[len(rects):]

    def _draw_movers(self, canvas: pygame.Surface, only: list[pygame.Rect] | None = None) -> None:
        for mover in sorted(self.movers, key=lambda m: getattr(m, "layer", 0)):
            if only is None or mover.rect.collidelist(only) != -1:
                mover.draw(canvas)

    def _widgets(self) -> list[Any]:
        root: object = self.ui.get_root_container()  # the root container is a sprite too
        return [s for s in self.ui.get_sprite_group().sprites() if s is not root and getattr(s, "visible", True)]
