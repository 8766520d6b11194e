"""Undo at a table scene: the Undo button, Ctrl+Z (remappable), and the pass-the-device curtain's "Undo my move".

The table decides (game/match/table.py `undo_reason`, rules/undo.py): a person's last move can be
taken back while it revealed nothing and nobody has acted since. The button appears the moment
that holds for the person the scene shows and goes away when it stops holding (a bot's reply, a
card from the deck); Ctrl+Z asks the same and says why not when refused. Online tables never offer
it. With several people on one device the mover may still take the move back on the curtain that
asks to pass the device: nobody else has seen a private view since.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.draw.palette import GOLD as BAR
from game.draw.ui import button, resize, wanted_width
from game.scenes.curtain import PANEL, CurtainScene
from game.shell.keymap import keys_of
from game.text import say, tr
from rules.errors import IllegalAction
from rules.undo import NOTHING

if TYPE_CHECKING:
    from game.scenes.match import MatchScene

GRACE = 3.0  # seconds the bots hold their reply while a fresh move can still be taken back
BAR_H, BAR_GAP = 6, 5  # the grace's draining bar, just under the Undo button


class UndoControl:
    """The Undo button of one table scene, and what its press and Ctrl+Z do."""

    def __init__(self, scene: MatchScene) -> None:
        self.scene = scene
        self.button: pygame_gui.elements.UIButton | None = None
        self._memos: dict[int, Any] = {}  # history length before a move → what the scene kept then
        self.grace: GraceBar | None = None  # while it drains the bots wait (a bot's reply would close undo)

    def seat(self) -> int | None:
        """The person who may take a move back from this screen now (None: nobody)."""
        if self.scene.guided:
            return None
        seat = self.scene.undo_seat()
        return seat if seat is not None and seat in self.scene.table.here else None

    def available(self) -> bool:
        """True when the shown person may take their last move back now."""
        seat = self.seat()
        return seat is not None and self.scene.table.can_undo(seat)

    def step(self) -> None:
        """Show the button the moment undo is possible; take it away the moment it is not (called every
        frame, and by a scene right after it clears its widgets, so a press never meets a dead button)."""
        scene = self.scene
        if self.available():
            if self.button is None or not self.button.alive():  # a scene may have cleared its widgets
                fresh = self.button is None
                at = scene.undo_rect()
                self.button = button(scene.ui, at, tr("undo.button"), "#quiet")
                if wanted_width(self.button, at.w) > at.w:  # a grown label: wider, leftwards from its place
                    resize(self.button, (wanted_width(self.button, at.w), at.h),
                           (at.right - wanted_width(self.button, at.w), at.y))
                scene.wake()
                if fresh:
                    scene.restatic()  # what makes room for the button (clear_of) is painted again
                    self._start_grace()
        elif self.button is not None:
            if self.button.alive():
                self.button.kill()
            self.button = None
            scene.restatic()  # the table shows again where the button was
        if self.grace is not None and (self.button is None or self.grace.left(scene.table.now()) <= 0):
            self.end_grace()

    def _start_grace(self) -> None:
        """The button just appeared for a fresh move: the bots wait a few seconds, shown by a draining bar."""
        self.end_grace()
        assert self.button is not None
        self.grace = GraceBar(pygame.Rect(self.button.rect), self.scene.table.now(), GRACE)
        self.scene.movers.append(self.grace)

    def holding(self) -> bool:
        """True while the bots hold their reply: the person may still take the move back at leisure."""
        return self.grace is not None and self.button is not None and self.grace.left(self.scene.table.now()) > 0

    def end_grace(self) -> None:
        """The grace is over (run out, or the person did something else): the bots may reply."""
        if self.grace is None:
            return
        if self.grace in self.scene.movers:
            self.scene.movers.remove(self.grace)
        self.grace = None

    def noticed(self, event: pygame.event.Event) -> None:
        """A press, a tap or a key that is not aimed at Undo ends the grace: the person has moved on."""
        if self.grace is None or event.type not in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN):
            return
        if event.type == pygame.KEYDOWN:
            if not keys_of(self.scene.app.settings).undoes(event):
                self.end_grace()
            return
        display = self.scene.app.display
        pos = display.finger_to_logical(event.x, event.y) if event.type == pygame.FINGERDOWN \
            else display.to_logical(event.pos)
        if self.button is None or not self.button.rect.inflate(16, 16).collidepoint(pos):
            self.end_grace()

    def clear_of(self, rect: pygame.Rect) -> pygame.Rect:
        """The part of `rect` left of the Undo button while it shows there (for a line of words)."""
        if self.button is None or not rect.colliderect(self.button.rect):
            return pygame.Rect(rect)
        return pygame.Rect(rect.x, rect.y, max(0, self.button.rect.x - 8 - rect.x), rect.h)

    def pressed(self, element: Any) -> bool:
        """Handle a press of the Undo button; True when it was ours."""
        if element is None or element is not self.button:
            return False
        self.request()
        return True

    def request(self) -> bool:
        """Take the shown person's last move back, or say why not; True when it was taken back."""
        scene, seat = self.scene, self.seat()
        refusal = NOTHING() if seat is None else scene.table.undo_reason(seat)
        if refusal is None and seat is not None:
            try:
                scene.table.undo(seat)
            except IllegalAction as exc:  # the table moved on between the look and the press
                refusal = exc.refusal
        if refusal is not None or seat is None:
            scene.undo_refused(tr("undo.refused", why=say(refusal or NOTHING())))
            return False
        scene.app.audio.play("card_slide")
        recap = getattr(scene, "recap", None)
        if recap is not None:
            recap.trim()
        size = len(scene.table.history(None))
        memo = self._memos.pop(size, None)
        self._memos = {at: kept for at, kept in self._memos.items() if at < size}  # later ones can never come back
        scene.after_undo(seat, memo)
        self.step()
        return True

    def keep(self, memo: Any) -> None:
        """What the scene wants back if the move it is about to hand over is taken back."""
        self._memos[len(self.scene.table.history(None))] = memo

    def curtain(self, player: str, recap: list[str], on_ready: Callable[[], None]) -> CurtainScene:
        """The pass-the-device curtain, with "Undo my move" while the mover may still take it back."""
        seat = self.seat()
        if seat is None or not self.scene.table.can_undo(seat):
            return CurtainScene(self.scene.app, player, recap, on_ready)
        return UndoCurtain(self.scene.app, player, recap, on_ready, self.scene.names[seat], self.request)


class UndoCurtain(CurtainScene):
    """The curtain, plus a button for the person still holding the device to take their move back."""

    def __init__(self, app: Any, player: str, recap: list[str], on_ready: Callable[[], None], mover: str,
                 undo: Callable[[], bool]) -> None:
        super().__init__(app, player, recap, on_ready)
        self.undo = undo
        self.take_back = button(self.ui, (PANEL.centerx - 230, PANEL.bottom + 40, 460, 80),
                                tr("curtain.undo", name=mover), "#quiet")

    def on_button(self, element: Any) -> None:
        if element is self.take_back:
            self.app.stack.pop()
            self.undo()
            return
        super().on_button(element)

    def handle_pointer(self, pe: Any) -> bool:
        if pe.kind == "tap" and self.take_back.rect.collidepoint(pe.pos):
            return True  # the button's own press handles it (a tap on it is not "ready")
        return super().handle_pointer(pe)


class GraceBar:
    """A bar under the Undo button that drains while the bots wait (a mover of the table scene)."""

    layer = 5

    def __init__(self, button_rect: pygame.Rect, start: float, seconds: float) -> None:
        self.full = pygame.Rect(button_rect.x + 14, button_rect.bottom + BAR_GAP, button_rect.w - 28, BAR_H)
        self.rect = self.full
        self.start, self.seconds = start, seconds
        self.now = start

    def left(self, now: float) -> float:
        """Seconds of grace left at `now` (and the bar follows)."""
        self.now = now
        return self.seconds - (now - self.start)

    def share(self) -> float:
        """How much of the bar is left (1 full, 0 drained)."""
        return max(0.0, min(1.0, 1 - (self.now - self.start) / self.seconds))

    def draw(self, canvas: pygame.Surface) -> None:
        """The part still to drain, from the left (`rect` stays the whole bar: the table restores all of it)."""
        pygame.draw.rect(canvas, BAR, (self.full.x, self.full.y, round(self.full.w * self.share()), BAR_H),
                         border_radius=BAR_H // 2)
