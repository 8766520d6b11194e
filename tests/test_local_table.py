"""The local table: match clock, autosave per game + resume, bot pacing, illegal moves change nothing,
and the trust boundary (only this device's seats, events redacted for the seat that asks)."""

from __future__ import annotations

import pytest

from game.match.clock import MatchClock
from game.match.local import LocalTable
from game.match.refusals import NOBODY_AWAY
from game.match.table import NotYourSeat
from game.services import saves
from game.shell.loop import FakeClock
from game.text import tr
from rules.contract import MatchConfig, SeatConfig
from rules.errors import IllegalAction
from rules.registry import get_game


def test_match_clock_stops_while_paused():
    fake = FakeClock(100.0)
    clock = MatchClock(fake)
    fake.advance(5)
    clock.pause()
    fake.advance(30)
    assert clock.now() == pytest.approx(5)
    clock.resume()
    fake.advance(2)
    assert clock.now() == pytest.approx(7)


def _table(fake: FakeClock, seats: tuple[SeatConfig, ...] | None = None, game: str = "night-market") -> LocalTable:
    config = MatchConfig(seats or (SeatConfig("Player 1"), SeatConfig("Rival", "easy")))
    return LocalTable.start(get_game(game), config, seed=11, clock=MatchClock(fake), bot_threads=False)


def _play_until_bot_moves(table: LocalTable, fake: FakeClock) -> None:
    before = len(table.log)
    for _ in range(200):
        fake.advance(0.1)
        table.poll()
        if len(table.log) > before:
            return
    raise AssertionError("the bot never moved")


def _turn(table: LocalTable) -> int:
    return table.view(None).turn


def test_nobody_is_away_at_a_table_on_one_device():
    table = _table(FakeClock())
    assert table.away() == {} and table.away_choices(1) == ()
    for refused in (lambda: table.replace_with_bot(1), table.claim):
        with pytest.raises(IllegalAction) as caught:
            refused()
        assert caught.value.refusal == NOBODY_AWAY()


def test_people_act_bots_answer_after_a_beat_and_every_move_is_saved():
    fake = FakeClock()
    table = _table(fake)
    if _turn(table) == 1:
        _play_until_bot_moves(table, fake)
    assert _turn(table) == 0
    table.act(0, table.legal(0)[0])
    table.poll()
    assert len(table.log) == 1  # the visible beat: the bot does not answer at once
    _play_until_bot_moves(table, fake)
    saved, problem = saves.load("night-market")
    assert problem is None and saved is not None and len(saved.record.entries) == len(table.log) >= 2


def test_an_illegal_move_is_refused_with_a_reason_and_changes_nothing():
    fake = FakeClock()
    table = _table(fake, (SeatConfig("Ada"), SeatConfig("Bo")))
    waiting = _turn(table)
    before = table.view(waiting)
    with pytest.raises(IllegalAction) as info:
        table.act(1 - waiting, table.legal(waiting)[0])
    assert info.value.refusal.code == "night-market.not_your_turn"
    assert table.view(waiting) == before and table.log == []


def test_a_seat_not_at_this_device_cannot_be_looked_at_or_played():
    table = _table(FakeClock())
    for ask in (lambda: table.view(1), lambda: table.legal(1), lambda: table.take_events(1),
                lambda: table.history(1), lambda: table.act(1, table.legal(0)[0])):
        with pytest.raises(NotYourSeat):
            ask()


def test_events_come_once_per_viewer_and_redacted_for_that_viewer():
    table = _table(FakeClock(), (SeatConfig("Ada"), SeatConfig("Bo")))
    mine = table.take_events(0)
    public = table.take_events(None)
    dealt_mine = next(e for e in mine if e.kind == "dealt" and e.seat == 0)
    dealt_public = next(e for e in public if e.kind == "dealt" and e.seat == 0)
    assert "cards" in dealt_mine.data and "cards" not in dealt_public.data
    assert table.take_events(0) == [] and table.take_events(None) == []
    seat = _turn(table)
    table.act(seat, table.legal(seat)[0])
    after = table.take_events(0)
    assert after and all(e.kind != "dealt" for e in after)  # only what is new
    first_look = table.take_events(1)  # seat 1 never looked: the whole match so far
    assert [e.kind for e in first_look][-len(after):] == [e.kind for e in after] and len(first_look) > len(after)
    assert table.history(None)[: len(public)] == public


def test_resume_replays_the_saved_match_exactly_and_keeps_the_event_history():
    fake = FakeClock()
    table = _table(fake)
    for _ in range(6):
        seat = _turn(table)
        if table.is_bot(seat):
            _play_until_bot_moves(table, fake)
        else:
            table.act(seat, table.legal(seat)[-1])
    saved, _ = saves.load("night-market")
    assert saved is not None
    again = LocalTable.restore(saved, MatchClock(fake), bot_threads=False)
    assert again.view(0) == table.view(0)
    assert again.history(0) == table.history(0)


def test_each_game_keeps_its_own_paused_match():
    fake = FakeClock()
    nm = _table(fake)
    people = (SeatConfig("Ada"), SeatConfig("Bo"), SeatConfig("Cy", "easy"))
    _table(fake, people, game="swap-meet")
    _table(fake, people, game="stamp-swap")
    seat = _turn(nm)
    if not nm.is_bot(seat):
        nm.act(seat, nm.legal(seat)[0])
    found, problems = saves.paused()
    assert sorted(s.game for s in found) == ["night-market", "stamp-swap", "swap-meet"] and problems == []
    assert list(saves.load("night-market")[0].record.entries) == nm.log


def test_a_failed_autosave_is_said_once_and_its_recovery_too(monkeypatch):
    fake = FakeClock()
    table = _table(fake, (SeatConfig("Ada"), SeatConfig("Bo")))
    monkeypatch.setattr(saves, "write", lambda save: False)
    for _ in range(3):
        seat = _turn(table)
        table.act(seat, table.legal(seat)[0])
    notices = table.take_notices()
    assert notices == [tr("notice.autosave_failed")] and "Autosave failed" in notices[0]
    monkeypatch.undo()
    seat = _turn(table)
    table.act(seat, table.legal(seat)[0])
    assert table.take_notices() == [tr("notice.autosave_back")]


def test_the_clock_stands_still_while_any_reason_holds_it():
    fake = FakeClock()
    table = _table(fake)
    table.pause("help")
    table.pause("menu")
    fake.advance(10)
    table.resume("help")
    fake.advance(10)
    assert table.paused and table.now() == pytest.approx(0)
    table.resume("menu")
    fake.advance(2)
    assert not table.paused and table.now() == pytest.approx(2)


def _bots_play(table: LocalTable, fake: FakeClock, moves: int) -> None:
    for _ in range(20000):
        if len(table.log) >= moves or table.outcome() is not None:
            return
        fake.advance(0.25)
        table.poll()
    raise AssertionError("the bots stopped playing")


@pytest.mark.parametrize("game", ["night-market", "stamp-swap"])
def test_after_a_resume_the_bots_play_exactly_as_without_the_pause(game):
    everyone = (SeatConfig("A", "normal"), SeatConfig("B", "easy"), SeatConfig("C", "normal"))
    seats = everyone[:2] if game == "night-market" else everyone
    fake = FakeClock()
    straight = _table(fake, seats, game)
    _bots_play(straight, fake, 30)
    other = FakeClock()
    paused = _table(other, seats, game)
    _bots_play(paused, other, 12)
    saved, _ = saves.load(game)
    resumed = LocalTable.restore(saved, MatchClock(fake), bot_threads=False)
    _bots_play(resumed, fake, 30)
    assert [(e.seat, e.action) for e in resumed.log] == [(e.seat, e.action) for e in straight.log[: len(resumed.log)]]
    assert len(resumed.log) >= 30 or resumed.outcome() is not None
