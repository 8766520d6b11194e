"""The Final Show: each collector's breakdown (Shows, album, forever majority, finale) and the winner."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.draw.anim import Counter
from game.draw.palette import CREAM, GOLD, MUTED, NIGHT
from game.draw.ui import button
from game.draw.widgets import felt, heading, panel
from game.match.table import Table
from game.scenes.stamp_swap.art import SEAT_RGB, value_text
from game.shell.display import LOGICAL_W
from game.shell.scene import Scene
from rules.contract import Outcome
from rules.words import verb

PANEL = pygame.Rect(LOGICAL_W // 2 - 800, 190, 1600, 700)
COLS = (("Shows & swaps", "before"), ("Album", "album"), ("Forever", "forever"), ("Finale", "finale"),
        ("Total", "total"))


class FinalShowScene(Scene):
    """The last screen of a match: breakdown table, winner, Rematch or Title."""

    name = "stamp_swap_final"

    def __init__(self, app, view: dict[str, Any], outcome: Outcome | None, table: Table,  # type: ignore[no-untyped-def]
                 rematch: Callable[[], None]) -> None:
        super().__init__(app)
        self.view, self.outcome, self.table, self.again = view, outcome, table, rematch
        self.names = [s.name for s in table.seats]
        self.rows = self._rows()
        self.counters = [Counter(0, rate=20) for _ in self.rows]
        for counter, row in zip(self.counters, self.rows):
            counter.set(row["total"])
        y = PANEL.bottom + 50
        self.rematch = button(self.ui, (LOGICAL_W // 2 + 20, y, 360, 90), "Rematch  ›", "#primary")
        self.title = button(self.ui, (LOGICAL_W // 2 - 380, y, 360, 90), "‹ Title", "#quiet")
        self.app.audio.play("fanfare")

    def _rows(self) -> list[dict[str, Any]]:
        rows = []
        for seat, parts in zip(self.view["seats"], self.view["final"]):
            total = int(seat["score"])
            final = sum(int(v) for v in parts.values())
            rows.append({"seat": seat["seat"], "before": total - final, "album": int(parts.get("album", 0)),
                         "forever": int(parts.get("forever", 0)), "finale": int(parts.get("finale", 0)),
                         "total": total, "cells": sum(1 for r in seat["grid"] for k in r if k)})
        return rows

    def winners(self) -> list[int]:
        """Winning seats (several only on a true tie)."""
        if self.outcome is not None:
            return list(self.outcome.winners)
        best = max(r["total"] for r in self.rows)
        return [r["seat"] for r in self.rows if r["total"] == best]

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
        if any([c.step(dt) for c in self.counters]):
            self.wake(0.1)
        self.table.poll(False)  # online: the room lives on (a friend's rematch, link news)
        for notice in self.table.take_notices():
            self.app.toast(notice, seconds=7.0)

    def draw_scene(self, canvas: pygame.Surface) -> None:
        felt(canvas, self.app.assets)
        text = self.app.text
        winners = self.winners()
        names = " and ".join(self.names[w] for w in winners)
        heading(canvas, self.app.text, "The Final Show", 36, 72)
        said = "share the win" if len(winners) > 1 else f"{verb(names, 'wins', 'win')} the Stamp Swap"
        text.draw(canvas, f"{names} {said}!", (LOGICAL_W // 2, 130), 40, CREAM, bold=True, anchor="midtop",
                  shadow=True)
        panel(canvas, PANEL, radius=24, width=4)
        xs = [PANEL.x + 60] + [PANEL.x + 560 + k * 230 for k in range(len(COLS))]
        y = PANEL.y + 30
        text.draw(canvas, "Collector", (xs[0], y), 26, MUTED, bold=True)
        for x, (label, _) in zip(xs[1:], COLS):
            text.draw(canvas, label, (x, y), 26, MUTED, bold=True, anchor="midtop")
        row_h = min(120, (PANEL.h - 160) // max(1, len(self.rows)))
        for k, (row, counter) in enumerate(zip(self.rows, self.counters)):
            self._row(canvas, row, counter, xs, PANEL.y + 90 + k * row_h, row["seat"] in winners)
        finale = self.view["finale"]
        text.draw(canvas, f"Finale: {finale['name']} — {finale['text']}  ·  Forever stamps: most 6, second 3.",
                  (PANEL.centerx, PANEL.bottom - 46), 24, MUTED, anchor="midtop")

    def _row(self, canvas: pygame.Surface, row: dict[str, Any], counter: Counter, xs: list[int], y: int,
             winner: bool) -> None:
        text = self.app.text
        seat = row["seat"]
        if winner:
            pygame.draw.rect(canvas, (70, 54, 28), (PANEL.x + 20, y - 8, PANEL.w - 40, 80), border_radius=14)
            crown = self.app.assets.image("stamp_rare", (56, 56))
            canvas.blit(crown, (PANEL.x + 24, y))
        pygame.draw.circle(canvas, SEAT_RGB[seat % len(SEAT_RGB)], (xs[0] + 56, y + 30), 18)
        text.draw(canvas, self.names[seat][:1].upper(), (xs[0] + 56, y + 30), 22, NIGHT, bold=True,
                  anchor="center")
        text.draw(canvas, self.names[seat], (xs[0] + 88, y + 8), 34, GOLD if winner else CREAM, bold=True)
        text.draw(canvas, f"album cells {row['cells']}/20", (xs[0] + 88, y + 48), 20, MUTED)
        for x, (_, key) in zip(xs[1:], COLS):
            value = counter.text if key == "total" else value_text(row[key])
            size, colour = (44, GOLD) if key == "total" else (32, CREAM)
            text.draw(canvas, value, (x, y + 10), size, colour, bold=key == "total", anchor="midtop")
