"""Monkey tests: thousands of random pointer, touch and key events on every shell scene."""

from __future__ import annotations

import random
import zlib

import pygame
import pytest

from game.scenes.help import HelpScene
from game.scenes.seat_setup import SeatSetupScene
from game.scenes.settings import SettingsScene
from game.shell import catalog
from tests.conftest import Player, make_player

KEYS = [pygame.K_ESCAPE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE, pygame.K_F3, pygame.K_a]


def random_event(rng: random.Random, player: Player) -> pygame.event.Event:
    """One plausible raw event: mouse, finger (several ids) or key."""
    w, h = player.app.display.size
    x, y = rng.randrange(w), rng.randrange(h)
    roll = rng.random()
    if roll < 0.45:
        kind = rng.choice([pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP])
        if kind == pygame.MOUSEMOTION:
            return pygame.event.Event(kind, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0), touch=False)
        return pygame.event.Event(kind, pos=(x, y), button=rng.choice([1, 1, 1, 3]), touch=rng.random() < 0.2)
    if roll < 0.9:
        kind = rng.choice([pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP])
        return pygame.event.Event(kind, touch_id=1, finger_id=rng.randrange(4), x=x / w, y=y / h, dx=0.0, dy=0.0,
                                  pressure=1.0)
    return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)


def monkey(player: Player, seed: int, events: int = 3000) -> None:
    """Feed random events, a frame every few events; any exception fails the test."""
    def fail(exc: Exception) -> None:
        raise exc

    player.app._crashed = fail  # the error boundary must not hide a monkey's find
    rng = random.Random(seed)
    for i in range(events):
        pygame.event.post(random_event(rng, player))
        if i % 8 == 0:
            player.frames(1, dt=rng.choice([1 / 60, 1 / 30, 0.2]))
        player.app.running = True


SCENES = {
    "title": lambda app: None,
    "settings": lambda app: app.stack.push(SettingsScene(app)),
    "how_to_play": lambda app: app.stack.push(HelpScene.how_to_play(app)),
    "setup_night_market": lambda app: app.stack.push(SeatSetupScene(app, catalog.entry("night-market"))),
    "setup_swap_meet": lambda app: app.stack.push(SeatSetupScene(app, catalog.entry("swap-meet"))),
    "setup_stamp_swap": lambda app: app.stack.push(SeatSetupScene(app, catalog.entry("stamp-swap"))),
}


@pytest.mark.slow
@pytest.mark.parametrize("scene", sorted(SCENES))
def test_monkey_survives_shell_scene(scene):
    player = make_player(size=(1280, 720))
    SCENES[scene](player.app)
    player.frames(2)
    monkey(player, seed=zlib.crc32(scene.encode()))
    assert player.app.stack.top is not None
    pygame.quit()
