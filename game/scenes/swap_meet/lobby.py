"""The Swap Meet lobby: the shared seat setup, plus Ready for every guest and the host's Start.

Seat 1 is the host (a person at this screen). + adds a bot trader, Person / Bot turns a seat into
a guest at this screen, and each guest taps Ready on their own row (where a bot's level chooser
sits). Start lights up once every guest is ready. The round timer is the game's option.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.draw.palette import CREAM, GOLD, MUTED
from game.draw.text import unscaled
from game.draw.ui import button
from game.scenes.seat_setup import (
    LEVEL_W,
    LEVEL_X,
    OPTIONS_TOP,
    OPTIONS_X,
    PANEL,
    SeatSetupScene,
)
from game.scenes.swap_meet.model import joined
from game.shell.catalog import GameEntry
from game.text import tr
from rules.swap_meet import GAME
from rules.swap_meet.data import RELAXED_CLOCK, ROUND_SECONDS_RANGE, ROUNDS

__all__ = ["PANEL", "SwapMeetLobby"]
COLUMN_W = 340  # the options column's notes wrap to this


class SwapMeetLobby(SeatSetupScene):
    """Seats, readiness, the round timer, then Start."""

    name = "swap_meet_lobby"

    def __init__(self, app, entry: GameEntry) -> None:  # type: ignore[no-untyped-def]
        self.ready = [False] * GAME.max_seats
        self.ready_buttons: dict[Any, int] = {}
        super().__init__(app, entry)

    # model ---------------------------------------------------------------------------------
    @property
    def round_seconds(self) -> int:
        """The round timer chosen."""
        return int(self.options["round_seconds"])

    def waiting_for(self) -> str | None:
        """Why Start is not lit yet (None: it is)."""
        names = [seat.name for seat in self.config().seats]
        unready = [names[i] for i in range(1, self.count) if self.people[i] and not self.ready[i]]
        if unready:
            return tr("sm.lobby.waiting", names=joined(unready))
        return None

    # widgets -------------------------------------------------------------------------------
    def _build(self) -> None:
        super()._build()
        self.seat_buttons[0].bot.disable()  # the host trades at this screen
        self.ready_buttons = {}
        pitch = self.row_h()
        for i in range(1, self.count):
            if self.people[i]:
                words, oid = (tr("sm.lobby.ready"), "#toggle_on") if self.ready[i] else \
                    (tr("sm.lobby.not_ready"), "#toggle_off")
                made = button(self.ui, (PANEL.x + LEVEL_X, self.rows_top() + i * pitch, LEVEL_W, self.button_h()),
                              words, oid)
                self.ready_buttons[made] = i
        if self.waiting_for() is not None:
            self.start.disable()

    def _seat_or_option(self, element) -> None:  # type: ignore[no-untyped-def]
        seat = self.ready_buttons.get(element)
        if seat is not None:
            self.ready[seat] = not self.ready[seat]
            return
        super()._seat_or_option(element)

    def _start(self) -> None:
        reason = self.waiting_for()
        if reason is not None:
            self.app.toast(reason, error=True)
            return
        self.app.audio.play("shuffle")
        super()._start()

    # drawing -------------------------------------------------------------------------------
    def draw_scene(self, canvas: pygame.Surface) -> None:
        super().draw_scene(canvas)
        text = self.app.text
        gap = self.option_gap()
        x, y = PANEL.x + OPTIONS_X, PANEL.y + OPTIONS_TOP + (len(self.entry.options) - 1) * gap + self.bh_wanted() + 20
        lo, hi = ROUND_SECONDS_RANGE
        people = sum(1 for i in range(self.count) if self.people[i])
        mode = tr("sm.lobby.table_mode") if people > 1 else tr("sm.lobby.solo")
        clock = tr("sm.lobby.clock", lo=f"{lo:.0f}", hi=f"{hi:.0f}", rounds=ROUNDS)
        if self.options.get("pace") == "relaxed":
            clock = tr("sm.lobby.relaxed", secs=f"{self.round_seconds * RELAXED_CLOCK:.0f}")
        reason = self.waiting_for() or tr("sm.lobby.all_ready")
        small, big = self._column_sizes([clock, mode], reason, PANEL.bottom - 16 - y)
        for words in (clock, mode):
            for line in text.wrap(words, small, COLUMN_W):
                text.draw(canvas, line, (x, y), small, MUTED)
                y += text.font(small).get_linesize() - 4
            y += 8
        for line in text.wrap(reason, big, COLUMN_W, bold=True):
            text.draw(canvas, line, (x, y + 8), big, CREAM if self.waiting_for() else GOLD, bold=True)
            y += text.font(big, True).get_linesize() - 4

    def _column_sizes(self, notes: list[str], reason: str, room: int) -> tuple[float, float]:
        """The right column's sizes: the text size's when its lines fit above the panel's foot, else
        their 100 % sizes."""
        text = self.app.text
        for small, big in ((24, 26), (unscaled(24), unscaled(26))):
            lines = sum(len(text.wrap(w, small, COLUMN_W)) for w in notes)
            high = lines * (text.font(small).get_linesize() - 4) + 8 * len(notes) + 8 \
                + len(text.wrap(reason, big, COLUMN_W, bold=True)) * (text.font(big, True).get_linesize() - 4)
            if high <= room:
                break
        return small, big
