"""pygame-gui glue: a UI manager that understands our letterboxed canvas, and the shared theme.

Every scene owns one manager sized to the logical canvas. pygame-gui maps mouse positions with
a plain scale factor only; our manager maps through the display's letterbox (offset and scale),
so widgets are hit exactly where they are drawn at any window size.
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from importlib import resources
from typing import Any, cast

import pygame
import pygame_gui
from pygame_gui.core import ui_appearance_theme
from pygame_gui.core.ui_font_dictionary import UIFontDictionary
from pygame_gui.core.utility import FontResource

from game.draw.text import checked_font_file, text_size
from game.services import paths
from game.shell.display import LOGICAL_H, LOGICAL_W

Mapper = Callable[[tuple[float, float]], tuple[float, float]]
THEME_FILE = str(resources.files("game").joinpath("themes").joinpath("market_hall.json"))


def _gui_font(name: str) -> str:
    """A pygame-gui font file by name, or pygame's built-in font file when that one is broken."""
    return checked_font_file(paths.gui_font_file(name)) or str(paths.builtin_font_path())


class CheckedFontDictionary(UIFontDictionary):
    """pygame-gui's font dictionary, loading its default fonts only from files that were checked.

    pygame-gui loads Noto Sans and Fira Code from its package without a check, and a corrupt
    file segfaults pygame-ce there. This mirrors UIFontDictionary._load_default_font (0.6.x)
    with checked paths; the theme's "noto_sans" then resolves to the same checked files.
    """

    def _load_default_font(self, font: Any) -> None:
        files = [_gui_font(name) for name in (font.regular_file_name, font.bold_file_name,
                                              font.italic_file_name, font.bold_italic_file_name)]
        style = {"bold": False, "italic": False, "antialiased": True, "script": font.script,
                 "direction": font.direction}
        resource = FontResource(font_id=font.idx, size=font.size, style=style, location=(files[0], False))
        error = resource.load()
        if isinstance(error, Exception):
            raise error
        self.loaded_fonts[font.idx] = resource
        self.known_font_paths[font.name] = [(path, False) for path in files]


@contextmanager
def _checked_fonts() -> Iterator[None]:
    """While a theme is built, pygame-gui makes its font dictionary from our checked class."""
    original = ui_appearance_theme.UIFontDictionary  # type: ignore[attr-defined]  # pygame-gui does not re-export it; we swap it on purpose
    ui_appearance_theme.UIFontDictionary = CheckedFontDictionary  # type: ignore[attr-defined]  # pygame-gui does not re-export it; we swap it on purpose
    try:
        yield
    finally:
        ui_appearance_theme.UIFontDictionary = original  # type: ignore[attr-defined]  # pygame-gui does not re-export it; we swap it on purpose


# One theme per display and text size, shared by every scene's manager: a theme holds its fonts and
# up to three 4 MB shape-cache surfaces, so a theme per manager cost ~6 MB for every scene and dialog opened.
_THEMES: weakref.WeakKeyDictionary[object, dict[int, ui_appearance_theme.UIAppearanceTheme]] = \
    weakref.WeakKeyDictionary()


def theme_at_size(path: str, percent: int) -> dict[str, Any]:
    """The theme file as a dict with every font size scaled to the text size (pygame-gui loads a dict
    as it loads a file: UIAppearanceTheme.load_theme), so widgets' words grow with the canvas's."""
    with open(path, encoding="utf-8") as f:
        theme: dict[str, Any] = json.load(f)
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and "size" in font:
            font["size"] = str(round(int(font["size"]) * percent / 100))
    return theme


def _one_cache_page(cache: Any) -> None:
    """Keep pygame-gui's shape cache to the one 4 MB page it starts with (it grows to three).

    Our widgets are few and mostly the same shapes; when the page is full pygame-gui purges
    shapes used once instead of adding a page (SurfaceCache._expand_lt_cache, 0.6.x).
    """
    def expand() -> None:
        cache.low_on_space = True

    if hasattr(cache, "_expand_lt_cache") and hasattr(cache, "low_on_space"):
        cache._expand_lt_cache = expand


class CanvasUIManager(pygame_gui.UIManager):
    """A UIManager whose mouse positions go through the display's window→canvas mapping."""

    def __init__(self, mapper: Mapper) -> None:
        self._mapper = mapper  # before pygame-gui's __init__, which asks for the theme
        self._settled: set[int] = set()  # the widgets an update has built the images of
        self._drawn: tuple[Any, ...] = ()  # how the widgets looked when last drawn
        self.drawn_rects: list[pygame.Rect] = []  # where they were then (a table restores under them)
        self.text_size = text_size()  # the text size its theme's fonts are at
        super().__init__((LOGICAL_W, LOGICAL_H), theme_path=THEME_FILE, enable_live_theme_updates=False)

    def create_new_theme(self, theme_path: Any = None) -> ui_appearance_theme.UIAppearanceTheme:
        """The display's shared theme at the text size in use (built once, with fonts from checked files only)."""
        owner = getattr(self._mapper, "__self__", None)  # the Display whose canvas we map to
        kept = _THEMES.setdefault(owner, {}) if owner is not None else {}
        theme = kept.get(self.text_size)
        if theme is None:
            with _checked_fonts():
                theme = super().create_new_theme(theme_at_size(THEME_FILE, self.text_size))
            _one_cache_page(theme.shape_cache)
            kept[self.text_size] = theme
        return theme

    def _follow_text_size(self) -> None:
        """A text size chosen since this manager was made: its widgets take the theme at the new size
        (their rects stay; a screen that lays its buttons out by their labels rebuilds them on resume)."""
        self.text_size = text_size()
        self.set_ui_theme(self.create_new_theme())  # pygame-gui's own re-theme: every widget rebuilt

    def update(self, time_delta: float) -> None:
        """pygame-gui's update; afterwards every widget there is has its image built."""
        if self.text_size != text_size():
            self._follow_text_size()
        super().update(time_delta)
        self._settled = {id(s) for s in self.get_sprite_group().sprites()}

    def draw_ui(self, window_surface: pygame.Surface) -> None:
        """Draw the widgets, building first the images of any made since the last update.

        pygame-gui paints a new button's face (and applies a show or hide) in its next update: one
        made between the update and the draw (a knock at the lobby, a summary's Next) was drawn
        blank, and nothing redrew it until a pointer moved. Settling here draws it whole in the
        very frame it appears.
        """
        group = self.get_sprite_group()
        if group.should_update_visibility or any(id(s) not in self._settled for s in group.sprites()):
            self.update(0.0)
        super().draw_ui(window_surface)
        self._drawn = self._look()
        self.drawn_rects = [pygame.Rect(r) for r in self.widget_rects()]

    def _look(self) -> tuple[Any, ...]:
        return tuple((id(s), id(s.image), getattr(s, "visible", True), tuple(s.rect))
                     for s in self.get_sprite_group().sprites())

    def changed(self) -> bool:
        """True when a widget came, went, moved, was shown or hidden or got a new face since the last draw."""
        return self._look() != self._drawn

    def calculate_scaled_mouse_position(self, position: tuple[int, int]) -> tuple[int, int]:
        """Window pixels → canvas pixels, letterbox included."""
        x, y = self._mapper(position)
        return int(x), int(y)

    def hit(self, pos: tuple[float, float]) -> bool:
        """True when a visible widget covers this canvas point (fingers skip the table there)."""
        return any(rect.collidepoint(pos) for rect in self.widget_rects())

    def widget_rects(self) -> list[pygame.Rect]:
        """Where the visible widgets are on the canvas."""
        root = cast(object, self.get_root_container())  # the root container is a sprite too
        return [sprite.rect for sprite in self.get_sprite_group().sprites()
                if sprite is not root and getattr(sprite, "visible", True)]


FINGER_CLICKS = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP}


def for_widgets(event: pygame.event.Event, window: tuple[int, int]) -> pygame.event.Event | None:
    """The event as pygame-gui should see it (None: not at all).

    pygame-gui knows only the mouse, and SDL turns only the first finger on the glass into mouse
    events: while another finger rests anywhere (a peek tab held, a palm), a tap on a button
    never reached it. So every finger press and lift becomes a left click of its own here, and
    SDL's emulated clicks (touch=True) are dropped so the first finger does not click twice.
    """
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(event, "touch", False):
        return None
    kind = FINGER_CLICKS.get(event.type)
    if kind is None:
        return event
    pos = (round(event.x * window[0]), round(event.y * window[1]))
    return pygame.event.Event(kind, pos=pos, button=1, touch=True)


HINT = "#entry_hint"  # theme: an empty entry's placeholder, dim and italic (pygame-gui 0.6 draws it as typed text)


class HintEntry(pygame_gui.elements.UITextEntryLine):
    """A one-line text entry whose placeholder reads as a hint, never as a value someone typed.

    pygame-gui 0.6 draws the placeholder with the entry's own text colour and font; this entry wears
    the theme's #entry_hint look (dim, italic) exactly while the placeholder shows: empty and not focused.
    """

    def __init__(self, rect: pygame.Rect, manager: pygame_gui.UIManager, placeholder: str) -> None:
        super().__init__(rect, manager=manager, placeholder_text=placeholder)
        self.hinting = False
        self._restyle()

    def showing_hint(self) -> bool:
        """True while the placeholder is what the entry shows."""
        return not self.get_text() and not self.is_focused

    def _restyle(self) -> None:
        hint = self.showing_hint()
        if hint != self.hinting:
            self.hinting = hint
            self.change_object_id(pygame_gui.core.ObjectID(object_id=HINT if hint else None))

    def rebuild(self) -> None:
        """pygame-gui's rebuild, without the placeholder while someone is typing.

        pygame-gui 0.6 rebuilds an empty entry with the placeholder as its shape's text, even when
        focused; the restyle on focus rebuilds, so what was typed next went in front of the hint
        ("Y5B2RY|invite link or room code"). Focused, an empty entry shows nothing but the cursor.
        """
        super().rebuild()  # type: ignore[no-untyped-call]  # pygame-gui's rebuild has no annotations
        shape = self.drawable_shape
        if self.is_focused and not self.text and shape is not None and shape.text_box_layout is not None:
            shape.set_text("")
            shape.text_box_layout.set_cursor_position(self.edit_position)
            shape.apply_active_text_changes()
            shape.text_box_layout.turn_on_cursor()

    def shown_text(self) -> str:
        """The words the entry's face carries now (the placeholder, or what was typed)."""
        shape = self.drawable_shape
        return str(shape.theming.get("text", "")) if shape is not None else ""

    def update(self, time_delta: float) -> None:
        """pygame-gui's update, then the hint look on or off (focus, typing and set_text all pass here)."""
        super().update(time_delta)
        self._restyle()

    def set_text(self, text: str | None) -> None:
        """Set the text and at once wear the look that goes with it."""
        super().set_text(text)
        self._restyle()


def button(manager: pygame_gui.UIManager, rect: pygame.Rect | tuple[Any, ...], text: str,
           object_id: str | None = None, tool_tip: str | None = None,
           container: Any = None) -> pygame_gui.elements.UIButton:
    """A themed button (object ids: #primary, #quiet, #danger, #toggle_on, #toggle_off)."""
    oid = pygame_gui.core.ObjectID(object_id=object_id) if object_id else None
    return pygame_gui.elements.UIButton(pygame.Rect(rect), text, manager=manager, object_id=oid,
                                        tool_tip_text=tool_tip, container=container)


LABEL_PAD = 28  # room a label keeps from each end of its button


def resize(made: pygame_gui.elements.UIButton, size: tuple[int, int], position: tuple[int, int]) -> None:
    """Give a made button a new size and place, rebuilt at once: pygame-gui redraws a resized button's
    shape only later, so without the rebuild its next frame shows a square, borderless box."""
    made.set_dimensions(size)
    made.set_relative_position(position)
    made.rebuild()


def label_width(made: pygame_gui.elements.UIButton) -> int:
    """How wide a button's label is drawn, with room to spare at each end."""
    font = made.font
    return (font.size(made.text)[0] if font is not None else 0) + 2 * LABEL_PAD


def wanted_width(made: pygame_gui.elements.UIButton, laid_out: int) -> int:
    """The width a button wants: at a bigger text size as wide as its label (never narrower than
    laid out); at 100 % the width it was laid out with, so nothing moves."""
    return laid_out if text_size() <= 100 else max(laid_out, label_width(made))


SNUG_PAD = 14  # the least room a label keeps from each end (with less pygame-gui left-aligns and cuts it)


def snug_width(made: pygame_gui.elements.UIButton, laid_out: int) -> int:
    """`wanted_width` for a row short of room: at a bigger text size as wide as its label with SNUG_PAD
    each side (never narrower than laid out); at 100 % as laid out."""
    font = made.font
    snug = (font.size(made.text)[0] if font is not None else 0) + 2 * SNUG_PAD
    return laid_out if text_size() <= 100 else max(laid_out, snug)


GUI_ROOM = 12  # px pygame-gui keeps each side of a label in this theme; with less it left-aligns and cuts it


def uncut_width(made: pygame_gui.elements.UIButton, laid_out: int) -> int:
    """`wanted_width`, and at 100 % too never so narrow that pygame-gui cuts the label (a long
    translation): then as wide as `label_width`. A label pygame-gui draws whole keeps its width at 100 %."""
    font = made.font
    drawn = (font.size(made.text)[0] if font is not None else 0) + 2 * GUI_ROOM
    return wanted_width(made, laid_out) if drawn <= laid_out else max(wanted_width(made, laid_out), label_width(made))


def label_fits(made: pygame_gui.elements.UIButton) -> bool:
    """True when a button's label fits inside it."""
    return label_width(made) <= int(made.rect.w)
