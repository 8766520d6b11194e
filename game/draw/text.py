"""Fonts and a cache of rendered text, so labels are not re-rendered every frame."""

from __future__ import annotations

import functools
import logging
import os
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import pygame

from game.draw.palette import CREAM, INK
from game.draw.sizes import TEXT_SIZES
from game.services import paths

if TYPE_CHECKING:
    from game.draw.layout_record import Recorder

log = logging.getLogger(__name__)

Colour = tuple[int, int, int] | tuple[int, int, int, int]

_percent = 100  # the one factor every font size is scaled by: Text's and the pygame-gui theme's (game/draw/ui.py)


_chosen = 100  # the player's choice; `_percent` is below it only inside `at_most`


def use_text_size(percent: int) -> None:
    """Draw every text at `percent` % of its size from now on (screens made after this lay out for it)."""
    global _percent, _chosen
    if percent not in TEXT_SIZES:
        raise ValueError(f"text size should be one of {TEXT_SIZES}, not {percent!r}")
    _percent = _chosen = percent


def text_size() -> int:
    """The text size in use, in percent."""
    return _percent


@contextmanager
def at_most(percent: int) -> Iterator[None]:
    """Text drawn inside is at no more than `percent` %: a part of a table whose fixed art and boxes
    have no room for bigger words (its sentences step out with `chosen_size`)."""
    global _percent
    kept = _percent
    _percent = min(_chosen, percent)
    try:
        yield
    finally:
        _percent = kept


@contextmanager
def chosen_size() -> Iterator[None]:
    """Inside `at_most`: text drawn here is at the player's text size again (a sentence laid out for it)."""
    global _percent
    kept = _percent
    _percent = _chosen
    try:
        yield
    finally:
        _percent = kept


def scaled(size: float) -> int:
    """`size` (as laid out at 100 %) in pixels at the text size in use."""
    return max(1, round(size * _percent / 100))


def unscaled(px: int) -> float:
    """The size to ask for so that text is drawn at `px` pixels at any text size (the 100 % size kept)."""
    return px * 100 / _percent


def grown(length: float) -> int:
    """A length that holds text (a line's height, a row's, a box's) at the text size in use."""
    return round(length * _percent / 100)


@functools.cache
def usable_font(path: str) -> bool:
    """True when the font file loads and renders; a broken one is logged once and never used.

    pygame-ce does not raise on a corrupt font file: it returns a Font with no face, which
    segfaults on set_point_size (pygame-gui calls it) but raises pygame.error on render.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    try:
        if not os.path.isfile(path):  # a folder or a pipe would fail or block in SDL's fopen
            raise FileNotFoundError("not a file")
        pygame.font.Font(path, 16).render("Ag 0–9 ×", True, INK)
    except (pygame.error, OSError, ValueError) as exc:
        log.warning("font %s is unusable (%s): using pygame's built-in font instead", path, exc)
        return False
    return True


def checked_font_file(path: os.PathLike[str] | str) -> str | None:
    """`path` if that font works, else None: pygame's built-in font (pygame.font.Font(None, size))."""
    return str(path) if usable_font(str(path)) else None


CACHE_BYTES = 8 * 2**20
# An open font keeps SDL_ttf's cache of up to 256 rendered glyphs: ~0.5 MB for a 40 px face once
# a few dozen letters were drawn. The tables use ~60 sizes over a day, so open fonts are kept
# least recently used first out (a re-open costs ~3 ms, and only a render-cache miss needs one).
MAX_FONTS = 16


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


class Text:
    """Noto Sans at any size, with an LRU cache of rendered strings bounded by count and by bytes
    (a kiosk renders thousands of different lines over a day; big headings cost 100+ KB each)."""

    recorder: Recorder | None = None  # the layout check's, while it records (game/draw/layout_record.py)

    def __init__(self, cache_size: int = 800, max_bytes: int = CACHE_BYTES, max_fonts: int = MAX_FONTS) -> None:
        self._fonts: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
        self.max_fonts = max_fonts
        self._cache: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()
        self.cache_size = cache_size
        self.max_bytes = max_bytes
        self.cache_bytes = 0

    def font(self, size: float, bold: bool = False) -> pygame.font.Font:
        """The shipped font at `size` px as laid out at 100 %, scaled to the text size in use
        (pygame's built-in font if that file is broken)."""
        key = (scaled(size), bold)
        font = self._fonts.get(key)
        if font is not None:
            self._fonts.move_to_end(key)
            return font
        font = self._fonts[key] = pygame.font.Font(checked_font_file(paths.font_path(bold)), key[0])
        while len(self._fonts) > self.max_fonts:
            self._fonts.popitem(last=False)  # freed with its glyph cache once no caller holds it
        return font

    def render(self, text: str, size: float, colour: Colour = CREAM, bold: bool = False,
               shadow: bool = False) -> pygame.Surface:
        """A cached surface with `text` drawn (optionally with a soft drop shadow)."""
        key = (text, scaled(size), colour, bold, shadow)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            if self.recorder is not None:
                self.recorder.label(surf, text)
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
        if self.recorder is not None:
            self.recorder.label(surf, text)
        self.cache_bytes += _bytes(surf)
        while len(self._cache) > self.cache_size or (self.cache_bytes > self.max_bytes and len(self._cache) > 1):
            self.cache_bytes -= _bytes(self._cache.popitem(last=False)[1])
        return surf

    def wrap(self, text: str, size: float, width: int, bold: bool = False) -> list[str]:
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

    def fitting(self, text: str, size: int, width: int, bold: bool = False, least: int = 14) -> int:
        """The largest size from `size` down to `least` at which `text` fits `width` (`least` if none).
        Sizes are as laid out at 100 %; a bigger text size shrinks no smaller than `least` px drawn."""
        least = min(size, -(-least * 100 // _percent))
        while size > least and self.font(size, bold).size(text)[0] > width:
            size -= 1
        return size

    def fitting_lines(self, text: str, size: int, width: int, bold: bool = False, least: int = 14,
                      two: bool = True) -> tuple[float, list[str]]:
        """A label's size and lines in `width`: at 100 % one line made smaller to fit (`fitting`). At a
        bigger text size one line at its size when it fits; else (`two`: where there is room under it)
        two lines when they can be bigger than the one line made to fit; the one line never smaller
        than it is drawn at 100 % in that width."""
        global _percent
        if _percent <= 100:
            return self.fitting(text, size, width, bold, least), [text]
        kept, _percent = _percent, 100
        try:
            at_100 = self.fitting(text, size, width, bold, least)  # px, as drawn at 100 %
        finally:
            _percent = kept
        one: float = self.fitting(text, size, width, bold, least=at_100)
        if self.font(one, bold).size(text)[0] > width:
            one = unscaled(at_100)  # exactly its pixels at 100 % (a whole size may round a pixel above)
        if one >= size:
            return one, [text]
        two_size = size
        while two and two_size > one and not self._in_two(text, two_size, width, bold):
            two_size -= 1
        if two and two_size > one:
            return two_size, self.wrap(text, two_size, width, bold)[:2]
        return one, [text]

    def _in_two(self, text: str, size: float, width: int, bold: bool) -> bool:
        lines = self.wrap(text, size, width, bold)
        return len(lines) <= 2 and all(self.font(size, bold).size(line)[0] <= width for line in lines)

    def draw(self, target: pygame.Surface, text: str, pos: tuple[float, float], size: float,
             colour: Colour = CREAM, bold: bool = False, anchor: str = "topleft",
             shadow: bool = False) -> pygame.Rect:
        """Blit cached text anchored at pos ('center', 'midtop', ...) and return its rect."""
        surf = self.render(text, size, colour, bold, shadow)
        rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        target.blit(surf, rect)
        return rect
