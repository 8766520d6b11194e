"""Monkey test for the Stamp Swap table that plays: most taps land on what is drawn and can be
acted on (pool items, split boxes, piles, lit squares, contests, buttons), the rest are random raw
mouse, finger and key events, so whole matches reach the Final Show while nothing raises."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.scenes.stamp_swap.final import FinalShowScene
from game.scenes.stamp_swap.scene import StampSwapScene
from rules.contract import MatchConfig, SeatConfig
from tests.conftest import Player, make_player
from tests.stamp_swap_play import gestures, perform
from tests.test_monkey_shell import random_event

AIMED = 0.75  # share of turns that act on something drawn; the rest are random raw events
MAX_TURNS = 4000
MAX_CPU_SECONDS = 40.0  # process time, so a busy machine does not fail it (10-25 s: a take is two taps now)


def fail(exc: Exception) -> None:
    """The error boundary must not hide what the monkey found."""
    raise exc


def release_all(player: Player) -> None:
    """Lift the mouse and every finger a random event may have left down (off the table's items)."""
    spot = player.window_pos((1200, 1070))
    w, h = player.app.display.size
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1))
    for fid in range(4):
        pygame.event.post(pygame.event.Event(pygame.FINGERUP, touch_id=1, finger_id=fid, x=spot[0] / w,
                                             y=spot[1] / h, dx=0.0, dy=0.0, pressure=1.0))
    player.frames(1)


def random_burst(rng: random.Random, player: Player) -> None:
    """A few random raw events (never Escape: leaving is tested elsewhere)."""
    for _ in range(rng.randrange(1, 5)):
        event = random_event(rng, player)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            continue
        pygame.event.post(event)
    player.frames(1, dt=rng.choice([1 / 60, 1 / 30, 0.2]))
    release_all(player)


@pytest.mark.slow
@pytest.mark.parametrize("people", [1, 2])
def test_monkey_plays_stamp_swap_to_the_final_show(people):
    player = make_player(size=(1280, 720))
    player.app._crashed = fail
    player.app.update_settings(seen_briefings=("stamp-swap",))
    seats = tuple(SeatConfig(f"P{i}", None if i < people else "easy") for i in range(3))
    scene = StampSwapScene.new(player.app, MatchConfig(seats), 5 + people)
    scene.table.speed = 0.05
    player.app.stack.replace(scene)
    player.frames(2)
    rng = random.Random(people)
    phases, aimed, started = set(), 0, time.process_time()
    for _turn in range(MAX_TURNS):
        if isinstance(player.app.stack.top, FinalShowScene):
            break
        assert time.process_time() - started < MAX_CPU_SECONDS, f"still playing after {aimed} aimed gestures"
        options = gestures(player)
        if options and rng.random() < AIMED:
            perform(player, rng.choice(options), rng, finger=rng.randrange(4))
            aimed += 1
        elif rng.random() < 0.5:
            random_burst(rng, player)
        else:
            player.frames(2, dt=0.1)  # bots and the table's beats move on
        player.app.running = True
        phases.add(getattr(player.app.stack.top, "v", {}).get("phase"))
    assert isinstance(player.app.stack.top, FinalShowScene), f"no end screen after {aimed} aimed gestures"
    assert {"collect", "swap_prep", "swap_choose", "show"} <= phases
    assert player.app.stack.top.winners()
    pygame.quit()
