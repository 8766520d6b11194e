"""pygame-gui glue: a UI manager that understands our letterboxed canvas, and the shared theme.

Every scene owns one manager sized to the logical canvas. pygame-gui maps mouse positions with
a plain scale factor only; our manager maps through the display's letterbox (offset and scale),
so widgets are hit exactly where they are drawn at any window size.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources

import pygame
import pygame_gui

from game.display import LOGICAL_H, LOGICAL_W

Mapper = Callable[[tuple[float, float]], tuple[float, float]]


class CanvasUIManager(pygame_gui.UIManager):
    """A UIManager whose mouse positions go through the display's window→canvas mapping."""

    def __init__(self, mapper: Mapper) -> None:
        theme = str(resources.files("game").joinpath("themes", "market_hall.json"))
        super().__init__((LOGICAL_W, LOGICAL_H), theme_path=theme, enable_live_theme_updates=False)
        self._mapper = mapper

    def calculate_scaled_mouse_position(self, position: tuple[int, int]) -> tuple[int, int]:
        """Window pixels → canvas pixels, letterbox included."""
        x, y = self._mapper(position)
        return int(x), int(y)

    def hit(self, pos: tuple[float, float]) -> bool:
        """True when a visible widget covers this canvas point (fingers skip the table there)."""
        for sprite in self.get_sprite_group().sprites():
            if getattr(sprite, "visible", True) and sprite.rect.collidepoint(pos):
                if sprite is self.get_root_container():
                    continue
                return True
        return False


def button(manager: pygame_gui.UIManager, rect: pygame.Rect | tuple, text: str,
           object_id: str | None = None, tool_tip: str | None = None,
           container=None) -> pygame_gui.elements.UIButton:  # type: ignore[no-untyped-def]
    """A themed button (object ids: #primary, #quiet, #danger, #toggle_on, #toggle_off)."""
    oid = pygame_gui.core.ObjectID(object_id=object_id) if object_id else None
    return pygame_gui.elements.UIButton(pygame.Rect(rect), text, manager=manager, object_id=oid,
                                        tool_tip_text=tool_tip, container=container)
