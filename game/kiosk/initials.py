"""Three letters for today's leaderboard, chosen with Up/Down buttons at each letter (no keyboard needed)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.draw.palette import CREAM, GOLD
from game.draw.text import grown
from game.draw.ui import button, resize, wanted_width
from game.kiosk.fit import MARGIN, fitted, sheet_width
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
        self.steps: dict[Any, tuple[int, int]] = {}
        for i in range(3):
            self.steps[button(self.ui, (0, 0, 160, 80), tr("kiosk.initials.up"))] = (i, 1)
            self.steps[button(self.ui, (0, 0, 160, 80), tr("kiosk.initials.down"))] = (i, -1)
        self.skip = button(self.ui, (0, 0, 300, 90), tr("kiosk.initials.skip"), "#quiet")
        self.save = button(self.ui, (0, 0, 300, 90), tr("kiosk.initials.save"), "#primary")
        self._lay_out()

    def _lay_out(self) -> None:
        """At a bigger text size the buttons are as wide as their labels, the letters further apart, the
        rest below the grown heading and score, and the sheet around it all (at 100 % as laid out)."""
        step = max(wanted_width(b, 160) for b in self.steps)
        self.pitch = max(220, step + 40)  # between two letters
        answer = max(wanted_width(b, 300) for b in (self.skip, self.save))
        self.drop = 2 * (grown(78) - 78)  # the heading's and the score's lines grown
        lines = [(self._heading(), 52, True), (self._score(), 32, False)]
        width = max(sheet_width(self.app.text, 1000, lines), 2 * self.pitch + step + 2 * MARGIN,
                    2 * answer + 80 + 2 * MARGIN)
        self.rect = pygame.Rect(0, 0, width, 720 + self.drop)
        self.rect.center = (LOGICAL_W // 2, LOGICAL_H // 2)
        for b, (i, sign) in self.steps.items():
            x = self.rect.centerx + (i - 1) * self.pitch - step // 2
            resize(b, (step, 80), (x, self.rect.y + self.drop + (190 if sign > 0 else 420)))
        bottom = self.rect.bottom - 130
        resize(self.skip, (answer, 90), (self.rect.centerx - 40 - answer, bottom))
        resize(self.save, (answer, 90), (self.rect.centerx + 40, bottom))

    def _heading(self) -> str:
        return tr("kiosk.initials.title", game=self.title)

    def _score(self) -> str:
        return tr("kiosk.initials.score", score=whole(self.score))

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
        text, heading, score, x = self.app.text, self._heading(), self._score(), self.rect.centerx
        text.draw(canvas, heading, (x, self.rect.y + 34), fitted(text, heading, 52, self.rect.w, True), GOLD, bold=True,
                  anchor="midtop")
        text.draw(canvas, score, (x, self.rect.y + 34 + grown(78)), fitted(text, score, 32, self.rect.w), CREAM,
                  anchor="midtop")
        for i, k in enumerate(self.letters):
            x = self.rect.centerx + (i - 1) * self.pitch
            text.draw(canvas, LETTERS[k], (x, self.rect.y + self.drop + 345), 110, GOLD, bold=True, anchor="center")
