"""Where things sit on the Swap Meet floor: the full layout for one person against bots, and
table mode's seat regions along the bottom and top edges, each turned to face its player (from
three people on, every region is a narrow, deep panel whose targets are all fingertip-sized).

A region's panel is drawn upright and turned by `angle` degrees (pygame's counter-clockwise):
0 bottom, 180 top (upside down), -90 left side (its bottom edge on the screen's left edge),
90 right side. `to_upright` maps a canvas point back into the panel's upright coordinates.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

import pygame

from game.scenes.swap_meet.model import PanelModel
from game.scenes.swap_meet.panel import SeatPanel

SOLO_PANEL = pygame.Rect(0, 312, 1920, 768)
SOLO_MARKET = pygame.Rect(30, 96, 1300, 204)
SOLO_CLOCK = pygame.Rect(1360, 96, 530, 204)
EDGE = 360  # depth of a seat region in table mode
CROWD = 3  # from this many people: stalls along the bottom edge and the top, the market between
CROWD_EDGE = 460  # depth of a seat region then (taller, so every target stays fingertip-sized)
CROWD_W = 640  # width of a seat region then


@dataclass
class Region:
    """One human seat's part of the screen."""

    seat: int
    rect: pygame.Rect
    angle: int
    panel: SeatPanel
    holding: set[Hashable] = field(default_factory=set)  # pointers holding the peek tab
    reveal_until: float = 0.0
    model: PanelModel | None = None
    image: pygame.Surface | None = None

    @property
    def upright(self) -> tuple[int, int]:
        """The panel's size before turning."""
        return (self.rect.w, self.rect.h) if self.angle in (0, 180) else (self.rect.h, self.rect.w)

    def to_upright(self, pos: tuple[float, float]) -> tuple[float, float]:
        """A canvas point in this panel's upright coordinates."""
        dx, dy = pos[0] - self.rect.x, pos[1] - self.rect.y
        uw, uh = self.upright
        if self.angle == 180:
            return uw - dx, uh - dy
        if self.angle == -90:
            return dy, uh - dx
        if self.angle == 90:
            return uw - dy, dx
        return dx, dy

    def to_canvas(self, pos: tuple[float, float]) -> tuple[float, float]:
        """An upright panel point on the canvas (inverse of to_upright)."""
        u, v = pos
        uw, uh = self.upright
        if self.angle == 180:
            return self.rect.x + uw - u, self.rect.y + uh - v
        if self.angle == -90:
            return self.rect.x + uh - v, self.rect.y + u
        if self.angle == 90:
            return self.rect.x + v, self.rect.y + uw - u
        return self.rect.x + u, self.rect.y + v

    def set_image(self, upright: pygame.Surface) -> None:
        """Turn the upright picture to face the player (done once per change)."""
        self.image = upright if self.angle == 0 else pygame.transform.rotate(upright, self.angle)


def _edges(humans: int) -> list[tuple[pygame.Rect, int]]:
    """Seat rectangles and turns for 2–6 people around one screen."""
    if humans < CROWD:
        return [(pygame.Rect(240, 1080 - EDGE, 1440, EDGE), 0), (pygame.Rect(240, 0, 1440, EDGE), 180)]
    return _crowd(humans)


def _crowd(humans: int) -> list[tuple[pygame.Rect, int]]:
    """Three to six people: up to three stalls along the bottom, the rest along the top (each facing
    its own edge), the shared strip of market and clock between them."""
    below = min(3, (humans + 1) // 2)
    x0 = (1920 - below * CROWD_W) // 2
    bottom = [(pygame.Rect(x0 + i * CROWD_W, 1080 - CROWD_EDGE, CROWD_W, CROWD_EDGE), 0) for i in range(below)]
    n = humans - below
    x0 = (1920 - n * CROWD_W) // 2
    top = [(pygame.Rect(x0 + (n - 1 - i) * CROWD_W, 0, CROWD_W, CROWD_EDGE), 180) for i in range(n)]
    return bottom + top  # seats in order round the table: along the bottom, then back along the top


def centre_rect(humans: int) -> pygame.Rect:
    """The shared middle of the table (market and clock)."""
    depth = EDGE if humans < CROWD else CROWD_EDGE
    return pygame.Rect(0, depth, 1920, 1080 - 2 * depth)


def regions(app, seats: list[int]) -> list[Region]:  # type: ignore[no-untyped-def]
    """One region per human seat: the full layout for one person, table-mode edges for several."""
    if len(seats) == 1:
        return [Region(seats[0], SOLO_PANEL.copy(), 0, SeatPanel(app, SOLO_PANEL.size, compact=False))]
    out = []
    for seat, (rect, angle) in zip(seats, _edges(len(seats))):
        size = (rect.w, rect.h) if angle in (0, 180) else (rect.h, rect.w)
        out.append(Region(seat, rect, angle, SeatPanel(app, size, compact=True)))
    return out
