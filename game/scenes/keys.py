"""Settings › Keys: every table command with its key; choose a row, press a new key.

A key another command already has is refused, saying which command has it (nothing changes); Esc
while a row waits for its key gives up choosing. Each change is saved at once (the settings file's
"keys"); Defaults puts every key back. The rows are the key map's commands (game/shell/keymap.py),
so whatever reads the keys — the focus ring, the describe key, the move letters — follows.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.palette import CREAM, GOLD, MUTED, RED
from game.draw.ui import button
from game.draw.widgets import felt, heading, panel
from game.shell.display import LOGICAL_W
from game.shell.keymap import COMMANDS, key_name, keys_of
from game.shell.scene import Scene
from game.text import tr

PANEL = pygame.Rect(LOGICAL_W // 2 - 800, 150, 1600, 780)
PER_COLUMN = 10
ROW_H, KEY_W = 62, 190
COLUMN_W = (PANEL.w - 120) // 2  # two columns, 40 px from the edges and apart


class KeysScene(Scene):
    """The key list: a button per command showing its key."""

    name = "keys"
    focusable = True

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.choosing: str | None = None  # the command waiting for its new key
        self.line, self.line_is_problem = tr("keys.choose"), False
        self.rows: dict[Any, str] = {}
        for i, command in enumerate(COMMANDS):
            x = PANEL.x + 40 + (i // PER_COLUMN) * (COLUMN_W + 40) + COLUMN_W - KEY_W
            y = PANEL.y + 90 + (i % PER_COLUMN) * ROW_H
            self.rows[button(self.ui, (x, y, KEY_W, ROW_H - 10), "")] = command.name
        y = PANEL.bottom + 30
        self.back = button(self.ui, (PANEL.x, y, 260, 84), tr("setup.back"), "#quiet")
        self.defaults = button(self.ui, (PANEL.right - 300, y, 300, 84), tr("keys.defaults"))
        self._refresh()

    def _refresh(self) -> None:
        keys = keys_of(self.app.settings)
        for made, command in self.rows.items():
            words = tr("keys.press") if command == self.choosing else key_name(keys.key(command))
            if made.text != words:  # a button's text change re-renders it
                made.set_text(words)
        self.invalidate()

    def _say(self, words: str, problem: bool = False) -> None:
        self.line, self.line_is_problem = words, problem
        if problem:
            self.app.audio.play("error")
        self.invalidate()

    def on_button(self, element: Any) -> None:
        if element is self.back:
            self.on_back()
        elif element is self.defaults:
            self.choosing = None
            self.app.update_settings(keys=())
            self._say(tr("keys.reset"))
        elif element in self.rows:
            self.choosing = self.rows[element]
            self._say(tr("keys.press_for", command=command_words(self.choosing)))
        self._refresh()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.choosing is not None and event.type == pygame.KEYDOWN:
            self._choose(self.choosing, event.key)
            self.wake()
            return True
        return super().handle_event(event)

    def _choose(self, command: str, key: int) -> None:
        """Bind `key` to `command`, unless another command has it (Esc: give up choosing)."""
        self.choosing = None
        words = command_words(command)
        keys = keys_of(self.app.settings)
        if key == pygame.K_ESCAPE and command != "back":
            self._say(tr("keys.kept", command=words, keyname=key_name(keys.key(command))))
        else:
            try:
                self.app.update_settings(keys=keys.rebind(command, key).to_settings())
            except ValueError as holder:
                self._say(tr("keys.taken", keyname=key_name(key), command=command_words(str(holder))), problem=True)
            else:
                self._say(tr("keys.now", command=words, keyname=key_name(key)))
        self._refresh()

    def on_back(self) -> bool:
        self.app.go(self.app.stack.pop)
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        felt(canvas, self.app.assets)
        heading(canvas, self.app.text, tr("keys.heading"), 48, 72)
        panel(canvas, PANEL)
        text = self.app.text
        text.draw(canvas, self.line, (PANEL.x + 40, PANEL.y + 30), 28, RED if self.line_is_problem else GOLD,
                  bold=True)
        for made, command in self.rows.items():
            x = made.rect.right - COLUMN_W
            text.draw(canvas, command_words(command), (x, made.rect.centery), 26,
                      CREAM if command != self.choosing else GOLD, bold=command == self.choosing, anchor="midleft")
        text.draw(canvas, tr("keys.also"),
                  (PANEL.x + 40, PANEL.bottom - 44), 22, MUTED)


def command_words(command: str) -> str:
    """What a command does, in the player's language ("Focus left")."""
    return tr(f"keys.command.{command}")
