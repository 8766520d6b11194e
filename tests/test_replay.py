"""Replays (game/match/replay.py, game/scenes/replay_bar.py): a recorded match walked forward and
back on the real table scenes, through a table that accepts no move."""

from __future__ import annotations

import json
import re
from functools import cache

import pygame
import pytest

from game.draw.ui import label_fits
from game.match.refusals import READ_ONLY
from game.match.replay import CannotOpen, ReplayTable, load_record
from game.match.table import NotYourSeat
from game.scenes.replay_bar import BAR, open_replay
from rules.driver import play_match
from rules.errors import IllegalAction
from rules.record import MatchRecord
from rules.referee import Referee
from rules.registry import GAME_MODULES, get_game
from tests.conftest import make_player
from tests.support import seats_for

GAMES = sorted(GAME_MODULES)


@cache
def recorded(name: str, seed: int = 3) -> MatchRecord:
    """A seeded bot match of `name`, as its record."""
    game = get_game(name)
    return play_match(game, seed, [game.bot_levels[0]] * seats_for(game)).record


@pytest.mark.parametrize("name", GAMES)
def test_replaying_to_the_end_gives_the_recorded_outcome_and_final_view(name):
    record = recorded(name)
    table = ReplayTable(record, 0)
    while not table.at_end:
        table.forward()
    assert table.outcome() == record.outcome
    assert table.view(0) == Referee.from_record(record).view(0)


@pytest.mark.parametrize("name", GAMES)
def test_stepping_back_then_forward_gives_identical_views_and_events(name):
    record = recorded(name)
    walked = ReplayTable(record, 0)
    views, events = [walked.view(0)], [walked.history(0)]
    while not walked.at_end:
        walked.forward()
        views.append(walked.view(0))
        events.append(walked.history(0))
    table = ReplayTable(record, 0)
    for k in (walked.total, walked.total // 2, 1):
        table.seek(k)
        assert table.view(0) == views[k]
        table.seek(k - 1)
        assert table.view(0) == views[k - 1] and table.history(0) == events[k - 1]
        table.forward()
        assert table.view(0) == views[k] and table.history(0) == events[k]


def test_a_replay_shows_only_the_viewers_seat_until_the_end_then_every_hand():
    record = recorded("night-market")
    table = ReplayTable(record, 0)
    table.forward()
    with pytest.raises(NotYourSeat):
        table.view(1)
    with pytest.raises(IllegalAction):
        table.show_seat(1)
    assert table.take_events(0) and all(e.data == table.game.redact(e, 0).data for e in table.history(0))
    table.seek(table.total)
    table.show_seat(1)
    assert table.view(1) == Referee.from_record(record).view(1)
    table.seek(3)  # back before the end: the viewer's own eyes again
    assert table.here == (0,)


def test_a_replay_accepts_no_move():
    table = ReplayTable(recorded("night-market"), 0)
    seat = table.waiting()[0]
    assert table.legal(0) == [] and not table.can_undo(0)
    with pytest.raises(IllegalAction):
        table.act(seat, Referee.from_record(table.record, upto=0).legal(seat, 0.0)[0])


def test_nobody_is_away_in_a_replay():
    table = ReplayTable(recorded("night-market"), 0)
    assert table.away() == {} and table.away_choices(1) == ()
    for refused in (lambda: table.replace_with_bot(1), table.claim):
        with pytest.raises(IllegalAction) as caught:
            refused()
        assert caught.value.refusal == READ_ONLY()


@pytest.mark.parametrize("name", GAMES)
def test_rounds_and_days_are_found_from_the_events(name):
    table = ReplayTable(recorded(name), 0)
    assert len(table.rounds) == 3 and table.rounds[0] == 0  # all three games play three rounds or days
    table.seek(table.next_round())
    assert table.pos == table.rounds[1] and table.round_no() == 2
    table.seek(table.pos + 1)
    assert table.round_start() == table.rounds[1]


def test_real_time_plays_entries_at_their_recorded_times_scaled_by_the_speed():
    record = recorded("swap-meet")
    table = ReplayTable(record, 0)
    table.playing, table.replay_speed = True, 4.0
    for _ in range(600):  # 10 s of fixed steps at 4x: 40 match seconds
        table.advance(1 / 60)
    landed = sum(1 for e in record.entries if e.now <= table.now())
    assert table.now() == pytest.approx(40.0, abs=0.2) and table.pos == landed


def test_turn_based_waits_while_the_scene_animates():
    table = ReplayTable(recorded("night-market"), 0)
    table.playing = True
    table.poll(bots=False)
    for _ in range(600):
        table.advance(1 / 60)
    assert table.pos == 0
    table.poll()
    for _ in range(120):
        table.advance(1 / 60)
    assert table.pos == 1


def test_record_files_open_and_damaged_ones_say_why(tmp_path):
    record = recorded("stamp-swap")
    as_json, as_text, bad = tmp_path / "m.json", tmp_path / "m.txt", tmp_path / "bad.json"
    as_json.write_text(json.dumps(record.to_json()))
    as_text.write_text(record.to_text())
    bad.write_text('{"format": 1, "game": "stamp-swap"')
    assert load_record(str(as_json)) == record and load_record(str(as_text)) == record
    with pytest.raises(CannotOpen, match="not a match record"):
        load_record(str(bad))
    other = dict(record.to_json(), rules_version=record.rules_version + 1)
    bad.write_text(json.dumps(other))
    with pytest.raises(CannotOpen, match="rules version"):
        load_record(str(bad))


# the bar, driven with real mouse events --------------------------------------------------------
def _opened(name: str):  # type: ignore[no-untyped-def]
    p = make_player()
    p.app.update_settings(reduced_motion=True)  # scene changes without the fade: fewer frames to run
    open_replay(p.app, recorded(name), 0)
    p.frames(2)
    bar = p.app.replay_bar
    assert bar is not None and getattr(p.top, "table", None) is bar.table
    return p, bar


def _until(p, test, what: str, frames: int = 20000) -> None:  # type: ignore[no-untyped-def]
    for _ in range(frames):
        if test():
            return
        p.frames(1, dt=0.05)
    raise AssertionError(f"the replay never got there: {what}")


@pytest.mark.parametrize("name", GAMES)
def test_the_bar_steps_forward_and_back_with_the_mouse(name):
    p, bar = _opened(name)
    try:
        p.press_button(bar.buttons["step"])
        p.press_button(bar.buttons["step"])
        assert bar.table.pos == 2 and bar.position()[0].startswith("Move 2 of")
        scene = p.top
        p.press_button(bar.buttons["back"])
        assert bar.table.pos == 1 and p.app.stack.scenes[0] is not scene  # rebuilt, not animated back
        assert p.app.stack.scenes[0].table is bar.table and not p.app.stack.scenes[0].anim.busy
        p.press_button(bar.buttons["round_next"])
        assert bar.table.pos == bar.table.rounds[1] and "2" in bar.position()[0].split("·")[1]
    finally:
        pygame.quit()


ASKS = re.compile(r"\byour turn\b|\btap\b(?! or long)|\bdrag\b|\bpick\b|\bthen Ready\b", re.IGNORECASE)


@pytest.mark.parametrize("name", GAMES)
def test_a_replay_never_asks_the_viewer_to_act(name, monkeypatch):
    p, bar = _opened(name)
    try:
        table = bar.table
        table.forward()
        while 0 not in table.waiting():
            table.forward()
        drawn: list[str] = []
        render = p.app.text.render
        monkeypatch.setattr(p.app.text, "render", lambda words, *a, **k: drawn.append(words) or render(words, *a, **k))
        p.app.text._cache.clear()  # every line is rendered again, so every line is seen
        bar.jump(table.pos)  # the viewer's own seat is the one the match waits for: a live table asks it to act
        p.frames(2)
        assert drawn and not [w for w in drawn if ASKS.search(w)]
    finally:
        pygame.quit()


def test_the_bar_plays_to_the_end_and_shows_the_outcome():
    p, bar = _opened("swap-meet")
    try:
        p.press_button(bar.speeds_by_value[4.0])
        assert bar.table.replay_speed == 4.0
        bar.jump(bar.table.total - 3)  # the last moves are enough to see it play out
        p.frames(2)
        p.press_button(bar.buttons["play"])
        assert bar.table.playing and bar.buttons["play"].text == "Pause"
        _until(p, lambda: bar.table.at_end, "the last entry")
        assert bar.table.outcome() == recorded("swap-meet").outcome
        winner = bar.table.seats[recorded("swap-meet").outcome.winners[0]].name
        assert f"{winner} won" in bar.position()[1] and "every hand" in bar.position()[1]
        p.frames(2)
        p.press_button(bar.buttons["hand"])
        assert bar.table.shown == 1
    finally:
        pygame.quit()


def test_the_bar_tucks_away_so_the_bottom_of_the_table_can_be_read_and_comes_back():
    p, bar = _opened("stamp-swap")
    try:
        assert label_fits(bar.buttons["hide"])
        p.press_button(bar.buttons["hide"])  # a real click on "Hide bar"
        assert label_fits(bar.buttons["hide"])
        assert bar.hidden and set(bar.buttons) == {"hide"} and bar.buttons["hide"].text == "Replay bar"
        p.frames(2)
        assert not p.app.replay_bar.intercept(_press((BAR.centerx, BAR.centery)))  # the table gets that tap now
        assert p.app.replay_bar.intercept(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT))
        assert bar.table.pos == 1  # the keys still step while it is tucked
        p.press_button(bar.buttons["hide"])
        assert not bar.hidden and "step" in bar.buttons
    finally:
        pygame.quit()


def _press(logical: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=logical, button=1)


def test_leave_goes_back_and_the_bar_goes_with_it():
    p, bar = _opened("night-market")
    try:
        p.press_button(bar.buttons["leave"])
        _until(p, lambda: type(p.top).__name__ == "TitleScene", "the title")
        assert p.app.replay_bar is None
    finally:
        pygame.quit()


def test_a_source_that_is_neither_a_record_file_nor_a_code_is_refused():
    with pytest.raises(CannotOpen):
        load_record("surely-not-a-code")


def test_market_hall_replay_opens_a_record_file_or_says_why_in_one_line(tmp_path, capsys):
    from game.cli import _open_replay, build_parser

    path = tmp_path / "match.json"
    path.write_text(json.dumps(recorded("night-market").to_json()))
    assert build_parser().parse_args(["replay", str(path)]).code == str(path)
    p = make_player()
    try:
        assert _open_replay(p.app, str(tmp_path / "missing.json")) == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1
        assert _open_replay(p.app, str(path)) == 0
        p.frames(40)
        assert p.app.replay_bar is not None and p.app.replay_bar.table.viewer is None  # watched from outside
        assert type(p.top).__name__ == "NightMarketScene" and p.top.viewer is None
    finally:
        pygame.quit()


def test_a_long_code_is_not_mistaken_for_a_file_name():
    with pytest.raises(CannotOpen):
        load_record("MH1" + "7" * 600)  # longer than any file name: refused as a code, not an OSError
