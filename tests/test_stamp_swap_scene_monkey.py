"""Monkey test for the Stamp Swap table: thousands of random and item-aimed taps and drags, many fingers."""

from __future__ import annotations

import random

import pygame
import pytest

from game.scenes.stamp_swap.scene import StampSwapScene
from rules.contract import MatchConfig, SeatConfig
from tests.conftest import Player, make_player
from tests.test_monkey_shell import random_event


@pytest.fixture(autouse=True)
def unthreaded(monkeypatch):
    """Bots think inline so a failure replays."""


def aimed(rng: random.Random, player: Player) -> list[pygame.event.Event]:
    """A press on something drawn on the table, dragged (or not) somewhere else, by mouse or a finger."""
    top = player.app.stack.top
    lay = getattr(top, "lay", None)
    targets = [p.rect.center for p in lay.items] + [r.center for r in lay.zones.values()] if lay else []
    if not targets:
        targets = [(rng.randrange(1920), rng.randrange(1080))]
    a, b = rng.choice(targets), rng.choice(targets)
    w, h = player.app.display.size
    wa, wb = player.window_pos(a), player.window_pos(b)
    if rng.random() < 0.4:
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=wa, button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=wb, rel=(0, 0), buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=wb, button=1)]
    fid = rng.randrange(4)
    out = [pygame.event.Event(pygame.FINGERDOWN, touch_id=1, finger_id=fid, x=wa[0] / w, y=wa[1] / h, dx=0.0,
                              dy=0.0, pressure=1.0)]
    if rng.random() < 0.6:
        out.append(pygame.event.Event(pygame.FINGERMOTION, touch_id=1, finger_id=fid, x=wb[0] / w, y=wb[1] / h,
                                      dx=0.0, dy=0.0, pressure=1.0))
    if rng.random() < 0.85:
        out.append(pygame.event.Event(pygame.FINGERUP, touch_id=1, finger_id=fid, x=wb[0] / w, y=wb[1] / h,
                                      dx=0.0, dy=0.0, pressure=1.0))
    return out


def fail(exc: Exception) -> None:
    """The error boundary must not hide what the monkey found."""
    raise exc


@pytest.mark.parametrize("people", [1, 2])
def test_monkey_survives_the_stamp_swap_table(people):
    player = make_player(size=(1280, 720))
    player.app._crashed = fail
    player.app.update_settings(seen_briefings=("stamp-swap",))
    seats = tuple(SeatConfig(f"P{i}", None if i < people else "easy") for i in range(3))
    scene = StampSwapScene.new(player.app, MatchConfig(seats), 5 + people)
    scene.table.speed = 0.05
    player.app.stack.replace(scene)
    player.frames(2)
    rng = random.Random(people)
    phases = set()
    for i in range(2500):
        if rng.random() < 0.5:
            event = random_event(rng, player)
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                continue
            pygame.event.post(event)
        else:
            for event in aimed(rng, player):
                pygame.event.post(event)
            player.frames(1)
        if i % 6 == 0:
            player.frames(1, dt=rng.choice([1 / 60, 1 / 30, 0.2]))
        player.app.running = True
        phases.add(getattr(player.app.stack.top, "v", {}).get("phase"))
    assert player.app.stack.top is not None
    assert {"collect", "swap_prep"} <= phases
    pygame.quit()
