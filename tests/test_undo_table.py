"""Undo at a table on one device (game/match/local.py): an undone move restores the exact earlier
view of every seat, undo is never offered after a move that revealed anything, a bot's reply closes
the window, the autosave follows the undo, and a remote table never offers it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.match.clock import MatchClock
from game.match.local import LocalTable
from game.match.refusals import ONLINE_NO_UNDO
from game.match.remote import RemoteTable
from game.services import saves
from game.shell.loop import FakeClock
from rules.contract import MatchConfig, SeatConfig
from rules.errors import IllegalAction
from rules.night_market.actions import Exchange, Sell
from rules.registry import get_game
from rules.rng import Rng
from rules.undo import NOT_LAST
from tests.support import PERTURB

GAMES = {"night-market": 2, "stamp-swap": 3}


def _people(name: str, seed: int, bots: tuple[str | None, ...] = ()) -> LocalTable:
    n = GAMES[name]
    seats = tuple(SeatConfig(f"P{i}", bots[i] if i < len(bots) else None) for i in range(n))
    return LocalTable.start(get_game(name), MatchConfig(seats), seed, MatchClock(FakeClock()),
                            bot_threads=False, autosave=False)


def _picture(table: LocalTable) -> list[Any]:
    """Every seat's view and legal moves, and the public view, as JSON text."""
    game = table.game
    out: list[Any] = [json.dumps(game.view_to_json(table.view(None)), sort_keys=True)]
    for seat in table.here:
        out.append(json.dumps(game.view_to_json(table.view(seat)), sort_keys=True))
        out.append([game.action_to_text(a) for a in table.legal(seat)])
    return out


def _revealed_to_someone(table: LocalTable, before: Any, seat: int, action: Any) -> bool:
    """The oracle: some seat's view after the move depends on what that seat could not know before."""
    game = table.game
    after = table._state  # test-only look at the truth, as the conformance test does
    for viewer in (*range(len(table.seats)), None):
        other = PERTURB[game.name](before, viewer)
        if game.check(other, seat, action) is not None:
            continue  # the move is not even possible in that world (it used a card the viewer cannot see)
        moved, _ = game.apply(other, seat, action)
        if game.view_to_json(game.view(moved, viewer)) != game.view_to_json(game.view(after, viewer)):
            return True
    return False


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(GAMES)), seed=st.integers(1, 10_000), steps=st.integers(10, 70))
def test_an_undone_move_restores_every_view_and_undo_never_follows_a_reveal(name, seed, steps):
    table = _people(name, seed)
    rng = Rng.seeded(seed)
    for _ in range(steps):
        if table.outcome() is not None:
            break
        seat, rng = rng.choice(list(table.waiting()))
        action, rng = rng.choice(list(table.legal(seat)))
        picture, log, before = _picture(table), list(table.log), table._state
        table.act(seat, action)
        if not table.can_undo(seat):
            continue
        assert not _revealed_to_someone(table, before, seat, action), action
        assert all(not table.can_undo(other) for other in table.here if other != seat)
        table.undo(seat)
        assert _picture(table) == picture and table.log == log
        table.act(seat, action)  # the match goes on as it would have


def _undoable_move(table: LocalTable, seat: int) -> Any:
    """A move of `seat` that reveals nothing, found by trying each legal move and taking it back."""
    for action in table.legal(seat):
        if isinstance(action, (Exchange, Sell)):
            table.act(seat, action)
            if table.can_undo(seat):
                return action
            raise AssertionError(table.undo_reason(seat))
    return None


def test_a_bots_reply_closes_the_window_and_an_undo_cancels_its_plan():
    fake = FakeClock()
    table = LocalTable.start(get_game("night-market"), MatchConfig((SeatConfig("Ann"), SeatConfig("Rival", "easy"))),
                             3, MatchClock(fake), bot_threads=False, autosave=False)
    rng = Rng.seeded(1)
    for _ in range(60):  # play on until the person has a silent move
        if table.view(None).turn == 1:
            fake.advance(5.0)
            table.poll()
            continue
        if any(isinstance(a, (Exchange, Sell)) for a in table.legal(0)):
            break
        action, rng = rng.choice(list(table.legal(0)))
        table.act(0, action)
    assert _undoable_move(table, 0) is not None
    table.poll()
    assert table.thinking(1) and table.can_undo(0)  # the bot plans, but its beat is not over
    table.undo(0)
    assert not table.thinking(1) and table.view(None).turn == 0
    _undoable_move(table, 0)
    for _ in range(100):
        fake.advance(0.1)
        table.poll()
        if table.view(None).turn == 0:
            break
    assert not table.can_undo(0) and table.undo_reason(0) == NOT_LAST()
    with pytest.raises(IllegalAction, match="undo.not_last"):
        table.undo(0)


def test_the_autosave_follows_an_undo_and_a_restored_match_answers_the_same():
    fake = FakeClock()
    game = get_game("stamp-swap")
    table = LocalTable.start(game, MatchConfig((SeatConfig("Ann"), SeatConfig("Bo"))), 8, MatchClock(fake),
                             bot_threads=False)
    rng = Rng.seeded(2)
    while True:
        seat = table.waiting()[0]
        action, rng = rng.choice(list(table.legal(seat)))
        table.act(seat, action)
        if table.can_undo(seat):
            break
    kept = list(table.log[:-1])
    restored = LocalTable.restore(saves.load("stamp-swap")[0], MatchClock(fake), bot_threads=False)
    assert restored.can_undo(seat) and restored.undo_reason(1 - seat) is not None
    table.undo(seat)
    saved, problem = saves.load("stamp-swap")
    assert problem is None and saved is not None and list(saved.record.entries) == kept
    again = LocalTable.restore(saved, MatchClock(fake), bot_threads=False)
    assert _picture(again) == _picture(table)


def test_a_remote_table_never_offers_undo():
    remote = object.__new__(RemoteTable)  # the three answers need no connection
    remote.here = (0,)
    assert not remote.can_undo(0) and remote.undo_reason(0) == ONLINE_NO_UNDO()
    with pytest.raises(IllegalAction, match="online.no_undo"):
        remote.undo(0)
