"""Settings: volume, sound, fullscreen, reduced motion, colour-blind patterns, bot speed, online server, language.

Every change applies at once and is saved to the settings file immediately; a new language re-words
this screen at once and every other as it is drawn or rebuilt (the title on its return).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.draw.ui import HintEntry, button
from game.draw.widgets import felt, heading, panel, toggle_label
from game.scenes.settings_pace import PaceSection
from game.scenes.settings_rows import Row, RowPages
from game.services.settings import BOT_SPEEDS
from game.shell.display import LOGICAL_W
from game.shell.scene import Scene
from game.text import language, tr, use
from game.text.locales import AUTONYMS, LANGUAGES

PANEL = pygame.Rect(40, 130, 1200, 840)  # left: the pace and keys panel stands right of it (settings_pace.py)
TOP = PANEL.y + 30  # the first row's top; each row is as tall as its words need (settings_rows.py)
LABEL_X = PANEL.x + 70
CONTROL_X = PANEL.x + 640
TOGGLES = (  # setting, whether the button shows its opposite ("Sound effects: On" is mute off)
    ("mute", True),
    ("fullscreen", False),
    ("reduced_motion", False),
    ("colour_patterns", False),
)
ROWS = ("volume", *(key for key, _ in TOGGLES), "bot_speed", "server", "language")  # label keys, top to bottom


class SettingsScene(Scene):
    """One panel of controls; Back returns where you came from."""

    name = "settings"

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        s = app.settings
        self.slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(CONTROL_X, TOP, 360, 56), int(s.volume * 100), (0, 100), manager=self.ui)
        self.toggles: dict[str, pygame_gui.elements.UIButton] = {}
        for key, _ in TOGGLES:
            self.toggles[key] = button(self.ui, (CONTROL_X, TOP, 240, 72), "")
        self.speed = button(self.ui, (CONTROL_X, TOP, 240, 72), "")
        self.server = HintEntry(pygame.Rect(CONTROL_X, TOP, 480, 64), self.ui, tr("settings.server.empty"))
        self.server.set_text(s.online_server)
        self.language = button(self.ui, (CONTROL_X, TOP, 300, 72), "")
        self.rows = RowPages(app.text, PANEL, TOP, LABEL_X - PANEL.x, beside=CONTROL_X)
        self.back = button(self.ui, (LOGICAL_W // 2 - 160, PANEL.bottom + 24, 320, 80), tr("settings.back"), "#primary")
        self.pace = PaceSection(self)
        self._refresh()

    def _on(self, key: str) -> bool:
        value = bool(getattr(self.app.settings, key))
        inverted = dict(TOGGLES)[key]
        return not value if inverted else value

    def _refresh(self) -> None:
        for key, btn in self.toggles.items():
            on = self._on(key)
            _, oid = toggle_label(on)
            btn.change_object_id(pygame_gui.core.ObjectID(object_id=oid))
            btn.set_text(tr("settings.on" if on else "settings.off"))
        self.speed.set_text(tr("settings.speed", speed=self.app.settings.bot_speed))
        self.language.set_text(AUTONYMS[language()] + "  ›")
        self.pace.refresh()
        self.rows.lay_out(self.ui, self._rows())
        self.invalidate()

    def _rows(self) -> list[Row]:
        """The main panel's rows, top to bottom: words and controls (each with its least width)."""
        controls: list[list[tuple[object, int]]] = [[(self.slider, 360)]]
        controls += [[(self.toggles[key], 240)] for key, _ in TOGGLES]
        controls += [[(self.speed, 240)], [(self.server, 480)], [(self.language, 300)]]
        hints = ["100%"] + [tr(f"settings.{key}.hint") for key in ROWS[1:]]
        rows = [Row(tr(f"settings.{key}"), hint, made) for key, hint, made in zip(ROWS, hints, controls)]
        rows[0].live = lambda: f"{int(self.app.settings.volume * 100)}%"
        return rows

    def _next_language(self) -> None:
        """The next language, kept in the settings file; this screen is made again in it."""
        code = LANGUAGES[(LANGUAGES.index(language()) + 1) % len(LANGUAGES)]
        self.app.update_settings(language=code)
        use(code)
        self.remake()

    def remake(self) -> None:
        """This screen made anew (in a new language, at a new text size); what was typed in the server
        entry is kept (or said to be wrong) first."""
        self._save_server()
        self.app.stack.replace(SettingsScene(self.app))

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if element is self.back:
            self.on_back()
            return
        if element is self.language:
            self._next_language()
            return
        if self.pace.pressed(element) or self.rows.turn(element):
            self.invalidate()
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
            self.app.toast(tr("settings.server.bad"), error=True)
            return False
        self.app.toast(tr("settings.server.used", server=text) if text else tr("settings.server.here"))
        return True

    def on_back(self) -> bool:
        if self._save_server():
            self.app.go(self.app.stack.pop)
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        felt(canvas, self.app.assets)
        heading(canvas, self.app.text, tr("settings.heading"), 30, 72)
        panel(canvas, PANEL)
        self.rows.draw(canvas)
        self.pace.draw(canvas)
