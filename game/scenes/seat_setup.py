"""Seat setup: how many players, which seats are people or bots, bot levels, game options.

Every game's setup is this screen (Swap Meet's lobby adds a guest's Ready to it), so the header,
the seat rows, the level chooser and Start sit in the same places for all three.

Person / Bot is a two-part toggle with the current choice lit, so a label never has to say whether
it shows the current choice or the next one. Under the seats, one line per bot level says what
that level does (the rules' own `level_notes`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.draw.palette import CREAM, GOLD, MUTED
from game.draw.text import grown, text_size, unscaled
from game.draw.ui import HintEntry, button, label_width, resize, wanted_width
from game.draw.widgets import felt, heading, panel
from game.scenes.match import start_new_match
from game.shell.catalog import GameEntry, SetupOption
from game.shell.display import LOGICAL_W
from game.shell.scene import Scene
from game.text import tr
from rules import names
from rules.contract import Game, MatchConfig, SeatConfig
from rules.registry import GameUnavailable, get_game

ROW_H = 92
PANEL = pygame.Rect(LOGICAL_W // 2 - 700, 176, 1400, 744)
SEAT_NAMES = names.BOT_NAMES  # a bot seat's name until someone types one
ROWS_TOP = 112  # first seat row, below the panel's top
ROW_GAP = 12  # the least space between two rows' buttons
LEVEL_X, LEVEL_W = 700, 250  # a bot's level chooser (a guest's Ready in a lobby), right of Person / Bot
OPTIONS_X, OPTIONS_TOP = 1010, 170  # the game's options column: a label above each chooser
OPTION_GAP = 130  # from one option's chooser to the next
NOTE_H = 36  # one line of the bot-level notes
NOTES_PAD = 24  # between the notes and the panel's bottom edge
NAME_X, NAME_W, NAME_H = 40, 285, 48  # a person's name field, under its "Seat N"
NOT_IN_NAMES = list("<>{}[]()/\\|@#$%^*+=~`\";:,")  # refused as they are typed (rules/names.py has the rule)


def first_level(chosen: tuple[str, ...], game: str, levels: tuple[str, ...]) -> str:
    """A bot's default level: the one last started with for this game, else Easy for a first match
    (Normal, else the first level, when a game has no Easy)."""
    kept = next((c.split("=", 1)[1] for c in chosen if c.startswith(f"{game}=")), None)
    if kept in levels:
        return str(kept)
    return next((lvl for lvl in ("easy", "normal") if lvl in levels), levels[0])


def option_label(opt: SetupOption) -> str:
    """A game option's name in the player's language ("Round timer")."""
    return tr(f"setup.option.{opt.key}")


def option_words(opt: SetupOption, value: Any) -> str:
    """How an option's value reads on its chooser: each worded by its key ("Relaxed"), or a number in
    its option's template ("90 s")."""
    return tr(f"setup.option.{opt.key}.{value}") if opt.shown else tr(f"setup.option.{opt.key}.value", value=value)


@dataclass(frozen=True)
class SeatRow:
    """One seat's buttons: the Person / Bot toggle (the current half lit) and, for a bot, its level."""

    person: Any
    bot: Any
    level: Any | None


class SeatSetupScene(Scene):
    """Choose the seats, then Start; every game's table begins here."""

    name = "seat_setup"
    focusable = True  # its buttons by keyboard (game/shell/focus.py)

    def __init__(self, app, entry: GameEntry) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.entry = entry
        self.game_name = entry.name
        try:
            self.game: Game[Any, Any, Any] | None = get_game(entry.name)
        except GameUnavailable as exc:
            self.game = None
            self.problem = str(exc)
        self.title = entry.title
        lo, hi = (self.game.min_seats, self.game.max_seats) if self.game else (2, 2)
        self.count = lo if lo == hi else min(hi, max(lo, 4 if hi >= 4 else lo))
        self.min_seats, self.max_seats = lo, hi
        levels = self.game.bot_levels if self.game else ("normal",)
        self.levels = levels
        default_level = first_level(app.settings.bot_levels, entry.name, levels)
        self.people = [i == 0 for i in range(hi)]
        self.bot_level = [default_level] * hi
        self.options = {o.key: o.default for o in entry.options}
        kept = app.settings.player_names
        self.person_names = [kept[k] if k < len(kept) else "" for k in range(hi)]  # by person, as typed
        self.name_fields: dict[int, HintEntry] = {}  # person number -> its field (rebuilt with the rows)
        self._build()

    def notes(self) -> list[tuple[str, str]]:
        """(Level, what it does) for every bot level the game describes."""
        described = self.game.level_notes if self.game else {}
        return [(tr("setup.level", level=level), tr(f"setup.note.{self.game_name}.{level}"))
                for level in self.levels if level in described]

    def rows_top(self) -> int:
        """The first seat row's top, under the "Seats" label (which grows with the text size)."""
        return PANEL.y + ROWS_TOP + grown(40) - 40 + grown(20) - 20  # and the field's label under it

    def note_size(self) -> float:
        """The notes' size: the text size's, else smaller (down to their 100 % size) so the seat rows
        keep buttons tall enough for their labels."""
        for size in (26, (26 + unscaled(26)) / 2, unscaled(26)):
            if self._rows_room(size) // max(1, self.count) >= self.bh_wanted() + ROW_GAP:
                return size
        return unscaled(26)

    def note_lines(self, size: float) -> list[tuple[str, list[str]]]:
        """The level notes, each wrapped to the room right of the widest level word."""
        text = self.app.text
        # under the options column at 100 % (one line each); short of it for bigger words, which wrap
        right = PANEL.x + OPTIONS_X - 30 if self.entry.options and text_size() > 100 else PANEL.right - 40
        x = self.note_x()
        return [(level, text.wrap(note, size, right - x)) for level, note in self.notes()]

    def note_x(self) -> int:
        """Where the notes' words start: right of the widest level word."""
        widest = max((self.app.text.font(28, True).size(level)[0] for level, _ in self.notes()), default=0)
        return PANEL.x + max(200, 50 + widest + 24)

    def notes_h(self, size: float) -> int:
        """The notes' height: a line as tall as their words need."""
        line_h = max(NOTE_H, self.app.text.font(size).get_linesize())
        return int(line_h * sum(len(lines) for _, lines in self.note_lines(size)))

    def _rows_room(self, note_size: float) -> int:
        return PANEL.bottom - self.rows_top() - NOTES_PAD - self.notes_h(note_size)

    def row_h(self) -> int:
        """Seat row pitch: the rows shrink at the biggest tables so the level notes still fit."""
        return min(grown(ROW_H - 72) + self.bh_wanted(), self._rows_room(self.note_size()) // max(1, self.count))

    def option_gap(self) -> int:
        """From one option's chooser to the next: its label above it grows, and so does the chooser."""
        return OPTION_GAP + grown(30) - 30 + self.bh_wanted() - 72

    @staticmethod
    def bh_wanted() -> int:
        """A row's buttons' height for their labels: 72 at 100 %."""
        return 16 + grown(56)

    def button_h(self) -> int:
        """A seat row's button height: 72 (more for bigger text), less at the biggest tables so rows never touch."""
        return min(self.bh_wanted(), self.row_h() - ROW_GAP)

    def _keep_names(self) -> None:
        """What was typed in the name fields, kept before the rows are rebuilt."""
        for k, field in self.name_fields.items():
            self.person_names[k] = field.get_text()

    def _name_field(self, seat: int, y: int) -> None:
        """A person's name: typed here, the default ("Player 2") shown dim until something is."""
        k = self._person_no(seat) - 1
        high = min(self.button_h(), NAME_H + grown(28) - 28)  # the entry's words grow
        field = HintEntry(pygame.Rect(PANEL.x + NAME_X, y + self.button_h() - high, NAME_W, high), self.ui,
                          tr("setup.player", number=k + 1))
        field.set_text_length_limit(names.NAME_MAX)
        field.set_forbidden_characters(NOT_IN_NAMES)
        field.set_text(self.person_names[k][:names.NAME_MAX])
        self.name_fields[k] = field

    def _build(self) -> None:
        self._keep_names()
        self.ui.clear_and_reset()
        self.name_fields = {}
        self.seat_buttons: list[SeatRow] = []
        top, pitch, bh = self.rows_top(), self.row_h(), self.button_h()
        for i in range(self.count):
            y = top + i * pitch
            person = button(self.ui, (PANEL.x + 340, y, 170, bh), tr("setup.person"),
                            "#toggle_on" if self.people[i] else "#toggle_off")
            resize(person, (max(170, label_width(person)), bh), (PANEL.x + 340, y))  # as wide as its label
            bot_x = int(person.rect.right) + 4
            bot = button(self.ui, (bot_x, y, 150, bh), tr("setup.bot"),
                         "#toggle_off" if self.people[i] else "#toggle_on")
            level = None
            if self.people[i]:
                self._name_field(i, y)
            else:
                level_x = max(PANEL.x + LEVEL_X, int(bot.rect.right) + 36)
                room = PANEL.x + OPTIONS_X - 24 - level_x if self.entry.options else LEVEL_W  # short of the options
                level = button(self.ui, (level_x, y, min(LEVEL_W, room), bh),
                               tr("setup.level_next", level=self.bot_level[i]))
            self.seat_buttons.append(SeatRow(person, bot, level))
        self.fewer = self.more = None
        if self.max_seats > self.min_seats:
            self.fewer = button(self.ui, (PANEL.right - 420 - self._count_grown(), PANEL.y + 24, 80, 72), "−")
            self.more = button(self.ui, (PANEL.right - 110, PANEL.y + 24, 80, 72), "+")
        self.option_buttons = {}
        for j, opt in enumerate(self.entry.options):
            y = PANEL.y + OPTIONS_TOP + j * self.option_gap()
            self.option_buttons[opt.key] = button(self.ui, (PANEL.x + OPTIONS_X, y, 300, self.bh_wanted()),
                                                  option_words(opt, self.options[opt.key]) + "  ›")
        y = PANEL.bottom + 40
        self.back = button(self.ui, (PANEL.x, y, 260, 84), tr("setup.back"), "#quiet")
        self.help = button(self.ui, (LOGICAL_W // 2 - 150, y, 300, 84), tr("setup.help"))
        self.start = button(self.ui, (PANEL.right - 360, y, 360, 84), tr("setup.start"), "#primary")
        if wanted_width(self.start, 360) > 360:  # grown words: as wide as its label, from the panel's right edge
            resize(self.start, (wanted_width(self.start, 360), 84), (PANEL.right - wanted_width(self.start, 360), y))
        wide = max(300, label_width(self.help))  # a long word at a bigger text size ("Spielanleitung")
        if wide > 300:
            resize(self.help, (wide, 84), (LOGICAL_W // 2 - wide // 2, y))
        if self.entry.table_class() is None or self.game is None:
            self.start.disable()
        self.invalidate()

    def _count_grown(self) -> int:
        """How much further left − goes so the widest "N players" fits between − and + (0 at 100 %)."""
        if text_size() <= 100:
            return 0
        font = self.app.text.font(34, True)
        widest = max(font.size(tr("setup.players", count=n))[0] for n in range(self.min_seats, self.max_seats + 1))
        return max(0, widest + 2 * 16 - 230)  # 230: between − and + as laid out

    def config(self) -> MatchConfig:
        """The match config these choices describe (a person's typed name, or "Player N")."""
        self._keep_names()
        seats = tuple(SeatConfig(SEAT_NAMES[i] if not self.people[i] else self.person_name(i),
                                 None if self.people[i] else self.bot_level[i]) for i in range(self.count))
        return MatchConfig(seats, dict(self.options))

    def person_name(self, seat: int) -> str:
        """The name a person's seat plays under."""
        k = self._person_no(seat) - 1
        return names.or_default(self.person_names[k], tr("setup.player", number=k + 1))

    def remember_names(self) -> None:
        """Keep the names typed here for the next match on this device (a kiosk forgets them per visitor)."""
        self._keep_names()
        kept = tuple(names.or_default(n, "") for n in self.person_names)
        while kept and not kept[-1]:
            kept = kept[:-1]
        if kept != self.app.settings.player_names:
            self.app.update_settings(player_names=kept)

    def _person_no(self, seat: int) -> int:
        return sum(1 for j in range(seat + 1) if self.people[j])

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if element is self.back:
            self.on_back()
        elif element is self.help:
            from game.scenes.help import HelpScene

            self.app.stack.push(HelpScene.for_game(self.app, self.entry))
        elif element is self.start:
            self._start()
        elif element is self.fewer:
            self.count = max(self.min_seats, self.count - 1)
        elif element is self.more:
            self.count = min(self.max_seats, self.count + 1)
        else:
            self._seat_or_option(element)
        self._build()

    def _seat_or_option(self, element) -> None:  # type: ignore[no-untyped-def]
        for i, row in enumerate(self.seat_buttons):
            if element is row.person or element is row.bot:
                self.people[i] = element is row.person  # tapping the lit half changes nothing
            elif element is row.level:
                k = self.levels.index(self.bot_level[i])
                self.bot_level[i] = self.levels[(k + 1) % len(self.levels)]
        for opt in self.entry.options:
            if element is self.option_buttons.get(opt.key):
                k = opt.values.index(self.options[opt.key])
                self.options[opt.key] = opt.values[(k + 1) % len(opt.values)]

    def _start(self) -> None:
        self.remember_names()
        self.remember_level()
        start_new_match(self.app, self.entry, self.config())

    def remember_level(self) -> None:
        """The level the first bot plays at is the next match's default (kept per device, per game)."""
        bots = [self.bot_level[i] for i in range(self.count) if not self.people[i]]
        if bots and not self.app.options.kiosk:
            kept = tuple(c for c in self.app.settings.bot_levels if not c.startswith(f"{self.game_name}="))
            self.app.update_settings(bot_levels=(*kept, f"{self.game_name}={bots[0]}"))

    def on_back(self) -> bool:
        self.app.go(lambda: self.app.stack.reset(self.app.title()))
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        felt(canvas, self.app.assets)
        heading(canvas, self.app.text, tr("setup.heading", game=self.title), 70, 64)
        panel(canvas, PANEL)
        text = self.app.text
        text.draw(canvas, tr("setup.seats"), (PANEL.x + 50, PANEL.y + 36), 40, GOLD, bold=True)
        if self.max_seats > self.min_seats:
            middle = PANEL.right - 225 - self._count_grown() // 2  # between − and +
            text.draw(canvas, tr("setup.players", count=self.count), (middle, PANEL.y + 60), 34, CREAM,
                      bold=True, anchor="center")
        pitch = self.row_h()
        for i in range(self.count):
            y = self.rows_top() + i * pitch
            if self.people[i]:  # "Seat 1" over the person's name field
                field = self.name_fields.get(self._person_no(i) - 1)
                field_y = int(field.rect.y) if field is not None else y + self.button_h() - NAME_H
                words = tr("setup.seat_name", number=i + 1)  # short of Person: smaller, never below 100 %
                size = text.fitting(words, 20, 340 - NAME_X - 20, least=20)
                text.draw(canvas, words, (PANEL.x + NAME_X + 10, field_y - 2), size, MUTED, anchor="bottomleft")
                continue
            name = SEAT_NAMES[i]
            mid = y + self.button_h() // 2  # "Seat 1" over the name, the pair centred on the row's buttons
            if text.font(24).get_linesize() + text.font(34, True).get_linesize() > pitch + 16:  # no room for two lines
                text.draw(canvas, f"{i + 1} · {name}", (PANEL.x + 50, mid), 34, CREAM, bold=True, anchor="midleft")
                continue
            text.draw(canvas, tr("setup.seat", number=i + 1), (PANEL.x + 50, mid - 4), 24, MUTED, anchor="bottomleft")
            text.draw(canvas, name, (PANEL.x + 50, mid - 6), 34, CREAM, bold=True, anchor="topleft")
        self._draw_notes(canvas)
        for j, opt in enumerate(self.entry.options):
            y = PANEL.y + OPTIONS_TOP + j * self.option_gap()
            label = option_label(opt)  # inside the panel: smaller, never below 100 %
            text.draw(canvas, label, (PANEL.x + OPTIONS_X, y - 46 - (grown(30) - 30)),
                      text.fitting(label, 30, PANEL.w - OPTIONS_X - 30, bold=True, least=30), CREAM, bold=True)
        if self.game is None:
            text.draw(canvas, self.problem, (PANEL.centerx, PANEL.bottom - 60), 30, MUTED, anchor="center")

    def _draw_notes(self, canvas: pygame.Surface) -> None:
        """One line per bot level under the seats: the level in gold, what it does in cream."""
        size = self.note_size()
        y = PANEL.bottom - NOTES_PAD - self.notes_h(size)
        text, x = self.app.text, self.note_x()
        line_h = max(NOTE_H, text.font(size).get_linesize())
        for level, lines in self.note_lines(size):
            text.draw(canvas, level, (PANEL.x + 50, y), min(28, size + 2), GOLD, bold=True)
            for line in lines:  # a long note takes a second line
                text.draw(canvas, line, (x, y + 2), size, CREAM)
                y += line_h
