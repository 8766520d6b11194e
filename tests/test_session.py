"""The match session: match clock, autosave + resume, bot pacing, illegal moves change nothing."""

from __future__ import annotations

import pytest

from game import saves
from game.loop import FakeClock
from game.session import MatchClock, MatchSession
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


def _session(fake: FakeClock) -> MatchSession:
    game = get_game("night-market")
    config = MatchConfig((SeatConfig("Player 1"), SeatConfig("Rival", "easy")))
    return MatchSession(game, config, seed=11, clock=MatchClock(fake), threaded=False)


def _play_until_bot_moves(session: MatchSession, fake: FakeClock) -> None:
    for _ in range(200):
        fake.advance(0.1)
        if session.poll_bots():
            return
    raise AssertionError("the bot never moved")


def test_people_act_bots_answer_after_a_beat_and_every_move_is_saved():
    fake = FakeClock()
    session = _session(fake)
    if session.game.waiting(session.state)[0] == 1:
        _play_until_bot_moves(session, fake)
    seat = session.game.waiting(session.state)[0]
    assert seat == 0
    session.act(0, session.legal(0)[0])
    assert session.poll_bots() == []  # the visible beat: not at once
    _play_until_bot_moves(session, fake)
    saved, problem = saves.load()
    assert problem is None and saved is not None and len(saved.log) == len(session.log) >= 2


def test_an_illegal_move_is_refused_with_a_reason_and_changes_nothing():
    fake = FakeClock()
    session = _session(fake)
    waiting = session.game.waiting(session.state)[0]
    other = 1 - waiting
    before = session.state
    with pytest.raises(IllegalAction) as info:
        session.act(other, session.game.legal_actions(session.state, waiting)[0])
    assert info.value.reason
    assert session.state == before and session.log == []


def test_resume_replays_the_saved_match_exactly():
    fake = FakeClock()
    session = _session(fake)
    for _ in range(6):
        seat = session.game.waiting(session.state)[0]
        if session.is_bot(seat):
            _play_until_bot_moves(session, fake)
        else:
            session.act(seat, session.legal(seat)[-1])
    saved, _ = saves.load()
    assert saved is not None
    again = MatchSession.resume(saved, MatchClock(fake), threaded=False)
    assert again.state == session.state
