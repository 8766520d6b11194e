"""Loads sprites and sounds once and caches them; a missing or broken file never stops the game.

SVGs are rasterised once per requested size (crisp at any resolution); PNGs are converted once
and scaled copies cached. A file that cannot be loaded is logged with its path and replaced by a
visible magenta placeholder, so the problem is obvious on screen but nothing crashes.
The image cache is bounded in bytes, least recently used first out: a kiosk runs for days, and
every new size of a card (a zoom, a layout for another seat count) would otherwise stay forever.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

import pygame

from game.services import paths

log = logging.getLogger(__name__)

Size = tuple[int, int]
Key = tuple[str, "Size | None"]
# A table or the title uses 10-16 MB (the felt or the title picture is 8 MB of it). A soak filled 24 MB
# in 40 minutes with sizes used once, so a 32 MB bound kept growing for hours after the first demos.
CACHE_BYTES = 20 * 1024 * 1024


class Assets:
    """Image and sound cache keyed by file stem and size."""

    def __init__(self, sprites: Path | None = None, sounds: Path | None = None,
                 max_bytes: int = CACHE_BYTES) -> None:
        self.sprites = sprites or paths.sprites_dir()
        self.sounds = sounds or paths.sounds_dir()
        self._images: OrderedDict[Key, pygame.Surface] = OrderedDict()
        self.max_bytes = max_bytes
        self.cache_bytes = 0
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.failed: set[str] = set()

    def image(self, name: str, size: Size | None = None) -> pygame.Surface:
        """The sprite `name` (file stem, .svg or .png) at `size` (None: natural size)."""
        return self._get((name, size), lambda: self._load_image(name, size))

    def _get(self, key: Key, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._images.get(key)
        if surf is not None:
            self._images.move_to_end(key)
            return surf
        surf = make()
        self._images[key] = surf
        self.cache_bytes += _bytes(surf)
        while self.cache_bytes > self.max_bytes and len(self._images) > 1:
            _, old = self._images.popitem(last=False)  # scenes holding it keep their reference
            self.cache_bytes -= _bytes(old)
        return surf

    def _load_image(self, name: str, size: Size | None) -> pygame.Surface:
        svg, png = self.sprites / f"{name}.svg", self.sprites / f"{name}.png"
        try:
            if svg.exists():
                surf = rasterise(str(svg), size)
            elif png.exists():
                surf = rasterise(str(png), None)
                if size and surf.get_size() != size:
                    surf = pygame.transform.smoothscale(surf.convert_alpha(), size)
            else:
                raise FileNotFoundError(f"no sprite {svg} or {png}")
            return surf.convert_alpha() if pygame.display.get_surface() else surf
        except (pygame.error, OSError, ValueError) as exc:
            self._report(name, svg, exc)
            return placeholder(size or (64, 64))

    def cached(self, key: str, size: Size, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """A surface built once by `make()` and kept under (key, size)."""
        return self._get((key, size), make)

    def forget(self, name: str) -> None:
        """Drop every cached size of the sprite `name` (a screen's big picture, once it has gone)."""
        for key in [k for k in self._images if k[0] == name]:
            self.cache_bytes -= _bytes(self._images.pop(key))

    def tiled(self, name: str, size: Size) -> pygame.Surface:
        """A new surface with a texture repeated to fill `size`: not cached, as callers cache what they
        compose from it (a full-screen texture kept twice would cost 8 MB for nothing)."""
        tile = self.image(name)
        surf = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        tw, th = tile.get_size()
        for y in range(0, size[1], th):
            for x in range(0, size[0], tw):
                surf.blit(tile, (x, y))
        return surf

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The sound `name` (.wav or .ogg), or None when audio or the file is unavailable."""
        if name in self._sounds:
            return self._sounds[name]
        snd = None
        if pygame.mixer.get_init():
            for ext in ("ogg", "wav"):
                path = self.sounds / f"{name}.{ext}"
                if path.exists():
                    try:
                        snd = pygame.mixer.Sound(str(path))
                    except pygame.error as exc:
                        self._report(name, path, exc)
                    break
            else:
                self._report(name, self.sounds / f"{name}.wav", FileNotFoundError("missing"))
        self._sounds[name] = snd
        return snd

    def _report(self, name: str, path: Path, exc: Exception) -> None:
        if name not in self.failed:
            self.failed.add(name)
            log.error("asset %s could not be loaded from %s: %s", name, path, exc)


def rasterise(path: str, size: Size | None) -> pygame.Surface:
    """The picture in the file at `path`, an SVG drawn at `size` if given (callers convert or copy it)."""
    if size and path.endswith(".svg"):
        return pygame.image.load_sized_svg(path, size)
    return pygame.image.load(path)


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_bytesize() * surf.get_width() * surf.get_height()


def placeholder(size: Size) -> pygame.Surface:
    """A loud magenta/black checker with a cross: impossible to miss, never a crash."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    cell = max(4, min(size) // 4)
    for y in range(0, size[1], cell):
        for x in range(0, size[0], cell):
            colour = (255, 0, 255) if (x // cell + y // cell) % 2 == 0 else (20, 20, 20)
            surf.fill(colour, (x, y, cell, cell))
    pygame.draw.line(surf, (255, 255, 255), (0, 0), (size[0] - 1, size[1] - 1), 3)
    pygame.draw.line(surf, (255, 255, 255), (0, size[1] - 1), (size[0] - 1, 0), 3)
    return surf
