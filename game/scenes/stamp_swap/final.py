"""The Final Show: each collector's breakdown (Shows, album, forever majority, finale) and the winner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.draw.anim import Counter
from game.draw.palette import CREAM, GOLD, MINT, MUTED, NIGHT
from game.draw.text import at_most, grown, text_size
from game.draw.ui import button, resize, wanted_width
from game.draw.widgets import felt, heading, panel
from game.match.table import Table
from game.scenes.stamp_swap.art import SEAT_RGB, value_text
from game.scenes.stamp_swap.words import and_list, card_text
from game.shell.display import LOGICAL_W
from game.shell.scene import Scene
from game.text import tr
from game.text.persons import at_table, is_you
from rules.contract import Outcome

PANEL = pygame.Rect(LOGICAL_W // 2 - 800, 190, 1600, 700)
NAME_W = 330  # room for a collector's name before the first score column
HEAD_W = 210  # a score column's name at a bigger text size stays this wide (columns are 220 apart)
COLS = ("before", "album", "forever", "finale", "total")  # each column's key, worded as ss.col.<key>


class FinalShowScene(Scene):
    """The last screen of a match: breakdown table, winner, Rematch or Title."""

    focusable = True  # its buttons by keyboard (game/shell/focus.py)
    name = "stamp_swap_final"

    def __init__(self, app, view: dict[str, Any], outcome: Outcome | None, table: Table,  # type: ignore[no-untyped-def]
                 rematch: Callable[[], None]) -> None:
        super().__init__(app)
        self.view, self.outcome, self.table, self.again = view, outcome, table, rematch
        self.names = at_table(table.seats, tuple(table.here))
        self.rows = self._rows()
        self.counters = [Counter(0, rate=20) for _ in self.rows]
        for counter, row in zip(self.counters, self.rows):
            counter.set(row["total"])
        y = PANEL.bottom + 50
        self.rematch = button(self.ui, (LOGICAL_W // 2 + 20, y, 360, 90), tr("ss.button.rematch"), "#primary")
        self.title = button(self.ui, (LOGICAL_W // 2 - 380, y, 360, 90), tr("ss.button.title"), "#quiet")
        for made, right in ((self.rematch, False), (self.title, True)):  # grown labels: wider, away from the gap
            wide = wanted_width(made, 360)
            if wide > 360:
                resize(made, (wide, 90), (LOGICAL_W // 2 - 20 - wide if right else LOGICAL_W // 2 + 20, y))
        self.app.audio.play("fanfare")

    def _rows(self) -> list[dict[str, Any]]:
        rows = []
        for seat, parts in zip(self.view["seats"], self.view["final"]):
            total = int(seat["score"])
            final = sum(int(v) for v in parts.values())
            rows.append({"seat": seat["seat"], "before": total - final, "album": int(parts.get("album", 0)),
                         "forever": int(parts.get("forever", 0)), "finale": int(parts.get("finale", 0)),
                         "total": total, "cells": sum(1 for r in seat["grid"] for k in r if k)})
        return ranked(rows)

    def mine(self, seat: int) -> bool:
        """True for a seat a person at this device played (their row is marked)."""
        return seat in self.table.here

    def winners(self) -> list[int]:
        """Winning seats (several only on a true tie)."""
        if self.outcome is not None:
            return list(self.outcome.winners)
        return [r["seat"] for r in self.rows if r["place"] == 1]

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if element is self.rematch:
            self.again()
        elif element is self.title:
            self.on_back()

    def on_back(self) -> bool:
        self.app.go(lambda: self.app.stack.reset(self.app.title()))
        return True

    def exit(self) -> None:
        self.table.close()  # handed over by the table scene (after a rematch online it leaves the room open)

    def update(self, dt: float) -> None:
        super().update(dt)
        if any([c.step(self.anim.scaled(dt)) for c in self.counters]):
            self.wake(0.1)
        self.table.poll(False)  # online: the room lives on (a friend's rematch, link news)
        for notice in self.table.take_notices():
            self.app.toast(notice, seconds=7.0)

    def draw_scene(self, canvas: pygame.Surface) -> None:
        felt(canvas, self.app.assets)
        text = self.app.text
        winners = self.winners()
        one = self.names[winners[0]]  # the grammar asks the person, not the joined names
        heading(canvas, self.app.text, tr("ss.prompt.final"), 36, 72)
        said = tr("ss.final.share", names=and_list([self.names[w] for w in winners])) if len(winners) > 1 \
            else tr("ss.final.wins", who=one)
        said_at = text.draw(canvas, said, (LOGICAL_W // 2, 130), 40, CREAM, bold=True, anchor="midtop", shadow=True)
        board = PANEL.copy()  # under the grown winner's line: lower, ending where it did
        board.top = PANEL.y if text_size() <= 100 else max(PANEL.y, said_at.bottom + 12)
        board.h = PANEL.bottom - board.top
        panel(canvas, board, radius=24, width=4)
        xs = [PANEL.x + 130] + [PANEL.x + 600 + k * 220 for k in range(len(COLS))]
        y = board.y + 30
        text.draw(canvas, tr("ss.final.place"), (PANEL.x + 70, y), 26, MUTED, bold=True, anchor="midtop")
        text.draw(canvas, tr("ss.final.collector"), (xs[0], y), 26, MUTED, bold=True)
        down = self._column_heads(canvas, xs, y)
        row_h = min(120, (PANEL.h - 160) // max(1, len(self.rows)))
        with at_most(100):  # the breakdown's rows are a score sheet: they keep their size
            for k, (row, counter) in enumerate(zip(self.rows, self.counters)):
                self._row(canvas, row, counter, xs, board.y + 90 + down + k * row_h, row["seat"] in winners)
        finale = self.view["finale"]
        text.draw(canvas, tr("ss.final.foot", card=finale["name"], text=card_text(finale)),
                  (PANEL.centerx, PANEL.bottom - 46 - (grown(34) - 34)), 24, MUTED, anchor="midtop")

    def _column_heads(self, canvas: pygame.Surface, xs: list[int], y: int) -> int:
        """The score columns' names; at a bigger text size a long one takes two lines in its column.
        Returns how much lower the rows start under them (0 at 100 %)."""
        text = self.app.text
        heads = [tr(f"ss.col.{key}") for key in COLS]
        if text_size() <= 100:
            for x, words in zip(xs[1:], heads):
                text.draw(canvas, words, (x, y), 26, MUTED, bold=True, anchor="midtop")
            return 0
        laid = [text.fitting_lines(words, 26, HEAD_W, bold=True, least=18) for words in heads]
        for x, (size, lines) in zip(xs[1:], laid):
            for i, line in enumerate(lines):
                text.draw(canvas, line, (x, y + i * text.font(size, True).get_linesize()), size, MUTED, bold=True,
                          anchor="midtop")
        tallest = max(len(lines) * text.font(size, True).get_linesize() for size, lines in laid)
        return max(0, tallest + 8 - 50)  # the first row's band starts 50 px under the heads' top (rows at +60)

    def _row(self, canvas: pygame.Surface, row: dict[str, Any], counter: Counter, xs: list[int], y: int,
             winner: bool) -> None:
        text = self.app.text
        seat = row["seat"]
        band = pygame.Rect(PANEL.x + 20, y - 10, PANEL.w - 40, 94)  # around the name and its album line
        if winner:
            pygame.draw.rect(canvas, (70, 54, 28), band, border_radius=14)
        if self.mine(seat):  # the person's own row, at a glance among the others
            pygame.draw.rect(canvas, MINT, band, 3, border_radius=14)
        text.draw(canvas, tr(f"ss.place.{row['place']}"), (PANEL.x + 70, y + 8), 38, GOLD if winner else CREAM,
                  bold=True, anchor="midtop")
        pygame.draw.circle(canvas, SEAT_RGB[seat % len(SEAT_RGB)], (xs[0] + 18, y + 30), 18)
        text.draw(canvas, self.names[seat][:1].upper(), (xs[0] + 18, y + 30), 22, NIGHT, bold=True,
                  anchor="center")
        colour = GOLD if winner else MINT if self.mine(seat) else CREAM
        name = self._name(seat)
        size = next(s for s in (34, 30, 26, 22) if text.font(s, True).size(name)[0] <= NAME_W or s == 22)
        text.draw(canvas, name, (xs[0] + 50, y + 8), size, colour, bold=True)
        text.draw(canvas, tr("ss.final.cells", n=row["cells"]), (xs[0] + 50, y + 48), 20, MUTED)
        for x, key in zip(xs[1:], COLS):
            value = counter.text if key == "total" else value_text(row[key])
            size, colour = (44, GOLD) if key == "total" else (32, CREAM)
            text.draw(canvas, value, (x, y + 10), size, colour, bold=key == "total", anchor="midtop")

    def _name(self, seat: int) -> str:
        """A collector's name, "(you)" after the one person's own when it is not already "You"."""
        name = self.names[seat]
        alone = tuple(self.table.here) == (seat,)
        return tr("ss.you_after", name=name) if alone and not is_you(name) else name


def ranked(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows by place: most points, then (the rules' tie-break) most album cells; a true tie shares a place."""
    def key(row: dict[str, Any]) -> tuple[int, int]:
        return (row["total"], row["cells"])

    order = sorted(rows, key=lambda r: (-r["total"], -r["cells"], r["seat"]))
    return [{**r, "place": 1 + sum(key(o) > key(r) for o in rows)} for r in order]
