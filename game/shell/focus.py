"""The keyboard's focus: a ring on one of a scene's targets, moved by Tab and the arrows, acted on
by Enter or Space. It reads the same target list as pointer taps and the coach
(game/shell/targets.py), so whatever a tap can do, a key can reach.

Tab walks the targets that act in reading order (Shift+Tab back); an arrow goes to the nearest one
that way. Those keys are the player's (game/shell/keymap.py: remappable in Settings › Keys). The
ring shows from the first such key and hides at the next pointer press, so a mouse or finger
player never sees it. It follows its target by name as the table changes; when that target is
gone it moves to the one nearest where it was.
"""

from __future__ import annotations

import pygame

from game.draw.palette import NIGHT, WHITE
from game.draw.text import Text
from game.shell.keymap import KeyMap
from game.shell.targets import Target

ROW = 48  # canvas pixels: centres this close in height read as one row for Tab
DEFAULT_KEYS = KeyMap()
GROW = 14  # the ring stands this far outside its target: it never hides what it marks
LABEL = 24  # the label's type size


def reading_order(targets: list[Target]) -> list[Target]:
    """The targets that act, left to right in rows from the top."""
    acting = [t for t in targets if t.act is not None]
    return sorted(acting, key=lambda t: (t.rect.centery // ROW, t.rect.centerx))


def nearest(targets: list[Target], point: tuple[float, float], way: tuple[int, int] | None = None) -> Target | None:
    """The target nearest `point`, only among those lying `way` of it when given (the axis counts once,
    the side step three times: a straight line wins over a closer diagonal)."""
    best, best_cost = None, float("inf")
    for t in targets:
        dx, dy = t.rect.centerx - point[0], t.rect.centery - point[1]
        if way is not None:
            along = dx * way[0] + dy * way[1]
            if along <= 0:
                continue
            cost = along + 3 * abs(dx * way[1] + dy * way[0])
        else:
            cost = abs(dx) + abs(dy)
        if cost < best_cost:
            best, best_cost = t, cost
    return best


def is_focus_key(event: pygame.event.Event, keys: KeyMap = DEFAULT_KEYS) -> bool:
    """Does this key move the focus (rather than act)?"""
    return keys.means(event, "next") or keys.move(event) is not None


class Focus:
    """Which target the keyboard is on, by name, and where it last was."""

    def __init__(self) -> None:
        self.name: str | None = None
        self.rect: pygame.Rect | None = None
        self.shown = False

    def current(self, targets: list[Target]) -> Target | None:
        """The focused target now (following its name, else the nearest to where it was)."""
        if not self.shown:
            return None
        order = reading_order(targets)
        found = next((t for t in order if t.name == self.name), None)
        if found is None and order:
            found = nearest(order, self.rect.center) if self.rect is not None else order[0]
        self._on(found)
        return found

    def key(self, targets: list[Target], event: pygame.event.Event, keys: KeyMap = DEFAULT_KEYS) -> bool:
        """Move or act for a key (the player's key map); True when it was the focus's key."""
        if is_focus_key(event, keys):
            self._move(targets, event, keys)
            return True
        if keys.means(event, "act") and self.shown:
            target = self.current(targets)
            if target is not None:
                target.run()
                return True
        return False

    def _move(self, targets: list[Target], event: pygame.event.Event, keys: KeyMap) -> None:
        order = reading_order(targets)
        was = self.current(targets)
        self.shown = True
        if not order:
            return
        if was is None:
            self._on(order[0])
        elif keys.means(event, "next"):
            step = -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
            self._on(order[(order.index(was) + step) % len(order)])
        else:
            self._on(nearest([t for t in order if t is not was], was.rect.center, keys.move(event)) or was)

    def _on(self, target: Target | None) -> None:
        self.name = target.name if target is not None else None
        self.rect = pygame.Rect(target.rect) if target is not None else self.rect

    def hide(self) -> None:
        """A pointer came back: the ring goes (the focus stays where it was for the next key)."""
        self.shown = False


def draw_ring(canvas: pygame.Surface, text: Text, rect: pygame.Rect, label: str) -> pygame.Rect:
    """A white band between two dark ones (it reads on light cards and the dark felt alike, and is
    never taken for a selected card's gold glow), and the
    target's label in a dark tag below it (above, at the foot of the canvas); returns what it covered."""
    rect = rect.clip(canvas.get_rect().inflate(-8, -8))  # at the canvas edge the ring stays whole
    pygame.draw.rect(canvas, NIGHT, rect.inflate(6, 6), 4, border_radius=18)
    pygame.draw.rect(canvas, WHITE, rect, 7, border_radius=16)
    pygame.draw.rect(canvas, NIGHT, rect.inflate(-14, -14), 3, border_radius=10)
    covered = rect.inflate(8, 8)
    if not label:
        return covered
    w, h = text.font(LABEL, True).size(label)
    tag = pygame.Rect(0, 0, w + 24, h + 10)
    tag.midtop = (rect.centerx, rect.bottom + 4)
    if tag.bottom > canvas.get_height():
        tag.midbottom = (rect.centerx, rect.top - 4)
    tag.clamp_ip(canvas.get_rect())
    pygame.draw.rect(canvas, NIGHT, tag, border_radius=10)
    pygame.draw.rect(canvas, WHITE, tag, 2, border_radius=10)
    text.draw(canvas, label, tag.center, LABEL, WHITE, bold=True, anchor="center")
    return covered.union(tag)
