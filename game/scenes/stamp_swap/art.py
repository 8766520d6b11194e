"""Stamp Swap pictures: perforated stamps tinted by colour, theme icons, values, footprints, attendees.

Every colour is backed by a theme icon (and, with colour patterns on, a tinted pattern overlay), so
no stamp is told apart by colour alone. Pictures are composed once per (item, size) and cached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from game.draw.palette import CREAM, GOLD, INK, TEAL
from game.draw.sprites import tinted
from game.draw.text import at_most
from game.scenes.stamp_swap.words import card_text, stamp_name
from game.text import language, tr

if TYPE_CHECKING:
    from game.services.assets import Assets

Item = dict[str, Any]

STAMP_RGB = {
    "red": (206, 64, 56),
    "blue": (52, 106, 206),
    "green": (52, 150, 84),
    "yellow": (226, 182, 40),
    "purple": (142, 78, 182),
    "gold": (232, 178, 52),
}
PATTERN = {"red": "pattern_stripes", "blue": "pattern_dots", "green": "pattern_checks",
           "yellow": "pattern_waves", "purple": "pattern_cross"}
SEAT_RGB = (TEAL, (240, 140, 60), (236, 110, 170), (170, 210, 80), (120, 170, 250))
SPECIALIST_RGB = TEAL
EXHIBITOR_RGB = (240, 150, 70)
PAPER = (250, 244, 228)


def value_text(value: int) -> str:
    """A signed value with a real minus sign."""
    return f"+{value}" if value > 0 else ("0" if value == 0 else f"\u2212{-value}")


def points_text(value: int) -> str:
    """'+1 point', '−3 points', '0 points'."""
    return tr("ss.points", value=value_text(value), w="point", n=abs(value))


def light(rgb: tuple[int, int, int], k: float = 0.55) -> tuple[int, int, int]:
    """Mix a colour towards white."""
    return tuple(int(c + (255 - c) * k) for c in rgb)  # type: ignore[return-value]


def dark(rgb: tuple[int, int, int], k: float = 0.45) -> tuple[int, int, int]:
    """Mix a colour towards black."""
    return tuple(int(c * (1 - k)) for c in rgb)  # type: ignore[return-value]


def item_key(item: Item, patterns: bool) -> str:
    """A cache key for how an item looks (not which face-down item it is)."""
    if not item.get("known"):
        return "facedown"
    return f"{item['id']}|{item.get('face_down')}|{patterns}"


class StampArt:
    """Builds and caches every Stamp Swap picture at any size."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        self.assets: Assets = app.assets
        self.text = app.text
        self.patterns = app.settings.colour_patterns

    # tiles ---------------------------------------------------------------------------------
    def tile(self, item: Item, size: int) -> pygame.Surface:
        """A square picture of any item: stamp, face-down stamp or attendee card."""
        key = "ss-tile:" + item_key(item, self.patterns)
        return self.assets.cached(key, (size, size), lambda: self._make_tile(item, size))

    def _make_tile(self, item: Item, size: int) -> pygame.Surface:
        with at_most(100):  # fixed art (cached by size alone): its words keep their size, in flight too
            return self._compose_tile(item, size)

    def _compose_tile(self, item: Item, size: int) -> pygame.Surface:
        if not item.get("known"):
            return self.assets.image("stamp_facedown", (size, size)).copy()
        if item["kind"] != "stamp":
            return self._attendee(item, size)
        surf = self._face(item, size, size, frame=self.assets.image("stamp_frame", (size, size)))
        if size < 64:  # a seat panel's tiny copy: colour, icon and perforations only
            return surf
        self._value_badge(surf, item, size)
        self._footprint(surf, item, size)
        if item.get("face_down"):
            mark = self.assets.image("stamp_facedown", (size // 4, size // 4))
            surf.blit(mark, (size - size // 4 - 4, 4))
        return surf

    def token(self, size: int, points: int) -> pygame.Surface:
        """The first-player token as a pool tile, with the points it scores at today's Show."""
        def make() -> pygame.Surface:
            surf = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.rect(surf, (60, 46, 30), surf.get_rect(), border_radius=16)
            pygame.draw.rect(surf, GOLD, surf.get_rect(), 3, border_radius=16)
            icon = self.assets.image("first_player", (int(size * 0.6), int(size * 0.6)))
            surf.blit(icon, icon.get_rect(midtop=(size // 2, 6)))
            words = tr("ss.token.tile", value=value_text(points))
            label = self.text.render(words, self.text.fitting(words, max(18, size // 6), size - 10, True), CREAM,
                                     bold=True)
            surf.blit(label, label.get_rect(midbottom=(size // 2, size - 6)))
            return surf
        return self.assets.cached(f"ss-token{points}-{language()}", (size, size), make)

    def shape(self, item: Item, cell: int) -> pygame.Surface:
        """A stamp at album scale: its real footprint of rows x cols cells."""
        rows, cols = int(item.get("rows", 1)), int(item.get("cols", 1))
        w, h = cols * cell, rows * cell
        key = "ss-shape:" + item_key(item, self.patterns)

        def make() -> pygame.Surface:
            frame = self.assets.image("stamp_frame", (w, h)) if w == h else self._perforated(w, h)
            surf = self._face(item, w, h, frame=frame)
            self._value_badge(surf, item, min(w, h))
            return surf
        return self.assets.cached(key, (w, h), make)

    # pieces ---------------------------------------------------------------------------------
    def _face(self, item: Item, w: int, h: int, frame: pygame.Surface) -> pygame.Surface:
        rgb = STAMP_RGB.get(item.get("colour", ""), (150, 150, 150))
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        inset = max(6, int(min(w, h) * 0.1))
        inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
        pygame.draw.rect(surf, light(rgb, 0.25), inner)
        if self.patterns and item.get("colour") in PATTERN:
            self._pattern(surf, inner, PATTERN[item["colour"]], dark(rgb, 0.35))
        surf.blit(tinted(frame, light(rgb, 0.78)), (0, 0))
        pygame.draw.rect(surf, dark(rgb, 0.3), inner, 2)
        icon_name = "stamp_rare" if item.get("rare") else f"theme_{item.get('theme')}"
        side = int(min(inner.w, inner.h) * (0.62 if w == h else 0.72))
        icon = self.assets.image(icon_name, (side, side))
        surf.blit(icon, icon.get_rect(center=(inner.centerx, inner.centery + min(w, h) // 14)))
        return surf

    def _pattern(self, surf: pygame.Surface, area: pygame.Rect, name: str, rgb: tuple[int, int, int]) -> None:
        tile = tinted(self.assets.image(name, (32, 32)), rgb)
        tile.set_alpha(90)
        clip = surf.get_clip()
        surf.set_clip(area)
        for y in range(area.y, area.bottom, 32):
            for x in range(area.x, area.right, 32):
                surf.blit(tile, (x, y))
        surf.set_clip(clip)

    def _value_badge(self, surf: pygame.Surface, item: Item, size: int) -> None:
        value = int(item.get("value", 0))
        r = max(14, size // 6)
        centre = (int(r * 1.05) + 4, int(r * 1.05) + 4)
        fill = (40, 110, 60) if value > 0 else ((90, 90, 90) if value == 0 else (170, 40, 36))
        pygame.draw.circle(surf, fill, centre, r)
        pygame.draw.circle(surf, PAPER, centre, r, 2)
        label = self.text.render(value_text(value), max(18, int(r * 1.25)), PAPER, bold=True)
        surf.blit(label, label.get_rect(center=centre))

    def _footprint(self, surf: pygame.Surface, item: Item, size: int) -> None:
        """The stamp's real shape (rows x cols cells) in the corner, large enough to read at a glance."""
        rows, cols = int(item["rows"]), int(item["cols"])
        c = max(8, size // 9)
        box = pygame.Rect(0, 0, cols * c + 6, rows * c + 6)
        box.bottomright = (size - 4, size - 4)
        pygame.draw.rect(surf, (*INK, 220), box, border_radius=4)
        for r in range(rows):
            for k in range(cols):
                pygame.draw.rect(surf, PAPER, (box.x + 3 + k * c, box.y + 3 + r * c, c - 2, c - 2))

    def _perforated(self, w: int, h: int) -> pygame.Surface:
        """A white perforated frame like stamp_frame, for non-square stamps (no stretched holes)."""
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        surf.fill((255, 255, 255, 255))
        band = max(6, int(min(w, h) * 0.1))
        pygame.draw.rect(surf, (0, 0, 0, 0), surf.get_rect().inflate(-2 * band, -2 * band))
        pygame.draw.rect(surf, (255, 255, 255, 255), surf.get_rect().inflate(-2 * band + 6, -2 * band + 6), 2)
        hole = max(3, band // 2)
        step = hole * 3
        for x in range(step // 2, w, step):
            pygame.draw.circle(surf, (0, 0, 0, 0), (x, 0), hole)
            pygame.draw.circle(surf, (0, 0, 0, 0), (x, h - 1), hole)
        for y in range(step // 2, h, step):
            pygame.draw.circle(surf, (0, 0, 0, 0), (0, y), hole)
            pygame.draw.circle(surf, (0, 0, 0, 0), (w - 1, y), hole)
        return surf

    def _attendee(self, item: Item, size: int) -> pygame.Surface:
        specialist = item["kind"] == "specialist"
        rgb = SPECIALIST_RGB if specialist else EXHIBITOR_RGB
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(surf, (44, 34, 26), surf.get_rect(), border_radius=14)
        pygame.draw.rect(surf, rgb, surf.get_rect(), 4, border_radius=14)
        name = f"spec_{item['id']}" if specialist else f"exhibitor_{item['id']}"  # every attendee has its own
        icon = self.assets.image(name, (int(size * 0.5), int(size * 0.5)))
        if size < 72:
            icon = self.assets.image(name, (int(size * 0.8), int(size * 0.8)))
            surf.blit(icon, icon.get_rect(center=(size // 2, size // 2)))
            return surf
        surf.blit(icon, icon.get_rect(midtop=(size // 2, 6)))
        fsize = max(16, size // 7)
        while fsize > 12 and self.text.font(fsize, True).size(max(item["name"].split(), key=len))[0] > size - 12:
            fsize -= 1  # a long single word (Ornithologist) shrinks rather than spill past the card
        lines = self.text.wrap(item["name"], fsize, size - 12, bold=True)[:2]
        y = size - 8 - len(lines) * (fsize + 2)
        for line in lines:
            label = self.text.render(line, fsize, CREAM, bold=True)
            surf.blit(label, label.get_rect(midtop=(size // 2, y)))
            y += fsize + 2
        return surf


def describe(item: Item) -> str:
    """A one-line plain description of an item."""
    if not item.get("known"):
        return tr("ss.a_face_down")
    if item["kind"] != "stamp":
        return cast(str, item["name"])
    return tr("ss.item", stamp=stamp_name(item), value=value_text(int(item["value"])))


def shape_words(item: Item) -> str:
    """', 2 wide × 1 tall' for a known stamp; nothing for attendees and face-down stamps."""
    if not item.get("known") or item.get("kind") != "stamp":
        return ""
    return f", {size_words(item)}"


def size_words(item: Item) -> str:
    """'3 wide × 1 tall' in album cells: a name's '1x3' never has to be decoded."""
    return tr("ss.size", cols=item["cols"], rows=item["rows"])


def details(item: Item) -> list[str]:
    """Lines for the details panel (long press)."""
    if not item.get("known"):
        return [tr("ss.details.face_down"), tr("ss.details.look"), tr("ss.details.revealed")]
    if item["kind"] != "stamp":
        kind = "ss.details.specialist" if item["kind"] == "specialist" else "ss.details.exhibitor"
        return [tr(kind, card=item["name"]), card_text(item)]
    shape = tr("ss.details.forever") if item.get("forever") else tr("ss.details.shape", size=size_words(item))
    colour = tr("ss.details.rare") if item.get("rare") else \
        tr("ss.details.colour_theme", colour=item["colour"], theme=item["theme"])
    lines = [stamp_name(item), tr("ss.details.colour", what=colour), tr("ss.details.shape_line", what=shape),
             tr("ss.details.value", value=value_text(int(item["value"])), condition=item["condition"])]
    if item.get("face_down"):
        lines.append(tr("ss.details.seen"))
    return lines
