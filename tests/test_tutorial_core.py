"""The guided-match machinery on its own: the coach, the guided table, progress and the pilot.

A small lesson over Night Market's real table, whose targets are pinned to known rectangles
(each game's own lesson is tested in test_tutorial_games.py).
"""

from __future__ import annotations

import pygame
import pytest

from game.compose import compose_app
from game.shell.app import AppOptions
from game.shell.loop import FakeClock
from game.tutorial import progress
from game.tutorial.autopilot import Pilot, _away_from
from game.tutorial.lesson import lesson_scene
from game.tutorial.script import Guide, Step, happened, refused
from rules.contract import MatchConfig, SeatConfig
from rules.errors import IllegalAction
from rules.registry import get_game

GAME = "night-market"
TARGET = pygame.Rect(200, 300, 160, 220)


def _guide() -> Guide:
    nm = get_game(GAME)
    take = nm.action_from_json({"type": "take_porters"})
    return Guide(GAME, 7, MatchConfig((SeatConfig("You"), SeatConfig("Rival", "normal"))), (
        Step(("Welcome.", "This is a lesson.")),
        Step(("Take the porters.",), target=("spot:porters",), allow=lambda a: a == take, hint="Tap the porters."),
        Step(("The Rival moves.",), opponents=((1, {"type": "take_porters"}),), done=happened("took_porters", seat=1)),
        Step(("Try a sale that cannot be made.",), target=("spot:porters",), allow=lambda a: False,
             done=refused()),
    ))


@pytest.fixture
def lesson(monkeypatch):
    monkeypatch.setattr("game.tutorial.lesson.guide_for", lambda game: _guide())
    clock = FakeClock()
    app = compose_app(AppOptions(size=(1280, 720), mute=True, pace=False, bot_threads=False), clock=clock)
    scene = lesson_scene(app, GAME)
    app.stack.reset(scene)
    monkeypatch.setattr(scene, "tutorial_target", lambda name: TARGET if name == "spot:porters" else None)
    pilot = Pilot(app, clock)
    pilot.frames(3)
    return app, pilot


def test_an_explanation_waits_for_next_and_other_taps_get_a_hint(lesson):
    app, pilot = lesson
    coach = app.coach
    assert coach.index == 0 and coach.step.is_explanation
    pilot.tap((960, 500))
    assert coach.index == 0 and coach.hints == 1 and coach.hint == "Tap Next to go on."
    pilot.tap(coach.buttons["next"].center)
    assert coach.index == 1


def test_a_tap_off_the_target_is_answered_and_never_reaches_the_table(lesson):
    app, pilot = lesson
    coach = app.coach
    coach.next()
    pilot.frames(2)
    spot = _away_from(coach)
    assert spot is not None and not TARGET.collidepoint(spot)
    for finger in (False, True):
        pilot.tap(spot, finger=finger)
    assert coach.hints == 2 and coach.hint == "Tap the porters." and coach.index == 1
    assert coach.table.log == []


def test_moves_off_the_script_are_refused_with_the_hint_and_the_right_one_moves_on(lesson):
    app, pilot = lesson
    coach, table = app.coach, app.coach.table
    coach.next()
    sale = next(a for a in table.legal(0) if table.game.action_to_json(a)["type"] == "take")
    with pytest.raises(IllegalAction, match="Tap the porters"):
        table.act(0, sale)
    table.act(0, table.game.action_from_json({"type": "take_porters"}))
    pilot.frames(2)
    assert coach.index == 2  # one allowed move ends a step without its own check


@pytest.mark.slow
def test_scripted_opponents_move_on_a_beat_and_the_rules_reason_is_a_lesson(lesson):
    app, pilot = lesson
    coach, table = app.coach, app.coach.table
    coach.next()
    table.act(0, table.game.action_from_json({"type": "take_porters"}))
    pilot.frames(2)
    assert coach.index == 2 and len(table.log) == 1  # the Rival waits a beat
    pilot.frames(40)
    assert table.log[-1].seat == 1 and coach.index == 3
    bad = next(a for a in (table.game.action_from_json({"type": "sell", "cards": [c]}) for c in range(55))
               if table.reason(0, a) is not None)
    with pytest.raises(IllegalAction):
        table.act(0, bad)
    pilot.frames(2)
    assert coach.finished


def test_the_place_is_kept_and_resumed_exactly(lesson, monkeypatch):
    app, pilot = lesson
    coach, table = app.coach, app.coach.table
    coach.next()
    table.act(0, table.game.action_from_json({"type": "take_porters"}))
    pilot.frames(50)
    assert coach.index == 3
    place, problem = progress.load(GAME, 7)
    assert problem is None and place.step == 3 and len(place.log) == 2
    again = lesson_scene(app, GAME)
    app.stack.reset(again)
    assert app.coach.index == 3 and again.table.log == table.log
    assert again.table.view(0) == table.view(0)


def test_a_damaged_place_is_set_aside_and_the_lesson_starts_over(lesson):
    app, _pilot = lesson
    progress.path(GAME).write_text("{not json")
    scene = lesson_scene(app, GAME)
    assert app.coach.index == 0 and scene.table.log == []
    assert any(p.name.startswith(f"{GAME}.json.corrupt") for p in progress.path(GAME).parent.iterdir())


def test_the_clock_stands_still_outside_free_play(lesson):
    app, pilot = lesson
    table = app.coach.table
    before = table.now()
    pilot.frames(30)
    assert table.now() == before and not table.paused


def test_finishing_in_free_play_stops_the_clock_and_the_bots(lesson):
    app, pilot = lesson
    coach, table = app.coach, app.coach.table
    table.begin(Step(("Play on your own.",), free=True))
    pilot.frames(5)
    assert not table.clock_still  # a free step's clock runs
    coach._begin(len(coach.guide.steps))
    before = table.now()
    pilot.frames(30)
    assert coach.finished and table.clock_still and table.now() == before


def test_finishing_offers_a_real_match_and_forgets_the_place(lesson):
    app, pilot = lesson
    coach = app.coach
    coach._begin(len(coach.guide.steps))
    pilot.frames(2)
    assert coach.finished and not progress.path(GAME).exists()
    pilot.tap(coach.buttons["real"].center)
    pilot.frames(20)
    assert app.coach is None
    assert type(app.stack.top).__name__ != "NightMarketScene"
