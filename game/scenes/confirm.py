"""A question over the current screen with two or three answers (leave a match? start over?)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.draw.palette import CREAM, GOLD
from game.draw.text import grown
from game.draw.ui import button, label_width, resize
from game.scenes.dialog import Dialog
from game.shell.display import LOGICAL_H, LOGICAL_W

Choice = tuple[str, Callable[[], None], str | None]  # label, what it does, theme object id
MARGIN = 60  # between the words and the sheet's edge
MAX_W = LOGICAL_W - 160  # the widest sheet


class ConfirmScene(Dialog):
    """Modal: the answer buttons, or Escape for the last choice (the safe one)."""

    focusable = True  # its buttons by keyboard (game/shell/focus.py)
    name = "confirm"

    def __init__(self, app, title: str, lines: Sequence[str], choices: Sequence[Choice]) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.title, self.lines = title, list(lines)
        self.title_size = next((n for n in (52, 46, 40) if self._wide(n, True, [title]) <= MAX_W - 2 * MARGIN), 34)
        need = max(self._wide(self.title_size, True, [title]), self._wide(30, False, self.lines)) + 2 * MARGIN
        gap = 30
        made = [button(self.ui, (0, 0, 300, 84), label, oid) for label, _, oid in choices]
        widths = [max(300, label_width(b)) for b in made]  # as wide as its label (a bigger text size)
        row = sum(widths) + gap * (len(made) - 1)
        self.body_y = 40 + self.app.text.font(self.title_size, True).get_linesize() + 14  # under the title
        high = self.body_y + grown(44) * len(self.lines) + 200
        self.rect = pygame.Rect(0, 0, max(1100, min(MAX_W, max(need, row + 2 * MARGIN))), high)
        self.rect.center = (LOGICAL_W // 2, LOGICAL_H // 2)
        x = self.rect.centerx - row // 2
        self.choices: dict[object, Callable[[], None]] = {}
        for b, w, (_, then, _) in zip(made, widths, choices):
            resize(b, (w, 84), (x, self.rect.bottom - 120))
            self.choices[b] = then
            x += w + gap
        self._safe = choices[-1][1]

    def _wide(self, size: int, bold: bool, lines: Sequence[str]) -> int:
        """The widest of `lines` at this size."""
        font = self.app.text.font(size, bold)
        return max((font.size(line)[0] for line in lines), default=0)

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
        text.draw(canvas, self.title, (self.rect.centerx, self.rect.y + 40), self.title_size, GOLD, bold=True,
                  anchor="midtop")
        y = self.rect.y + self.body_y
        for line in self.lines:
            text.draw(canvas, line, (self.rect.centerx, y), 30, CREAM, anchor="midtop")
            y += grown(44)  # as far apart as the text size needs
