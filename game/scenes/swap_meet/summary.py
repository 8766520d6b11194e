"""Overlays above the trading floor: the round-lock moment, the round summary with its market
chart, the final standings, and the pause screen."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

from game.draw.palette import CREAM, GOLD, MINT, MUTED, NIGHT, RED
from game.draw.text import at_most, grown
from game.draw.ui import button, resize, wanted_width
from game.draw.widgets import panel, sheet
from game.scenes.swap_meet.glossary import GLOSSARY, row_terms
from game.scenes.swap_meet.model import (
    RES_COLOUR,
    RES_ICON,
    RES_NAME,
    clock_text,
    contract_name,
    decimal,
    joined,
    lock_line,
    of_kind,
    points,
    score_sentence,
)
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.shell.pointer import PointerEvent
from game.shell.scene import Scene
from game.shell.targets import Target, keyed
from game.text import tr
from game.text.persons import is_you
from rules.swap_meet.data import RESOURCES, ROUNDS

if TYPE_CHECKING:
    from game.scenes.swap_meet.scene import SwapMeetScene

PANEL = pygame.Rect(0, 0, 1780, 960)
PANEL.center = (LOGICAL_W // 2, LOGICAL_H // 2)
DASHES = {"crate": (1, 0), "sack": (18, 10), "coin": (5, 8), "rack": (22, 6)}  # on, off (px); 0 off = solid
MARKERS = ("square", "triangle", "circle", "diamond")
LOCK_SECONDS = 1.8
SCORES = pygame.Rect(PANEL.x + 40, PANEL.y + 144, PANEL.w - 80, 420)  # the score table of a summary
VOTES = pygame.Rect(PANEL.right - 420, PANEL.y + 640, 380, PANEL.h - 664)  # each person's Next, several here
CHART = pygame.Rect(PANEL.x + 40, PANEL.y + 600, 960, 300)  # the market over the round (fixed art)
HINT = 24  # the line under the score table's rows: its size as laid out


def lock_words(summary, names: list[str]) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """Headline and subline of the lock moment."""
    if summary.how == "timer" or summary.locker is None:
        return tr("sm.lock.time"), tr("sm.lock.time_sub")
    who = names[summary.locker]
    row = summary.stalls[summary.locker]
    if summary.how == "cash":
        return (tr("sm.lock.cash", name=who),
                tr("sm.lock.cash_sub", contract=contract_name(row.contract), bonus=row.locker_bonus))
    return (tr("sm.lock.slam", name=who, what=of_kind(row.count, row.kind)),
            tr("sm.lock.slam_sub", bonus=row.locker_bonus))


def fit_text(text, canvas: pygame.Surface, words: str, box: pygame.Rect, size: int,  # type: ignore[no-untyped-def]
             colour: tuple[int, int, int]) -> None:
    """Words at the left middle of `box`, a size smaller at a time until they fit its width."""
    while size > 18 and text.font(size, False).size(words)[0] > box.w:
        size -= 2
    text.draw(canvas, words, (box.x, box.centery), size, colour, anchor="midleft")


def fit_centred(text, canvas: pygame.Surface, words: str, top: tuple[int, int], width: int,  # type: ignore[no-untyped-def]
                size: int, colour: tuple[int, int, int], bold: bool = False, shadow: bool = False) -> None:
    """Words centred under `top`, a size smaller at a time until they fit `width` (a longer language)."""
    while size > 18 and text.font(size, bold).size(words)[0] > width:
        size -= 2
    text.draw(canvas, words, top, size, colour, bold=bold, anchor="midtop", shadow=shadow)


def marker(canvas: pygame.Surface, shape: str, pos: tuple[float, float], colour: tuple[int, ...], r: int = 7) -> None:
    """A chart point marker: square, triangle, circle or diamond."""
    x, y = pos
    if shape == "square":
        pygame.draw.rect(canvas, colour, (x - r, y - r, 2 * r, 2 * r))
    elif shape == "triangle":
        pygame.draw.polygon(canvas, colour, [(x, y - r - 2), (x - r - 1, y + r), (x + r + 1, y + r)])
    elif shape == "circle":
        pygame.draw.circle(canvas, colour, (int(x), int(y)), r)
    else:
        pygame.draw.polygon(canvas, colour, [(x, y - r - 2), (x + r + 2, y), (x, y + r + 2), (x - r - 2, y)])


def dashed(canvas: pygame.Surface, colour: tuple[int, ...], points: list[tuple[float, float]], dash: tuple[int, int],
           width: int = 4) -> None:
    """A polyline with a dash pattern (solid when the gap is 0)."""
    on, off = dash
    if off == 0:
        if len(points) > 1:
            pygame.draw.lines(canvas, colour, False, points, width)
        return
    period, phase = on + off, 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while pos < length:
            drawing = phase < on
            end = min(length, pos + ((on - phase) if drawing else (period - phase)))
            if drawing:
                a, b = pos / length, end / length
                pygame.draw.line(canvas, colour, (x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                                 (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b), width)
            phase = (phase + end - pos) % period
            pos = end


def draw_chart(canvas: pygame.Surface, text, rect: pygame.Rect, history, t0: float,  # type: ignore[no-untyped-def]
               t1: float) -> None:
    """Each resource's multiplier over the round: step lines, one colour, dash and marker each."""
    pygame.draw.rect(canvas, NIGHT, rect, border_radius=12)
    plot = rect.inflate(-110, -70).move(30, -6)
    top = max([1.5] + [float(m[i]) for _, m in history for i in range(4)])
    top = math.ceil(top * 2) / 2
    still = t1 - t0 < 1.0  # a round whose clock stood still (a lesson's): the changes in their order
    if still:
        history = [(t0 + i, m) for i, (_, m) in enumerate(history)]
        t1 = t0 + max(1, len(history))
    span = max(1.0, t1 - t0)

    def at(t: float, v: float) -> tuple[float, float]:
        return (plot.x + plot.w * (t - t0) / span, plot.bottom - plot.h * v / top)

    for v in [x / 2 for x in range(0, int(top * 2) + 1)]:
        y = at(t0, v)[1]
        pygame.draw.line(canvas, (70, 60, 48) if v != 1 else (150, 130, 100), (plot.x, y), (plot.right, y), 1)
        text.draw(canvas, f"{decimal(v, 1)}×", (plot.x - 10, y), 22, MUTED, anchor="midright")
    text.draw(canvas, tr("sm.chart.start") if still else tr("sm.chart.seconds", secs=0), (plot.x, plot.bottom + 8),
              22, MUTED, anchor="midtop")
    text.draw(canvas, tr("sm.chart.lock") if still else tr("sm.chart.seconds", secs=f"{span:.0f}"),
              (plot.right, plot.bottom + 8), 22, MUTED, anchor="midtop")
    for i, kind in enumerate(RESOURCES):
        offset = (i - 1.5) * 2  # equal lines must not hide each other completely
        points: list[tuple[float, float]] = []
        marks: list[tuple[float, float]] = []
        prev: float | None = None
        for t, m in history:
            v = float(m[i])
            if prev is not None:
                points.append(at(t, prev))
            if prev is None or v != prev:
                marks.append(at(t, v))
            points.append(at(t, v))
            prev = v
        if prev is not None:
            points.append(at(t1, prev))
        dashed(canvas, RES_COLOUR[kind], [(x, y + offset) for x, y in points], DASHES[kind])
        for x, y in marks[-14:]:
            marker(canvas, MARKERS[i], (x, y + offset), RES_COLOUR[kind])


def draw_legend(canvas: pygame.Surface, app, rect: pygame.Rect) -> None:  # type: ignore[no-untyped-def]
    """Icon, name, line style and marker of each resource."""
    for i, kind in enumerate(RESOURCES):
        y = rect.y + i * (rect.h // 4)
        icon = app.assets.image(RES_ICON[kind], (44, 44))
        canvas.blit(icon, (rect.x, y))
        app.text.draw(canvas, RES_NAME[kind], (rect.x + 54, y + 22), 26, CREAM, bold=True, anchor="midleft")
        x0 = rect.x + 170
        dashed(canvas, RES_COLOUR[kind], [(x0, y + 22), (x0 + 90, y + 22)], DASHES[kind])
        marker(canvas, MARKERS[i], (x0 + 45, y + 22), RES_COLOUR[kind])


class SummaryOverlay(Scene):
    """Lock moment, then the round's score breakdown and chart; after round 3, the standings."""

    opaque = False
    name = "swap_meet_summary"
    focusable = True  # its buttons by keyboard

    def __init__(self, app, floor: SwapMeetScene, round_index: int) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.floor = floor
        self.summary = floor.view.summaries[round_index]
        self.final = floor.view.phase == "finished"
        self.stage = "lock"
        self.age = 0.0
        self.lock_for = LOCK_SECONDS * app.motion_speed() ** 0.5
        self._shown_second = -1
        self.buttons: dict[str, object] = {}
        self.rows: list[tuple[pygame.Rect, str]] = []  # each score row and its sentence
        self.row_terms: list[list[str]] = []  # each row's glossary terms, in the rows' order
        self.term_line = ""  # the glossary line of the row last tapped or hovered

    def _build(self) -> None:
        self.ui.clear_and_reset()
        self.buttons = {}
        y = PANEL.bottom - 104
        if self.stage == "summary" and self.final:
            self.buttons["standings"] = button(self.ui, (PANEL.right - 420, y, 380, 80),
                                               tr("sm.summary.standings_button"),
                                               "#primary")
        elif self.stage == "summary" and self.floor.can_next_round() and len(self.floor.humans) > 1 \
                and self.floor.gate.waits:  # several people here: each one's own Next
            self._vote_buttons()
        elif self.stage == "summary" and self.floor.can_next_round():  # only this button skips ahead
            self.buttons["next"] = button(self.ui, (PANEL.right - 420, y, 380, 80), tr("sm.summary.next"), "#primary")
        elif self.stage == "final":
            self.buttons["rematch"] = button(self.ui, (PANEL.centerx - 420, y, 380, 80), tr("sm.summary.rematch"),
                                             "#primary")
            self.buttons["title"] = button(self.ui, (PANEL.centerx + 40, y, 380, 80), tr("sm.summary.title"))
        self._grow_buttons()
        if "next" in self.buttons:  # a lesson points at it by this key, the same in every language
            keyed(self.buttons["next"], "round:next")  # type: ignore[arg-type]
        self.invalidate()
        self.wake()  # pygame-gui finishes a new button's image over the next frames: draw them, no hover needed

    def _grow_buttons(self) -> None:
        """At a bigger text size Next (or the standings) as wide as its label, growing left from the
        panel's edge; Rematch and Title growing away from the gap between them."""
        for key, right_edge in (("standings", PANEL.right - 40), ("next", PANEL.right - 40),
                                ("rematch", PANEL.centerx - 40)):
            made = self.buttons.get(key)
            if isinstance(made, UIButton) and wanted_width(made, 380) > 380:
                resize(made, (wanted_width(made, 380), 80), (right_edge - wanted_width(made, 380), int(made.rect.y)))
        title = self.buttons.get("title")
        if isinstance(title, UIButton) and wanted_width(title, 380) > 380:
            resize(title, (wanted_width(title, 380), 80), (int(title.rect.x), int(title.rect.y)))

    def _vote_buttons(self) -> None:
        """One Next per person at the device, in the right-hand column beside the chart's legend:
        a pressed one turns dim ("ready") until the round deals."""
        people = self.floor.humans
        cols = 1 if len(people) <= 3 else 2
        rows = -(-len(people) // cols)
        w, h = (380 - 12 * (cols - 1)) // cols, min(80, (VOTES.h - 10 * (rows - 1)) // rows)
        for i, seat in enumerate(people):
            x = VOTES.x + (i % cols) * (w + 12)
            y = VOTES.bottom - (rows - i // cols) * (h + 10) + 10
            done = seat not in self.floor.gate.still_to_press()
            name = self.floor.names[seat]
            b = button(self.ui, (x, y, w, h), tr("sm.summary.ready" if done else "sm.summary.next_for", name=str(name)),
                       "#quiet" if done else "#primary")
            if done:
                b.disable()
            self.buttons[f"next:{seat}"] = b

    def pressed(self) -> None:
        """Someone pressed their Next (the round waits for the others): show who is still to press."""
        self._build()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.age += dt
        if self.stage == "lock" and self.age >= self.lock_for:
            self.stage = "final" if self.final and not self.summary else "summary"
            self._build()
        left = self.floor.next_round_in()
        if left is not None and int(left) != self._shown_second:
            self._shown_second = int(left)
            self.invalidate()

    def handle_pointer(self, pe: PointerEvent) -> bool:
        if pe.kind == "tap" and self.stage == "lock":
            self.age = self.lock_for
        elif pe.kind in ("tap", "move") and self.stage == "summary":  # a row's jargon, said under the table
            terms = next((t for (r, _), t in zip(self.rows, self.row_terms) if r.collidepoint(pe.pos)), [])
            line = GLOSSARY[terms[0]] if terms else self.term_line if pe.kind == "move" else ""
            if line != self.term_line:
                self.term_line = line
                self.invalidate()
        return True

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if element is self.buttons.get("next"):
            self.floor.next_round(self.floor.humans[0] if self.floor.gate.waits else None)
        elif (self._key(element) or "").startswith("next:"):
            self.floor.next_round(int(str(self._key(element)).split(":")[1]))
        elif element is self.buttons.get("standings"):
            self.stage = "final"
            self._build()
        elif element is self.buttons.get("rematch"):
            self.floor.rematch()
        elif element is self.buttons.get("title"):
            self.floor.leave()

    def _key(self, element: object) -> str | None:
        return next((k for k, b in self.buttons.items() if b is element), None)

    def on_back(self) -> bool:
        if self.stage == "final":
            self.floor.leave()
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        if self.stage == "lock":
            self._draw_lock(canvas)
        elif self.stage == "summary":
            self._draw_summary(canvas)
        else:
            self._draw_final(canvas)

    def targets(self) -> list[Target]:
        """A lesson's "summary:scores" (the score table, once it shows), then the buttons."""
        if self.stage != "summary":
            return super().targets()
        high = self._hint_top() + self.app.text.font(HINT).get_height() - SCORES.y  # the rows and the line under them
        return [Target("summary:scores", pygame.Rect(SCORES.x - 12, SCORES.y, SCORES.w + 24, high)),
                *super().targets()]

    def _hint_top(self) -> int:
        """Where the line under the table goes: right under its rows (what it is about, and where a
        lesson's panel keeps off it), never lower than the chart's title row (a full table's), so it
        stays clear of the chart at any text size."""
        rows = len(self.summary.stalls)  # the header and the rows, as _score_table lays them out
        under = SCORES.y + 44 + rows * min(62, (SCORES.h - 44) // max(1, rows))
        return min(under, CHART.y - 4 - self.app.text.font(HINT).get_height())

    def _draw_lock(self, canvas: pygame.Surface) -> None:
        self.dim(canvas, 120)
        head, sub = lock_words(self.summary, self.floor.names)
        band = pygame.Rect(0, LOGICAL_H // 2 - 150, LOGICAL_W, 300)
        panel(canvas, band, radius=0, width=4, edge=GOLD)
        k = min(1.0, self.age / 0.35)
        size = int(60 + 36 * k)
        colour = RED if self.summary.how == "timer" else GOLD
        with at_most(100):  # the lock's heading keeps its size (inside the screen's width)
            while size > 40 and self.app.text.font(size, True).size(head)[0] > LOGICAL_W - 80:
                size -= 4
            self.app.text.draw(canvas, head, (LOGICAL_W // 2, band.centery - 30), size, colour, bold=True,
                               anchor="center", shadow=True)
        self.app.text.draw(canvas, sub, (LOGICAL_W // 2, band.centery + 70), 34, CREAM, anchor="center")

    def _draw_summary(self, canvas: pygame.Surface) -> None:
        sheet(canvas, PANEL, self.app.darken)
        text = self.app.text
        s = self.summary
        head, _ = lock_words(s, self.floor.names)
        played = s.lock_time - s.history[0][0] if s.history else 0.0
        still = self.floor.guided and played < 1.0  # a lesson's round: its clock stood still
        when = tr("sm.summary.still") if still else tr("sm.summary.locked_after", clock=clock_text(played))
        when += self._pace()
        with at_most(100):  # the summary's heading keeps its size
            fit_centred(text, canvas, tr("sm.summary.head", round=s.round_no, rounds=ROUNDS, head=head),
                        (PANEL.centerx, PANEL.y + 24), PANEL.w - 80, 48, GOLD, bold=True)
        fit_centred(text, canvas, tr("sm.summary.subline", line=lock_line(s, self.floor.names), when=when),
                    (PANEL.centerx, PANEL.y + 84), PANEL.w - 80, 28, CREAM)
        self._score_table(canvas, SCORES)
        hint, size, top = self.term_line or tr("sm.summary.tap_row"), HINT, self._hint_top()
        room = SCORES.w
        title_w, title_h = text.font(26, True).size(tr("sm.summary.chart"))
        if top + text.font(HINT).get_height() > CHART.y - 4 - title_h:  # on the chart title's row: right of it
            room -= title_w + 40
        while size > 16 and text.font(size, False).size(hint)[0] > room:
            size -= 1  # a longer language's line shrinks rather than run into the title
        text.draw(canvas, hint, (SCORES.right, top), size, GOLD if self.term_line else MUTED, anchor="topright")
        t0 = s.history[0][0] if s.history else 0.0
        chart = CHART
        text.draw(canvas, tr("sm.summary.chart"), (chart.x, chart.y - 4), 26, CREAM, bold=True, anchor="bottomleft")
        with at_most(100):  # the chart and its legend are fixed art: their labels keep their size
            draw_chart(canvas, text, chart, s.history, t0, s.lock_time)
            draw_legend(canvas, self.app, pygame.Rect(chart.right + 30, chart.y + 10, 300, 240))
        self._next_line(canvas)

    def _next_line(self, canvas: pygame.Surface) -> None:
        """When the next round deals: who here is still to press Next; online, for everyone but the
        host, a countdown with a draining bar (the host's own tap deals it, no clock to race)."""
        left = self.floor.next_round_in()
        text = self.app.text
        spot = (PANEL.right - 40, PANEL.bottom - 150)
        host = "next" in self.buttons
        if self.final:
            text.draw(canvas, tr("sm.summary.last_round"), spot, 30, GOLD, bold=True, anchor="bottomright")
        elif self.floor.gate.waits:
            self._still_to_press(canvas)
        elif left is not None and not host and not getattr(self.floor.table, "clock_still", False):
            secs = max(0, int(left + 0.999))
            text.draw(canvas, tr("sm.summary.next_in", secs=secs, unit="second"), spot, 34, GOLD, bold=True,
                      anchor="bottomright")
            bar = pygame.Rect(PANEL.right - 420, PANEL.bottom - 136, 380, 10)
            pygame.draw.rect(canvas, (18, 14, 10), bar, border_radius=5)
            part = bar.copy()
            part.w = int(bar.w * max(0.0, min(1.0, left / max(1.0, self.floor.summary_wait()))))
            if part.w > 0:
                pygame.draw.rect(canvas, GOLD, part, border_radius=5)
        elif host and left is not None:  # online: the room's timer still runs, quietly for the host
            text.draw(canvas, tr("sm.summary.host_deal", secs=max(0, int(left + 0.999)), unit="second"), spot, 26,
                      MUTED, anchor="bottomright")
        if not self.final and not host and self.floor.humans and not self.floor.gate.waits:  # online guests
            words = tr("sm.summary.host_sooner") if left is not None else tr("sm.summary.host_wait")
            text.draw(canvas, words, (PANEL.right - 40, PANEL.bottom - 60), 28, CREAM, anchor="bottomright")

    def _still_to_press(self, canvas: pygame.Surface) -> None:
        """Several people here: the names still to press Next, over their buttons."""
        if len(self.floor.humans) < 2:
            return
        names = [self.floor.names[s] for s in self.floor.gate.still_to_press()]
        words = tr("sm.summary.all_press") if len(names) == len(self.floor.humans) \
            else tr("sm.summary.waiting", names=joined(names))
        fit_text(self.app.text, canvas, words, pygame.Rect(VOTES.x, VOTES.y - 44, VOTES.w, 36), 28, GOLD)

    def _score_table(self, canvas: pygame.Surface, r: pygame.Rect) -> None:
        """The round's ranking: place, what each stall scored in a sentence, the round and the total;
        the locker's row on gold, the rows of the people at this screen framed and tagged "you"."""
        text = self.app.text
        cols = ((tr("sm.summary.place"), 0, "topleft"), (tr("sm.summary.how"), 110, "topleft"),
                (tr("sm.summary.round"), 1520, "topright"), (tr("sm.summary.total"), r.w, "topright"))
        for j, (label, x, anchor) in enumerate(cols):  # the place's heading smaller (never below 100 %) in its column
            size = text.fitting(label, 26, 96, bold=True, least=26) if j == 0 else 26
            text.draw(canvas, label, (r.x + x, r.y), size, MUTED, bold=True, anchor=anchor)
        rows = sorted(self.summary.stalls, key=lambda row: (-row.score, row.seat))
        row_h = min(62, (r.h - 44) // max(1, len(rows)))
        self.rows, self.row_terms = [], []
        totals = self.floor.view.totals
        mine = set(self.floor.humans)
        for i, row in enumerate(rows):
            y = r.y + 44 + i * row_h
            box = pygame.Rect(r.x - 12, y - 4, r.w + 24, row_h - 4)
            if row.seat == self.summary.locker:
                pygame.draw.rect(canvas, (70, 56, 30), box, border_radius=10)
            if row.seat in mine:
                pygame.draw.rect(canvas, MINT, box, 3, border_radius=10)
            mid = y + (row_h - 8) // 2
            place = 1 + sum(1 for other in rows if other.score > row.score)
            text.draw(canvas, f"{place}.", (r.x + 10, mid), 30, GOLD, bold=True, anchor="midleft")
            words = score_sentence(row, self.floor.names[row.seat])
            self.rows.append((box, words))
            self.row_terms.append(row_terms(row))
            fit_text(text, canvas, words, pygame.Rect(r.x + 110, mid - 20, 1300, 40), 28,
                     MINT if row.seat in mine else CREAM)
            text.draw(canvas, points(row.score), (r.x + 1520, mid), 30, GOLD, bold=True, anchor="midright")
            text.draw(canvas, points(totals[row.seat]), (r.right, mid), 30, CREAM, bold=True, anchor="midright")

    def _draw_final(self, canvas: pygame.Surface) -> None:
        sheet(canvas, PANEL, self.app.darken)
        text = self.app.text
        view = self.floor.view
        order = view.final or tuple(sorted(range(view.seats), key=lambda s: -view.totals[s]))
        best = view.totals[order[0]]
        winners = [self.floor.names[s] for s in order if view.totals[s] == best]
        head = tr("sm.final.wins", name=winners[0]) if len(winners) == 1 else \
            tr("sm.final.win_together", names=joined(winners))  # "You win", "Ada and Bo win", "Ada wins"
        text.draw(canvas, tr("sm.final.standings") + self._pace(), (PANEL.centerx, PANEL.y + 30), 34, MUTED,
                  anchor="midtop")
        under = PANEL.y + 80 + grown(34) - 34  # under the grown line above it
        with at_most(100):  # the winner's heading keeps its size
            fit_centred(text, canvas, head, (PANEL.centerx, under), PANEL.w - 80, 60, GOLD, bold=True, shadow=True)
        x0 = PANEL.x + 220
        y = PANEL.y + 210
        labels = (tr("sm.summary.place"), tr("sm.final.trader"), *(tr("sm.final.round", round=n) for n in (1, 2, 3)),
                  tr("sm.summary.total"))
        columns = (0, 140, 620, 820, 1020, 1220, PANEL.right - 30 - x0)
        for j, label in enumerate(labels):  # each heading smaller (never below 100 %) before it reaches the next
            size = text.fitting(label, 28, columns[j + 1] - columns[j] - 16, bold=True, least=28)
            text.draw(canvas, label, (x0 + columns[j], y), size, MUTED, bold=True)
        mine = set(self.floor.humans)
        for rank, seat in enumerate(order):
            y += 80
            top = view.totals[seat] == best
            box = pygame.Rect(x0 - 30, y - 12, 1420, 68)
            if top:
                pygame.draw.rect(canvas, (70, 56, 30), box, border_radius=14)
            if seat in mine:  # the people at this screen find their own row at a glance
                pygame.draw.rect(canvas, MINT, box, 3, border_radius=14)
            rounds = [points(s.stalls[seat].score) for s in view.summaries]
            cells = [f"{rank + 1}.", self._trader(seat)] + rounds + [""] * (3 - len(rounds)) + \
                [points(view.totals[seat])]
            for j, cell in enumerate(cells):
                colour = GOLD if top or j == 5 else MINT if seat in mine else CREAM
                text.draw(canvas, cell, (x0 + (0, 140, 620, 820, 1020, 1220)[j], y), 36 if j != 5 else 40,
                          colour, bold=j in (1, 5))

    def _pace(self) -> str:
        """Relaxed rounds are marked wherever a result shows: their clock ran longer, their bots slower."""
        return tr("sm.summary.relaxed") if self.floor.table.options.get("pace") == "relaxed" else ""

    def _trader(self, seat: int) -> str:
        """A name in the standings, "(you)" after the one person's own when it is not already "You"."""
        name = self.floor.names[seat]
        alone = len(self.floor.humans) == 1 and seat in self.floor.humans
        return tr("sm.final.you", name=str(name)) if alone and not is_you(name) else name


class PauseOverlay(Scene):
    """The match clock is stopped until Resume."""

    focusable = True  # its buttons by keyboard (game/shell/focus.py)
    opaque = False
    keeps_layer = True  # a dim and a panel: under the kiosk's prompt it redraws, no 8 MB snapshot
    name = "swap_meet_pause"

    def __init__(self, app, floor: SwapMeetScene) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.floor = floor
        box = pygame.Rect(0, 0, 900, 460)
        box.center = (LOGICAL_W // 2, LOGICAL_H // 2)
        self.box = box
        self.resume_b = button(self.ui, (box.centerx - 400, box.bottom - 120, 250, 84), tr("sm.pause.resume"),
                               "#primary")
        self.help_b = button(self.ui, (box.centerx - 125, box.bottom - 120, 250, 84), tr("sm.pause.help"))
        self.leave_b = button(self.ui, (box.centerx + 150, box.bottom - 120, 250, 84), tr("sm.pause.leave"), "#danger")

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        if element is self.resume_b:
            self.on_back()
        elif element is self.help_b:
            self.floor.open_help()
        elif element is self.leave_b:
            self.floor.leave()

    def on_back(self) -> bool:
        self.app.stack.pop()
        self.floor.set_paused(False)
        return True

    def draw_scene(self, canvas: pygame.Surface) -> None:
        sheet(canvas, self.box, self.app.darken)
        text = self.app.text
        text.draw(canvas, tr("sm.pause.paused"), (self.box.centerx, self.box.y + 40), 72, GOLD, bold=True,
                  anchor="midtop")
        for i, line in enumerate(text.wrap(tr("sm.pause.body"), 28, self.box.w - 80)):
            text.draw(canvas, line, (self.box.centerx, self.box.y + 150 + i * 36), 28, CREAM, anchor="midtop")
