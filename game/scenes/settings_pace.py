"""Settings' pace and keys section (issue 35): animation speed, skipping bot moves, and the way to
the key list. Its own panel right of the main one, so the main rows keep their places.

The animation speed is one lit choice of four (the word says which, colour only backs it up);
"Skip bot moves" is an On/Off toggle like the main panel's. Every change applies at once and is
saved, as every setting is.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.draw.palette import CREAM, GOLD, MUTED
from game.draw.ui import button
from game.draw.widgets import panel, toggle_label
from game.services.settings import ANIMATION_SPEEDS
from game.text import tr

SIDE = pygame.Rect(1290, 130, 590, 840)  # right of the main panel, as tall
ROW_Y = [SIDE.y + 96 + i * 200 for i in range(3)]  # a label and hint, then its control below them
PAD = 40
CONTROL_DY = 88  # a row's control sits this far under its label
CHOICE_W, CHOICE_GAP = 122, 8


def speed_words(speed: float) -> str:
    """0.5 → "0.5×", 1.0 → "1×"."""
    return f"{speed:g}×"


class PaceSection:
    """The pace and keys rows: widgets made in the scene's UI, pressed through `pressed`."""

    def __init__(self, scene: Any) -> None:
        self.scene, self.app = scene, scene.app
        ui = scene.ui
        x = SIDE.x + PAD
        self.speeds = {button(ui, (x + i * (CHOICE_W + CHOICE_GAP), ROW_Y[0] + CONTROL_DY, CHOICE_W, 72),
                              speed_words(s)): s for i, s in enumerate(ANIMATION_SPEEDS)}
        self.skip = button(ui, (x, ROW_Y[1] + CONTROL_DY, 240, 72), "")
        self.keys = button(ui, (x, ROW_Y[2] + CONTROL_DY, 380, 72), tr("settings.pace.keys.button"))

    def refresh(self) -> None:
        """Light the current choices."""
        chosen = self.app.settings.animation_speed
        for made, speed in self.speeds.items():
            oid = "#toggle_on" if speed == chosen else "#toggle_off"
            made.change_object_id(pygame_gui.core.ObjectID(object_id=oid))
        on = self.app.settings.skip_bot_moves
        _, oid = toggle_label(on)
        self.skip.change_object_id(pygame_gui.core.ObjectID(object_id=oid))
        self.skip.set_text(tr("settings.on" if on else "settings.off"))

    def pressed(self, element: Any) -> bool:
        """Act on one of this section's buttons; True when it was one."""
        if element in self.speeds:
            self.app.update_settings(animation_speed=self.speeds[element])
        elif element is self.skip:
            self.app.update_settings(skip_bot_moves=not self.app.settings.skip_bot_moves)
        elif element is self.keys:
            from game.scenes.keys import KeysScene  # the key list: a scene of its own

            self.app.go(lambda: self.app.stack.push(KeysScene(self.app)))
        else:
            return False
        self.refresh()
        return True

    def draw(self, canvas: pygame.Surface) -> None:
        """The panel, its heading and each row's label and hint."""
        panel(canvas, SIDE)
        text = self.app.text
        text.draw(canvas, tr("settings.pace.title"), (SIDE.x + PAD, SIDE.y + 24), 40, GOLD, bold=True)
        for row, y in zip(("speed", "skip", "keys"), ROW_Y):
            text.draw(canvas, tr(f"settings.pace.{row}"), (SIDE.x + PAD, y + 2), 36, CREAM, bold=True)
            text.draw(canvas, tr(f"settings.pace.{row}.hint"), (SIDE.x + PAD, y + 48), 24, MUTED)
