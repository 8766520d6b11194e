"""Table sprites: cards that fly, flip and glow; coins; floating labels. All tween-friendly.

A sprite is drawn at (x, y) = its centre, scaled by `scale`, faded by `alpha`; `flip` runs 0→1
(back shown for < 0.5, face after, squeezed horizontally through the middle). Scaled and flipped
images are cached by size, so an animation never rescales the same card twice.
The cache is bounded in bytes, least recently used first out: a flip makes a new width every
frame, and the old 2,000-entry limit let it hold ~90 MB of card copies before it was cleared.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from collections.abc import Hashable

import pygame

SCALE_CACHE_BYTES = 6 * 2**20  # a table's cards at two or three sizes; a miss costs one smoothscale
# (id of the source, w, h) -> (the source, weakly: an id is reused once its surface is gone; the copy)
_SCALE_CACHE: OrderedDict[tuple[int, int, int], tuple[weakref.ref[pygame.Surface], pygame.Surface]] = OrderedDict()
_scale_bytes = 0


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


def scaled(surface: pygame.Surface, w: int, h: int) -> pygame.Surface:
    """A cached smooth-scaled copy."""
    global _scale_bytes
    if surface.get_size() == (w, h):
        return surface
    key = (id(surface), w, h)
    hit = _SCALE_CACHE.get(key)
    if hit is not None and hit[0]() is surface:
        _SCALE_CACHE.move_to_end(key)
        return hit[1]
    out = pygame.transform.smoothscale(surface, (max(1, w), max(1, h)))
    if hit is not None:
        _scale_bytes -= _bytes(hit[1])
    _SCALE_CACHE[key] = (weakref.ref(surface), out)
    _SCALE_CACHE.move_to_end(key)
    _scale_bytes += _bytes(out)
    while _scale_bytes > SCALE_CACHE_BYTES and len(_SCALE_CACHE) > 1:
        _scale_bytes -= _bytes(_SCALE_CACHE.popitem(last=False)[1][1])
    return out


def scale_cache_bytes() -> int:
    """What the scaled copies hold now (tests check the bound)."""
    return _scale_bytes


class Sprite:
    """Something drawn on the table that may move."""

    def __init__(self, key: Hashable, face: pygame.Surface, pos: tuple[float, float],
                 back: pygame.Surface | None = None) -> None:
        self.key = key
        self.face = face
        self.back = back
        self.pos = pos
        self.scale = 1.0
        self.alpha = 255.0
        self.flip = 1.0  # 1: face up; 0: back up
        self.glow: tuple[int, int, int] | None = None
        self.glow_surface: pygame.Surface | None = None
        self.layer = 0

    def image(self) -> pygame.Surface:
        """The picture for the current flip state and scale."""
        src = self.face if (self.flip >= 0.5 or self.back is None) else self.back
        w, h = src.get_size()
        squeeze = abs(self.flip * 2 - 1) if self.back is not None else 1.0
        return scaled(src, int(w * self.scale * max(0.04, squeeze)), int(h * self.scale))

    @property
    def rect(self) -> pygame.Rect:
        """Where it is drawn now (glow included)."""
        w, h = self.face.get_size()
        r = pygame.Rect(0, 0, int(w * self.scale) + 28, int(h * self.scale) + 28)
        r.center = (round(self.pos[0]), round(self.pos[1]))
        return r

    def draw(self, canvas: pygame.Surface) -> None:
        """Blit (with glow and fade)."""
        if self.alpha <= 0:
            return
        if self.glow is not None and self.glow_surface is not None:
            g = scaled(self.glow_surface, int(self.glow_surface.get_width() * self.scale),
                       int(self.glow_surface.get_height() * self.scale))
            canvas.blit(g, g.get_rect(center=self.pos))
        img = self.image()
        if self.alpha < 255:
            img = img.copy()
            img.set_alpha(int(self.alpha))
        canvas.blit(img, img.get_rect(center=(round(self.pos[0]), round(self.pos[1]))))


def tinted(surface: pygame.Surface, colour: tuple[int, int, int]) -> pygame.Surface:
    """A white sprite (glow, stamp frame, pattern) multiplied by a colour."""
    out = surface.copy()
    out.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out
