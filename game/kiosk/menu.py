"""The operator menu: games, seats, bot level, volume, idle timers, today's numbers, and the exits.

Every change is applied at once and kept (game/kiosk/config.py `save_overrides`); the buttons are
rebuilt after each change so their words always say the current value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.draw.palette import CREAM, GOLD, MUTED
from game.draw.text import Text, grown, text_size
from game.draw.ui import SNUG_PAD, button, resize, snug_width, uncut_width, wanted_width
from game.draw.widgets import felt, heading, panel, toggle_label
from game.shell import catalog
from game.shell.display import LOGICAL_W
from game.shell.pointer import PointerEvent
from game.shell.scene import Scene
from game.text import tr
from rules.registry import get_game

if TYPE_CHECKING:
    from game.kiosk.controller import Kiosk

ATTRACT_STEPS = (20.0, 30.0, 45.0, 60.0, 120.0, 300.0)
MATCH_STEPS = (30.0, 60.0, 90.0, 120.0, 180.0, 300.0)
STATS = pygame.Rect(60, 170, 640, 760)
CONTROLS = pygame.Rect(740, 170, 1120, 760)
ROW = 86
TOAST_LANE = pygame.Rect(STATS.x + 20, 750, STATS.w - 40, 110)  # under today's numbers, over the demos line
TOP = CONTROLS.y + 80  # the first row of controls, under the game names
BOTTOM: tuple[tuple[str, str, str | None], ...] = (  # (key, action, look); Play online and Settings: staff only
    ("kiosk.menu.resume", "resume", "#primary"), ("title.online", "online", None), ("title.settings", "settings", None),
    ("kiosk.menu.restart", "restart", None), ("kiosk.menu.exit", "exit", "#danger"))
LABELS = ("kiosk.menu.games", "kiosk.menu.seats_label", "kiosk.menu.level", "kiosk.menu.volume", "kiosk.menu.attract",
          "kiosk.menu.match")
BOTTOM_W = 330


def _next(values: tuple[Any, ...], current: Any) -> Any:
    """The value after `current` in `values` (wrapping; the first when it is not there)."""
    return values[(values.index(current) + 1) % len(values)] if current in values else values[0]


class OperatorMenuScene(Scene):
    """Staff settings over a felt table; Resume goes back to the visitors."""

    name = "kiosk_menu"
    focusable = True  # its buttons and text entries by keyboard (game/shell/focus.py)

    def __init__(self, app: Any, kiosk: Kiosk) -> None:
        super().__init__(app)
        self.kiosk = kiosk
        self.actions: dict[Any, Any] = {}
        self._build()

    def _add(self, rect: tuple[Any, ...], words: str, action: Any, oid: str | None = None) -> None:
        self.actions[button(self.ui, rect, words, oid)] = action

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.actions = {}
        cfg = self.kiosk.config
        x, y = CONTROLS.x + 300, TOP
        for i, entry in enumerate(catalog.entries()):
            on = entry.name in cfg.games
            self._add((x + i * 262, y, 250, 72), tr("settings.on" if on else "settings.off"), ("game", entry.name),
                      toggle_label(on)[1])
            self._seat_button((x + i * 262, y + ROW), entry.name)
        level = button(self.ui, (x, y + 2 * ROW, 250, 72), tr("kiosk.menu.level_value", level=cfg.bot_level))
        if wanted_width(level, 250) > 250:  # alone in its row: as wide as its grown label
            resize(level, (wanted_width(level, 250), 72), (x, y + 2 * ROW))
        self.actions[level] = ("level", None)
        self._add((x, y + 3 * ROW, 110, 72), "−", ("volume", -0.1))
        self._add((x + 260, y + 3 * ROW, 110, 72), "+", ("volume", 0.1))
        self._add((x, y + 4 * ROW, 250, 72), tr("kiosk.menu.seconds", seconds=f"{cfg.attract_after:g}"),
                  ("attract", None))
        self._add((x, y + 5 * ROW, 250, 72), tr("kiosk.menu.seconds", seconds=f"{cfg.match_idle:g}"), ("match", None))
        reset = button(self.ui, (CONTROLS.x + 30, y + 6 * ROW + 6, 420, 76), tr("kiosk.menu.reset"), "#danger")
        if uncut_width(reset, 420) > 420:  # grown or long words: as wide as its label, Touch test after it
            resize(reset, (uncut_width(reset, 420), 76), (CONTROLS.x + 30, y + 6 * ROW + 6))
        self.actions[reset] = ("reset", None)
        touch = button(self.ui, (int(reset.rect.right) + 30, y + 6 * ROW + 6, 300, 76), tr("kiosk.menu.touch"))
        if wanted_width(touch, 300) > 300:
            resize(touch, (wanted_width(touch, 300), 76), (int(touch.rect.x), int(touch.rect.y)))
        self.actions[touch] = ("touch", None)
        self._bottom_row()
        self.invalidate()

    def _seat_button(self, at: tuple[int, int], game_name: str) -> None:
        """A game's seats, in its 250 px column: the count alone when the grown words do not fit (the
        row's label says what it counts)."""
        made = button(self.ui, (*at, 250, 72), tr("kiosk.menu.seats", count=self._seats(game_name)))
        if snug_width(made, 250) > 250:
            made.set_text(tr("kiosk.menu.seats_short", count=self._seats(game_name)))
        self.actions[made] = ("seats", game_name)

    def _bottom_row(self) -> None:
        """Resume … Exit along the foot, as wide as their labels and spread evenly; closer around their
        labels when the row would not fit the screen (long French words at 150 %)."""
        made = [button(self.ui, (60, CONTROLS.bottom + 36, BOTTOM_W, 90), tr(key), look) for key, _, look in BOTTOM]
        widths = [uncut_width(b, BOTTOM_W) for b in made]  # "Quitter vers le bureau" is wider at 100 %
        if sum(widths) + (len(made) - 1) * SNUG_PAD > LOGICAL_W - 120:
            widths = [snug_width(b, 0) for b in made]  # closer around their labels, narrower than laid out
        x, gap = 60, (LOGICAL_W - 120 - sum(widths)) // (len(BOTTOM) - 1)
        for b, width, (_, kind, _) in zip(made, widths, BOTTOM, strict=True):
            if (int(b.rect.x), int(b.rect.w)) != (x, width):
                resize(b, (width, 90), (x, CONTROLS.bottom + 36))
            self.actions[b] = (kind, None)
            x += width + gap

    def _seats(self, game_name: str) -> int:
        game = get_game(game_name)
        wanted = self.kiosk.config.seats.get(game_name, 4 if game.max_seats >= 4 else game.min_seats)
        return min(game.max_seats, max(game.min_seats, wanted))

    def on_button(self, element: Any) -> None:
        action = self.actions.get(element)
        if action is None:
            return
        kind, arg = action
        k, cfg = self.kiosk, self.kiosk.config
        if kind == "game":
            games = tuple(g for g in cfg.games if g != arg) if arg in cfg.games else (*cfg.games, arg)
            if games:  # at least one game stays on
                k.change(games=tuple(e.name for e in catalog.entries() if e.name in games))
        elif kind == "seats":
            game = get_game(arg)
            k.change(seats={**cfg.seats, arg: _next(tuple(range(game.min_seats, game.max_seats + 1)),
                                                    self._seats(arg))})
        elif kind == "level":
            k.change(bot_level=_next(("easy", "normal", "hard"), cfg.bot_level))
        elif kind == "volume":
            k.change(volume=round(min(1.0, max(0.0, cfg.volume + arg)), 2))
        elif kind == "attract":
            k.change(attract_after=_next(ATTRACT_STEPS, cfg.attract_after))
        elif kind == "match":
            k.change(match_idle=_next(MATCH_STEPS, cfg.match_idle))
        else:
            self._command(kind)
            return
        self._build()

    def _command(self, kind: str) -> None:
        k = self.kiosk
        if kind == "reset":
            k.leaderboard.reset()
            self.app.toast(tr("kiosk.menu.reset_done"))
        elif kind == "touch":
            k.open_touch_test()
        elif kind == "resume":
            k.resume_visitors()
        elif kind == "online":
            from game.scenes.online import OnlineScene

            self.app.go(lambda: self.app.stack.push(OnlineScene(self.app)))
        elif kind == "settings":
            from game.scenes.settings import SettingsScene

            self.app.stack.push(SettingsScene(self.app))
        elif kind == "restart":
            k.restart()
        elif kind == "exit":
            k.exit_to_desktop()

    def on_back(self) -> bool:
        self.kiosk.resume_visitors()
        return True

    def toast_lane(self) -> pygame.Rect:
        """Toasts go in the numbers panel's free space: at the bottom they lay over its last line and the hint."""
        return pygame.Rect(TOAST_LANE)

    def handle_pointer(self, pe: PointerEvent) -> bool:
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        felt(canvas, self.app.assets)
        heading(canvas, self.app.text, tr("kiosk.menu.title"), 50, 72)
        panel(canvas, STATS)
        panel(canvas, CONTROLS)
        self._draw_stats(canvas)
        self._draw_labels(canvas)

    def _draw_labels(self, canvas: pygame.Surface) -> None:
        text, cfg = self.app.text, self.kiosk.config
        y = TOP
        for i, entry in enumerate(catalog.entries()):  # over its 250 px column: smaller, never below 100 %
            text.draw(canvas, entry.title, (CONTROLS.x + 425 + i * 262, CONTROLS.y + 40),
                      text.fitting(entry.title, 28, 250, bold=True), GOLD, bold=True, anchor="center")
        for i, key in enumerate(LABELS):  # left of the controls (at 300): smaller, never below 100 %
            text.draw(canvas, tr(key), (CONTROLS.x + 30, y + i * ROW + 36), text.fitting(tr(key), 30, 260, bold=True),
                      CREAM, bold=True, anchor="midleft")
        x = CONTROLS.x + 300
        text.draw(canvas, f"{round(cfg.volume * 100)} %", (x + 185, y + 3 * ROW + 36), 34, GOLD, bold=True,
                  anchor="center")
        notes = ((4, tr("kiosk.menu.attract_note")), (5, tr("kiosk.menu.match_note", question=tr("kiosk.still.title"))))
        room = CONTROLS.right - 20 - (x + 270)
        for row, note in notes:  # beside its button, on two lines when one does not hold it
            lines = text.wrap(note, 26, room)
            if len(lines) > 2:
                lines = [note]
            size = text.fitting(lines[0], 26, room) if len(lines) == 1 else 26
            for k, line in enumerate(lines):
                middle = y + row * ROW + 36 + (k - (len(lines) - 1) / 2) * grown(30)
                text.draw(canvas, line, (x + 270, middle), size, MUTED, anchor="midleft")
        pin = tr("kiosk.menu.pin_set" if cfg.pin else "kiosk.menu.no_pin")
        kept = tr("kiosk.menu.kept", pin=pin)
        text.draw(canvas, kept, (CONTROLS.x + 30, CONTROLS.bottom - 40), text.fitting(kept, 24, CONTROLS.w - 60),
                  MUTED, anchor="midleft")

    def _draw_stats(self, canvas: pygame.Surface) -> None:
        text = self.app.text
        today = self.kiosk.stats.summary()
        x, y = STATS.x + 36, STATS.y + 30
        text.draw(canvas, tr("kiosk.stats.today"), (x, y), 40, GOLD, bold=True)
        busiest = f"{today.busiest_hour:02d}:00–{today.busiest_hour + 1:02d}:00" if today.busiest_hour is not None \
            else "—"
        rows = [(tr("kiosk.stats.sessions"), str(today.sessions)), (tr("kiosk.stats.finished"), str(today.finished)),
                (tr("kiosk.stats.abandoned"), str(today.abandoned)), (tr("kiosk.stats.people"), str(today.people)),
                (tr("kiosk.stats.busiest"), busiest),
                (tr("kiosk.stats.average"), tr("kiosk.stats.minutes", minutes=f"{today.average_minutes:.1f}"))]
        rows += [(_title(g), str(n)) for g, n in today.per_game]
        first = y + grown(70)  # under the grown heading
        pitch = max(54, min(grown(54), (STATS.bottom - 66 - first) // max(1, len(rows))))  # 54 at 100 %
        for i, (label, value) in enumerate(rows):
            yy = first + i * pitch
            label_size, value_size = _stat_sizes(text, label, value, STATS.w - 72 - 16)
            text.draw(canvas, value, (STATS.right - 36, yy), value_size, GOLD, bold=True, anchor="topright")
            text.draw(canvas, label, (x, yy), label_size, CREAM)
        demos = tr("kiosk.stats.demos", count=self.kiosk.attract.demos_done)
        text.draw(canvas, demos, (x, STATS.bottom - 56), text.fitting(demos, 24, STATS.w - 72), MUTED)


def _stat_sizes(text: Text, label: str, value: str, width: int) -> tuple[int, int]:
    """Sizes for a row of today's numbers `width` px wide: the label smaller to fit beside its value;
    at a bigger text size the value smaller first, so neither goes below its 100 % size while both
    fit at it ("Heure la plus chargée 17:00–18:00" in French at 150 %)."""
    def wide(words: str, size: int, bold: bool = False) -> int:
        return text.font(size, bold).size(words)[0]

    fits = text_size() > 100 and wide(label, 30) * 100 // text_size() + wide(value, 30, True) * 100 // text_size() \
        <= width
    if not fits:  # as laid out: the value at its size, the label as small as it must be
        return text.fitting(label, 30, width - wide(value, 30, True)), 30
    label_size = text.fitting(label, 30, width - wide(value, 30, True), least=30)
    return label_size, text.fitting(value, 30, width - wide(label, label_size), bold=True, least=30)


def _title(game: str) -> str:
    entry = catalog.entry(game)
    return entry.title if entry else game
