"""What every table does the same way (the MatchScene base), driven like a player: a paused match
per game on the title, saves that no longer replay, asking before leaving or replacing a match,
and a failing autosave said on screen."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.confirm import ConfirmScene
from game.scenes.match import saved_age
from game.services import saves
from game.shell import catalog
from rules.contract import MatchConfig, SeatConfig
from rules.errors import IllegalAction
from rules.record import Entry, MatchRecord
from rules.registry import get_game
from tests.conftest import Player, make_player
from tests.support import replayed

GAMES = catalog.names()


@pytest.fixture
def p():
    player = make_player(size=(1280, 720))
    player.app.update_settings(seen_briefings=GAMES)
    yield player
    pygame.quit()


def config_for(game: str, people: int = 1) -> MatchConfig:
    rules = get_game(game)
    seats = tuple(SeatConfig(f"P{i + 1}", None if i < people else "easy") for i in range(max(2, rules.min_seats)))
    return MatchConfig(seats, {"round_seconds": 90} if game == "swap-meet" else {})


def start_table(p: Player, game: str, people: int = 1):  # type: ignore[no-untyped-def]
    scene = catalog.entry(game).table_class().new(p.app, config_for(game, people), 5)
    p.app.stack.reset(scene)
    p.frames(3)
    return scene


def diverging_save(game: str) -> saves.Save:
    """A save whose log repeats its first move: the repeat is illegal, so it no longer replays."""
    rules, config = get_game(game), config_for(game)
    state, _ = rules.new_match(3, config)
    seat = rules.waiting(state)[0]
    once = next(a for a in rules.legal_actions(state, seat, 0.0)
                if rules.check(rules.apply(state, seat, a, 0.0)[0], seat, a, 0.0) is not None)
    move = rules.action_to_json(once)
    log = [[0.0, seat, move], [0.0, seat, move]]
    with pytest.raises(IllegalAction):
        replayed(rules, 3, config, [(t, s, a) for t, s, a in log])
    entries = tuple(Entry(t, s, a) for t, s, a in log)
    return saves.Save(MatchRecord(game, rules.rules_version, 3, config, entries))


def title(p: Player):  # type: ignore[no-untyped-def]
    scene = p.app.title()
    p.app.stack.reset(scene)
    p.frames(3)
    return scene


def continue_button(scene, game: str):  # type: ignore[no-untyped-def]
    return next(b for b, g in scene.continues.items() if g == game)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_save_that_no_longer_replays_is_set_aside_and_a_second_tap_is_harmless(p, game):
    saves.write(diverging_save(game))
    home = title(p)
    button = continue_button(home, game)
    p.press_button(button, settle=1)
    p.press_button(button, settle=40)  # the second tap of a double tap, on the same spot
    p.frames(40)
    assert p.app.running and p.top.name == "title"
    assert any("no longer replays" in item[0] for item in p.app.toasts.queue)
    assert not saves.slot(game).exists() and list(saves.folder().glob(f"{game}.json.corrupt-*"))
    assert game not in p.top.continues.values()


@pytest.mark.slow
def test_three_paused_matches_one_of_each_game_show_on_the_title(p):
    for game in GAMES:
        start_table(p, game)
    home = title(p)
    assert sorted(home.continues.values()) == sorted(GAMES)
    assert all(saved_age(s) == "saved just now" for s in home.paused.values())
    p.press_button(continue_button(home, "night-market"), settle=40)
    assert p.top.name == "night_market"
    assert sorted(s.game for s in saves.paused()[0]) == sorted(GAMES)  # the others stay paused


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_leaving_a_match_in_progress_asks_first_and_keep_playing_stays(p, game):
    scene = start_table(p, game)
    p.key(pygame.K_ESCAPE)
    p.frames(5)
    if p.top.name == "swap_meet_pause":  # Swap Meet's Esc pauses; the overlay's Leave asks
        p.press_button(p.top.leave_b)
    elif p.top.name == "nm_menu":  # Night Market's Esc opens the ⋯ menu; Quit to title asks
        p.press_button(next(b for b, key in p.top.buttons.items() if key == "quit"))
    ask = p.top
    assert isinstance(ask, ConfirmScene) and "Continue it from the title" in " ".join(ask.lines)
    keep = next(b for b in ask.choices if b.text == "Keep playing")
    p.press_button(keep, settle=5)
    assert p.top is scene or p.top.name == "swap_meet_pause"
    assert scene.table.outcome() is None


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_leave_goes_to_the_title_and_the_match_stays_paused(p, game):
    scene = start_table(p, game)
    scene.leave()
    p.frames(2)
    leave = next(b for b in p.top.choices if b.text == "Leave")
    p.press_button(leave, settle=40)
    assert p.top.name == "title" and game in p.top.continues.values()


@pytest.mark.slow
def test_starting_a_new_match_of_a_paused_game_asks_before_replacing_it(p):
    start_table(p, "night-market")
    before = saves.load("night-market")[0]
    entry = catalog.entry("night-market")
    p.app.stack.reset(entry.setup_scene(p.app))
    p.frames(3)
    p.press_button(p.top.start, settle=3)
    ask = p.top
    assert isinstance(ask, ConfirmScene) and ask.title == "Replace your paused Night Market match?"
    p.press_button(next(b for b in ask.choices if b.text == "Keep it"), settle=5)
    assert p.top.name == "seat_setup" and saves.load("night-market")[0].record.seed == before.record.seed
    p.press_button(p.top.start, settle=3)
    p.press_button(next(b for b in p.top.choices if b.text == "Start new"), settle=40)
    assert p.top.name == "night_market" and saves.load("night-market")[0].record.seed != before.record.seed


@pytest.mark.slow
def test_a_failing_autosave_is_shown_once_on_screen(p, monkeypatch):
    scene = start_table(p, "night-market", people=2)
    monkeypatch.setattr(saves, "write", lambda save: False)
    for _ in range(3):
        seat = scene.table.view(None).turn
        scene.table.act(seat, scene.table.legal(seat)[0])
        p.frames(2)
    shown = [item[0] for item in p.app.toasts.queue if "Autosave failed" in item[0]]
    assert len(shown) == 1
