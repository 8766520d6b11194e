"""The History screen: finished matches of this device, newest first, with per-name totals; a row
opens its replay as the seat that played it here; a share code pasted in opens that match."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pygame_gui

from game.draw.palette import CREAM, GOLD, MUTED
from game.draw.text import grown
from game.draw.ui import LABEL_PAD, button, label_fits, resize, uncut_width, wanted_width
from game.draw.widgets import heading, panel
from game.match.replay import CannotOpen, load_record
from game.scenes.replay_bar import open_replay
from game.services import history
from game.shell import catalog
from game.shell.scene import Scene
from game.text import say, tr
from rules.errors import IllegalAction

ROWS = 8  # rows a page holds at 100 %; fewer, taller ones at a bigger text size (`rows_per_page`)
LIST = pygame.Rect(80, 250, 1120, 86 * ROWS)
SIDE = pygame.Rect(1240, 250, 600, 540)
CODE_AT = pygame.Rect(1240, 820, 600, 64)
FILTER_Y, FOOT_Y = 160, 975


def list_top() -> int:
    """Where the rows start: under the filters, as tall as their grown labels (250 at 100 %)."""
    return FILTER_Y + grown(64) + 26


def rows_per_page() -> int:
    """As many rows as fit between the filters and the foot's buttons (8 at 100 %)."""
    return min(ROWS, (FOOT_Y - list_top()) // grown(86))


def side_rect(code_top: int = CODE_AT.y) -> pygame.Rect:
    """The totals' panel: beside the rows, down to above the share code."""
    top = list_top()
    return pygame.Rect(SIDE.x, top, SIDE.w, code_top - 30 - top)


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
        per = rows_per_page()
        return self.chosen()[self.page * per:(self.page + 1) * per]

    def chosen(self) -> list[history.Kept]:
        """Every kept match of the chosen game, newest first."""
        return [k for k in self.kept if self.game is None or k.record.game == self.game]

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.filters: dict[object, str | None] = {}
        x = LIST.x
        for key, words in [(None, tr("history.all")), *((e.name, e.title) for e in catalog.entries())]:
            oid = "#primary" if key == self.game else "#quiet"
            made = button(self.ui, (x, FILTER_Y, 250, grown(64)), words, oid)
            if uncut_width(made, 250) > 250:  # a grown or long label ("Todos los juegos"): as wide as it
                resize(made, (uncut_width(made, 250), grown(64)), (x, FILTER_Y))
            self.filters[made] = key
            x += int(made.rect.w) + 12
        self.rows: dict[object, history.Kept] = {}
        for i, kept in enumerate(self.shown()):
            rect = (LIST.x, list_top() + grown(86) * i, LIST.w, grown(76))
            made = button(self.ui, rect, _row_words(kept), None)
            _fit_row(made, kept)
            self.rows[made] = kept
        self._code_line()
        self._foot()
        self.invalidate()

    def _code_line(self) -> None:
        """The share code's entry and its Open button (as wide as its label), side by side; when the
        entry's hint would not fit beside Open, the entry takes the column's width above it."""
        self.open_b = button(self.ui, (CODE_AT.x + 432, CODE_AT.y, 168, grown(64)), tr("history.open"), "#primary")
        opened = wanted_width(self.open_b, 168)
        entry = pygame.Rect(CODE_AT.x, CODE_AT.y, CODE_AT.w - 12 - opened, grown(64))
        self.code = pygame_gui.elements.UITextEntryLine(entry, self.ui, placeholder_text=tr("history.paste"))
        font = self.code.font
        if font is not None and font.size(tr("history.paste"))[0] + 2 * LABEL_PAD > entry.w:
            self.code.set_dimensions((CODE_AT.w, grown(64)))
            self.code.set_relative_position((CODE_AT.x, CODE_AT.y - grown(64) - 12))
        if opened > 168:
            resize(self.open_b, (opened, grown(64)), (CODE_AT.right - opened, CODE_AT.y))

    def code_top(self) -> int:
        """The share code entry's top: above Open when it takes the column's width."""
        return int(self.code.rect.y)

    def _foot(self) -> None:
        """Back at the left; Newer and Older at the rows' right end, as wide as their labels."""
        self.back_b = button(self.ui, (80, FOOT_Y, 240, 78), tr("history.back"), "#quiet")
        if wanted_width(self.back_b, 240) > 240:
            resize(self.back_b, (wanted_width(self.back_b, 240), 78), (80, FOOT_Y))
        self.pages: dict[object, int] = {}
        right = LIST.right
        steps = [(tr("history.older"), self.page + 1)] if len(self.chosen()) > (self.page + 1) * rows_per_page() else []
        if self.page > 0:
            steps.append((tr("history.newer"), self.page - 1))
        for words, page in steps:  # from the right: Older, then Newer left of it
            made = button(self.ui, (right - 200, FOOT_Y, 200, 78), words, None)
            width = wanted_width(made, 200)
            if width > 200:
                resize(made, (width, 78), (right - width, FOOT_Y))
            self.pages[made] = page
            right -= width + 20

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
            for k, line in enumerate(text.wrap(tr("history.empty"), 30, LIST.w)):
                text.draw(canvas, line, (LIST.x, list_top() + 20 + grown(40) * k), 30, MUTED)
        self._draw_side(canvas)
        for k, line in enumerate(text.wrap(self.code_line, 22, CODE_AT.w)[:3]):  # inside the side column
            text.draw(canvas, line, (CODE_AT.x, CODE_AT.y + grown(64) + 14 + grown(28) * k), 22, (235, 120, 100))

    def _draw_side(self, canvas: pygame.Surface) -> None:
        """The per-name totals in their panel, its heading and notes wrapped in it; totals that do not
        fit above the notes are left out (the busiest names come first)."""
        text, side = self.app.text, side_rect(self.code_top())
        panel(canvas, side, radius=18)
        width = side.w - 48
        y = side.y + 18
        for line in text.wrap(tr("history.device"), 30, width, bold=True):
            text.draw(canvas, line, (side.x + 24, y), 30, GOLD, bold=True)
            y += grown(40)
        y += 8
        notes = [line for words in (tr("history.note1"), tr("history.note2")) for line in text.wrap(words, 22, width)]
        notes_top = side.bottom - 14 - grown(28) * len(notes)
        for name, mine in sorted(self.totals.items(), key=lambda kv: -kv[1].matches)[:6]:
            if y + grown(60) > notes_top:  # its two lines would reach the notes
                break
            totals = tr("history.totals", name=name, played=mine.matches, won=mine.wins)
            text.draw(canvas, totals, (side.x + 24, y), text.fitting(totals, 26, width), CREAM)
            best = " · ".join(tr("history.best", game=_title(g), score=round(s)) for g, s in sorted(mine.best.items()))
            text.draw(canvas, best, (side.x + 40, y + grown(32)), text.fitting(best, 20, width - 16), MUTED)
            y += grown(76)
        for k, line in enumerate(notes):
            text.draw(canvas, line, (side.x + 24, notes_top + grown(28) * k), 22, MUTED)


def _title(game: str) -> str:
    entry = catalog.entry(game)
    return entry.title if entry else game


def _fit_row(made: pygame_gui.elements.UIButton, kept: history.Kept) -> None:
    """A row's label too wide for it (long names, grown words) leaves out who played (the result names
    the winner), then the time of day, then ends in an ellipsis: it never runs out into the totals."""
    for words in (_row_words(kept, who=False), _row_words(kept, who=False, hour=False)):
        if label_fits(made):
            return
        made.set_text(words)
    while not label_fits(made) and len(words) > 1:
        words = words[:-2].rstrip() + "…"
        made.set_text(words)


def _row_words(kept: history.Kept, who: bool = True, hour: bool = True) -> str:
    when = time.strftime("%d %b %H:%M" if hour else "%d %b", time.localtime(kept.ended_at))
    names = kept.names
    names_line = tr("history.vs").join(names) if len(names) <= 3 else \
        tr("history.others", name=names[kept.viewer or 0], count=len(names) - 1)
    relaxed = tr("history.relaxed") if kept.record.config.options.get("pace") == "relaxed" else ""
    players = f" · {names_line}" if who else ""
    return f"{when} · {_title(kept.record.game)}{relaxed}{players} · {history.result_line(kept)}"
