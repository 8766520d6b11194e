"""The History screen: finished matches of this device, newest first, with per-name totals; a row
opens its replay as the seat that played it here; a share code pasted in opens that match."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pygame_gui

from game.draw.palette import CREAM, GOLD, MUTED
from game.draw.ui import button
from game.draw.widgets import heading, panel
from game.match.replay import CannotOpen, load_record
from game.scenes.replay_bar import open_replay
from game.services import history
from game.shell import catalog
from game.shell.scene import Scene
from game.text import say, tr
from rules.errors import IllegalAction

ROWS = 8
LIST = pygame.Rect(80, 250, 1120, 86 * ROWS)
SIDE = pygame.Rect(1240, 250, 600, 540)
CODE_AT = pygame.Rect(1240, 820, 600, 64)


class HistoryScene(Scene):
    """Every finished match kept here (game/services/history.py)."""

    name = "history"
    focusable = True  # its filters, rows, pages and the share code by keyboard (game/shell/focus.py)

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.kept, problems = history.matches()
        for problem in problems:
            self.app.toast(problem, error=True, seconds=7.0)
        self.totals = history.totals(self.kept)
        self.game: str | None = None
        self.page = 0
        self.code_line = ""
        self._build()

    def shown(self) -> list[history.Kept]:
        """The rows for the chosen game (all games: None), newest first."""
        return self.chosen()[self.page * ROWS:(self.page + 1) * ROWS]

    def chosen(self) -> list[history.Kept]:
        """Every kept match of the chosen game, newest first."""
        return [k for k in self.kept if self.game is None or k.record.game == self.game]

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.filters: dict[object, str | None] = {}
        x = LIST.x
        for key, words in [(None, tr("history.all")), *((e.name, e.title) for e in catalog.entries())]:
            oid = "#primary" if key == self.game else "#quiet"
            self.filters[button(self.ui, (x, 160, 250, 64), words, oid)] = key
            x += 262
        self.rows: dict[object, history.Kept] = {}
        for i, kept in enumerate(self.shown()):
            rect = (LIST.x, LIST.y + 86 * i, LIST.w, 76)
            self.rows[button(self.ui, rect, _row_words(kept), None)] = kept
        self.code = pygame_gui.elements.UITextEntryLine(pygame.Rect(CODE_AT.x, CODE_AT.y, 420, 64), self.ui,
                                                        placeholder_text=tr("history.paste"))
        self.open_b = button(self.ui, (CODE_AT.x + 432, CODE_AT.y, 168, 64), tr("history.open"), "#primary")
        self.back_b = button(self.ui, (80, 975, 240, 78), tr("history.back"), "#quiet")
        self.pages: dict[object, int] = {}
        if self.page > 0:
            self.pages[button(self.ui, (LIST.right - 420, 975, 200, 78), tr("history.newer"), None)] = self.page - 1
        if len(self.chosen()) > (self.page + 1) * ROWS:
            self.pages[button(self.ui, (LIST.right - 200, 975, 200, 78), tr("history.older"), None)] = self.page + 1
        self.invalidate()

    def on_button(self, element: Any) -> None:
        if element in self.filters:
            self.game, self.page = self.filters[element], 0
            self._build()
        elif element in self.pages:
            self.page = self.pages[element]
            self._build()
        elif element in self.rows:
            kept = self.rows[element]
            self._open(lambda: open_replay(self.app, kept.record, kept.viewer, lambda: HistoryScene(self.app)))
        elif element is self.open_b:
            self.open_code(self.code.get_text())
        elif element is self.back_b:
            self.app.stack.pop()

    def on_ui_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.code:
            self.open_code(self.code.get_text())  # Enter in the share code opens it, as Open does

    def open_code(self, code: str) -> None:
        """Open a pasted share code; one clear line when it opens nothing."""
        code = code.strip()
        if not code:
            self.code_line = tr("history.paste_first")
            self.invalidate()
            return
        try:
            record = load_record(code)
        except CannotOpen as exc:
            self.code_line = exc.reason[:1].upper() + exc.reason[1:]
            self.invalidate()
            return
        self._open(lambda: open_replay(self.app, record, None, lambda: HistoryScene(self.app)))

    def _open(self, opening: Any) -> None:
        try:
            opening()
        except (CannotOpen, IllegalAction, LookupError, ValueError) as exc:
            why = say(exc.refusal) if isinstance(exc, IllegalAction) else str(exc)
            self.app.toast(tr("history.cannot_show", why=why), error=True)

    def draw_scene(self, canvas: pygame.Surface) -> None:
        canvas.fill((24, 20, 16))
        text = self.app.text
        heading(canvas, text, tr("history.heading"), 40)
        if not self.shown():
            text.draw(canvas, tr("history.empty"),
                      (LIST.x, LIST.y + 20), 30, MUTED)
        panel(canvas, SIDE, radius=18)
        text.draw(canvas, tr("history.device"), (SIDE.x + 24, SIDE.y + 18), 30, GOLD, bold=True)
        y = SIDE.y + 66
        for name, mine in sorted(self.totals.items(), key=lambda kv: -kv[1].matches)[:6]:
            totals = tr("history.totals", name=name, played=mine.matches, won=mine.wins)
            text.draw(canvas, totals, (SIDE.x + 24, y), 26, CREAM)
            best = " · ".join(tr("history.best", game=_title(g), score=round(s)) for g, s in sorted(mine.best.items()))
            text.draw(canvas, best, (SIDE.x + 40, y + 32), 20, MUTED)
            y += 76
        for k, words in enumerate((tr("history.note1"), tr("history.note2"))):
            text.draw(canvas, words, (SIDE.x + 24, SIDE.bottom - 70 + 28 * k), 22, MUTED)
        for k, line in enumerate(text.wrap(self.code_line, 22, CODE_AT.w)[:3]):  # inside the side column
            text.draw(canvas, line, (CODE_AT.x, CODE_AT.bottom + 14 + 28 * k), 22, (235, 120, 100))


def _title(game: str) -> str:
    entry = catalog.entry(game)
    return entry.title if entry else game


def _row_words(kept: history.Kept) -> str:
    when = time.strftime("%d %b %H:%M", time.localtime(kept.ended_at))
    names = kept.names
    who = tr("history.vs").join(names) if len(names) <= 3 else \
        tr("history.others", name=names[kept.viewer or 0], count=len(names) - 1)
    relaxed = tr("history.relaxed") if kept.record.config.options.get("pace") == "relaxed" else ""
    return f"{when} · {_title(kept.record.game)}{relaxed} · {who} · {history.result_line(kept)}"
