"""A question over the current screen with two or three answers (leave a match? start over?)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.display import LOGICAL_H, LOGICAL_W
from game.palette import CREAM, GOLD
from game.scenes.dialog import Dialog
from game.ui import button

Choice = tuple[str, Callable[[], None], str | None]  # label, what it does, theme object id


class ConfirmScene(Dialog):
    """Modal: the answer buttons, or Escape for the last choice (the safe one)."""

    name = "confirm"

    def __init__(self, app, title: str, lines: Sequence[str], choices: Sequence[Choice]) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.title, self.lines = title, list(lines)
        self.rect = pygame.Rect(0, 0, 1100, 330 + 44 * len(self.lines))
        self.rect.center = (LOGICAL_W // 2, LOGICAL_H // 2)
        width, gap = 300, 30
        x = self.rect.centerx - (len(choices) * width + (len(choices) - 1) * gap) // 2
        self.choices: dict[object, Callable[[], None]] = {}
        for label, then, oid in choices:
            self.choices[button(self.ui, (x, self.rect.bottom - 120, width, 84), label, oid)] = then
            x += width + gap
        self._safe = choices[-1][1]

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        then = self.choices.get(element)
        if then is not None:
            self._answer(then)

    def _answer(self, then: Callable[[], None]) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        then()

    def on_back(self) -> bool:
        self._answer(self._safe)
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        self.sheet(canvas, self.rect)
        text = self.app.text
        text.draw(canvas, self.title, (self.rect.centerx, self.rect.y + 40), 52, GOLD, bold=True, anchor="midtop")
        y = self.rect.y + 130
        for line in self.lines:
            text.draw(canvas, line, (self.rect.centerx, y), 30, CREAM, anchor="midtop")
            y += 44
