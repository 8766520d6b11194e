"""Settings' rows laid out for the text size (issue 35): each row's label and hint wrap to their column,
its controls flow (wrapping to a second line) beside or below the words, rows take the height they
need, and the rows that do not fit a panel go to its next page (‹ › under the panel).
At 100 % every row keeps the height it always had; at 150 % a panel may have two pages.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from game.draw.palette import CREAM, MUTED
from game.draw.text import Text, grown
from game.draw.ui import button, label_width, resize
from game.text import tr

LABEL, HINT = 36, 24  # the words' sizes as laid out at 100 %
GAP = 18  # px between two rows
FLOW_GAP = 8  # px between two controls of a row
PAGER_H = 72  # the ‹ › buttons under a panel's rows
FOOT = 12  # px kept free at a panel's foot


def control_height() -> int:
    """A control's height: 72 px at 100 %, taller with the bigger label."""
    return 16 + grown(56)


@dataclass
class Row:
    """One setting: its words and its controls (each with the least width it is made at)."""

    label: str
    hint: str
    controls: list[tuple[Any, int]]
    live: Callable[[], str] | None = None  # a one-line hint that changes while shown (the volume's %)


@dataclass
class Placed:
    """A row where a page puts it: its top, its words' lines and their height."""

    row: Row
    y: int
    label: list[str]
    hint: list[str]
    words_h: int


@dataclass
class RowPages:
    """Rows in `box` at `pad` from its edges; controls at `beside` (x) right of the words, else below them."""

    text: Text
    box: pygame.Rect
    top: int
    pad: int
    beside: int | None = None
    pages: list[list[Placed]] = field(default_factory=list)
    page: int = 0
    pager: dict[Any, int] = field(default_factory=dict)

    def words_width(self) -> int:
        return (self.beside - 20 if self.beside else self.box.right - self.pad) - (self.box.x + self.pad)

    def control_width(self) -> int:
        return self.box.right - self.pad - (self.beside or self.box.x + self.pad)

    def _controls_h(self, row: Row) -> int:
        return len(self._flow(row)) * (control_height() + FLOW_GAP) - FLOW_GAP if row.controls else 0

    def _flow(self, row: Row) -> list[list[tuple[Any, int]]]:
        """The row's controls in lines that fit the control column, each as wide as its label needs."""
        lines: list[list[tuple[Any, int]]] = [[]]
        used = 0
        for widget, least in row.controls:
            w = min(self.control_width(), max(least, label_width(widget) if isinstance(widget, UIButton) else least))
            if lines[-1] and used + w > self.control_width():
                lines.append([])
                used = 0
            lines[-1].append((widget, w))
            used += w + FLOW_GAP
        return lines

    def lay_out(self, ui: Any, rows: list[Row]) -> None:
        """Place every row (and its controls) on pages; show the page being looked at."""
        measured = [self._measure(row) for row in rows]
        room = self.box.bottom - FOOT - self.top
        if sum(h for *_, h in measured) + GAP * (len(rows) - 1) > room:
            room -= PAGER_H + GAP  # more than one page: the pager takes the panel's foot
        self.pages = [[]]
        y = self.top
        for row, label, hint, words_h, h in measured:
            if self.pages[-1] and y + h > self.top + room:
                self.pages.append([])
                y = self.top
            self.pages[-1].append(Placed(row, y, label, hint, words_h))
            y += h + GAP
        self.page = min(self.page, len(self.pages) - 1)
        self._pager(ui)
        self.show()

    def _measure(self, row: Row) -> tuple[Row, list[str], list[str], int, int]:
        """The row's label and hint lines, their height and the row's."""
        label = self.text.wrap(row.label, LABEL, self.words_width(), bold=True)
        hint = self.text.wrap(row.hint, HINT, self.words_width()) if row.hint else []
        words_h = len(label) * self._line(LABEL, True) + len(hint) * self._line(HINT)
        h = max(words_h, self._controls_h(row)) if self.beside else words_h + self._controls_h(row)
        return row, label, hint, words_h, h

    def _line(self, size: int, bold: bool = False) -> int:
        return int(self.text.font(size, bold).get_linesize())

    def _pager(self, ui: Any) -> None:
        for made in self.pager:
            made.kill()
        self.pager = {}
        if len(self.pages) < 2:
            return
        y = self.box.bottom - FOOT - PAGER_H
        for label, step, x in (("‹", -1, self.box.x + self.pad), ("›", 1, self.box.right - self.pad - 96)):
            made = button(ui, (x, y, 96, PAGER_H), label)
            self.pager[made] = step

    def turn(self, element: Any) -> bool:
        """Go to the next or previous page when `element` is one of the pager's buttons."""
        step = self.pager.get(element)
        if step is None:
            return False
        self.page = (self.page + step) % len(self.pages)
        self.show()
        return True

    def show(self) -> None:
        """The rows of the page looked at, their controls placed; every other row's controls hidden."""
        for i, page in enumerate(self.pages):
            for placed in page:
                self._place(placed, i == self.page)
        for made, step in self.pager.items():
            made.enable() if 0 <= self.page + step < len(self.pages) else made.disable()

    def _place(self, placed: Placed, shown: bool) -> None:
        words_h = placed.words_h
        y = placed.y if self.beside else placed.y + words_h
        for line in self._flow(placed.row):
            x = self.beside or self.box.x + self.pad
            for widget, w in line:
                resize(widget, (w, control_height()), (x, y))
                widget.show() if shown else widget.hide()
                x += w + FLOW_GAP
            y += control_height() + FLOW_GAP

    def draw(self, canvas: pygame.Surface) -> None:
        """The words of the page looked at, and which page it is."""
        x = self.box.x + self.pad
        label_h, hint_h = self._line(LABEL, True), self._line(HINT)
        for placed in self.pages[self.page] if self.pages else []:
            y = placed.y
            for line in placed.label:
                self.text.draw(canvas, line, (x, y), LABEL, CREAM, bold=True)
                y += label_h
            live = placed.row.live
            for line in [live()] if live is not None else placed.hint:
                self.text.draw(canvas, line, (x, y), HINT, MUTED)
                y += hint_h
        if len(self.pages) > 1:
            words = tr("settings.text_size.page", page=self.page + 1, pages=len(self.pages))
            self.text.draw(canvas, words, (self.box.centerx, self.box.bottom - FOOT - PAGER_H // 2),
                           HINT, MUTED, anchor="center")
