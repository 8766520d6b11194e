"""The guided matches in every language: their steps read in each of the five, name what they light
by keys that are the same in every language, and are followed by keyboard alone. By default each
game's opening runs by keys in one language other than English (Night Market in German in
test_tutorial_keyboard.py, Stamp Swap in French, Swap Meet in Italian); every game in every language
to its end is in the deep tier."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import text
from game.compose import compose_app
from game.shell.app import AppOptions
from game.shell.keymap import plain
from game.shell.loop import FakeClock
from game.shell.targets import button_targets, keyed
from game.text.locales import LANGUAGES
from game.tutorial.autopilot import FREE_NEXT, Pilot, _do, _wait_ready, _wrong_tap, run_autopilot
from game.tutorial.lesson import guide_for
from game.tutorial.script import Step
from rules.registry import GAME_MODULES

GAMES = list(GAME_MODULES)


@pytest.fixture(autouse=True)
def english_after():  # type: ignore[no-untyped-def]
    """A lesson in another language leaves the next test in English (the language is the process's)."""
    yield
    text.use("en")
    pygame.quit()


def _steps(game: str) -> tuple[Step, ...]:
    guide = guide_for(game)
    assert guide is not None, game
    return guide.steps


@pytest.mark.parametrize("game", GAMES)
def test_every_step_names_what_it_lights_by_a_key_never_by_words(game):
    """A button's target name is its words ("button:Take Pearl"): a lesson names it by its key, a
    lower-case identifier ("move:take", "button:open", "item:blue-bird-3") the same in every language."""
    names = [n for s in _steps(game) for n in (*s.named, s.drag_to) if n] + [FREE_NEXT]
    assert not [n for n in names if n != n.lower() or " " in n or "›" in n]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_step_and_hint_reads_in_every_language(game, lang):
    text.use("en")
    english = [(s.words(), s.hint_text()) for s in _steps(game)]
    text.use(lang)
    worded = [(s.words(), s.hint_text()) for s in _steps(game)]
    assert all(line and "{" not in line for lines, hint in worded for line in (*lines, hint))
    if lang != "en":  # every step reads in the language, not in English
        assert all(w[0] != e[0] for w, e in zip(worded, english, strict=True))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_night_market_steps_say_the_words_on_the_tables_own_buttons(lang):
    text.use(lang)
    steps = _steps("night-market")
    take = plain(text.tr("nm.button.take", kind="pearl"))
    assert take in " ".join(steps[2].words()) and steps[2].hint_text() == text.tr("guide.press", button=take)
    assert text.tr("nm.button.sell", count=5, kind="jade") in " ".join(steps[12].words())
    assert text.tr("nm.end.next").removesuffix("›").strip() in " ".join(steps[14].words())


def test_a_keyed_button_answers_to_its_key_as_well_as_its_words():
    pygame.init()
    pygame.display.set_mode((400, 300))
    ui = pygame_gui.UIManager((400, 300))
    made = keyed(pygame_gui.elements.UIButton(pygame.Rect(0, 0, 120, 40), "Perle nehmen", manager=ui), "move:take")
    target = button_targets(ui)[0]
    assert made.visible and target.name == "button:Perle nehmen" and target.key == "move:take"
    assert target.called("move:take") and target.called("button:Perle nehmen") and not target.called("move:sell")


def _opening_by_keys(game: str, lang: str, until: int) -> None:
    """Follow `game`'s lesson by keys in `lang` until step `until` (0-based) begins: each step's Enter off
    the target only earns a hint, and the steps' moves are made on buttons worded in `lang`."""
    clock = FakeClock()
    app = compose_app(AppOptions(size=(1280, 720), mute=True, pace=False, bot_threads=False, tutorial=game,
                                 extra={"lang": lang}), clock=clock)
    assert text.language() == lang
    coach = app.coach
    pilot = Pilot(app, clock)
    pilot.keyboard = True
    while coach.index < until:
        index = coach.index
        assert _wait_ready(pilot, coach, index), f"{game} in {lang}: stuck at step {index + 1}"
        if coach.index != index:
            continue
        assert _wrong_tap(pilot, coach) is None
        _do(pilot, coach)
    assert pilot.keys > until and coach.index == until and coach.table.log  # the moves were made by keys


@pytest.mark.parametrize(("game", "lang", "until"), [  # Night Market's, in German: tests/test_tutorial_keyboard.py
    ("stamp-swap", "fr", 2),  # the Framer taken, Basil's scripted pick before it
    ("swap-meet", "it", 4),  # Open offer on its panel button, by its key
])
def test_each_lessons_opening_by_keys_alone_in_another_language(game, lang, until):
    _opening_by_keys(game, lang, until)


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_by_keys_alone_in_every_language(game, lang):
    report = run_autopilot(game, keyboard=True, wrong_taps=True, lang=lang)
    assert report.finished and report.problems == [], report.line()
    assert report.keys > report.steps
