"""The feed column of table mode's shared strip (three or more people): one lane per bot, each
saying that bot's latest move beside its awning colour (bright while it is news), and under them the
table's newest lines. Written once per change, never floated over other words."""

from __future__ import annotations

import pygame

from game.draw.palette import CREAM, GOLD, MUTED
from game.scenes.swap_meet.stall import awning_colour

LANE_H = 40  # one bot's lane
LINE_H = 30  # one feed line
STALE = (196, 186, 166)  # a move that is no longer news


def fit(text, words: str, size: int, width: int, bold: bool = False) -> int:  # type: ignore[no-untyped-def]
    """The largest size from `size` down to 14 at which `words` fit `width`."""
    while size > 14 and text.font(size, bold).size(words)[0] > width:
        size -= 1
    return size


def paint_column(surface: pygame.Surface, text, rect: pygame.Rect,  # type: ignore[no-untyped-def]
                 lanes: list[tuple[int, str, str, bool]], feed: list[str]) -> None:
    """`lanes` are (seat, name, latest move, fresh) per bot; `feed` the table's lines, oldest first."""
    y = rect.y
    for seat, name, words, fresh in lanes:
        pygame.draw.rect(surface, awning_colour(seat), (rect.x, y + 8, 8, LANE_H - 14), border_radius=3)
        end = text.draw(surface, name, (rect.x + 16, y + LANE_H // 2), fit(text, name, 22, 150, True), GOLD,
                        bold=True, anchor="midleft")
        room = rect.right - end.right - 10
        line = words.removeprefix(f"{name} ") or "no move yet"
        text.draw(surface, line, (end.right + 10, y + LANE_H // 2), fit(text, line, 22, room),
                  CREAM if fresh else STALE if words else MUTED, anchor="midleft")
        y += LANE_H
    feed = [line for line in feed if not any(line.startswith(f"{name} ") for _, name, _, _ in lanes)]
    shown = feed[-max(0, (rect.bottom - y) // LINE_H):] if rect.bottom - y >= LINE_H else []
    for i, line in enumerate(shown):
        text.draw(surface, line, (rect.centerx, y + 4 + i * LINE_H), fit(text, line, 22, rect.w), CREAM
                  if i == len(shown) - 1 else MUTED, anchor="midtop")
