"""The base of modal overlays: every tap stays in the dialog, Escape dismisses it, and it is drawn as
an opaque sheet over a strongly dimmed screen, so no text beneath shows through as a ghost."""

from __future__ import annotations

import pygame

from game.draw.widgets import PANEL_EDGE, sheet
from game.shell.pointer import PointerEvent
from game.shell.scene import Scene


class Dialog(Scene):
    """An overlay over the current screen that holds every tap until it is dismissed."""

    opaque = False
    keeps_layer = True  # a panel and a few lines: under a prompt it redraws in full, no 8 MB snapshot
    focusable = True  # its buttons by keyboard (game/shell/focus.py)

    def dismiss(self) -> None:
        """Take the dialog away (only when it is on top: a late second tap changes nothing)."""
        if self.app.stack.top is self:
            self.app.stack.pop()

    def on_back(self) -> bool:
        self.dismiss()
        return True

    def handle_pointer(self, pe: PointerEvent) -> bool:
        return True  # modal: the screen underneath never gets a tap meant for this dialog

    def sheet(self, canvas: pygame.Surface, rect: pygame.Rect, radius: int = 28, width: int = 4,
              edge: tuple[int, ...] = PANEL_EDGE) -> None:
        """Dim the screen below strongly and lay the dialog's opaque sheet over it."""
        sheet(canvas, rect, self.app.darken, radius, width, edge)
