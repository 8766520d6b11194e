"""The market strip (four animated multiplier meters) and the big round countdown.

Meters at rest are painted into the table's static layer; a meter whose value is moving (heat
after a trade, a crash) becomes a mover for as long as it moves, so only its small rectangle is
redrawn. The countdown is a small mover of its own while a round runs.
"""

from __future__ import annotations

import pygame

from game.draw.palette import BRASS, CREAM, GOLD, MUTED, RED, WOOD
from game.draw.text import at_most
from game.scenes.swap_meet.model import RES_COLOUR, RES_ICON, RES_NAME, clock_text, decimal
from game.text import tr
from rules.swap_meet.data import RESOURCES
from rules.words import whole

LOW, HIGH = 0.25, 3.0
HOT = (255, 140, 60)
COLD = (120, 170, 255)


class Market:
    """Four meters in a row; `shown` chases the real multipliers."""

    def __init__(self, app, rect: pygame.Rect) -> None:  # type: ignore[no-untyped-def]
        self.app = app
        self.rect = rect
        gap = 14
        w = (rect.w - gap * 3) // 4
        self.cells = {k: pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.h) for i, k in enumerate(RESOURCES)}
        self.shown = dict.fromkeys(RESOURCES, 1.0)
        self.target = dict.fromkeys(RESOURCES, 1.0)
        self.flash = dict.fromkeys(RESOURCES, 0.0)  # > 0 heat glow, < 0 crash flash (seconds left)
        self.bank: str | None = None
        self.pinned = False
        self.preview: dict[str, float] = {}  # one person's view: what banking each type scores now
        self.held: dict[str, int] = {}

    def set(self, market: dict[str, float], animate: bool = True) -> list[str]:
        """Aim at new multipliers; returns the kinds that changed."""
        changed = [k for k in RESOURCES if abs(market[k] - self.target[k]) > 1e-9]
        for k in changed:
            self.flash[k] = 0.9 if market[k] > self.target[k] else -1.2
            self.target[k] = market[k]
            if not animate:
                self.shown[k] = market[k]
                self.flash[k] = 0.0
        return changed

    def step(self, dt: float, kind: str) -> bool:
        """Move one meter on; True while it still moves or glows."""
        gap = self.target[kind] - self.shown[kind]
        move = max(abs(gap) * 5 * dt, 0.4 * dt)
        self.shown[kind] = self.target[kind] if abs(gap) <= move else self.shown[kind] + (move if gap > 0 else -move)
        f = self.flash[kind]
        if f:
            self.flash[kind] = max(0.0, f - dt) if f > 0 else min(0.0, f + dt)
        return self.shown[kind] != self.target[kind] or self.flash[kind] != 0.0

    def kind_at(self, pos: tuple[float, float]) -> str | None:
        """The meter under a canvas point."""
        return next((k for k, r in self.cells.items() if r.collidepoint(pos)), None)

    def paint(self, canvas: pygame.Surface) -> None:
        """Every meter as it stands."""
        for kind in RESOURCES:
            self.draw_meter(canvas, kind)

    def draw_meter(self, canvas: pygame.Surface, kind: str) -> None:
        """One meter: icon, name, multiplier, bar, and a bank marker."""
        r = self.cells[kind]
        text = self.app.text
        f = self.flash[kind]
        edge = HOT if f > 0 else RED if f < 0 else BRASS
        fill = (60, 34, 22) if f > 0 else (64, 24, 22) if f < 0 else (30, 24, 18)
        pygame.draw.rect(canvas, fill, r, border_radius=16)
        pygame.draw.rect(canvas, edge, r, 4 if f else 2, border_radius=16)
        side = min(64, r.h // 3)
        icon = self.app.assets.image(RES_ICON[kind], (side, side))
        canvas.blit(icon, (r.x + 12, r.y + 10))
        text.draw(canvas, RES_NAME[kind], (r.x + side + 22, r.y + 10), 28, CREAM, bold=True)
        value = self.shown[kind]
        colour = HOT if value > 1.0001 else COLD if value < 0.9999 else CREAM
        big = 56 if r.h >= 190 else 44
        text.draw(canvas, f"{decimal(value)}×", (r.right - 14, r.bottom - 44), big, colour, bold=True,
                  anchor="bottomright")
        note = tr("sm.meter.heating") if f > 0 else tr("sm.meter.crashed") if f < 0 else \
            tr("sm.meter.bank_pinned" if self.pinned else "sm.bank") if self.bank == kind else ""
        if note and r.h >= 170:  # a short meter says it by its colours alone: the words would meet the value
            text.draw(canvas, note, (r.x + side + 22, r.y + 44), 24, GOLD if not f else edge, bold=True)
        if kind in self.preview:  # what a pin here would score (a type you hold none of loses points)
            points, held = self.preview[kind], self.held.get(kind, 0)
            text.draw(canvas, tr("sm.meter.if_banked") if held else tr("sm.meter.none_held"), (r.x + 14, r.y + 80), 20,
                      MUTED if held else RED)
            text.draw(canvas, f"{whole(points):+d}", (r.x + 14, r.y + 102), 30, CREAM if points >= 0 else RED,
                      bold=True)
        bar = pygame.Rect(r.x + 14, r.bottom - 36, r.w - 28, 24)
        pygame.draw.rect(canvas, (18, 14, 10), bar, border_radius=10)
        k = (min(HIGH, max(LOW, value)) - LOW) / (HIGH - LOW)
        part = bar.copy()
        part.w = max(12, int(bar.w * k))
        pygame.draw.rect(canvas, RES_COLOUR[kind], part, border_radius=10)
        one = bar.x + int(bar.w * (1.0 - LOW) / (HIGH - LOW))
        pygame.draw.line(canvas, CREAM, (one, bar.y - 4), (one, bar.bottom + 3), 2)
        if self.bank == kind:
            pygame.draw.rect(canvas, GOLD, r.inflate(-4, -4), 2, border_radius=14)


class MeterMover:
    """A meter that is animating: redrawn in its own small rectangle."""

    layer = 1

    def __init__(self, market: Market, kind: str) -> None:
        self.market = market
        self.kind = kind
        self.rect = market.cells[kind].inflate(6, 6)

    def draw(self, canvas: pygame.Surface) -> None:
        """Draw the meter at its shown value (fixed art, at 100 % as the still meters are)."""
        with at_most(100):
            self.market.draw_meter(canvas, self.kind)


class Countdown:
    """The big round clock: calm above 10 s, red and pulsing (with faster ticks) below."""

    layer = 2

    def __init__(self, app, rect: pygame.Rect) -> None:  # type: ignore[no-untyped-def]
        self.app = app
        self.rect = rect
        self.remaining = 0.0
        self.total = 90.0
        self.paused = False
        self.label = ""
        self.locked_by: str | None = None  # "Locked by Basil": a slam or cash-out ended the round early

    def draw(self, canvas: pygame.Surface) -> None:
        """Box, digits and a draining bar (fixed art: its words at 100 %, still or in motion)."""
        with at_most(100):
            self._draw(canvas)

    def _draw(self, canvas: pygame.Surface) -> None:
        r = self.rect
        text = self.app.text
        urgent = self.remaining <= 10 and not self.paused and self.locked_by is None
        pygame.draw.rect(canvas, (40, 18, 16) if urgent else WOOD, r, border_radius=20)
        pygame.draw.rect(canvas, RED if urgent else BRASS, r, 4 if urgent else 3, border_radius=20)
        compact = r.h < 180
        icon = self.app.assets.image("timer", (56, 56) if compact else (64, 64))
        canvas.blit(icon, icon.get_rect(midleft=(r.x + 16, r.centery - 8)) if compact else (r.x + 16, r.y + 16))
        if compact:
            text.draw(canvas, self.label, (r.right - 16, r.y + 8), 22, MUTED, bold=True, anchor="topright")
        else:
            text.draw(canvas, self.label, (r.x + 92, r.y + 20), 24, MUTED, bold=True)
        frac = self.remaining - int(self.remaining)
        size = (84 if compact else 104) if urgent and frac > 0.75 else (72 if compact else 92)
        colour = RED if urgent else GOLD
        centre = (r.centerx + 20, r.centery + 16) if compact else (r.centerx + 40, r.centery + 8)
        if self.locked_by is not None:
            self._locked_words(canvas, centre)
        else:
            text.draw(canvas, tr("sm.pause.paused") if self.paused else clock_text(self.remaining), centre,
                      70 if self.paused else size, colour, bold=True, anchor="center")
        bar = pygame.Rect(r.x + 20, r.bottom - 22, r.w - 40, 10)
        pygame.draw.rect(canvas, (18, 14, 10), bar, border_radius=5)
        part = bar.copy()
        part.w = int(bar.w * max(0.0, min(1.0, self.remaining / max(1.0, self.total))))
        if part.w > 0:
            pygame.draw.rect(canvas, colour, part, border_radius=5)

    def _locked_words(self, canvas: pygame.Surface, centre: tuple[int, int]) -> None:
        """"Locked by …" in place of the digits, shrunk to fit the box (never a red expired 0:00)."""
        words, size = self.locked_by or "", 52 if self.rect.h >= 180 else 40
        room = self.rect.w - 120
        while size > 22 and self.app.text.font(size, True).size(words)[0] > room:
            size -= 2
        self.app.text.draw(canvas, words, centre, size, GOLD, bold=True, anchor="center")
