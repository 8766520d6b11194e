"""The away strip over a table: online, when a person's link is down, everyone else sees who and
for how long; once the game's grace period is over the table offers what this seat may do about
it (hand the seat to a bot, or claim the match). On one device nobody is ever away, so it never shows.

It is a mover of its table scene (drawn above the cards, restored under each frame) plus its own
buttons in the scene's UI, so the table keeps its input, updates and dirty-rect drawing unchanged.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game.draw.palette import CREAM, GOLD, MUTED, RED
from game.draw.ui import button
from game.draw.widgets import panel
from game.text import tr
from rules.errors import IllegalAction

if TYPE_CHECKING:
    from game.scenes.match import MatchScene

SIZE = (960, 84)
CHOICES = {"bot": "#primary", "claim": "#danger"}  # theme by choice; the words are away.<choice>


def clock_words(seconds: float) -> str:
    """0:42 style."""
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


class AwayBar:
    """Who is away at this online table, and the buttons for what may be done about it."""

    layer = 20

    def __init__(self, scene: MatchScene) -> None:
        self.scene = scene
        self.rect = pygame.Rect(scene.AWAY_AT, SIZE)
        self.seat: int | None = None
        self.gone = 0.0
        self.more = 0
        self.buttons: dict[Any, str] = {}
        self._shape: tuple[Any, ...] = ()

    def step(self) -> None:
        """Follow the table: show, update or hide the strip and its buttons."""
        table, scene = self.scene.table, self.scene
        away = table.away()
        seat = min(away) if away else None
        shape = (seat, table.away_choices(seat) if seat is not None else ())
        if shape != self._shape or any(not b.alive() for b in self.buttons):  # a scene may clear its UI
            self._shape = shape
            self._rebuild(shape[1])
        second = int(away.get(seat, 0.0)) if seat is not None else 0
        if seat is not None and (seat != self.seat or second != int(self.gone)):
            scene.wake(0.05)
        self.seat, self.gone, self.more = seat, away.get(seat, 0.0) if seat is not None else 0.0, len(away) - 1
        if seat is not None and self not in scene.movers:
            scene.movers.append(self)
        elif seat is None and self in scene.movers:
            scene.movers.remove(self)
            scene.restatic([self.rect])

    def _rebuild(self, choices: tuple[str, ...]) -> None:
        for element in self.buttons:
            element.kill()
        self.buttons = {}
        x = self.rect.right - 20
        for key in reversed(choices):
            words, oid = tr(f"away.{key}"), CHOICES[key]
            x -= 290
            self.buttons[button(self.scene.ui, (x, self.rect.y + 8, 280, 68), words, oid)] = key
        self.scene.invalidate()

    def press(self, element: Any) -> bool:
        """A button of the strip was pressed: ask the table; True when it was one of ours."""
        key = self.buttons.get(element)
        if key is None or self.seat is None:
            return False
        try:
            if key == "bot":
                self.scene.table.replace_with_bot(self.seat)
            else:
                self.scene.table.claim()
        except IllegalAction as exc:
            self.scene.refused(self.seat, exc.refusal)
        return True

    def draw(self, canvas: pygame.Surface) -> None:
        """The strip: name, time gone, and what happens meanwhile."""
        if self.seat is None:
            return
        panel(canvas, self.rect, fill=(30, 20, 18, 255), edge=RED, radius=20, width=3)
        names = self.scene.names
        name = (names[self.seat] if self.seat < len(names) else tr("setup.seat", number=self.seat + 1))[:14]
        more = tr("away.more", count=self.more) if self.more > 0 else ""
        text = self.scene.app.text
        late = getattr(self.scene.table, "days", None) is not None  # a correspondence table: the move clock
        what = (tr("away.late", name=name, minutes=math.ceil(self.gone / 60)) if late
                else tr("away.away", name=name, clock=clock_words(self.gone)))
        text.draw(canvas, f"{what}{more}", (self.rect.x + 28, self.rect.y + 8), 30, GOLD, bold=True)
        words = tr("away.choose") if self.buttons else tr("away.waiting")
        if late:
            words = tr("away.may_move")
        text.draw(canvas, words, (self.rect.x + 28, self.rect.y + 50), 22, CREAM if self.buttons else MUTED)
