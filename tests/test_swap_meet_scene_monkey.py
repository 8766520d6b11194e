"""Monkeys that play Swap Meet: most taps aim at what is drawn and actionable (cards, lit buttons,
Swap, Peek, pins, peek tabs, overlay buttons), random raw events (mouse, several fingers, keys)
fall in between, on the app's fake clock, until the match's final standings are on screen.

Bounded in events and in match time; any exception fails the test (the error boundary is off).
"""

from __future__ import annotations

import random
import zlib
from typing import Any

import pygame
import pytest

from game.scenes.confirm import ConfirmScene
from game.scenes.help import HelpScene
from game.scenes.swap_meet.scene import SwapMeetScene
from game.scenes.swap_meet.summary import PauseOverlay, SummaryOverlay
from tests.conftest import Player
from tests.test_monkey_shell import random_event
from tests.test_swap_meet_scene import start

MAX_EVENTS = 6000
MATCH_SECONDS = 3 * 60 + 3 * 10 + 60  # three 60 s rounds, their summaries, and slack


class PlayingMonkey:
    """Aimed taps with random noise in between, one finger id per aimed tap in table mode."""

    def __init__(self, p: Player, scene: SwapMeetScene, seed: int) -> None:
        self.p, self.scene, self.rng = p, scene, random.Random(seed)
        self.finger = 10

    def tap(self, pos: tuple[float, float]) -> None:
        """A quick tap: the mouse in the one-person layout, a new finger at a table."""
        if not self.scene.table_mode and self.rng.random() < 0.7:
            wx, wy = self.p.window_pos(pos)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(wx, wy), button=1))
            self.p.frames(1)
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(wx, wy), button=1))
        else:
            self.finger = 10 + (self.finger - 9) % 40
            self.p.finger(pygame.FINGERDOWN, pos, self.finger, emulate=False)
            self.p.frames(1)
            self.p.finger(pygame.FINGERUP, pos, self.finger, emulate=False)
        self.p.frames(1)

    def overlay_target(self) -> tuple[float, float] | None:
        """The button an overlay on top wants (None: the floor is on top)."""
        top = self.p.top
        if isinstance(top, SummaryOverlay):
            button = next((b for b in top.buttons.values() if b.is_enabled), None) if top.stage != "final" else None
            return button.rect.center if button is not None else (960.0, 540.0)
        if isinstance(top, PauseOverlay):
            return top.resume_b.rect.center
        if isinstance(top, HelpScene):
            return top.close.rect.center
        if isinstance(top, ConfirmScene):  # "Leave this match?": keep playing (the last choice)
            return list(top.choices)[-1].rect.center
        return None

    def floor_target(self) -> tuple[float, float] | None:
        """Something worth pressing in one person's panel, or a market meter."""
        scene = self.scene
        region = self.rng.choice(scene.regions)
        model = region.model
        if model is None:
            return None
        if model.masked:
            return self._zone(region, lambda i: i == ("peektab",))
        if not scene.table_mode and self.rng.random() < 0.08:
            return scene.market.cells[self.rng.choice(list(scene.market.cells))].center
        lit = {b.key for b in model.buttons if b.enabled}
        return self._zone(region, lambda i: i[0] in ("card", "swap", "peek", "pin")
                          or i[0] == "button" and i[1] in lit)

    def _zone(self, region: Any, want: Any) -> tuple[float, float] | None:
        zones = [rect for rect, intent in region.panel.hits if want(intent)]
        if not zones:
            return None
        rect = self.rng.choice(zones)
        return region.to_canvas(rect.center)

    def noise(self) -> None:
        """One random raw event that cannot leave the match (no Escape, nothing near Leave)."""
        for _ in range(20):
            event = random_event(self.rng, self.p)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                continue
            if hasattr(event, "pos") or hasattr(event, "x"):
                pos = self.p.app.display.to_logical(event.pos) if hasattr(event, "pos") else \
                    self.p.app.display.finger_to_logical(event.x, event.y)
                if any(r.collidepoint(pos) for r in self.danger()):
                    continue
            pygame.event.post(event)
            return

    def danger(self) -> list[pygame.Rect]:
        """Buttons that would end the match early: Leave, and Title on the standings."""
        rects = [self.scene.leave_b.rect.inflate(40, 40)]
        for scene in self.p.app.stack.scenes:
            if isinstance(scene, PauseOverlay):
                rects.append(scene.leave_b.rect.inflate(40, 40))
            if isinstance(scene, ConfirmScene):
                rects += [b.rect.inflate(40, 40) for b in list(scene.choices)[:-1]]
        return rects

    def finished(self) -> bool:
        top = self.p.top
        return isinstance(top, SummaryOverlay) and top.final and top.stage == "final"

    def play(self) -> int:
        """Until the final standings show; returns the events sent."""
        start_time = self.scene.table.now()
        for sent in range(MAX_EVENTS):
            if self.finished():
                return sent
            assert self.scene.table.now() - start_time < MATCH_SECONDS, "the match did not end in time"
            target = self.overlay_target() or (self.floor_target() if self.rng.random() < 0.8 else None)
            if target is not None:
                self.tap(target)
            else:
                self.noise()
                self.p.frames(1)
            self.p.clock.advance(self.rng.choice([0.05, 0.1, 0.25]))  # match time runs on the fake clock
            self.p.app.running = True
        raise AssertionError("the monkey ran out of events before the end screen")


@pytest.mark.slow
@pytest.mark.parametrize("humans", [1, 3, 4])
def test_a_playing_monkey_plays_a_whole_match_to_the_final_standings(humans):
    p, scene = start(humans=humans, seats=max(4, humans + 1), quiet=False, round_seconds=60)

    def fail(exc: Exception) -> None:
        raise exc

    p.app._crashed = fail  # the error boundary must not hide a monkey's find
    monkey = PlayingMonkey(p, scene, zlib.crc32(f"swap-meet-play-{humans}".encode()))
    monkey.play()
    view = scene.table.view(None)
    assert view.phase == "finished" and len(view.summaries) == 3
    people = [e.seat for e in scene.table.log if e.seat in scene.humans]
    assert len(people) >= 10, f"people made only {len(people)} moves"
    assert p.app.stack.top is not None
    pygame.quit()
