"""The pass-the-device curtain: hides the table until the next person taps that they are ready.

It shows only public information (what the other player just did), never a hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.draw.palette import CREAM, GOLD, MUTED
from game.draw.ui import button, label_fits, label_width, resize
from game.draw.widgets import felt, panel
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.shell.pointer import PointerEvent
from game.shell.scene import Scene
from game.text import tr

PANEL = pygame.Rect(0, 0, 1100, 640)
PANEL.center = (LOGICAL_W // 2, LOGICAL_H // 2)


class CurtainScene(Scene):
    """Opaque: nothing of the table shows through."""

    focusable = True  # its buttons by keyboard (game/shell/focus.py)
    name = "curtain"

    def __init__(self, app, player: str, recap: list[str], on_ready: Callable[[], None],  # type: ignore[no-untyped-def]
                 heading: str | None = None) -> None:
        super().__init__(app)
        self.player = player
        self.recap = recap[-6:]
        self.on_ready = on_ready
        self.heading = heading or tr("curtain.pass", name=player)
        self.ready = self._ready_button(tr("curtain.ready_named", name=player))
        if not label_fits(self.ready):  # a long name: the button says less rather than clip it
            self.ready.kill()
            self.ready = self._ready_button(tr("curtain.ready"))

    def _ready_button(self, words: str) -> Any:
        """The button sized to its label (at least 520 wide, at most the panel's inside), centred."""
        made = button(self.ui, (PANEL.centerx - 260, PANEL.bottom - 120, 520, 90), words, "#primary")
        width = min(PANEL.w - 80, max(520, label_width(made)))
        if width != made.rect.w:
            resize(made, (width, 90), (PANEL.centerx - width // 2, PANEL.bottom - 120))
        return made

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if element is self.ready:
            self._go()

    def handle_pointer(self, pe: PointerEvent) -> bool:
        if pe.kind == "tap" and PANEL.collidepoint(pe.pos):
            self._go()
        return True

    def on_back(self) -> bool:
        return True  # the curtain cannot be skipped with Escape: it protects a hand

    def _go(self) -> None:
        self.app.audio.play("card_slide")
        self.app.stack.pop()
        self.on_ready()

    def draw_scene(self, canvas: pygame.Surface) -> None:
        felt(canvas, self.app.assets)
        self.app.darken(canvas, 120)
        panel(canvas, PANEL, radius=30, width=4)
        text = self.app.text
        text.draw(canvas, self.heading, (PANEL.centerx, PANEL.y + 40), 64, GOLD, bold=True, anchor="midtop")
        text.draw(canvas, tr("curtain.look_away"), (PANEL.centerx, PANEL.y + 130),
                  30, MUTED, anchor="midtop")
        if self.recap:
            text.draw(canvas, tr("curtain.since"), (PANEL.x + 80, PANEL.y + 200), 30, CREAM, bold=True)
        for i, line in enumerate(self.recap):
            text.draw(canvas, "· " + line, (PANEL.x + 100, PANEL.y + 250 + i * 42), self._line_size(line), CREAM)

    def _line_size(self, line: str) -> int:
        """The largest size (28 down to 20) at which a recap line fits the panel, so it is never cut."""
        room = PANEL.w - 180
        return next((size for size in (28, 26, 24, 22) if self.app.text.render("· " + line, size).get_width() <= room),
                    20)
