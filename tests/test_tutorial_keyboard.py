"""The guided matches by keyboard alone (`market-hall tutorial GAME --autopilot --keyboard`): the pilot
sends key events only (Tab to the lit target, Enter), and Enter on a target that is not lit only
earns a hint. Night Market's opening steps run by default (in German); each whole lesson is in the deep
tier (in every language: tests/test_guided_languages.py)."""

from __future__ import annotations

import pygame
import pytest

from game import text
from game.compose import compose_app
from game.draw.palette import WHITE
from game.shell.app import AppOptions
from game.shell.focus import GROW
from game.shell.loop import FakeClock
from game.tutorial.autopilot import Pilot, _do, _wait_ready, _wrong_tap, run_autopilot
from rules.registry import GAME_MODULES


@pytest.fixture(autouse=True)
def keys_only(monkeypatch):  # type: ignore[no-untyped-def]
    """Any tap or drag fails the test: the pilot may only press keys."""
    def no_pointer(*_args: object, **_kw: object) -> None:
        raise AssertionError("the keyboard pilot used the pointer")
    monkeypatch.setattr(Pilot, "tap", no_pointer)
    monkeypatch.setattr(Pilot, "drag", no_pointer)
    yield
    text.use("en")  # a lesson in German leaves the next test in English
    pygame.quit()


def test_the_night_market_lesson_to_its_first_move_by_keys_alone_and_enter_off_target_only_hints():
    """In German: the move is made on the table's German button ("Perle nehmen"), found by its key."""
    clock = FakeClock()
    app = compose_app(AppOptions(size=(1280, 720), mute=True, pace=False, bot_threads=False,
                                 tutorial="night-market", extra={"lang": "de"}), clock=clock)
    coach = app.coach
    pilot = Pilot(app, clock)
    pilot.keyboard = True
    while not coach.table.log:  # the Pearl rung and chosen, then Take Pearl
        index = coach.index
        assert _wait_ready(pilot, coach, index), f"stuck at step {index + 1}"
        if coach.index != index:
            continue
        hints = coach.hints
        assert _wrong_tap(pilot, coach) is None
        assert coach.step.is_explanation or coach.hints == hints + 1  # a hint, and nothing else happened
        _do(pilot, coach)
    assert pilot.keys > 0 and coach.index >= 2 and text.language() == "de"
    assert _wait_ready(pilot, coach, coach.index) and pilot.focus_on(coach.step.target[0])
    ring = app.stack.top.focused().rect.inflate(2 * GROW, 2 * GROW)
    assert app.display.canvas.get_at((ring.centerx, ring.bottom - 4))[:3] == WHITE  # bright over the coach's veil


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAME_MODULES))
def test_each_lesson_is_followed_to_its_end_by_keys_alone(game):
    report = run_autopilot(game, keyboard=True, wrong_taps=True)
    assert report.finished and report.problems == [], report.line()
    assert report.keys > report.steps
