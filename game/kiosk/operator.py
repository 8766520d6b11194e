"""The way in for staff: five taps in the top-left corner, then a PIN pad; wrong PINs lock it a while.

The gesture is watched on raw presses before any scene sees them, so it works over every screen
(attract, a match, a dialog). The lock lives in `PinGuard`, not in the pad, so closing and
reopening the pad does not reset the count.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.draw.palette import CREAM, GOLD, MUTED, RED
from game.draw.text import grown
from game.draw.ui import button, resize, wanted_width
from game.kiosk.fit import MARGIN, fitted, sheet_width
from game.scenes.dialog import Dialog
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.text import tr

if TYPE_CHECKING:
    from game.shell.app import App

CORNER = pygame.Rect(0, 0, 140, 140)  # logical px, top-left
TAPS = 5
WITHIN = 4.0  # seconds for all five taps
PIN_MAX = 8


class CornerGesture:
    """Counts presses in the corner; True from `press` on the fifth within the time."""

    def __init__(self) -> None:
        self.times: list[float] = []

    def press(self, pos: tuple[float, float], now: float) -> bool:
        """A press at a logical point at time `now`."""
        if not CORNER.collidepoint(pos):
            self.times.clear()
            return False
        self.times = [t for t in self.times if now - t <= WITHIN] + [now]
        if len(self.times) >= TAPS:
            self.times.clear()
            return True
        return False


class PinGuard:
    """Checks PINs and locks after `tries` wrong ones for `lock_seconds`."""

    def __init__(self, pin: Callable[[], str], tries: Callable[[], int], lock_seconds: Callable[[], float],
                 clock: Callable[[], float]) -> None:
        self.pin, self.tries, self.lock_seconds, self.clock = pin, tries, lock_seconds, clock
        self.wrong = 0
        self.locked_until = -1.0

    def locked_for(self) -> float:
        """Seconds the pad stays locked (0: open)."""
        return max(0.0, self.locked_until - self.clock())

    def check(self, entered: str) -> bool:
        """True for the right PIN; a wrong one counts towards the lock."""
        if self.locked_for() > 0 or not self.pin():
            return False
        if entered == self.pin():
            self.wrong = 0
            return True
        self.wrong += 1
        if self.wrong >= self.tries():
            self.wrong = 0
            self.locked_until = self.clock() + self.lock_seconds()
        return False


class PinPadScene(Dialog):
    """Digits, Clear, OK, Cancel; `on_open` runs after the right PIN."""

    name = "kiosk_pin"

    def __init__(self, app: App, guard: PinGuard, on_open: Callable[[], None]) -> None:
        super().__init__(app)
        self.guard, self.on_open = guard, on_open
        self.entered = ""
        self.message, self.wrong = tr("kiosk.pin.prompt"), False
        self.keys: dict[Any, str] = {}
        labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "ok"]
        words = {"clear": tr("kiosk.pin.clear"), "ok": tr("kiosk.pin.ok")}
        for label in labels:
            oid = "#primary" if label == "ok" else ("#quiet" if label == "clear" else None)
            self.keys[button(self.ui, (0, 0, 150, 110), words.get(label, label), oid)] = label
        self.cancel = button(self.ui, (0, 0, 320, 90), tr("kiosk.pin.cancel"), "#quiet")
        self._lay_out()
        self._locked_shown = -1
        self._locked: bool | None = None
        self._lock_buttons()

    def _lines(self) -> list[tuple[str, int, bool]]:
        """Every line the pad may show under its title (the widest sets its width)."""
        seconds = int(self.guard.lock_seconds() + 0.999)
        return [(tr("kiosk.pin.title"), 56, True),
                *((tr(key), 30, False) for key in ("kiosk.pin.prompt", "kiosk.pin.wrong", "kiosk.pin.too_many")),
                (tr("kiosk.pin.locked", seconds=seconds), 30, False)]

    def _lay_out(self) -> None:
        """The keys in a grid (as wide as Clear's and OK's grown labels), Cancel, and the sheet around them."""
        size, gap = max(wanted_width(b, 150) for b in self.keys), 20
        grid = 3 * size + 2 * gap
        self.prompt_y = 30 + grown(80)  # under the grown title; the dots as far under the prompt
        self.dots_y = self.prompt_y + grown(80)
        width = max(sheet_width(self.app.text, 620, self._lines()), grid + 2 * MARGIN)
        self.rect = pygame.Rect(0, 0, width, self.dots_y + 50 + 4 * (110 + gap) + 140)
        self.rect.center = (LOGICAL_W // 2, LOGICAL_H // 2)
        x0, y0 = self.rect.centerx - grid // 2, self.rect.y + self.dots_y + 50
        for i, b in enumerate(self.keys):
            r, c = divmod(i, 3)
            resize(b, (size, 110), (x0 + c * (size + gap), y0 + r * (110 + gap)))
        cancel = wanted_width(self.cancel, 320)
        resize(self.cancel, (cancel, 90), (self.rect.centerx - cancel // 2, self.rect.bottom - 120))

    def _lock_buttons(self) -> None:
        locked = self.guard.locked_for() > 0
        if locked != self._locked:
            self._locked = locked
            for b in self.keys:
                b.disable() if locked else b.enable()
        shown = int(self.guard.locked_for() + 0.999)
        if shown != self._locked_shown:
            self._locked_shown = shown
            self.invalidate()

    def on_button(self, element: Any) -> None:
        if element is self.cancel:
            self.dismiss()
            return
        key = self.keys.get(element)
        if key == "clear":
            self.entered = ""
        elif key == "ok":
            self._submit()
        elif key is not None and len(self.entered) < PIN_MAX:
            self.entered += key
        self.invalidate()

    def _submit(self) -> None:
        if self.guard.check(self.entered):
            self.dismiss()
            self.on_open()
            return
        self.entered = ""
        locked = self.guard.locked_for() > 0
        self.message, self.wrong = tr("kiosk.pin.too_many" if locked else "kiosk.pin.wrong"), True
        self._lock_buttons()

    def update(self, dt: float) -> None:
        super().update(dt)
        self._lock_buttons()

    def draw_scene(self, canvas: pygame.Surface) -> None:
        self.sheet(canvas, self.rect, radius=30)
        text, title = self.app.text, tr("kiosk.pin.title")
        text.draw(canvas, title, (self.rect.centerx, self.rect.y + 30), fitted(text, title, 56, self.rect.w, True),
                  GOLD, bold=True, anchor="midtop")
        locked = self.guard.locked_for()
        if locked > 0:
            line, colour = tr("kiosk.pin.locked", seconds=int(locked + 0.999)), RED
        else:
            line, colour = self.message, RED if self.wrong else CREAM
        x, dots = self.rect.centerx, self.rect.y + self.dots_y
        text.draw(canvas, line, (x, self.rect.y + self.prompt_y), fitted(text, line, 30, self.rect.w), colour,
                  anchor="midtop")
        n = len(self.entered)  # drawn dots: the font has no bullet glyph at this size
        for i in range(n):
            pygame.draw.circle(canvas, CREAM, (x + (i - (n - 1) / 2) * 40, dots), 12)
        if not n:
            text.draw(canvas, "—", (x, dots - 30), 44, MUTED, bold=True, anchor="midtop")


class NoPinScene(Dialog):
    """The gesture without a PIN configured: how to set one, and nothing else."""

    name = "kiosk_no_pin"
    KEYS = ("kiosk.nopin.why", "kiosk.nopin.add", "kiosk.nopin.command", "kiosk.nopin.or")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        lines = [(tr("kiosk.menu.title"), 56, True), *((line, 32, i == 2) for i, line in enumerate(self.lines()))]
        self.top = 34 + grown(96)  # the first line, under the grown title; the rest as far apart as they need
        grow = self.top - 130 + (len(self.KEYS) - 1) * (grown(54) - 54)
        self.rect = pygame.Rect(0, 0, sheet_width(app.text, 1240, lines), 520 + grow)
        self.rect.center = (LOGICAL_W // 2, LOGICAL_H // 2)
        self.close = button(self.ui, (self.rect.centerx - 160, self.rect.bottom - 120, 320, 90), tr("kiosk.close"),
                            "#primary")
        close = wanted_width(self.close, 320)
        if close > 320:
            resize(self.close, (close, 90), (self.rect.centerx - close // 2, self.rect.bottom - 120))

    def on_button(self, element: Any) -> None:
        self.on_back()

    def lines(self) -> list[str]:
        """What the sheet says, in the language in use."""
        return [tr(key) for key in self.KEYS]

    def draw_scene(self, canvas: pygame.Surface) -> None:
        self.sheet(canvas, self.rect, radius=30)
        text, title, w = self.app.text, tr("kiosk.menu.title"), self.rect.w
        text.draw(canvas, title, (self.rect.centerx, self.rect.y + 34), fitted(text, title, 56, w, True), GOLD,
                  bold=True, anchor="midtop")
        for i, line in enumerate(self.lines()):  # as far apart as the text size needs, the sheet taller for them
            text.draw(canvas, line, (self.rect.centerx, self.rect.y + self.top + grown(54) * i),
                      fitted(text, line, 32, w, i == 2), CREAM if i != 2 else MUTED, bold=i == 2, anchor="midtop")
