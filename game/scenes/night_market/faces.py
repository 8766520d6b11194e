"""Composed pictures for the Night Market table: card faces, coins with values, glows (all cached)."""

from __future__ import annotations

import pygame

from game.draw.palette import INK
from game.draw.sprites import tinted
from game.draw.text import Text
from game.scenes.night_market.layout import CARD_H, CARD_W
from game.services.assets import Assets
from game.text import language, tr

GOOD_INK = {
    "pearl": (120, 96, 130), "amber": (170, 90, 10), "jade": (24, 120, 70), "silk": (110, 50, 150),
    "spice": (160, 50, 30), "leather": (110, 70, 40), "porter": (70, 60, 50),
}


def card_face(assets: Assets, text: Text, kind: str, scale: float = 1.0) -> pygame.Surface:
    """A card: parchment, the good's icon and shape, its name, a 'precious' mark when it is one."""
    w, h = int(CARD_W * scale), int(CARD_H * scale)

    def make() -> pygame.Surface:
        surf = assets.image("card_front", (w, h)).copy()
        icon = assets.image(f"good_{kind}", (int(112 * scale), int(112 * scale)))
        surf.blit(icon, icon.get_rect(center=(w // 2, int(92 * scale))))
        corner = assets.image(f"good_{kind}", (int(34 * scale), int(34 * scale)))
        surf.blit(corner, (int(12 * scale), int(12 * scale)))
        ink = GOOD_INK.get(kind, INK)
        band = pygame.Rect(int(12 * scale), int(156 * scale), w - int(24 * scale), int(40 * scale))
        tint = pygame.Surface(band.size, pygame.SRCALPHA)
        pygame.draw.rect(tint, (*ink, 46), tint.get_rect(), border_radius=int(8 * scale))
        surf.blit(tint, band)
        words = tr("nm.kind", kind=kind)
        size = max(14, int(27 * scale))
        while size > 12 and text.font(size, True).size(words)[0] > band.w - 8:  # a long name in another language
            size -= 1
        name = text.render(words, size, ink, bold=True)
        surf.blit(name, name.get_rect(center=band.center))
        return surf

    return assets.cached(f"nm-card-{kind}-{language()}", (w, h), make)


def card_back(assets: Assets, scale: float = 1.0) -> pygame.Surface:
    """The back of a card at this scale."""
    return assets.image("card_back", (int(CARD_W * scale), int(CARD_H * scale)))


def coin_face(assets: Assets, text: Text, value: int, size: int = 78) -> pygame.Surface:
    """A coin with its value stamped on it."""

    def make() -> pygame.Surface:
        surf = assets.image("coin", (size, size)).copy()
        label = text.render(str(value), int(size * 0.46), (92, 56, 8), bold=True)
        surf.blit(label, label.get_rect(center=(size // 2, size // 2 - 1)))
        return surf

    return assets.cached(f"nm-coin-{value}", (size, size), make)


def glow(assets: Assets, colour: tuple[int, int, int], scale: float = 1.0) -> pygame.Surface:
    """The card glow in a merchant's colour."""
    w, h = int((CARD_W + 64) * scale), int((CARD_H + 64) * scale)
    return assets.cached(f"nm-glow-{colour}", (w, h), lambda: tinted(assets.image("card_glow", (w, h)), colour))


def outline(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int = 6) -> None:
    """A thick rounded outline around a card (the selected state)."""
    pygame.draw.rect(surface, (20, 14, 8), rect.inflate(width * 2 + 4, width * 2 + 4), 3, border_radius=16)
    pygame.draw.rect(surface, colour, rect.inflate(width * 2, width * 2), width, border_radius=15)
