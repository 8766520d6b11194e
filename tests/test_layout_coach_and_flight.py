"""The layout check looks at the coach and at things in flight: a coach's panel over what its step
teaches, a text in flight landing on a live label and a frame drawn through a label are problems,
on synthetic canvases and planted on real screens (a guided match, a table with a float)."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from game.compose import compose_app
from game.draw.layout_record import VEIL, Mark, RecordingSurface, judge, marks_of, recording
from game.draw.text import Text
from game.scenes.night_market import layout as L
from game.scenes.night_market.scene import NightMarketScene
from game.shell.app import App, AppOptions
from game.shell.loop import FakeClock
from game.tools.layout_walk import Walk, record_frame
from game.tutorial.autopilot import Pilot, _wait_ready
from rules.contract import MatchConfig, SeatConfig
from tests.conftest import make_player


@pytest.fixture(autouse=True)
def _quit():  # type: ignore[no-untyped-def]
    yield
    pygame.quit()


@pytest.fixture
def canvas():  # type: ignore[no-untyped-def]
    pygame.init()
    pygame.display.set_mode((64, 64))
    with recording():
        yield RecordingSurface((1920, 1080)), Text()


def test_a_coach_panel_over_a_lit_target_is_a_coach_problem_and_one_beside_it_is_not():
    target = Mark("lit", pygame.Rect(800, 860, 140, 200), "card:7")
    over = [target, Mark("coach", pygame.Rect(340, 820, 1240, 236))]
    beside = [target, Mark("coach", pygame.Rect(340, 24, 1240, 236))]
    problems = judge(over)
    assert [(p.kind, p.why) for p in problems] == [("coach", "the coach's panel covers card:7")]
    assert judge(beside) == []


def test_a_coach_banner_drawn_over_a_live_label_of_a_summary_is_a_coach_problem(canvas):
    surf, text = canvas
    text.draw(surf, "Round 1 of 3 — You cashed out!", (600, 420), 44)  # a summary, no veil (free play)
    marks_of(surf).append(Mark("coach", pygame.Rect(300, 400, 1300, 90)))  # as the walk marks the banner
    pygame.draw.rect(surf, (20, 16, 12), pygame.Rect(300, 400, 1300, 90), border_radius=18)
    problems = judge(marks_of(surf))
    assert [(p.kind, p.marks[1].words) for p in problems] == [("coach", "Round 1 of 3 — You cashed out!")]


def test_a_text_in_flight_landing_on_a_label_is_a_float_problem_its_badge_hides_nothing(canvas):
    surf, text = canvas
    text.draw(surf, "Pick cards to sell", (600, 180), 32)
    start = len(marks_of(surf))
    pygame.draw.rect(surf, (40, 30, 20), pygame.Rect(640, 170, 120, 60), border_radius=18)  # the badge
    text.draw(surf, "+8", (670, 176), 36, bold=True)
    for m in marks_of(surf)[start:]:
        m.moving = True
    problems = judge(marks_of(surf))
    assert [(p.kind, p.marks[0].words, p.marks[1].words) for p in problems] == [("float", "+8", "Pick cards to sell")]


def test_a_frame_through_a_label_is_cut_and_one_around_it_is_not(canvas):
    surf, text = canvas
    label = text.draw(surf, "Bonus tokens", (300, 400), 32)
    pygame.draw.rect(surf, (255, 200, 0), label.inflate(30, 30), 5, border_radius=16)  # around
    assert judge(marks_of(surf)) == []
    pygame.draw.rect(surf, (255, 200, 0), pygame.Rect(label.centerx, label.y - 40, 400, 200), 5)  # through
    assert [p.kind for p in judge(marks_of(surf))] == ["cut"]
    plate = label.inflate(12, 4)  # the label's own plate drawn over the stroke: the words sit on it
    pygame.draw.rect(surf, (40, 30, 20), plate, border_radius=9)
    text.draw(surf, "Bonus tokens", label.topleft, 32)
    assert judge(marks_of(surf)) == []


def test_a_lit_hole_of_the_coach_s_veil_cutting_a_label_in_two_is_cut(canvas):
    surf, text = canvas
    label = text.draw(surf, "2 of 4 in exchange (2 to fill)", (200, 900), 24)
    half = Mark("dim", surf.get_rect(), VEIL, alpha=150, holes=(pygame.Rect(label.x + 60, 700, 140, 260),))
    whole = Mark("dim", surf.get_rect(), VEIL, alpha=150, holes=(label.inflate(20, 20),))
    assert [p.why for p in judge([*marks_of(surf), half])] == ["a lit hole cuts through a label"]
    assert judge([*marks_of(surf), whole]) == []


def _guided(game: str) -> tuple[App, Pilot]:
    clock = FakeClock()
    app = compose_app(AppOptions(size=(1280, 720), mute=True, pace=False, bot_threads=False, tutorial=game),
                      clock=clock)
    return app, Pilot(app, clock)


def test_a_coach_planted_over_its_target_on_a_real_guided_step_is_reported():
    with recording():
        app, pilot = _guided("night-market")
        coach = app.coach
        assert coach is not None
        coach.next()  # step 2: tap the Pearl in the market
        assert _wait_ready(pilot, coach, 1), "waited for step 2's Pearl to be ready"
        target = coach.targets()[0]
        assert record_frame(app) and not [p for p in judge(record_frame(app)) if p.kind == "coach"]
        planted = pygame.Rect(0, 0, 1240, 236)
        planted.center = target.center
        coach._placed = None
        usual = coach._choose(coach.step, [], [])
        coach.layout = lambda rects, step: replace(usual, rect=pygame.Rect(planted))  # type: ignore[method-assign]
        problems = [p for p in judge(record_frame(app)) if p.kind == "coach"]
    assert problems, "the planted panel over the Pearl was not reported"
    assert any(m.kind == "lit" and m.rect == target for p in problems for m in p.marks)


def test_a_float_planted_on_the_night_market_line_is_reported_in_flight():
    with recording():
        p = make_player(size=(1280, 720))
        p.app.update_settings(seen_briefings=("night-market",))
        config = MatchConfig((SeatConfig("Ada"), SeatConfig("Basil", "easy")))
        scene = NightMarketScene.new(p.app, config, 11, autosave=False)
        p.app.stack.reset(scene)
        p.frames(90)
        scene.tap_hand(scene.view.hand[0][0])  # the line says what the selection does
        p.frames(4)
        walk = Walk()
        walk.capture(p.app, "rest")
        assert walk.problems == []
        scene.float_text("+8", L.LINE.center)
        label = scene.movers[-1]
        label.pos = L.LINE.center  # planted on the line's words
        for _ in range(2):  # two samples running: landed there, not passing over
            p.frames(2)
            walk.flown = -1.0
            walk.in_flight(p.app, "float")
    assert [e["kind"] for e in walk.problems] == ["float"], walk.problems
    assert "+8" in [r["words"] for r in walk.problems[0]["rects"]]


def test_night_market_floats_rise_clear_of_the_line_words_and_of_each_other():
    with recording():
        p = make_player(size=(1280, 720))
        p.app.update_settings(seen_briefings=("night-market",))
        config = MatchConfig((SeatConfig("Ada"), SeatConfig("Basil", "easy")))
        scene = NightMarketScene.new(p.app, config, 11, autosave=False)
        p.app.stack.reset(scene)
        p.frames(90)
        scene.line = "Basil sold 3 Pearls for 15 coins and a bonus token; the Pearl pile has 2 coins left."
        scene.restatic()  # a long line, as after a sale: its words reach past both purses
        p.frames(4)
        purse = L.chip_purse(0)
        scene.float_text("+8", purse)
        scene.float_text("+ bonus", (purse[0] + 150, purse[1]))  # as a bonus token lands (flights.py)
        walk = Walk()
        for _ in range(6):  # the whole rise, sampled in flight
            p.frames(4)
            walk.flown = -1.0
            walk.in_flight(p.app, "rise")
    assert walk.screens >= 3 and [e for e in walk.problems if e["kind"] == "float"] == []
