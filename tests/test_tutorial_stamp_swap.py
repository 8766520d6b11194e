"""Stamp Swap's guided match on the real rules and table: followed to its end by mouse, by finger,
with wrong taps, at two window sizes, resumed from the middle, and with the coach's panel clear of
everything each step lights up. Each run is a few seconds of CPU (the pilot's clock is fake)."""

from __future__ import annotations

import pygame
import pytest

from game.compose import compose_app
from game.scenes.confirm import ConfirmScene
from game.scenes.stamp_swap.scene import StampSwapScene
from game.shell.app import AppOptions
from game.shell.loop import FakeClock
from game.tutorial import progress
from game.tutorial.autopilot import DT, Pilot, _do, _wait_ready, run_autopilot
from game.tutorial.coach import PAD, Coach
from game.tutorial.stamp_swap import guide
from rules.contract import MatchConfig, SeatConfig
from tests.conftest import make_player

GAME = "stamp-swap"
FIRST_PLACEMENT = next(i for i, s in enumerate(guide().steps) if s.drag_to.startswith("spot:"))


class FingerPilot(Pilot):
    """The same pilot with one finger, posted as SDL does: finger events plus the emulated mouse ones."""

    def _touch(self, kind: int, pos: tuple[float, float]) -> None:
        self._finger(kind, pos)
        mouse = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP}.get(kind)
        if mouse is None:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=self._window(pos), rel=(0, 0),
                                                 buttons=(1, 0, 0), touch=True))
        else:
            pygame.event.post(pygame.event.Event(mouse, pos=self._window(pos), button=1, touch=True))

    def tap(self, pos: tuple[float, float], finger: bool = False) -> None:
        self._touch(pygame.FINGERDOWN, pos)
        self.frames(2)
        self._touch(pygame.FINGERUP, pos)
        self.frames(2)

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        self._touch(pygame.FINGERDOWN, start)
        self.frames(1)
        for i in range(1, 9):
            self._touch(pygame.FINGERMOTION, (start[0] + (end[0] - start[0]) * i / 8,
                                              start[1] + (end[1] - start[1]) * i / 8))
            self.frames(1)
        self._touch(pygame.FINGERUP, end)
        self.frames(2)


@pytest.fixture
def lesson():
    """The lesson opened as `market-hall tutorial stamp-swap` opens it, with a pilot."""
    clock = FakeClock()
    app = compose_app(AppOptions(size=(1280, 720), mute=True, pace=False, bot_threads=False, tutorial=GAME),
                      clock=clock)
    pilot = Pilot(app, clock)
    yield app, pilot
    pygame.quit()


def _follow(pilot: Pilot, coach: Coach, until: int | None = None, each=None) -> None:  # type: ignore[no-untyped-def]
    """Do as told until step `until` begins (or the end), calling `each(coach)` at every ready step."""
    for _ in range(4 * len(coach.guide.steps)):  # a tap that moves nothing on must not loop for ever
        if coach.finished or (until is not None and coach.index >= until):
            return
        index = coach.index
        assert _wait_ready(pilot, coach, index), f"stuck at step {index + 1}"
        if coach.index == index and not coach.finished:
            if each is not None:
                each(coach)
            _do(pilot, coach)
    raise AssertionError(f"the lesson did not move on from step {coach.index + 1}")


@pytest.mark.slow
def test_the_autopilot_reaches_the_end_and_every_wrong_tap_gets_a_hint():
    report = run_autopilot(GAME, wrong_taps=True)
    assert report.finished and report.problems == [], report.line()
    waits = sum(1 for s in guide().steps if not s.target and s.done is not None)  # Basil's turn moves on alone
    assert report.wrong_taps >= report.steps - waits
    assert report.seconds < 120


@pytest.mark.slow
def test_the_lesson_reaches_the_end_at_full_hd_by_finger(monkeypatch):
    monkeypatch.setattr("game.tutorial.autopilot.Pilot", FingerPilot)  # a touch learner at 1920×1080
    report = run_autopilot(GAME, size=(1920, 1080))
    assert report.finished and report.problems == [], report.line()


@pytest.mark.slow
def test_it_plays_friday_on_the_real_rules_and_the_panel_never_covers_what_is_lit(lesson):
    app, pilot = lesson
    coach = app.coach
    checked: list[int] = []

    def clear(coach: Coach) -> None:
        step = coach.step
        rects = [r for r in map(coach.find, (*step.target, *step.shows)) if r is not None]
        box = coach.layout(rects, step).rect
        assert not any(box.colliderect(r.inflate(PAD * 2, PAD * 2)) for r in rects), f"step {coach.index + 1}"
        checked.append(coach.index)

    _follow(pilot, coach, each=clear)
    assert len(checked) >= len(guide().steps) - 1  # all but Basil's turn, which moves on by itself
    kinds = [e.kind for e in coach.table.history(0)]
    for kind in ("viewed", "token_claimed", "piles_shown", "pile_taken", "revealed", "placed", "discarded",
                 "show_scored", "day_end"):
        assert kind in kinds, kind
    mine = next(e for e in coach.table.history(0) if e.kind == "show_scored" and e.seat == 0)
    assert mine.data["points"] == {"exhibitors": 3, "token": 2, "event": 0, "contest": 2}
    assert app.stack.top.summary is not None  # the lesson ends over Friday's scores


@pytest.mark.slow
def test_a_lesson_left_in_the_show_resumes_on_the_same_view(lesson):
    app, pilot = lesson
    coach = app.coach
    _follow(pilot, coach, until=FIRST_PLACEMENT)
    assert coach.index == FIRST_PLACEMENT
    view, log = coach.table.view(0), list(coach.table.log)
    place, problem = progress.load(GAME, guide().seed)
    assert problem is None and place is not None and place.step == FIRST_PLACEMENT and place.log == [
        e.to_json() for e in log]
    again = compose_app(AppOptions(size=(1280, 720), mute=True, pace=False, bot_threads=False, tutorial=GAME),
                clock=FakeClock())
    again.frame()
    assert again.coach is not None and again.coach.index == FIRST_PLACEMENT
    assert again.coach.table.view(0) == view and again.coach.table.log == log
    assert isinstance(again.stack.top, StampSwapScene) and again.stack.top.v["phase"] == "show"
    report = run_autopilot(GAME)  # and it goes on from there to the end
    assert report.finished and report.problems == [], report.line()
    assert not progress.path(GAME).exists()


@pytest.mark.slow
def test_the_clock_stands_still_and_bots_wait_for_the_script(lesson):
    app, pilot = lesson
    table = app.coach.table
    pilot.frames(int(5 / DT))
    assert table.log == [] and not table.paused  # five seconds on the welcome: Basil has not moved


@pytest.mark.slow
def test_first_play_offers_the_guided_match_which_opens_the_lesson():
    player = make_player()
    config = MatchConfig((SeatConfig("Ann"), SeatConfig("Basil", "easy")))
    player.app.stack.replace(StampSwapScene.new(player.app, config, 3))
    player.frames(3)
    offer = player.top
    assert isinstance(offer, ConfirmScene) and offer.title == "New to Stamp Swap?"
    guided = next(b for b in offer.choices if b.text == "Guided match")
    player.press_button(guided)
    player.frames(60)
    assert player.app.coach is not None and player.app.coach.guide.game == GAME
    assert isinstance(player.top, StampSwapScene) and player.top.guided
    pygame.quit()


def test_take_is_a_way_to_take_the_chosen_item_as_the_words_say(lesson):
    app, pilot = lesson
    coach = app.coach
    _follow(pilot, coach, until=1)  # past the welcome: "Take the Framer ... a second tap or Take takes it"
    assert _wait_ready(pilot, coach, 1), "step 2 never showed its Framer"
    pilot.tap(coach.find(coach.step.target[0]).center)  # one tap chooses it
    pilot.frames(6)
    take = coach.find(coach.step.also[0])
    assert take is not None and take in coach.tappable(), "Take is not offered once the Framer is chosen"
    pilot.tap(take.center)
    pilot.frames(6)
    assert coach.hints == 0 and coach.index >= 2  # Take took it: no hint, the lesson moved on
