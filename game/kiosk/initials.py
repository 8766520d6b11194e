"""Three letters for today's leaderboard, chosen with Up/Down buttons at each letter (no keyboard needed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.draw.palette import CREAM, GOLD
from game.draw.ui import button
from game.scenes.dialog import Dialog
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.text import tr
from rules.words import whole

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class InitialsScene(Dialog):
    """Modal over the finished table; `on_done(initials)` on Save, nothing on Skip."""

    name = "kiosk_initials"

    def __init__(self, app: Any, title: str, score: float, on_done: Callable[[str], None]) -> None:
        super().__init__(app)
        self.title, self.score, self.on_done = title, score, on_done
        self.letters = [0, 0, 0]
        self.rect = pygame.Rect(0, 0, 1000, 720)
        self.rect.center = (LOGICAL_W // 2, LOGICAL_H // 2)
        self.steps: dict[Any, tuple[int, int]] = {}
        for i in range(3):
            x = self.rect.centerx - 300 + i * 220
            self.steps[button(self.ui, (x, self.rect.y + 190, 160, 80), tr("kiosk.initials.up"))] = (i, 1)
            self.steps[button(self.ui, (x, self.rect.y + 420, 160, 80), tr("kiosk.initials.down"))] = (i, -1)
        bottom = self.rect.bottom - 130
        self.skip = button(self.ui, (self.rect.centerx - 340, bottom, 300, 90), tr("kiosk.initials.skip"), "#quiet")
        self.save = button(self.ui, (self.rect.centerx + 40, bottom, 300, 90), tr("kiosk.initials.save"), "#primary")

    @property
    def initials(self) -> str:
        """The three letters shown."""
        return "".join(LETTERS[i] for i in self.letters)

    def on_button(self, element: Any) -> None:
        if element in self.steps:
            i, step = self.steps[element]
            self.letters[i] = (self.letters[i] + step) % len(LETTERS)
            self.invalidate()
        elif element is self.save:
            self.dismiss()
            self.on_done(self.initials)
        elif element is self.skip:
            self.dismiss()

    def draw_scene(self, canvas: pygame.Surface) -> None:
        self.sheet(canvas, self.rect, radius=30)
        text = self.app.text
        text.draw(canvas, tr("kiosk.initials.title", game=self.title), (self.rect.centerx, self.rect.y + 34), 52, GOLD,
                  bold=True, anchor="midtop")
        text.draw(canvas, tr("kiosk.initials.score", score=whole(self.score)), (self.rect.centerx,
                  self.rect.y + 112), 32, CREAM, anchor="midtop")
        for i, k in enumerate(self.letters):
            x = self.rect.centerx - 220 + i * 220
            text.draw(canvas, LETTERS[k], (x, self.rect.y + 345), 110, GOLD, bold=True, anchor="center")
