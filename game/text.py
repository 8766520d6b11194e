"""Fonts and a cache of rendered text, so labels are not re-rendered every frame."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game import paths
from game.palette import CREAM

Colour = tuple[int, int, int] | tuple[int, int, int, int]



class Text:
    """Noto Sans at any size, with an LRU cache of rendered strings."""

    def __init__(self, cache_size: int = 800) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.cache_size = cache_size

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The shipped font at `size` px."""
        key = (size, bold)
        if key not in self._fonts:
            self._fonts[key] = pygame.font.Font(str(paths.font_path(bold)), size)
        return self._fonts[key]

    def render(self, text: str, size: int, colour: Colour = CREAM, bold: bool = False,
               shadow: bool = False) -> pygame.Surface:
        """A cached surface with `text` drawn (optionally with a soft drop shadow)."""
        key = (text, size, colour, bold, shadow)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = self.font(size, bold).render(text, True, colour)
        if shadow:
            base = pygame.Surface((surf.get_width() + 3, surf.get_height() + 3), pygame.SRCALPHA)
            shade = self.font(size, bold).render(text, True, (0, 0, 0))
            shade.set_alpha(150)
            base.blit(shade, (3, 3))
            base.blit(surf, (0, 0))
            surf = base
        self._cache[key] = surf
        if len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return surf

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split text into lines that fit `width` px."""
        font = self.font(size, bold)
        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for word in para.split(" "):
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    def draw(self, target: pygame.Surface, text: str, pos: tuple[float, float], size: int,
             colour: Colour = CREAM, bold: bool = False, anchor: str = "topleft",
             shadow: bool = False) -> pygame.Rect:
        """Blit cached text anchored at pos ('center', 'midtop', ...) and return its rect."""
        surf = self.render(text, size, colour, bold, shadow)
        rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        target.blit(surf, rect)
        return rect
