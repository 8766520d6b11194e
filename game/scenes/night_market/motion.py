"""Things that move on the Night Market table: flying cards, coins, floating numbers, the Rival thinking.

Each mover has `rect` and `draw(canvas)`; the table keeps them in `movers` only while they move,
so a table at rest draws nothing at all.
"""

from __future__ import annotations

import math
from typing import cast

import pygame

from game.draw.palette import WOOD
from game.draw.sprites import Sprite
from game.draw.text import Text


class CardMover(Sprite):
    """A card in flight, optionally glowing with a word tag above it (who moved it)."""

    def __init__(self, key: int, face: pygame.Surface, pos: tuple[float, float], text: Text,
                 tag: str | None = None, tag_colour: tuple[int, int, int] = (255, 255, 255)) -> None:
        super().__init__(key, face, pos)
        self.text = text
        self.tag = tag
        self.tag_colour = tag_colour
        self.layer = 2

    def _tag_rect(self) -> pygame.Rect | None:
        if not self.tag:
            return None
        surf = self.text.render(self.tag, 24, (20, 14, 8), bold=True)
        r = surf.get_rect().inflate(22, 8)
        # below the card: above it the tag would cover the coin piles' labels
        r.midtop = (round(self.pos[0]), round(self.pos[1] + self.face.get_height() * self.scale / 2 + 14))
        return r

    @property
    def rect(self) -> pygame.Rect:
        r = super().rect
        if self.glow is not None and self.glow_surface is not None:
            w, h = self.glow_surface.get_size()
            halo = pygame.Rect(0, 0, int(w * self.scale) + 6, int(h * self.scale) + 6)
            halo.center = (round(self.pos[0]), round(self.pos[1]))
            r = r.union(halo)
        tag = self._tag_rect()
        return r.union(tag.inflate(8, 8)) if tag is not None else r

    def draw(self, canvas: pygame.Surface) -> None:
        """The card, then its tag."""
        super().draw(canvas)
        tag = self._tag_rect()
        if tag is not None and self.alpha > 128:
            pygame.draw.rect(canvas, self.tag_colour, tag, border_radius=10)
            pygame.draw.rect(canvas, (20, 14, 8), tag, 2, border_radius=10)
            self.text.draw(canvas, cast(str, self.tag), tag.center, 24, (20, 14, 8), bold=True, anchor="center")


class FloatText:
    """A number on a dark badge that rises and fades (coins landing in a purse): readable over anything."""

    def __init__(self, text: Text, words: str, pos: tuple[float, float], colour: tuple[int, int, int]) -> None:
        self.text, self.words, self.colour = text, words, colour
        self.pos = pos
        self.alpha = 255.0
        self.layer = 3
        label = text.render(words, 36, colour, bold=True)
        self._surf = pygame.Surface(label.get_rect().inflate(28, 8).size, pygame.SRCALPHA)
        pygame.draw.rect(self._surf, (*WOOD, 235), self._surf.get_rect(), border_radius=18)
        pygame.draw.rect(self._surf, colour, self._surf.get_rect(), 3, border_radius=18)
        self._surf.blit(label, label.get_rect(center=self._surf.get_rect().center))

    @property
    def rect(self) -> pygame.Rect:
        """Where it is drawn."""
        return self._surf.get_rect(center=(round(self.pos[0]), round(self.pos[1]))).inflate(6, 6)

    def draw(self, canvas: pygame.Surface) -> None:
        """Blit faded."""
        if self.alpha <= 0:
            return
        img = self._surf.copy()
        img.set_alpha(int(self.alpha))
        canvas.blit(img, img.get_rect(center=(round(self.pos[0]), round(self.pos[1]))))


class Thinking:
    """Three dots pulsing on the Rival's chip while it thinks (its visible beat)."""

    def __init__(self, centre: tuple[int, int], colour: tuple[int, int, int]) -> None:
        self.centre = centre
        self.colour = colour
        self.t = 0.0
        self.layer = 3
        self.rect = pygame.Rect(0, 0, 120, 44)
        self.rect.center = centre

    def step(self, dt: float) -> None:
        """Advance the pulse."""
        self.t += dt

    def draw(self, canvas: pygame.Surface) -> None:
        """A small pill with three dots, one lit after another."""
        pygame.draw.rect(canvas, WOOD, self.rect, border_radius=20)
        pygame.draw.rect(canvas, self.colour, self.rect, 3, border_radius=20)
        for i in range(3):
            phase = (math.sin(self.t * 7 - i * 0.9) + 1) / 2
            radius = 6 + int(4 * phase)
            shade = tuple(int(c * (0.45 + 0.55 * phase)) for c in self.colour)
            pygame.draw.circle(canvas, shade, (self.rect.centerx + (i - 1) * 30, self.rect.centery), radius)
