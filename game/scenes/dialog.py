"""The base of modal overlays: every tap stays in the dialog, and Escape dismisses it."""

from __future__ import annotations

from game.pointer import PointerEvent
from game.scene import Scene


class Dialog(Scene):
    """An overlay over the current screen that holds every tap until it is dismissed."""

    opaque = False
    keeps_layer = True  # a panel and a few lines: under a prompt it redraws in full, no 8 MB snapshot

    def dismiss(self) -> None:
        """Take the dialog away (only when it is on top: a late second tap changes nothing)."""
        if self.app.stack.top is self:
            self.app.stack.pop()

    def on_back(self) -> bool:
        self.dismiss()
        return True

    def handle_pointer(self, pe: PointerEvent) -> bool:
        return True  # modal: the screen underneath never gets a tap meant for this dialog
