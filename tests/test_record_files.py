"""Saves and relay rooms hold match records, and files written by main before records (tests/legacy,
made by its make_fixtures.py with the code at bd69487) are read once and converted."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from game.match.clock import MatchClock
from game.match.local import LocalTable
from game.relay import lobby as lb
from game.relay.rooms import Room
from game.relay.store import FileStore
from game.services import saves
from rules.contract import EndReason, Outcome
from rules.record import TICK, MatchRecord, UnknownRules
from rules.registry import get_game

LEGACY = Path(__file__).resolve().parent / "legacy"


def _clock() -> float:
    return 5000.0


@pytest.mark.parametrize("game", ["night-market", "swap-meet"])
def test_a_version_two_save_is_read_once_and_written_back_as_a_record(market_home, game):
    old = json.loads((LEGACY / f"save-v2-{game}.json").read_text())
    shutil.copy(LEGACY / f"save-v2-{game}.json", saves.slot(game))
    save, problem = saves.load(game)
    assert problem is None and save is not None and save.saved_at == old["saved_at"]
    assert [e.to_json() for e in save.record.entries] == old["log"]
    assert save.record.rules_version == get_game(game).rules_version
    stored = json.loads(saves.slot(game).read_text())
    assert stored["version"] == saves.VERSION and stored["record"] == save.record.to_json()
    again, _ = saves.load(game)
    assert again == save and again is not None and not again.converted
    table = LocalTable.restore(save, MatchClock(_clock), bot_threads=False)
    assert table.record().entries == save.record.entries
    table.close()


def test_a_record_of_rules_this_build_does_not_have_is_refused_in_words(market_home):
    data = json.loads((LEGACY / "save-v2-night-market.json").read_text())
    saves.slot("night-market").write_text(json.dumps({**data, "rules_version": 7}))
    save, problem = saves.load("night-market")
    assert problem is None and save is not None
    with pytest.raises(ValueError, match="played under Night Market rules version 7"):
        LocalTable.restore(save, MatchClock(_clock), bot_threads=False)


CLAIMED = Outcome((0,), (1.0, 0.0), EndReason.ABANDONED, "claimed", {"name": "Ana"})  # what the live room says


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _stored(tmp_path: Path) -> dict[str, dict]:
    shutil.copytree(LEGACY / "relay", tmp_path / "relay")
    return {r["code"]: r for r in asyncio.run(FileStore(tmp_path / "relay").load_all())}


def _lines(code: str) -> list[list]:
    return [json.loads(line)[1:] for line in (LEGACY / "relay" / "rooms" / f"{code}.log").read_text().splitlines()]


def test_an_old_claimed_room_restores_with_the_live_outcome_and_is_written_back_as_a_record(tmp_path):
    data = _stored(tmp_path)["NMC7AM"]
    room = Room.from_stored(data, get_game("night-market"), Clock())
    assert room.outcome() == CLAIMED and room.record().outcome == CLAIMED
    assert room.log[-1].seat is None and room.log[-1].action == {"type": "claim", "by": 0}
    rows, fresh = room.unsaved()
    assert fresh and rows[:-1] == [[t, s, a, q] for t, s, a, q in _lines("NMC7AM")]  # written back whole
    store = FileStore(tmp_path / "relay")
    asyncio.run(store.save(room.code, room.stored()))
    asyncio.run(store.append(room.code, room.match_no, rows, fresh))
    (again,) = [r for r in asyncio.run(store.load_all()) if r["code"] == "NMC7AM"]
    back = Room.from_stored(again, get_game("night-market"), Clock())
    assert back.outcome() == CLAIMED and back.unsaved() == ([], False)


def test_an_old_real_time_room_gains_the_ticks_its_log_never_held(tmp_path):
    room = Room.from_stored(_stored(tmp_path)["SMP3AY"], get_game("swap-meet"), Clock())
    moves = [e for e in room.log if e.seat is not None]
    assert [[e.now, e.seat, e.action, e.seq] for e in moves] == _lines("SMP3AY")
    ticks = [e.now for e in room.log if e.seat is None]
    assert ticks and all(e.action == TICK for e in room.log if e.seat is None)
    assert all(8.0 < t <= 130.0 for t in ticks)  # the round ended and began again between those moves
    assert room.answers[0] == dict.fromkeys(range(1, 9))  # a resent move is still answered, not applied


def test_a_claimed_room_restores_with_the_live_outcome(tmp_path):
    game, clock = get_game("night-market"), Clock()
    lobby = lb.Lobby(game.name, game.min_seats, game.max_seats, tuple(game.bot_levels))
    host, _ = lobby.open_room("Ana")
    seat, _ = lobby.join_with_ticket(lobby.issue_ticket(host, 0.0), "Ben", 1.0)
    lobby.set_ready(seat, True)
    room = Room("NMC8AM", game, lobby, 21, None, 1.0, clock)
    room.connected(0)
    room.connected(1)
    room.start(host)
    clock.t += 2.0
    room.act(0, 1, game.action_to_json(room.referee.legal(0, room.now())[0]))
    room.disconnected(1)
    clock.t += 61.0
    room.mark_away(30.0)
    room.claim(0)
    assert room.outcome() == CLAIMED
    back = Room.from_stored({**room.stored(), "log": room.unsaved()[0]}, game, clock)
    assert back.outcome() == CLAIMED and back.record() == room.record()


def test_a_room_of_rules_this_relay_does_not_have_is_refused(tmp_path):
    data = _stored(tmp_path)["NMP2AY"]
    with pytest.raises(UnknownRules, match="rules version 3"):
        Room.from_stored({**data, "rules_version": 3}, get_game("night-market"), Clock())


def test_a_finished_room_match_is_archived_once_and_outlives_the_room(tmp_path):
    data = _stored(tmp_path)["NMC7AM"]
    room = Room.from_stored(data, get_game("night-market"), Clock())
    finished = room.unarchived()
    assert finished is not None and finished.outcome == CLAIMED
    store = FileStore(tmp_path / "relay")
    asyncio.run(store.archive(room.code, room.match_no, finished.to_json()))
    room.archived = room.match_no
    assert room.unarchived() is None  # kept: not written again
    asyncio.run(store.delete(room.code))
    kept = tmp_path / "relay" / "archive" / f"NMC7AM-{room.match_no}.json"
    assert not asyncio.run(store.exists(room.code)) and MatchRecord.from_json(json.loads(kept.read_text())) == finished
    with pytest.raises(ValueError, match="not a room code"):
        asyncio.run(store.archive("../x", 1, finished.to_json()))


def test_a_match_still_running_is_not_archived(tmp_path):
    room = Room.from_stored(_stored(tmp_path)["NMP2AY"], get_game("night-market"), Clock())
    assert room.record() is not None and room.record().outcome is None and room.unarchived() is None
