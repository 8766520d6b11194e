"""Idle in a match: the "Still playing?" countdown, and when it may be asked at all.

The question stops the match clock (a real-time round must not run out while someone reads it).
Any touch answers it; if nobody does, the kiosk ends the session and returns to attract. It is
never asked during a Swap Meet round that someone touched in the last 30 s: people watching the
market between trades are still playing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.draw.palette import CREAM, GOLD
from game.draw.text import grown
from game.draw.ui import button, resize, wanted_width
from game.draw.widgets import sheet
from game.kiosk.fit import fitted, sheet_width
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.shell.pointer import PointerEvent
from game.shell.scene import Scene
from game.text import tr

if TYPE_CHECKING:
    from game.shell.app import App

SWAP_MEET_GRACE = 30.0
PAUSE_WHY = "kiosk-idle"


def may_ask(match: Any, now: float, last_touch: float, touched_this_round: bool) -> bool:
    """False during a Swap Meet trading round that was touched less than 30 s ago."""
    if getattr(match, "GAME", "") != "swap-meet":
        return True
    view = getattr(match, "view", None)
    if getattr(view, "phase", None) != "trading" or not touched_this_round:
        return True
    return now - last_touch >= SWAP_MEET_GRACE


class StillPlayingScene(Scene):
    """Modal countdown over the table; `on_timeout` when it reaches zero."""

    opaque = False
    name = "kiosk_still_playing"
    focusable = True  # its buttons and text entries by keyboard (game/shell/focus.py)

    def __init__(self, app: App, seconds: float, table: Any, on_timeout: Callable[[], None]) -> None:
        super().__init__(app)
        self.ends = app.clock() + seconds  # the app's clock, not steps: a hitch must not stretch it
        self.table = table
        self.on_timeout = on_timeout
        lines = [(tr("kiosk.still.title"), 72, True), (tr("kiosk.still.ends", seconds=int(seconds + 0.999)), 44, True),
                 (tr("kiosk.still.tap"), 32, False)]  # the countdown's widest at its start
        self.rows = (40, 40 + grown(110), 40 + grown(110) + grown(68))  # title, countdown, tap: grown lines
        self.rect = pygame.Rect(0, 0, sheet_width(app.text, 1000, lines), self.rows[2] + grown(112) + 130)
        self.rect.center = (LOGICAL_W // 2, LOGICAL_H // 2)
        self.yes = button(self.ui, (self.rect.centerx - 220, self.rect.bottom - 130, 440, 96),
                          tr("kiosk.still.yes"), "#primary")
        yes = wanted_width(self.yes, 440)
        if yes > 440:
            resize(self.yes, (yes, 96), (self.rect.centerx - yes // 2, self.rect.bottom - 130))
        self._shown = -1

    def enter(self) -> None:
        self.table.pause(PAUSE_WHY)

    def exit(self) -> None:
        self.table.resume(PAUSE_WHY)

    def answer(self) -> None:
        """Someone is here: back to the match."""
        if self.app.stack.top is self:
            self.app.stack.pop()

    def on_button(self, element: Any) -> None:
        self.answer()

    def on_back(self) -> bool:
        self.answer()
        return True

    def handle_pointer(self, pe: PointerEvent) -> bool:
        if pe.kind == "tap":
            self.answer()
        return True

    @property
    def left(self) -> float:
        """Seconds until the match ends by itself."""
        return self.ends - self.app.clock()

    def update(self, dt: float) -> None:
        super().update(dt)
        if int(self.left) != self._shown:
            self._shown = int(self.left)
            self.invalidate()
        if self.left <= 0 and self.app.stack.top is self:
            self.on_timeout()

    def draw_scene(self, canvas: pygame.Surface) -> None:
        sheet(canvas, self.rect, self.app.darken, radius=30, width=5)
        text, w, x = self.app.text, self.rect.w, self.rect.centerx
        title, tap = tr("kiosk.still.title"), tr("kiosk.still.tap")
        text.draw(canvas, title, (x, self.rect.y + self.rows[0]), fitted(text, title, 72, w, True), GOLD, bold=True,
                  anchor="midtop")
        ends = tr("kiosk.still.ends", seconds=max(0, int(self.left + 0.999)))
        text.draw(canvas, ends, (self.rect.centerx, self.rect.y + self.rows[1]), fitted(text, ends, 44, w, True), CREAM,
                  bold=True, anchor="midtop")
        text.draw(canvas, tap, (self.rect.centerx, self.rect.y + self.rows[2]), fitted(text, tap, 32, w), CREAM,
                  anchor="midtop")
