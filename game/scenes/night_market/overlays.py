"""Night Market overlays: the ⋯ menu, detail panels (a merchant, a coin pile) and Game info."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from game.draw.palette import CREAM, GOLD, MUTED
from game.draw.text import at_most, grown, text_size
from game.draw.ui import button, resize, uncut_width, wanted_width
from game.draw.widgets import sheet
from game.scenes.night_market.faces import coin_face
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.shell.pointer import PointerEvent
from game.shell.scene import Scene
from game.text import tr


def close_button(ui: pygame_gui.UIManager, centre_x: int, top: int,
                 size: tuple[int, int]) -> pygame_gui.elements.UIButton:
    """Close, centred on `centre_x`: as wide as its label needs where pygame-gui would cut it
    ("Schließen" at 150 %); at 100 % in English the size laid out."""
    made = button(ui, (centre_x - size[0] // 2, top, *size), tr("nm.close"), "#primary")
    wide = uncut_width(made, size[0])
    if wide > size[0]:
        resize(made, (wide, size[1]), (centre_x - wide // 2, top))
    return made


class _Dialog(Scene):
    """An overlay over the table that Escape, Close or a tap outside takes away."""

    focusable = True  # its buttons by keyboard (game/shell/focus.py)
    opaque = False
    keeps_layer = True  # a dim and a panel: under a prompt it redraws in full, no 8 MB snapshot

    def on_back(self) -> bool:
        if self.app.stack.top is self:
            self.app.stack.pop()
        return True


class InfoPanel(_Dialog):
    """A centred panel of lines (and optionally a row of coins); any tap or Close dismisses it."""

    name = "nm_info"

    def __init__(self, app, title: str, lines: list[str], icon: str | None = None,  # type: ignore[no-untyped-def]
                 coins: tuple[int, ...] | None = None) -> None:
        super().__init__(app)
        self.title, self.lines, self.icon, self.coins = title, lines, icon, coins
        self.rect = pygame.Rect(0, 0, self._width(), 0)
        self.rows, high = self._rows()
        # the lines start under the title (its grown words at a bigger text size), Close 40 px under them
        self.top = 140 if text_size() <= 100 else max(140, 48 + app.text.font(48, bold=True).get_linesize())
        self.rect.h = self.top + high + 140 + (110 if coins is not None else 0)
        self.rect.center = (LOGICAL_W // 2, LOGICAL_H // 2)
        self.close = close_button(self.ui, self.rect.centerx, self.rect.bottom - 100, (260, 76))

    def _width(self) -> int:
        """1000 px; at a bigger text size as wide as its widest grown line needs (at most the screen less 200)."""
        if text_size() <= 100:
            return 1000
        widest = max((self.app.text.font(30).size(line)[0] for line in self.lines), default=0)
        return max(1000, min(LOGICAL_W - 200, widest + 120))

    def _rows(self) -> tuple[list[tuple[str, float, int]], int]:
        """Each drawn line's words, size and top (from the first's), and the height they all take. A long
        line (another language's) is smaller, never past the panel; at a bigger text size it takes two
        lines before it would shrink below its 100 % size, and rows are as far apart as their words."""
        text, room = self.app.text, self.rect.w - 120
        rows: list[tuple[str, float, int]] = []
        if text_size() <= 100:
            for i, line in enumerate(self.lines):
                small = next((s for s in (30, 26, 22) if text.font(s).size(line)[0] <= room), 20)
                rows.append((line, small, 46 * i + (30 - small) // 2))
            return rows, 46 * len(self.lines)
        y = 0
        for line in self.lines:
            size, parts = text.fitting_lines(line, 30, room, least=20)
            pitch = text.font(size).get_linesize()
            for part in parts:
                rows.append((part, size, y))
                y += pitch
            y += 6
        return rows, y

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if element is self.close:
            self.on_back()

    def handle_pointer(self, pe: PointerEvent) -> bool:
        if pe.kind == "tap":
            self.on_back()
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        sheet(canvas, self.rect, self.app.darken)
        text = self.app.text
        x = self.rect.x + 50
        if self.icon:
            img = self.app.assets.image(self.icon, (84, 84))
            canvas.blit(img, (x, self.rect.y + 28))
            x += 104
        text.draw(canvas, self.title, (x, self.rect.y + 44), 48, GOLD, bold=True)
        y = self.rect.y + self.top
        for line, size, top in self.rows:
            text.draw(canvas, line, (self.rect.x + 60, y + top), size, CREAM)
        y += self.rect.h - self.top - 140 - (110 if self.coins is not None else 0)
        if self.coins is not None:
            if not self.coins:
                text.draw(canvas, tr("nm.pile.empty"), (self.rect.x + 60, y + 20), 30, MUTED)
            for i, value in enumerate(self.coins):
                face = coin_face(self.app.assets, self.app.text, value, 86)
                canvas.blit(face, (self.rect.x + 60 + i * 98, y + 4))


class MenuScene(_Dialog):
    """The ⋯ menu: Game info, Help, Settings, Quit to title."""

    name = "nm_menu"
    RECT = pygame.Rect(LOGICAL_W // 2 - 300, 110, 600, 850)

    def __init__(self, app, actions: dict[str, Callable[[], object]]) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.actions = actions
        self.buttons: dict[object, str] = {}
        labels = [("info", tr("nm.menu.info"), None), ("help", tr("nm.menu.help"), None),
                  ("settings", tr("nm.menu.settings"), None), ("online", tr("nm.menu.online"), None),
                  ("quit", tr("nm.menu.quit"), "#danger"), ("close", tr("nm.menu.close"), "#primary")]
        labels = [entry for entry in labels if entry[0] in actions or entry[0] == "close"]
        for i, (key, words, oid) in enumerate(labels):
            rect = (self.RECT.x + 60, self.RECT.y + 130 + i * 106, self.RECT.w - 120, 84)
            self.buttons[button(self.ui, rect, words, oid)] = key
        self._widen()

    def _widen(self) -> None:
        """At a bigger text size the sheet is as wide as its widest label needs (buttons and the note
        under them), centred as before; at 100 % it keeps its width."""
        made = [b for b in self.buttons if isinstance(b, pygame_gui.elements.UIButton)]
        note = self.app.text.font(22).size(tr("nm.menu.saved"))[0] + 60
        inner = max([wanted_width(b, self.RECT.w - 120) for b in made] + [note - 120])
        if inner <= self.RECT.w - 120:
            return
        self.RECT = pygame.Rect(LOGICAL_W // 2 - inner // 2 - 60, self.RECT.y, inner + 120, self.RECT.h)
        for b in made:
            resize(b, (inner, int(b.rect.h)), (self.RECT.x + 60, int(b.rect.y)))

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        key = self.buttons.get(element)
        if key is None:
            return
        self.app.stack.pop()
        if key in self.actions:
            self.actions[key]()

    def handle_pointer(self, pe: PointerEvent) -> bool:
        if pe.kind == "tap" and not self.RECT.collidepoint(pe.pos):
            self.on_back()
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        sheet(canvas, self.RECT, self.app.darken)
        self.app.text.draw(canvas, tr("nm.menu.heading"), (self.RECT.centerx, self.RECT.y + 40), 48, GOLD, bold=True,
                           anchor="midtop")
        self.app.text.draw(canvas, tr("nm.menu.saved"), (self.RECT.centerx, self.RECT.bottom - 40),
                           22, MUTED, anchor="center")


LABEL_W, VALUE_W = 228, 580  # a summary row's label column, and its value's room before the log


class GameInfoScene(_Dialog):
    """Game info: coin piles, bonus tokens, the deck, each merchant's tokens, and the full log."""

    name = "nm_game_info"
    RECT = pygame.Rect(90, 60, LOGICAL_W - 180, LOGICAL_H - 120)

    def __init__(self, app, summary: list[tuple[str, str]], log: list[str]) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.summary = summary
        body = "<br>".join(_escape(line) for line in log) or tr("nm.info.log_empty")
        rect = pygame.Rect(self.RECT.x + 900, self.RECT.y + 160, self.RECT.w - 940, self.RECT.h - 300)
        self.log_box = pygame_gui.elements.UITextBox(body, rect, manager=self.ui)
        if hasattr(self.log_box, "scroll_bar") and self.log_box.scroll_bar is not None:
            self.log_box.scroll_bar.set_scroll_from_start_percentage(1.0)
        self.close = close_button(self.ui, self.RECT.centerx, self.RECT.bottom - 110, (280, 80))

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if element is self.close:
            self.on_back()

    def handle_pointer(self, pe: PointerEvent) -> bool:
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        sheet(canvas, self.RECT, self.app.darken)
        text = self.app.text
        with at_most(100):  # the heading keeps its size
            text.draw(canvas, tr("nm.info.heading"), (self.RECT.centerx, self.RECT.y + 28), 52, GOLD, bold=True,
                      anchor="midtop")
        if text_size() <= 100:
            text.draw(canvas, tr("nm.info.log"), (self.RECT.x + 900, self.RECT.y + 112), 30, GOLD, bold=True)
        else:  # grown: just above the log's box
            text.draw(canvas, tr("nm.info.log"), (self.RECT.x + 900, self.log_box.rect.y - 4), 30, GOLD, bold=True,
                      anchor="bottomleft")
        y = self.RECT.y + 104
        for label, value in self.summary:
            if not value:
                text.draw(canvas, label, (self.RECT.x + 50, y + 10), 30, GOLD, bold=True)
                y += grown(54)
                continue
            small = text.fitting(label, 26, LABEL_W, least=26)  # smaller to fit its column, down to its 100 % size
            text.draw(canvas, label, (self.RECT.x + 60, y), small, MUTED)
            if text.font(small).size(label)[0] > LABEL_W:  # still too wide: its value on the next row
                y += grown(38)
            size, lines = text.fitting_lines(value, 26, VALUE_W)  # left of the log: two lines before smaller
            for line in lines:
                text.draw(canvas, line, (self.RECT.x + 300, y), size, CREAM)
                y += grown(38)


def _escape(line: str) -> str:
    return line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
