"""Settings' pace, keys and text section (issue 35): animation speed, skipping bot moves, the way to
the key list, and the text size. Its own panel right of the main one, so the main rows keep their places.

The animation speed and the text size are each one lit choice (the word says which, colour only
backs it up); "Skip bot moves" is an On/Off toggle like the main panel's. Every change applies at
once and is saved, as every setting is; a new text size makes this screen again at that size.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.draw.palette import GOLD
from game.draw.sizes import TEXT_SIZES
from game.draw.text import use_text_size
from game.draw.ui import button
from game.draw.widgets import panel, toggle_label
from game.scenes.settings_rows import Row, RowPages
from game.services.settings import ANIMATION_SPEEDS
from game.text import tr

SIDE = pygame.Rect(1290, 130, 590, 840)  # right of the main panel, as tall
PAD = 40
TITLE = 40  # the panel's title's size at 100 %
CHOICE_W = 120


def speed_words(speed: float) -> str:
    """0.5 → "0.5×", 1.0 → "1×"."""
    return f"{speed:g}×"


def size_words(percent: int) -> str:
    """125 → "125 %"."""
    return f"{percent}\u202f%"


class PaceSection:
    """The pace, keys and text rows: widgets made in the scene's UI, pressed through `pressed`."""

    def __init__(self, scene: Any) -> None:
        self.scene, self.app = scene, scene.app
        ui = scene.ui
        at = (SIDE.x + PAD, SIDE.y, CHOICE_W, 72)
        self.speeds = {button(ui, at, speed_words(s)): s for s in ANIMATION_SPEEDS}
        self.skip = button(ui, at, "")
        self.keys = button(ui, at, tr("settings.pace.keys.button"))
        self.sizes = {button(ui, at, size_words(p)): p for p in TEXT_SIZES}
        top = SIDE.y + 24 + scene.app.text.font(TITLE, True).get_linesize() + 16
        self.rows = RowPages(scene.app.text, SIDE, top, PAD)

    def _rows(self) -> list[Row]:
        return [Row(tr("settings.pace.speed"), tr("settings.pace.speed.hint"), [(b, CHOICE_W) for b in self.speeds]),
                Row(tr("settings.pace.skip"), tr("settings.pace.skip.hint"), [(self.skip, 240)]),
                Row(tr("settings.pace.keys"), tr("settings.pace.keys.hint"), [(self.keys, 380)]),
                Row(tr("settings.text_size"), tr("settings.text_size.hint"), [(b, 150) for b in self.sizes])]

    def refresh(self) -> None:
        """Light the current choices."""
        for made, lit in [*((m, s == self.app.settings.animation_speed) for m, s in self.speeds.items()),
                          *((m, p == self.app.settings.text_size) for m, p in self.sizes.items())]:
            made.change_object_id(pygame_gui.core.ObjectID(object_id="#toggle_on" if lit else "#toggle_off"))
        on = self.app.settings.skip_bot_moves
        _, oid = toggle_label(on)
        self.skip.change_object_id(pygame_gui.core.ObjectID(object_id=oid))
        self.skip.set_text(tr("settings.on" if on else "settings.off"))
        self.rows.lay_out(self.scene.ui, self._rows())

    def pressed(self, element: Any) -> bool:
        """Act on one of this section's buttons; True when it was one."""
        if element in self.speeds:
            self.app.update_settings(animation_speed=self.speeds[element])
        elif element is self.skip:
            self.app.update_settings(skip_bot_moves=not self.app.settings.skip_bot_moves)
        elif element is self.keys:
            from game.scenes.keys import KeysScene  # the key list: a scene of its own

            self.app.go(lambda: self.app.stack.push(KeysScene(self.app)))
        elif element in self.sizes:
            self._text_size(self.sizes[element])
            return True
        elif not self.rows.turn(element):
            return False
        self.refresh()
        return True

    def _text_size(self, percent: int) -> None:
        """The new size kept in the settings file, in use at once; this screen is made again at it
        (the screens under it take it as they come back: game/draw/ui.py, each scene's resume)."""
        self.app.update_settings(text_size=percent)
        use_text_size(percent)
        self.scene.remake()

    def draw(self, canvas: pygame.Surface) -> None:
        """The panel, its title and the rows of the page looked at."""
        panel(canvas, SIDE)
        words, text = tr("settings.text_size.panel"), self.app.text
        size = text.fitting(words, TITLE, SIDE.w - 2 * PAD, bold=True, least=TITLE)  # down to its 100 % size
        text.draw(canvas, words, (SIDE.x + PAD, SIDE.y + 24), size, GOLD, bold=True)
        self.rows.draw(canvas)
