"""Settings: volume, sound, fullscreen, reduced motion, colour-blind patterns, bot speed, online server.

Every change applies at once and is saved to the settings file immediately.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.draw.palette import CREAM, MUTED
from game.draw.ui import HintEntry, button
from game.draw.widgets import felt, heading, panel, toggle_label
from game.scenes.settings_pace import PaceSection
from game.services.settings import BOT_SPEEDS
from game.shell.display import LOGICAL_W
from game.shell.scene import Scene

PANEL = pygame.Rect(40, 150, 1200, 800)  # left: the pace and keys panel stands right of it (settings_pace.py)
ROW_Y = [PANEL.y + 34 + i * 108 for i in range(7)]
LABEL_X = PANEL.x + 70
CONTROL_X = PANEL.x + 640
TOGGLES = (
    ("mute", "Sound effects", "Play sounds for taps, cards and coins", True),
    ("fullscreen", "Fullscreen", "Fill the whole screen (F11)", False),
    ("reduced_motion", "Reduced motion", "Shorter, calmer animations", False),
    ("colour_patterns", "Colour-blind patterns", "Add patterns to coloured items", False),
)


class SettingsScene(Scene):
    """One panel of controls; Back returns where you came from."""

    name = "settings"

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        s = app.settings
        self.slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(CONTROL_X, ROW_Y[0] + 8, 360, 56), int(s.volume * 100), (0, 100), manager=self.ui)
        self.toggles: dict[str, pygame_gui.elements.UIButton] = {}
        for i, (key, _, _, _) in enumerate(TOGGLES, start=1):
            self.toggles[key] = button(self.ui, (CONTROL_X, ROW_Y[i], 240, 72), "")
        self.speed = button(self.ui, (CONTROL_X, ROW_Y[5], 240, 72), "")
        self.server = HintEntry(pygame.Rect(CONTROL_X, ROW_Y[6] + 6, 480, 64), self.ui, "empty: host on this computer")
        self.server.set_text(s.online_server)
        self.back = button(self.ui, (LOGICAL_W // 2 - 160, PANEL.bottom + 30, 320, 80), "‹ Back", "#primary")
        self.pace = PaceSection(self)
        self._refresh()

    def _on(self, key: str) -> bool:
        value = bool(getattr(self.app.settings, key))
        inverted = next(inv for k, _, _, inv in TOGGLES if k == key)
        return not value if inverted else value

    def _refresh(self) -> None:
        for key, btn in self.toggles.items():
            label, oid = toggle_label(self._on(key))
            btn.change_object_id(pygame_gui.core.ObjectID(object_id=oid))
            btn.set_text(label)
        self.speed.set_text(self.app.settings.bot_speed.capitalize() + "  ›")
        self.pace.refresh()
        self.invalidate()

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if element is self.back:
            self.on_back()
            return
        if self.pace.pressed(element):
            return
        if element is self.speed:
            i = BOT_SPEEDS.index(self.app.settings.bot_speed)
            self.app.update_settings(bot_speed=BOT_SPEEDS[(i + 1) % len(BOT_SPEEDS)])
        for key, btn in self.toggles.items():
            if element is btn:
                self.app.update_settings(**{key: not getattr(self.app.settings, key)})
        self._refresh()

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.server:
            self._save_server()
        elif event.ui_element is self.slider:
            self.app.update_settings(volume=self.slider.get_current_value() / 100)
            self.app.audio.play("coin")
            self.invalidate()

    def _save_server(self) -> bool:
        """Keep the relay address if it is one (else say what it should look like)."""
        text = self.server.get_text().strip()
        if text == self.app.settings.online_server:
            return True
        try:
            self.app.update_settings(online_server=text)
        except ValueError:
            self.app.toast("An online server is an address like https://relay.example:8765 (or empty).", error=True)
            return False
        self.app.toast("Online play will use " + (text or "this computer as the host") + ".")
        return True

    def on_back(self) -> bool:
        if self._save_server():
            self.app.go(self.app.stack.pop)
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        felt(canvas, self.app.assets)
        heading(canvas, self.app.text, "Settings", 48, 72)
        panel(canvas, PANEL)
        text = self.app.text
        rows = [("Volume", f"{int(self.app.settings.volume * 100)}%")]
        rows += [(label, hint) for _, label, hint, _ in TOGGLES]
        rows.append(("Bot speed", "How long bots pause before moving"))
        rows.append(("Online server", "A relay for play across the internet"))
        for (label, hint), y in zip(rows, ROW_Y):
            text.draw(canvas, label, (LABEL_X, y + 2), 36, CREAM, bold=True)
            text.draw(canvas, hint, (LABEL_X, y + 48), 24, MUTED)
        self.pace.draw(canvas)
