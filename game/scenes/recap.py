"""Opening a correspondence room: what happened since you last looked, over the table.

The lines come from this device's own seat's redacted events only (`lines`), in the table scene's
own words, so a recap can never say what another seat holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.draw.palette import CREAM, GOLD, MUTED
from game.draw.ui import button
from game.match.table import Table
from game.scenes.dialog import Dialog
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.text import tr
from rules.contract import Event

PANEL = pygame.Rect(0, 0, 1180, 700)
PANEL.center = (LOGICAL_W // 2, LOGICAL_H // 2)
SHOWN = 9  # the last lines shown; an earlier part is summed up in one line


def lines(table: Table, seat: int, seen: int, words: Callable[[Event], str | None]) -> list[str]:
    """What `seat`'s own redacted events since the first `seen` say, in the scene's words."""
    return [w for w in (words(e) for e in table.history(seat, seen)) if w]


class RecapSheet(Dialog):
    """Since you last looked: a few lines and one button back to the table."""

    focusable = True  # its buttons by keyboard (game/shell/focus.py)
    name = "recap"

    def __init__(self, app: Any, room: str, told: list[str], clock: str) -> None:
        super().__init__(app)
        self.room, self.clock = room, clock
        self.told = told[-SHOWN:]
        self.earlier = len(told) - len(self.told)
        self.close = button(self.ui, (PANEL.centerx - 230, PANEL.bottom - 120, 460, 88), tr("recap.close"),
                            "#primary")

    def on_button(self, element: Any) -> None:
        if element is self.close:
            self.dismiss()

    def draw_scene(self, canvas: pygame.Surface) -> None:
        self.sheet(canvas, PANEL)
        text = self.app.text
        text.draw(canvas, tr("recap.heading", room=self.room), (PANEL.centerx, PANEL.y + 36), 46, GOLD,
                  bold=True, anchor="midtop")
        if self.clock:
            text.draw(canvas, self.clock, (PANEL.centerx, PANEL.y + 104), 28, CREAM, anchor="midtop")
        y = PANEL.y + 160
        if self.earlier:
            text.draw(canvas, tr("recap.earlier", count=self.earlier), (PANEL.x + 80, y), 24, MUTED)
            y += 38
        if not self.told:
            text.draw(canvas, tr("recap.nothing"), (PANEL.x + 80, y), 28, MUTED)
        for line in self.told:
            size = next((s for s in (28, 24, 20) if text.render("· " + line, s).get_width() <= PANEL.w - 160), 20)
            text.draw(canvas, "· " + line, (PANEL.x + 80, y), size, CREAM)
            y += 42
