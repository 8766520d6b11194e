"""The guided match's free-play banner is about the table: never drawn over a summary or a sheet."""

from __future__ import annotations

import pygame

from game.scenes.swap_meet.summary import PauseOverlay
from tests.conftest import make_player


def test_the_free_steps_banner_is_not_drawn_over_an_overlay():
    p = make_player(size=(1280, 720), tutorial="swap-meet")
    coach = p.app.coach
    assert coach is not None
    free = next(i for i, s in enumerate(coach.guide.steps) if s.free)
    coach.index = free  # the words of round 2, the free round
    canvas = pygame.Surface((1920, 1080))
    coach.draw(canvas)
    assert coach.panel is not None  # over the table: the banner is there
    floor = p.top
    floor.set_paused(True)
    p.app.stack.push(PauseOverlay(p.app, floor))  # any overlay: a summary, the pause sheet
    coach.draw(canvas)
    assert coach.panel is None and not coach.buttons
    pygame.quit()
