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
from game.draw.ui import button
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
        self.rect = pygame.Rect(0, 0, 620, 900)
        self.rect.center = (LOGICAL_W // 2, LOGICAL_H // 2)
        self.keys: dict[Any, str] = {}
        size, gap = 150, 20
        x0 = self.rect.centerx - (3 * size + 2 * gap) // 2
        y0 = self.rect.y + 240
        labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "clear", "0", "ok"]
        words = {"clear": tr("kiosk.pin.clear"), "ok": tr("kiosk.pin.ok")}
        for i, label in enumerate(labels):
            r, c = divmod(i, 3)
            oid = "#primary" if label == "ok" else ("#quiet" if label == "clear" else None)
            b = button(self.ui, (x0 + c * (size + gap), y0 + r * (110 + gap), size, 110), words.get(label, label), oid)
            self.keys[b] = label
        self.cancel = button(self.ui, (self.rect.centerx - 160, self.rect.bottom - 120, 320, 90),
                             tr("kiosk.pin.cancel"), "#quiet")
        self._locked_shown = -1
        self._locked: bool | None = None
        self._lock_buttons()

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
        text = self.app.text
        text.draw(canvas, tr("kiosk.pin.title"), (self.rect.centerx, self.rect.y + 30), 56, GOLD, bold=True,
                  anchor="midtop")
        locked = self.guard.locked_for()
        if locked > 0:
            line, colour = tr("kiosk.pin.locked", seconds=int(locked + 0.999)), RED
        else:
            line, colour = self.message, RED if self.wrong else CREAM
        text.draw(canvas, line, (self.rect.centerx, self.rect.y + 110), 30, colour, anchor="midtop")
        n = len(self.entered)  # drawn dots: the font has no bullet glyph at this size
        for i in range(n):
            pygame.draw.circle(canvas, CREAM, (self.rect.centerx + (i - (n - 1) / 2) * 40, self.rect.y + 190), 12)
        if not n:
            text.draw(canvas, "—", (self.rect.centerx, self.rect.y + 160), 44, MUTED, bold=True, anchor="midtop")


class NoPinScene(Dialog):
    """The gesture without a PIN configured: how to set one, and nothing else."""

    name = "kiosk_no_pin"
    KEYS = ("kiosk.nopin.why", "kiosk.nopin.add", "kiosk.nopin.command", "kiosk.nopin.or")

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rect = pygame.Rect(0, 0, 1240, 520)
        self.rect.center = (LOGICAL_W // 2, LOGICAL_H // 2)
        self.close = button(self.ui, (self.rect.centerx - 160, self.rect.bottom - 120, 320, 90), tr("kiosk.close"),
                            "#primary")

    def on_button(self, element: Any) -> None:
        self.on_back()

    def lines(self) -> list[str]:
        """What the sheet says, in the language in use."""
        return [tr(key) for key in self.KEYS]

    def draw_scene(self, canvas: pygame.Surface) -> None:
        self.sheet(canvas, self.rect, radius=30)
        text = self.app.text
        text.draw(canvas, tr("kiosk.menu.title"), (self.rect.centerx, self.rect.y + 34), 56, GOLD, bold=True,
                  anchor="midtop")
        for i, line in enumerate(self.lines()):
            text.draw(canvas, line, (self.rect.centerx, self.rect.y + 130 + 54 * i), 32,
                      CREAM if i != 2 else MUTED, bold=i == 2, anchor="midtop")
