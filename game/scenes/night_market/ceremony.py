"""The round-end ceremony: coins count up, bonus tokens turn over, the Porter token moves, the seal lands.

Staged reveals with sounds; a tap skips to the end. At the match end it offers Rematch and Title.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pygame

from game.draw.anim import Call, Sequence, Tween, Wait, ease_out_back
from game.draw.anim import Counter as CountUp
from game.draw.palette import CREAM, GOLD, MUTED
from game.draw.text import at_most, chosen_size, grown, text_size
from game.draw.ui import button, resize, wanted_width
from game.draw.widgets import felt, sheet
from game.shell.display import LOGICAL_H, LOGICAL_W
from game.shell.pointer import PointerEvent
from game.shell.scene import Scene
from game.shell.targets import Target, keyed
from game.text import tr
from rules.night_market.data import PORTER_TOKEN

PANEL = pygame.Rect(0, 0, 1440, 900)
PANEL.center = (LOGICAL_W // 2, LOGICAL_H // 2)
LABEL_ROOM = 300  # the row names' width, left of the first merchant's column (its centre at +560, tokens ±200)
TOKENS_W = 400  # a merchant's row of bonus tokens stays this wide (centre to centre), clear of the other's
TIEBREAK = {"bonus tokens": "nm.end.tie.bonus", "coin tokens": "nm.end.tie.coins", "non-starter": "nm.end.tie.starter"}


class Ceremony(Scene):
    """Round end (and match end) reveal over the table."""

    name = "nm_ceremony"
    focusable = True  # its buttons by keyboard

    def __init__(self, app, data: dict[str, Any], names: tuple[str, str], order: tuple[int, int],  # type: ignore[no-untyped-def]
                 colours: dict[int, tuple[int, int, int]], match_winner: int | None,
                 on_next: Callable[[], None], on_rematch: Callable[[], None], on_title: Callable[[], None],
                 opaque: bool = False) -> None:
        super().__init__(app)
        self.opaque = opaque
        self.data, self.names, self.order, self.colours = data, names, order, colours
        self.match_winner = match_winner
        self.on_next, self.on_rematch, self.on_title = on_next, on_rematch, on_title
        self.coins = [CountUp(0, 40) for _ in (0, 1)]
        self.totals = [CountUp(0, 40) for _ in (0, 1)]
        self.revealed = 0  # bonus tokens turned over so far (both merchants, in order)
        self.stage = 0  # 1 coins, 2 bonus, 3 porter token, 4 totals, 5 seal, 6 done
        self.seal_scale = 3.0
        self.buttons: dict[object, str] = {}
        self.anim.add(Sequence(self._timeline()))

    def _timeline(self) -> list[Any]:
        tokens = sum(len(b) for b in self.data["bonus"])
        steps: list[Any] = [Wait(0.3), Call(lambda: self._to(1))]
        steps += [Wait(0.7), Call(lambda: self._to(2))]
        for _ in range(tokens):
            steps += [Wait(0.4), Call(self._reveal_one)]
        steps += [Wait(0.5), Call(lambda: self._to(3)), Wait(0.6), Call(lambda: self._to(4)),
                  Wait(0.7), Call(lambda: self._to(5)),
                  Tween(self, "seal_scale", 1.0, 0.45, ease_out_back), Wait(0.2), Call(lambda: self._to(6))]
        return steps

    def _to(self, stage: int) -> None:
        if stage <= self.stage:
            return
        self.stage = stage
        audio = self.app.audio
        if stage == 1:
            audio.play("coins")
            for seat in (0, 1):
                self.coins[seat].set(self.data["coins"][seat])
        elif stage == 3:
            audio.play("porters")
        elif stage == 4:
            audio.play("coin")
            for seat in (0, 1):
                self.totals[seat].set(self.data["totals"][seat])
        elif stage == 5:
            audio.play("seal")
        elif stage == 6:
            self.seal_scale = 1.0
            if self.match_winner is not None:
                audio.play("fanfare")
            self._buttons()
            self.wake()  # pygame-gui finishes drawing new buttons on the next updates
        self.invalidate()

    def _reveal_one(self) -> None:
        self.revealed += 1
        self.app.audio.play("card_flip")
        self.invalidate()

    def is_dirty(self) -> bool:
        """Redraw on a reveal, while numbers count or the seal lands, not through the pauses between."""
        return self._full or self._hot > 0 or (self.stage == 5 and self.anim.busy)

    def _skip(self) -> None:
        self.revealed = sum(len(b) for b in self.data["bonus"])
        for stage in range(self.stage + 1, 7):
            self._to(stage)
        for counter in (*self.coins, *self.totals):
            counter.shown = counter.value
        self.anim.running.clear()
        self.invalidate()

    def _buttons(self) -> None:
        """Next round, or Rematch and Title: as wide as their labels at a bigger text size (the pair
        growing outwards from the gap between them)."""
        y = PANEL.bottom - 120
        if self.match_winner is None:
            made = button(self.ui, (PANEL.centerx - 200, y, 400, 90), tr("nm.end.next"), "#primary")
            if wanted_width(made, 400) > 400:
                w = wanted_width(made, 400)
                resize(made, (w, 90), (PANEL.centerx - w // 2, y))
            self.buttons[keyed(made, "round:next")] = "next"
            return
        again = button(self.ui, (PANEL.centerx - 430, y, 400, 90), tr("nm.end.rematch"), "#primary")
        if wanted_width(again, 400) > 400:
            resize(again, (wanted_width(again, 400), 90), (PANEL.centerx - 30 - wanted_width(again, 400), y))
        title = button(self.ui, (PANEL.centerx + 30, y, 400, 90), tr("nm.end.title"), "#quiet")
        if wanted_width(title, 400) > 400:
            resize(title, (wanted_width(title, 400), 90), (PANEL.centerx + 30, y))
        self.buttons[again], self.buttons[title] = "rematch", "title"

    def on_button(self, element) -> None:  # type: ignore[no-untyped-def]
        key = self.buttons.get(element)
        if key == "next":
            self.app.stack.pop()
            self.on_next()
        elif key == "rematch":
            self.on_rematch()
        elif key == "title":
            self.on_title()

    def handle_pointer(self, pe: PointerEvent) -> bool:
        if pe.kind == "tap" and self.stage < 6:
            self._skip()
        return True

    def on_back(self) -> bool:
        if self.stage < 6:
            self._skip()
        elif self.match_winner is None:
            self.on_button(next(iter(self.buttons)))
        return True

    def update(self, dt: float) -> None:
        super().update(dt)
        moving = False
        for counter in (*self.coins, *self.totals):
            moving = counter.step(self.anim.scaled(dt)) or moving
        if moving:
            self.wake(0.1)

    @staticmethod
    def verdict_h() -> int:
        """How tall the verdict's lit place is: to the note's last line at a bigger text size (its lines
        keep their 100 % size and place), so a guided match's coach finds room under it."""
        return 110 if text_size() <= 100 else 106

    def targets(self) -> list[Target]:
        """A guided match's names: "ceremony:why" (why the round ended), "ceremony:scores" (the names and
        the rows being counted, once they start), "ceremony:verdict" (where who wins the seal is said);
        buttons as every scene."""
        why_h = 40 if text_size() <= 100 else grown(44)  # not the title; the line grows, its lit place too
        found = [Target("ceremony:why", pygame.Rect(PANEL.x + 300, PANEL.y + 100, PANEL.w - 600, why_h)),
                 Target("ceremony:verdict", pygame.Rect(PANEL.x + 300, PANEL.y + 660, PANEL.w - 600,
                                                      Ceremony.verdict_h()))]
        if self.stage >= 1:
            found.append(Target("ceremony:scores", pygame.Rect(PANEL.x + 30, PANEL.y + 156, PANEL.w - 60, 604)))
        return found + super().targets()

    # drawing -----------------------------------------------------------------------------------
    def draw_scene(self, canvas: pygame.Surface) -> None:
        if self.opaque:
            felt(canvas, self.app.assets)
        sheet(canvas, PANEL, self.app.darken, radius=30)
        text, d = self.app.text, self.data
        why = tr("nm.end.coins") if d["reason"] == "coins" else tr("nm.end.market")
        text.draw(canvas, why, (PANEL.centerx, PANEL.y + 104), 28, MUTED, anchor="midtop")  # a sentence: it grows
        with at_most(100):  # the board (heading, names, counts, tokens, the seals) is fixed art: it keeps its size
            title = tr("nm.end.heading", round=d["round"])
            text.draw(canvas, title, (PANEL.centerx, PANEL.y + 28), 56, GOLD, bold=True, anchor="midtop", shadow=True)
            for i, row in enumerate(("coins", "bonus", "porter", "total")):
                label = tr(f"nm.end.row.{row}")  # the row's name, smaller when long, clear of the first column
                size = next((s for s in (32, 28, 24) if text.font(s, True).size(label)[0] <= LABEL_ROOM), 22)
                text.draw(canvas, label, (PANEL.x + 60, PANEL.y + 250 + i * 110 + self.down), size, MUTED, bold=True,
                          anchor="midleft")
            for col, seat in enumerate(self.order):
                self._column(canvas, seat, PANEL.x + 560 + col * 500)
            self._headline(canvas)

    @property
    def down(self) -> int:
        """How far the board's rows sit lower, under the grown line saying why the round ended (0 at 100 %)."""
        with chosen_size():
            return grown(38) - 38

    def _column(self, canvas: pygame.Surface, seat: int, cx: int) -> None:
        text, d, top = self.app.text, self.data, PANEL.y + self.down
        colour = self.colours[seat]
        text.draw(canvas, self.names[seat], (cx, top + 170), 40, colour, bold=True, anchor="center")
        if self.stage >= 1:
            text.draw(canvas, self.coins[seat].text, (cx, top + 250), 44, CREAM, bold=True, anchor="center")
        self._tokens(canvas, seat, cx, top + 360)
        if self.stage >= 3:
            porters = d["porters"][seat]
            if d["porter_token"] == seat:
                token = self.app.assets.image("porter_token", (72, 72))
                canvas.blit(token, token.get_rect(center=(cx - 60, top + 470)))
                text.draw(canvas, f"+{PORTER_TOKEN}", (cx + 10, top + 470), 40, GOLD, bold=True, anchor="midleft")
            else:
                none = tr("nm.end.tie") if d["porter_token"] is None else "—"
                text.draw(canvas, none, (cx, top + 470), 30, MUTED, anchor="center")
            text.draw(canvas, tr("nm.porters", count=porters), (cx, top + 516), 22, MUTED, anchor="center")
        if self.stage >= 4:
            text.draw(canvas, self.totals[seat].text, (cx, top + 580), 56, GOLD, bold=True, anchor="center")
        if self.stage >= 5 and d["winner"] == seat:
            size = int(110 * self.seal_scale)
            seal = self.app.assets.image("seal", (size, size))
            canvas.blit(seal, seal.get_rect(center=(cx + 150, top + 580)))

    def _tokens(self, canvas: pygame.Surface, seat: int, cx: int, y: int) -> None:
        tokens = self.data["bonus"][seat]
        if not tokens:
            if self.stage >= 2:
                self.app.text.draw(canvas, tr("nm.end.none"), (cx, y), 30, MUTED, anchor="center")
            return
        before = len(self.data["bonus"][0]) if seat == 1 else 0
        step = min(100, TOKENS_W // max(1, len(tokens) - 1))  # many tokens close up inside their column
        x0 = cx - (len(tokens) - 1) * step // 2
        words = [tr("nm.end.size", size=f"{size}{'+' if size == 5 else ''}") for _, size, _ in tokens]
        widest = max(self.app.text.font(22).size(w)[0] for w in words)
        under_each = step >= 90 and (len(tokens) == 1 or widest < step - 8)
        if not under_each:  # too close for a caption under each (or their words too wide): one for the row
            sizes = Counter(size for _, size, _ in tokens)
            caption = " · ".join(tr("nm.end.tokens", count=n, size=f"{size}{'+' if size == 5 else ''}")
                                 for size, n in sorted(sizes.items()))
            self.app.text.draw(canvas, caption, (cx, y + 52), 22, MUTED, anchor="center")
        for i, (_, _size, value) in enumerate(tokens):
            centre = (x0 + i * step, y)
            token = self.app.assets.image("bonus_token", (70, 70))
            if self.stage >= 2 and before + i < self.revealed:
                pygame.draw.circle(canvas, (255, 214, 120), centre, 34)
                pygame.draw.circle(canvas, (120, 80, 20), centre, 34, 3)
                self.app.text.draw(canvas, str(value), centre, 36, (60, 36, 8), bold=True, anchor="center")
            else:
                canvas.blit(token, token.get_rect(center=centre))
            if under_each:
                self.app.text.draw(canvas, words[i], (centre[0], y + 52), 22, MUTED, anchor="center")

    def _headline(self, canvas: pygame.Surface) -> None:
        if self.stage < 5:
            return
        d, text = self.data, self.app.text
        winner = d["winner"]
        if self.match_winner is not None:
            words = tr("nm.end.wins_match", name=self.names[self.match_winner])
        else:
            words = tr("nm.end.wins_seal", name=self.names[winner])
        text.draw(canvas, words, (PANEL.centerx, PANEL.y + 668), 46, self.colours[winner], bold=True,
                  anchor="midtop", shadow=True)
        seals = d["seals"]
        note = tr(TIEBREAK[d["tiebreak"]]) if d["tiebreak"] in TIEBREAK else tr(
            "nm.end.seals", first=self.names[0], a=seals[0], second=self.names[1], b=seals[1])
        text.draw(canvas, note, (PANEL.centerx, PANEL.y + 728), 26, MUTED, anchor="midtop")
