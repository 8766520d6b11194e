"""Stall art drawn in code: a striped, scalloped awning over each stall and the wooden counter its
cards stand on, in the ink outlines and warm wood of the card art (sprites/art_swap.py).

Drawn per size into the asset cache, so a panel re-render only blits them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.scenes.swap_meet.model import RES_COLOUR, RES_ICON

if TYPE_CHECKING:
    from game.services.assets import Assets

OUTLINE = (42, 30, 20)  # the card art's ink
CANVAS = (240, 228, 204)  # the light stripe
AWNINGS = ((196, 70, 56), (52, 118, 172), (72, 150, 92), (214, 150, 44), (140, 84, 160), (40, 148, 146))
PLANK = (132, 86, 46)
PLANK_TOP = (182, 128, 74)
PLANK_DARK = (86, 54, 28)


def awning_colour(seat: int) -> tuple[int, int, int]:
    """Each seat's stall keeps one awning colour all match."""
    return AWNINGS[seat % len(AWNINGS)]


def awning(assets: Assets, size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    """A canopy `size` wide and tall: a pole on top, stripes, scallops hanging from the edge."""
    def make() -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        body = max(4, int(h * 0.6))
        dip = h - body  # how far each scallop hangs below the canvas
        stripe = max(22, int(h * 1.8))
        pole = max(3, h // 6)
        for i, x in enumerate(range(0, w, stripe)):
            fill = colour if i % 2 == 0 else CANVAS
            oval = pygame.Rect(x, body - dip - 1, stripe, 2 * dip)
            pygame.draw.ellipse(surf, fill, oval)
            pygame.draw.arc(surf, OUTLINE, oval, math.pi, 2 * math.pi, 2)
            pygame.draw.rect(surf, fill, (x, 0, stripe, body))
        shade = pygame.Surface((w, max(2, body // 3)), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 46))  # the fold under the pole
        surf.blit(shade, (0, pole))
        pygame.draw.rect(surf, PLANK_DARK, (0, 0, w, pole), border_radius=2)
        pygame.draw.line(surf, PLANK_TOP, (2, 1), (w - 3, 1), 1)
        return surf

    return assets.cached(f"swapmeet-awning#{colour}", size, make)


def counter(assets: Assets, size: tuple[int, int]) -> pygame.Surface:
    """The front board of a stall: a wooden plank with a lit top edge and grain."""
    def make() -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, PLANK, surf.get_rect(), border_radius=4)
        pygame.draw.rect(surf, PLANK_TOP, (0, 0, w, max(2, h // 4)), border_top_left_radius=4,
                         border_top_right_radius=4)
        for i, x in enumerate(range(24, w - 10, 96)):  # grain streaks, staggered
            y = h // 2 + (2 if i % 2 else -1)
            pygame.draw.line(surf, PLANK_DARK, (x, y), (x + 40, y), 1)
        pygame.draw.rect(surf, OUTLINE, surf.get_rect(), 2, border_radius=4)
        return surf

    return assets.cached("swapmeet-counter", size, make)


def mini_card(assets: Assets, kind: str, size: tuple[int, int]) -> pygame.Surface:
    """A small card standing on a counter: colour band and icon, no name (the row says it)."""
    def make() -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (248, 240, 222), surf.get_rect(), border_radius=6)
        pygame.draw.rect(surf, RES_COLOUR[kind], (0, 0, w, max(5, h // 8)), border_top_left_radius=6,
                         border_top_right_radius=6)
        side = min(w - 6, int(h * 0.62))
        icon = assets.image(RES_ICON[kind], (side, side))
        surf.blit(icon, icon.get_rect(center=(w // 2, h // 2 + h // 16)))
        pygame.draw.rect(surf, OUTLINE, surf.get_rect(), 2, border_radius=6)
        return surf

    return assets.cached(f"swapmeet-mini#{kind}", size, make)
