"""What the app draws over its scene stack, known only by this shape (the app imports none of them).

The composition root (game/compose.py) decides which layers an app has: the event kiosk, a guided
match's coach, a replay's controls. Each sees input before the scenes, steps with the app and draws
over the stack. A layer that comes `first` (the kiosk) sees every event before the app itself (close requests, the
operator gesture) and draws over the scene fades; the others see input after the app's own keys.
"""

from __future__ import annotations

from typing import Protocol

import pygame

Dirty = list[pygame.Rect] | None  # dirty logical rects ([] nothing changed, None everything)


class Layer(Protocol):
    """One layer over the scene stack."""

    name: str  # how tests and tools find it ("kiosk", "coach", "replay")
    first: bool  # sees every event before the app and draws over fades
    veils: bool  # covers the whole canvas each frame: the stack below is drawn in full

    def intercept(self, event: pygame.event.Event) -> bool:
        """True when the event was used here (the scenes never see it)."""

    def update(self, dt: float) -> None:
        """One fixed step."""

    def draw(self, canvas: pygame.Surface, dirty: Dirty) -> Dirty:
        """Draw over what the stack drew; return what changed."""

    def crashed(self, where: str) -> bool:
        """A scene crashed and the app went back to its home scene: True to stay."""
