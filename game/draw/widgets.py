"""Small drawing helpers shared by scenes: the felt table, panels, headings, toggles."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.draw.palette import BRASS, GOLD
from game.draw.text import Text, unscaled
from game.services.assets import Assets
from game.shell.display import LOGICAL_H, LOGICAL_W

PANEL_BG = (26, 20, 16, 225)
PANEL_EDGE = BRASS
SHEET_BG = (26, 20, 16, 255)  # a modal's sheet: nothing beneath shows through it
MODAL_DIM = 215  # how dark the screen under a modal goes (0..255): what lies there reads as gone


def felt(canvas: pygame.Surface, assets: Assets, area: pygame.Rect | None = None) -> None:
    """The table felt with a soft vignette (cached), whole canvas or one area."""
    backdrop = _felt_with_vignette(assets)
    if area is None:
        canvas.blit(backdrop, (0, 0))
    else:
        canvas.blit(backdrop, area, area)


def _felt_with_vignette(assets: Assets) -> pygame.Surface:
    return assets.cached("felt#vignette", (LOGICAL_W, LOGICAL_H), lambda: _make_felt(assets))


def _make_felt(assets: Assets) -> pygame.Surface:
    surf = assets.tiled("felt", (LOGICAL_W, LOGICAL_H))
    # a smooth radial vignette: build it small, then let smoothscale blur it up
    small = pygame.Surface((64, 36), pygame.SRCALPHA)
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            d = min(1.0, (dx * dx + dy * dy) ** 0.5)
            small.set_at((x, y), (0, 0, 0, int(150 * max(0.0, d - 0.45) / 0.55)))
    surf.blit(pygame.transform.smoothscale(small, (LOGICAL_W, LOGICAL_H)), (0, 0))
    return surf


def panel(canvas: pygame.Surface, rect: pygame.Rect, fill: tuple[int, ...] = PANEL_BG,
          edge: tuple[int, ...] = PANEL_EDGE, radius: int = 22, width: int = 3) -> None:
    """A dark rounded panel with a brass edge."""
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, edge, surf.get_rect(), width, border_radius=radius)
    canvas.blit(surf, rect)


def sheet(canvas: pygame.Surface, rect: pygame.Rect, darken: Callable[[pygame.Surface, int], None],
          radius: int = 28, width: int = 4, edge: tuple[int, ...] = PANEL_EDGE) -> None:
    """A modal's backdrop: the screen below dimmed strongly (`darken`: App.darken), an opaque panel on it."""
    darken(canvas, MODAL_DIM)
    panel(canvas, rect, fill=SHEET_BG, edge=edge, radius=radius, width=width)


def heading(canvas: pygame.Surface, text: Text, words: str, y: int, size: int = 64) -> pygame.Rect:
    """A centred gold heading with a shadow, drawn at its 100 % size at any text size: a heading is
    already big, and its screen's panels start under it."""
    return text.draw(canvas, words, (LOGICAL_W // 2, y), unscaled(size), GOLD, bold=True, anchor="midtop",
                     shadow=True)


def toggle_label(on: bool) -> tuple[str, str]:
    """Text and theme id for an On/Off button (the word says it; colour only backs it up)."""
    return ("On", "#toggle_on") if on else ("Off", "#toggle_off")
