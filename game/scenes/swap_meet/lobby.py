"""The Swap Meet lobby: Add bot fills a seat, every guest taps Ready, the host taps Start trading.

Seat 1 is the host (a person at this screen). More people can sit down with Add person; each
guest taps Ready on their own row. Start trading lights up once there are enough traders (the
rules' seat range) and every guest is ready. The round timer is set here.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.catalog import GameEntry
from game.display import LOGICAL_W
from game.palette import CREAM, GOLD, MUTED
from game.scene import Scene
from game.scenes.match import start_new_match
from game.scenes.seat_setup import SEAT_NAMES
from game.ui import button
from game.widgets import felt, heading, panel
from rules.contract import MatchConfig, SeatConfig
from rules.swap_meet import GAME
from rules.swap_meet.data import ROUND_SECONDS_RANGE, ROUNDS

PANEL = pygame.Rect(LOGICAL_W // 2 - 820, 170, 1640, 760)
ROW_H = 100
ROWS_TOP = 110  # the first seat row, below the panel's top
NOTES_TOP = 566  # the bot-level notes (as seat setup shows them), above the status line
NOTE_H = 34
LEVELS = GAME.bot_levels


@dataclass
class LobbySeat:
    """One seat in the lobby: a person (ready or not) or a bot of a level."""

    bot: str | None = None
    ready: bool = False


class SwapMeetLobby(Scene):
    """Seats, readiness, the round timer, then Start trading."""

    name = "swap_meet_lobby"

    def __init__(self, app, entry: GameEntry) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.entry = entry
        self.seats = [LobbySeat(), LobbySeat("normal"), LobbySeat("normal"), LobbySeat("normal")]
        option = entry.options[0]
        self.timer_values = option.values
        self.round_seconds = option.default
        self._build()

    # model ---------------------------------------------------------------------------------
    def names(self) -> list[str]:
        """Display names: Player 1, Player 2… for people, market names for bots."""
        out, person = [], 0
        for i, seat in enumerate(self.seats):
            if seat.bot is None:
                person += 1
                out.append(f"Player {person}")
            else:
                out.append(SEAT_NAMES[i])
        return out

    def waiting_for(self) -> str | None:
        """Why Start trading is not lit yet (None: it is)."""
        if len(self.seats) < GAME.min_seats:
            return f"Swap Meet needs at least {GAME.min_seats} traders: Add bot or Add person."
        names = self.names()
        unready = [names[i] for i, s in enumerate(self.seats) if i > 0 and s.bot is None and not s.ready]
        if unready:
            return "Waiting for " + ", ".join(unready) + " to tap Ready."
        return None

    def config(self) -> MatchConfig:
        """The match these seats describe."""
        seats = tuple(SeatConfig(name, seat.bot) for name, seat in zip(self.names(), self.seats))
        return MatchConfig(seats, {"round_seconds": self.round_seconds})

    def notes(self) -> list[tuple[str, str]]:
        """(Level, what it does) for every bot level the rules describe."""
        return [(level.capitalize(), GAME.level_notes[level]) for level in LEVELS if level in GAME.level_notes]

    def row_h(self) -> int:
        """Seat row pitch: six seats still end above the level notes."""
        return min(ROW_H, (NOTES_TOP - 8 - ROWS_TOP) // max(1, len(self.seats)))

    # widgets -------------------------------------------------------------------------------
    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.rows: list[dict[str, object]] = []
        pitch = self.row_h()
        high = min(76, pitch - 6)
        for i, seat in enumerate(self.seats):
            y = PANEL.y + ROWS_TOP + i * pitch
            row: dict[str, object] = {}
            if seat.bot is not None:
                row["level"] = button(self.ui, (PANEL.x + 560, y, 280, high), f"Bot · {seat.bot.capitalize()}  ›")
            elif i > 0:
                label, oid = ("Ready", "#toggle_on") if seat.ready else ("Tap when ready", "#toggle_off")
                row["ready"] = button(self.ui, (PANEL.x + 560, y, 280, high), label, oid)
            if i > 0:
                row["remove"] = button(self.ui, (PANEL.x + 870, y, 200, high), "Remove", "#quiet")
            self.rows.append(row)
        x = PANEL.right - 470
        full = len(self.seats) >= GAME.max_seats
        self.add_bot = button(self.ui, (x, PANEL.y + 110, 420, 84), "Add bot", "#primary")
        self.add_person = button(self.ui, (x, PANEL.y + 214, 420, 84), "Add person")
        self.timer = button(self.ui, (x, PANEL.y + 370, 420, 84), f"{self.round_seconds} s  ›")
        if full:
            self.add_bot.disable()
            self.add_person.disable()
        y = PANEL.bottom + 40
        self.back = button(self.ui, (PANEL.x, y, 260, 90), "‹ Back", "#quiet")
        self.help = button(self.ui, (LOGICAL_W // 2 - 200, y, 400, 90), "Help: pit briefing")
        self.start = button(self.ui, (PANEL.right - 420, y, 420, 90), "Start trading  ›", "#primary")
        if self.waiting_for() is not None:
            self.start.disable()
        self.invalidate()

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if element is self.back:
            self.on_back()
            return
        if element is self.help:
            from game.scenes.help import HelpScene

            self.app.stack.push(HelpScene.for_game(self.app, self.entry))
            return
        if element is self.start:
            self._start()
            return
        if element is self.add_bot and len(self.seats) < GAME.max_seats:
            self.seats.append(LobbySeat("normal"))
        elif element is self.add_person and len(self.seats) < GAME.max_seats:
            self.seats.append(LobbySeat())
        elif element is self.timer:
            k = self.timer_values.index(self.round_seconds)
            self.round_seconds = self.timer_values[(k + 1) % len(self.timer_values)]
        else:
            self._row_button(element)
        self._build()

    def _row_button(self, element) -> None:  # type: ignore[no-untyped-def]
        for i, row in enumerate(self.rows):
            seat = self.seats[i]
            if element is row.get("ready"):
                seat.ready = not seat.ready
            elif element is row.get("level") and seat.bot is not None:
                seat.bot = LEVELS[(LEVELS.index(seat.bot) + 1) % len(LEVELS)]
            elif element is row.get("remove"):
                del self.seats[i]
                return

    def _start(self) -> None:
        reason = self.waiting_for()
        if reason is not None:
            self.app.toast(reason, error=True)
            return
        self.app.audio.play("shuffle")
        start_new_match(self.app, self.entry, self.config())

    def on_back(self) -> bool:
        self.app.go(lambda: self.app.stack.reset(self.app.title()))
        return True

    # drawing -------------------------------------------------------------------------------
    def draw_scene(self, canvas: pygame.Surface) -> None:
        felt(canvas, self.app.assets)
        heading(canvas, self.app.text, "Swap Meet — the lobby", 50, 64)
        panel(canvas, PANEL)
        text = self.app.text
        count = f"Traders ({len(self.seats)} of {GAME.min_seats}–{GAME.max_seats})"
        text.draw(canvas, count, (PANEL.x + 50, PANEL.y + 36), 40, GOLD, bold=True)
        names = self.names()
        for i, seat in enumerate(self.seats):
            y = PANEL.y + ROWS_TOP + i * self.row_h()
            role = "Host — starts the trading" if i == 0 else "Guest at this screen" if seat.bot is None \
                else "Bot trader"
            text.draw(canvas, f"Seat {i + 1} · {role}", (PANEL.x + 50, y + 2), 24, MUTED)
            text.draw(canvas, names[i], (PANEL.x + 50, y + 30), 36, CREAM, bold=True)
        x = PANEL.right - 470
        text.draw(canvas, "Round timer", (x, PANEL.y + 322), 30, CREAM, bold=True)
        lo, hi = ROUND_SECONDS_RANGE
        text.draw(canvas, f"{lo:.0f}–{hi:.0f} s per round, {ROUNDS} rounds", (x, PANEL.y + 466), 24, MUTED)
        people = sum(1 for s in self.seats if s.bot is None)
        mode = "Table mode: each person gets a side of the screen." if people > 1 else \
            "One person against bots: the full layout."
        for i, line in enumerate(text.wrap(mode, 24, 430)):
            text.draw(canvas, line, (x, PANEL.y + 502 + i * 30), 24, MUTED)
        self._draw_notes(canvas)
        reason = self.waiting_for() or "Everyone is ready — host, tap Start trading."
        text.draw(canvas, reason, (PANEL.x + 50, PANEL.bottom - 50), 30, GOLD if self.waiting_for() is None
                  else CREAM, anchor="midleft")

    def _draw_notes(self, canvas: pygame.Surface) -> None:
        """One line per bot level under the seats, as seat setup shows them: the level in gold, what it does."""
        y = PANEL.y + NOTES_TOP
        for level, note in self.notes():
            self.app.text.draw(canvas, level, (PANEL.x + 50, y), 28, GOLD, bold=True)
            self.app.text.draw(canvas, note, (PANEL.x + 200, y + 2), 26, CREAM)
            y += NOTE_H
