"""Night Market's guided match: its stacked deal, the autopilot at two sizes with wrong taps, a
finger-driven half with resume, and the first-play offer that leads to it."""

from __future__ import annotations

import pygame
import pytest

from game.compose import compose_app
from game.match.guided import GuidedTable
from game.scenes.confirm import ConfirmScene
from game.scenes.help import HelpScene
from game.scenes.night_market.scene import NightMarketScene
from game.shell.app import App, AppOptions
from game.shell.loop import FakeClock
from game.tutorial import progress
from game.tutorial.autopilot import Pilot, Report, _follow, _wait_ready
from game.tutorial.coach import Coach
from game.tutorial.lesson import lesson_scene
from game.tutorial.night_market import GAME, SEED, STACK, guide
from rules.contract import MatchConfig, SeatConfig
from rules.errors import BadConfig
from rules.night_market.data import CARD_KIND
from rules.registry import get_game
from tests.conftest import make_player

SEATS = (SeatConfig("A"), SeatConfig("B", "easy"))


@pytest.fixture(autouse=True)
def _quit():
    yield
    pygame.quit()


def _lesson(size: tuple[int, int] = (1280, 720)) -> tuple[App, Pilot, Coach]:
    clock = FakeClock()
    app = compose_app(AppOptions(size=size, mute=True, pace=False, bot_threads=False, tutorial=GAME), clock=clock)
    assert app.coach is not None
    return app, Pilot(app, clock), app.coach


def _round_end(coach: Coach) -> dict:
    return next(e.data for e in coach.table.history(0) if e.kind == "round_ended")


# the deal -------------------------------------------------------------------------------------
def test_a_stacked_deal_puts_those_kinds_first_and_shuffles_the_rest():
    game = get_game("night-market")
    state, _ = game.new_match(SEED, MatchConfig(SEATS, {"stack": list(STACK)}))
    me, rival = game.view(state, 0), game.view(state, 1)
    assert [k for _, k in me.market] == ["porter"] * 3 + list(STACK[:2])
    assert sorted(k for _, k in me.hand) == sorted(k for k in STACK[2:7] if k != "porter")
    assert len(me.seats[0].porters) == 1 and sorted(k for _, k in rival.hand) == sorted(STACK[7:12])
    other, _ = game.new_match(SEED + 1, MatchConfig(SEATS, {"stack": list(STACK)}))
    assert game.view(other, 0).hand == me.hand and other.deck[:7] == state.deck[:7]
    assert other.deck[7:] != state.deck[7:]  # below the stack the seed still shuffles


@pytest.mark.parametrize("stack", ["pearl", ["dragon"], ["pearl"] * 7, ["porter"] * 9, [3]])
def test_a_stack_the_deck_cannot_hold_is_refused(stack):
    with pytest.raises(BadConfig, match="stack"):
        get_game("night-market").new_match(1, MatchConfig(SEATS, {"stack": stack}))


def test_each_card_the_script_lights_is_of_the_kind_its_lines_name():
    for step in guide().steps:
        for name in step.target:
            if name.startswith("card:"):
                kind = CARD_KIND[int(name[5:])]
                words = step.words()
                assert kind.capitalize() in " ".join(words) or kind == "porter" and "porter" in words[-1]


# following it ---------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_autopilot_reaches_the_end_and_every_wrong_tap_only_gets_a_hint(size):
    app, pilot, coach = _lesson(size)
    report = Report(GAME, steps=len(coach.guide.steps))
    _follow(pilot, coach, report, wrong_taps=True, shots=None)
    assert report.finished and not report.problems, report.problems
    assert report.wrong_taps == report.steps  # mouse and finger taps alternate step by step
    end = _round_end(coach)
    assert end["reason"] == "coins" and end["winner"] == 0 and end["porter_token"] == 0
    assert end["totals"] == [54, 51] and end["porters"] == [2, 0]  # the Porter token decides, as step 15 says
    assert not progress.path(GAME).exists()  # a finished lesson forgets its place
    assert pilot.time + 8 * report.steps < 5 * 60  # waits and beats + ~8 s of reading a step: under five minutes


def _finger_step(pilot: Pilot, coach: Coach) -> None:
    """Do one step with finger taps, as on a touch screen."""
    index = coach.index
    assert _wait_ready(pilot, coach, index)
    step = coach.step
    assert step is not None
    if step.is_explanation:
        pilot.tap(coach.buttons["next"].center, finger=True)
        return
    for name in step.target:
        rect = coach.find(name)
        if coach.index == index and rect is not None:
            pilot.tap(rect.center, finger=True)
            pilot.frames(6)


@pytest.mark.slow
def test_fingers_follow_it_and_a_resumed_lesson_lands_on_the_same_table():
    app, pilot, coach = _lesson()
    for _ in range(30):  # up to the exchange (bounded: a tap that does nothing must not spin)
        if coach.index >= 9:
            break
        _finger_step(pilot, coach)
    assert coach.index == 9 and len(coach.table.log) == 6
    pilot.frames(60)
    before, old_scene = coach.table.view(0), pilot.app.stack.top
    place, problem = progress.load(GAME, SEED)
    assert problem is None and place is not None and place.step == 9 and len(place.log) == 6
    again = lesson_scene(app, GAME)
    app.stack.reset(again)
    pilot.frames(60)
    assert isinstance(again, NightMarketScene) and again is not old_scene and isinstance(again.table, GuidedTable)
    assert app.coach is not coach and app.coach.index == 9
    assert again.table.view(0) == before and again.view == before
    for _ in range(30):
        if app.coach.finished:
            break
        _finger_step(pilot, app.coach)
    assert _round_end(app.coach)["winner"] == 0


# the way in -----------------------------------------------------------------------------------
def test_a_first_night_market_match_offers_the_guided_match():
    p = make_player()
    scene = NightMarketScene.new(p.app, MatchConfig(SEATS), 3)
    p.app.stack.reset(scene)
    p.frames(3)
    offer = p.top
    assert isinstance(offer, ConfirmScene) and offer.title == "New to Night Market?"
    assert "night-market" in p.app.settings.seen_briefings and scene.table.paused
    labels = {b.text: b for b in offer.choices}
    assert set(labels) == {"Guided match", "Read the rules", "Just play"}
    p.press_button(labels["Read the rules"])
    assert isinstance(p.top, HelpScene) and p.top.guided is not None  # the rules offer the lesson too
    p.key(pygame.K_ESCAPE)
    assert p.top is scene and not scene.table.paused
    again = NightMarketScene.new(p.app, MatchConfig(SEATS), 4)
    p.app.stack.reset(again)
    p.frames(3)
    assert p.top is again  # offered on the first play only


@pytest.mark.slow
def test_choosing_the_guided_match_opens_it_over_the_real_table():
    p = make_player()
    p.app.stack.reset(NightMarketScene.new(p.app, MatchConfig(SEATS), 3))
    p.frames(3)
    p.press_button(next(b for b in p.top.choices if b.text == "Guided match"))
    p.frames(90)
    assert isinstance(p.top, NightMarketScene) and isinstance(p.top.table, GuidedTable)
    assert p.app.coach is not None and p.app.coach.index == 0 and p.app.coach.guide.seed == SEED
