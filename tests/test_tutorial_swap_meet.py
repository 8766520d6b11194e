"""Swap Meet's guided match on the real floor: the autopilot gets to the end (with a hint for every
stray tap; at 1920x1080 by touch), the clock stands still until the free finish without a
pause screen, and a lesson left part-way resumes on the same view."""

from __future__ import annotations

import pygame
import pytest

from game.compose import compose_app
from game.scenes.swap_meet.scene import SwapMeetScene
from game.scenes.swap_meet.summary import PauseOverlay, SummaryOverlay
from game.shell.app import App, AppOptions
from game.shell.loop import FakeClock
from game.tutorial import progress
from game.tutorial.autopilot import Pilot, _do, _wait_ready, run_autopilot
from game.tutorial.lesson import lesson_scene
from game.tutorial.swap_meet import guide

GAME = "swap-meet"


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def _lesson(size: tuple[int, int] = (1280, 720)) -> tuple[App, Pilot]:
    clock = FakeClock()
    app = compose_app(AppOptions(size=size, mute=True, pace=False, bot_threads=False, tutorial=GAME), clock=clock)
    return app, Pilot(app, clock)


def _follow_to(pilot: Pilot, step: int) -> None:
    """Do as told until step `step` (1-based) has begun and is ready."""
    coach = pilot.app.coach
    assert coach is not None
    while coach.index < step - 1:
        index = coach.index
        assert _wait_ready(pilot, coach, index), f"stuck at step {index + 1}"
        if coach.index == index:
            _do(pilot, coach)
    if not coach.step.free:  # free play has nothing to wait for: it ends when the round locks
        assert _wait_ready(pilot, coach, coach.index)


@pytest.mark.slow
@pytest.mark.parametrize(("size", "wrong_taps", "finger"), [((1280, 720), True, False), ((1920, 1080), False, True)])
def test_the_autopilot_reaches_the_end(size, wrong_taps, finger, monkeypatch):
    if finger:  # a touch learner: every tap is a finger (with the click SDL emulates for it)
        tap = Pilot.tap
        monkeypatch.setattr(Pilot, "tap", lambda self, pos, finger=False: tap(self, pos, finger=True))
    report = run_autopilot(GAME, wrong_taps=wrong_taps, size=size)
    assert report.finished and not report.problems, report.problems
    assert report.step == report.steps == len(guide().steps)
    assert report.wrong_taps == (report.steps if wrong_taps else 0)  # a hint at every step, nothing else
    assert report.seconds < 5 * 60  # simulated: reading is not counted, the free round is


@pytest.mark.slow
def test_the_clock_stands_still_without_a_pause_screen_until_the_free_round():
    app, pilot = _lesson()
    _follow_to(pilot, 7)  # Swap on Basil's row
    scene = app.stack.scenes[0]
    assert isinstance(scene, SwapMeetScene) and scene.guided
    before = scene.table.now()
    pilot.frames(90)
    assert scene.table.now() == before and not scene.table.paused and not scene.countdown.paused
    assert not any(isinstance(s, PauseOverlay) for s in app.stack.scenes)
    assert scene.countdown.remaining == 60
    _follow_to(pilot, len(guide().steps))
    floor = app.stack.scenes[0]
    assert floor.view.round_no == 2 and app.coach.step.free
    start = floor.table.now()
    pilot.frames(60)
    assert floor.table.now() > start + 1.5 and floor.countdown.remaining < 60


@pytest.mark.slow
@pytest.mark.parametrize("step", [11, 15])
def test_a_lesson_left_part_way_resumes_on_the_same_view(step):
    app, pilot = _lesson()
    _follow_to(pilot, step)
    table = app.coach.table
    view, log = table.view(0), list(table.log)
    assert progress.load(GAME, guide().seed)[0].step == step - 1
    again = lesson_scene(app, GAME)
    app.stack.reset(again)
    pilot.frames(80)  # the summary's lock moment passes
    assert app.coach.index == step - 1 and again.table.log == log and again.table.view(0) == view
    summary = any(isinstance(s, SummaryOverlay) for s in app.stack.scenes)
    assert summary == (view.phase == "locked")
    assert len(app.coach.targets()) == len(app.coach.step.target)


def test_the_summary_says_no_false_time_and_the_coach_keeps_off_its_button():
    app, pilot = _lesson((1920, 1080))
    _follow_to(pilot, 14)  # the round's scores
    coach = app.coach
    summary = app.stack.top
    assert isinstance(summary, SummaryOverlay) and summary.stage == "summary"
    step = coach.step
    box = coach.layout(coach.targets(), step).rect
    button = summary.buttons["next"]
    assert not box.colliderect(button.rect), (box, button.rect)
    coach.say_hint()  # a hint takes the header row: the panel neither grows nor moves
    assert coach.layout(coach.targets(), step).rect == box
    said: list[str] = []
    draw = app.text.draw
    app.text.draw = lambda canvas, words, *a, **k: (said.append(words), draw(canvas, words, *a, **k))[1]
    summary.draw_scene(pygame.Surface((1920, 1080)))
    assert any(w.endswith("the round clock stood still while you learned") for w in said), said
    assert not any("locked after" in w or w.startswith("Next round in") for w in said), said


@pytest.mark.slow
def test_the_lesson_ends_only_after_the_free_rounds_summary_is_read_and_closed():
    app, pilot = _lesson((1920, 1080))
    _follow_to(pilot, len(guide().steps))
    coach = app.coach
    floor = app.stack.scenes[0]
    for _ in range(40):  # the free round runs out on its 60 s clock
        pilot.clock.advance(2.0)
        pilot.frames(2)
        if floor.view.phase != "trading":
            break
    pilot.frames(150)  # past the lock moment: the round's own summary is up
    summary = app.stack.top
    assert isinstance(summary, SummaryOverlay) and summary.stage == "summary"
    assert floor.view.round_no == 2 and not coach.finished  # no "complete" dialog over the learner's scores
    assert coach.panel is None and not coach.buttons  # no guide banner over the summary either
    pilot.tap(summary.buttons["next"].rect.center)
    pilot.frames(10)
    assert floor.view.round_no == 3 and coach.finished


@pytest.mark.parametrize("step", [3, 4, 5, 6, 7])
def test_the_coach_keeps_off_the_hint_line_it_talks_about(step):
    app, pilot = _lesson((1920, 1080))
    _follow_to(pilot, step)
    coach = app.coach
    hint = coach.find("hint")
    assert hint is not None and hint.w > 0 and "hint" in coach.step.shows
    pilot.frames(2)
    assert coach.panel is not None and not coach.panel.colliderect(hint), (coach.panel, hint)
    assert not any(coach.panel.colliderect(t) for t in coach.targets())


def test_in_the_free_round_the_coach_sits_in_the_free_band_off_the_market_clock_rows_and_hand():
    app, pilot = _lesson((1920, 1080))
    _follow_to(pilot, len(guide().steps))
    floor = app.stack.scenes[0]
    pilot.frames(2)
    box = app.coach.panel
    region = floor.regions[0]
    rows = [r.move(region.rect.topleft) for r in region.panel.rival_rects.values()]
    stall = pygame.Rect(region.rect.x, region.rect.y + 290, region.rect.w, region.rect.h - 290)
    assert box is not None and box.h >= 70
    assert box.collidelist([floor.market.rect, floor.countdown.rect, stall, *rows]) == -1
    assert "leave" in app.coach.buttons and box.contains(app.coach.buttons["leave"])
    pilot.frames(30)  # a button that spends a card answers only once it has stood still a moment
    crash = next(r for r, intent in reversed(region.panel.hits) if intent[:2] == ("button", "crash:rack"))
    pilot.tap(region.to_canvas(crash.center))
    pilot.frames(3)
    assert type(app.stack.top).__name__ == "ConfirmScene"  # free play previews a card, as a match does
