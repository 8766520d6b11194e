"""The table in words, on one key (issue 35 step 6): what a screen reader could read later.

Each game's `describe.py` turns what the seat at the device may know into sections of plain lines —
the market, your hand, scores, whose turn, the last moves — from the Table interface alone: the
seat's view, the public facts and the events redacted for that seat (never the rules state). A
table scene answers `description()`; the describe key (D unless remapped) opens this panel over it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.draw.palette import CREAM, GOLD
from game.draw.ui import button
from game.draw.widgets import sheet
from game.shell.display import LOGICAL_W
from game.shell.scene import Scene
from game.text import tr

PANEL = pygame.Rect(LOGICAL_W // 2 - 760, 90, 1520, 900)
LAST_MOVES = 6  # the last moves told, newest last
HEAD, LINE = 30, 25  # type sizes
WRAP = PANEL.w // 2 - 80  # each of the two columns
BOTTOM = PANEL.bottom - 120  # above Close


@dataclass(frozen=True)
class Section:
    """One heading and its lines."""

    heading: str
    lines: tuple[str, ...]


def last_moves(lines: list[str | None]) -> Section:
    """The last few event lines that say something, newest last."""
    said = [w if w.endswith((".", "!", "?")) else w + "." for w in lines if w]
    return Section(tr("describe.last"), tuple(said[-LAST_MOVES:]) or (tr("describe.nothing"),))


def plain(sections: list[Section]) -> str:
    """The whole description as one text (what a screen reader would be handed)."""
    return "\n".join(f"{s.heading}: " + " ".join(s.lines) for s in sections)


class DescribeScene(Scene):
    """The description over the table; Close, Esc or the describe key again goes back."""

    name = "describe"
    opaque = False
    focusable = True

    def __init__(self, app: Any, title: str, sections: list[Section]) -> None:
        super().__init__(app)
        self.title, self.sections = title, sections
        self.close = button(self.ui, (PANEL.centerx - 150, PANEL.bottom - 100, 300, 76), tr("describe.close"),
                            "#primary")

    def on_button(self, element: Any) -> None:
        if element is self.close:
            self.on_back()

    def on_key(self, event: pygame.event.Event) -> bool:
        from game.shell.keymap import keys_of

        if keys_of(self.app.settings).means(event, "describe"):
            return self.on_back()
        return super().on_key(event)

    def on_back(self) -> bool:
        self.app.stack.pop()
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        sheet(canvas, PANEL, self.app.darken)
        text = self.app.text
        text.draw(canvas, self.title, (PANEL.centerx, PANEL.y + 26), 40, GOLD, bold=True, anchor="midtop")
        wide = self._blocks(PANEL.w - 100)
        if PANEL.y + 100 + sum(h for _, _, h in wide) <= BOTTOM:  # one column across, when it all fits
            self._draw_column(canvas, wide, PANEL.x + 50, PANEL.y + 100, None)
            return
        blocks = self._blocks(WRAP)
        y, col = PANEL.y + 100, 0
        for block in blocks:
            if y + block[2] > BOTTOM and col == 0:  # the rest goes in the right column
                col, y = 1, PANEL.y + 100
            y = self._draw_column(canvas, [block], (PANEL.x + 50, PANEL.centerx + 30)[col], y, BOTTOM)

    def _blocks(self, width: int) -> list[tuple[str, list[tuple[str, bool]], int]]:
        """Each section as (heading, its wrapped lines (words, first of a line), height) at `width`."""
        text, out = self.app.text, []
        for section in self.sections:
            parts = [(part, k == 0) for line in section.lines
                     for k, part in enumerate(text.wrap("· " + line, LINE, width - 30))]
            out.append((section.heading, parts, HEAD + 12 + len(parts) * (LINE + 8) + 18))
        return out

    def _draw_column(self, canvas: pygame.Surface, blocks: list[tuple[str, list[tuple[str, bool]], int]], x: int,
                     y: int, bottom: int | None) -> int:
        text = self.app.text
        for heading, parts, _ in blocks:
            text.draw(canvas, heading, (x, y), HEAD, GOLD, bold=True)
            y += HEAD + 12
            for part, first in parts:
                if bottom is not None and y + LINE > bottom:
                    break
                text.draw(canvas, part, (x + (10 if first else 28), y), LINE, CREAM)
                y += LINE + 8
            y += 18
        return y
