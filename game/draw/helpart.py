"""Pictures for the help pages: a row of the real cards, tokens or icons, each with a caption.

Each game's `help_art` (its GameEntry) picks what a page shows and draws the pieces with the same
painters as its table; this module only lays them out in the band above the page's text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.draw.palette import CREAM

BAND = (1220, 250)
GAP = 28
CAPTION = 24


def strip(app: Any, pieces: Sequence[tuple[pygame.Surface, str]], height: int = 196) -> pygame.Surface:
    """The pieces side by side, scaled to one height (smaller if the row would be too wide), captioned.

    Each piece gets a slot as wide as its caption, so captions never run into each other; when the
    captions on one line would be wider than the band together (long words), each takes two lines
    and the pieces are shorter by a line.
    """
    room = BAND[0] - GAP * (len(pieces) - 1)
    labels = [app.text.render(caption, CAPTION, CREAM) for _, caption in pieces]
    below = CAPTION  # the room kept under the pieces, as laid out for one line
    if sum(label.get_width() for label in labels) > room:
        labels = [_two_lines(app, caption) for _, caption in pieces]
        below = max(label.get_height() for label in labels)
        height = min(height, BAND[1] - below - 8)
    widths = [p.get_width() * height / max(1, p.get_height()) for p, _ in pieces]
    k = 1.0
    for _ in range(8):  # shrink the pictures until the slots fit the band
        slots = [max(w * k, label.get_width()) for w, label in zip(widths, labels, strict=True)]
        if sum(slots) <= room:
            break
        k *= room / sum(slots)
    out = pygame.Surface(BAND, pygame.SRCALPHA)
    x = (BAND[0] - (sum(slots) + GAP * (len(pieces) - 1))) / 2
    for (piece, _), w, slot, label in zip(pieces, widths, slots, labels, strict=True):
        size = (max(1, int(w * k)), max(1, int(height * k)))
        centre = int(x + slot / 2)
        top = (BAND[1] - below - 8 - size[1]) // 2
        out.blit(pygame.transform.smoothscale(piece, size), (centre - size[0] // 2, top))
        out.blit(label, label.get_rect(midbottom=(centre, BAND[1])))
        x += slot + GAP
    return out


def fan(cards: Sequence[pygame.Surface], step: float = 0.32) -> pygame.Surface:
    """Cards overlapping left to right, as a hand holds them."""
    w, h = cards[0].get_size()
    dx = int(w * step)
    out = pygame.Surface((w + dx * (len(cards) - 1), h), pygame.SRCALPHA)
    for i, card in enumerate(cards):
        out.blit(card, (i * dx, 0))
    return out


def _two_lines(app: Any, caption: str) -> pygame.Surface:
    """A caption on two lines of about one width, centred (on one line when it is one word)."""
    words = caption.split(" ")
    font = app.text.font(CAPTION)
    cut = min(range(1, len(words)), default=0,
              key=lambda i: max(font.size(" ".join(words[:i]))[0], font.size(" ".join(words[i:]))[0]))
    lines = [app.text.render(" ".join(part), CAPTION, CREAM) for part in (words[:cut], words[cut:]) if part]
    out = pygame.Surface((max(line.get_width() for line in lines), sum(line.get_height() for line in lines)),
                         pygame.SRCALPHA)
    y = 0
    for line in lines:
        out.blit(line, line.get_rect(midtop=(out.get_width() // 2, y)))
        y += line.get_height()
    return out
