"""The operator's touch test: a ring under every finger on the glass, with its number.

It reads raw FINGER events (every finger, not only the first one SDL turns into a mouse) so
staff can see at once whether multi-touch works and where the glass is dead.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.palette import BRASS_DIM, CREAM, GOLD, GREEN, MUTED, NIGHT, RED, TEAL, WHITE
from game.draw.ui import button
from game.scenes.dialog import Dialog
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.shell.pointer import PointerEvent
from game.text import tr

COLOURS = (GOLD, TEAL, RED, GREEN, WHITE, CREAM)


class TouchTestScene(Dialog):
    """Full-screen test; Close goes back to the operator menu."""

    opaque = True  # it covers the whole screen: nothing beneath needs drawing
    name = "kiosk_touch_test"

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.fingers: dict[tuple[Any, ...], tuple[float, float]] = {}
        self.mouse: tuple[float, float] | None = None
        self.most = 0
        self.close = button(self.ui, (LOGICAL_W - 340, LOGICAL_H - 130, 300, 90), tr("kiosk.close"), "#primary")

    def on_button(self, element: Any) -> None:
        self.on_back()

    def handle_event(self, event: pygame.event.Event) -> bool:
        consumed = super().handle_event(event)
        if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION):
            key = (getattr(event, "touch_id", 0), event.finger_id)
            self.fingers[key] = self.app.display.finger_to_logical(event.x, event.y)
            self.most = max(self.most, len(self.fingers))
        elif event.type == pygame.FINGERUP:
            self.fingers.pop((getattr(event, "touch_id", 0), event.finger_id), None)
        self.invalidate()
        return consumed

    def handle_pointer(self, pe: PointerEvent) -> bool:
        if pe.pid == "mouse":
            self.mouse = pe.pos if pe.kind in ("press", "drag", "move") else self.mouse
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.fill(NIGHT)
        for x in range(0, LOGICAL_W, 120):
            pygame.draw.line(canvas, BRASS_DIM, (x, 0), (x, LOGICAL_H))
        for y in range(0, LOGICAL_H, 120):
            pygame.draw.line(canvas, BRASS_DIM, (0, y), (LOGICAL_W, y))
        text = self.app.text
        text.draw(canvas, tr("kiosk.menu.touch"), (LOGICAL_W // 2, 40), 64, GOLD, bold=True, anchor="midtop")
        text.draw(canvas, tr("kiosk.touch.fingers", count=len(self.fingers), most=self.most),
                  (LOGICAL_W // 2, 130), 34, CREAM, anchor="midtop")
        text.draw(canvas, tr("kiosk.touch.how"),
                  (LOGICAL_W // 2, 180), 28, MUTED, anchor="midtop")
        for i, (key, pos) in enumerate(sorted(self.fingers.items())):
            colour = COLOURS[i % len(COLOURS)]
            pygame.draw.circle(canvas, colour, pos, 70, 6)
            pygame.draw.circle(canvas, colour, pos, 8)
            text.draw(canvas, str(key[1]), (pos[0], pos[1] - 110), 36, colour, bold=True, anchor="center")
        if self.mouse is not None:
            pygame.draw.circle(canvas, TEAL, self.mouse, 30, 3)
