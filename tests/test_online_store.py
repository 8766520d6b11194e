"""The relay never says what it has not kept: a failing store refuses the move, the room lives on."""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import threading
import time
from typing import Any

from game.relay.server import ServerThread
from game.relay.store import FileStore, MemoryStore
from tests.online_helpers import WAIT, Raw, code, legal, open_room, raw_match, running_server, ws_url


class FlakyStore(MemoryStore):
    """A memory store whose disk can be made to fail."""

    def __init__(self) -> None:
        super().__init__()
        self.broken = False

    def _check(self) -> None:
        if self.broken:
            raise OSError(28, "No space left on device")

    async def save(self, code: str, record: dict[str, Any], fence: int = 0) -> None:
        self._check()
        await super().save(code, record, fence)

    async def append(self, code: str, match: int, entries: list[list[Any]], fresh: bool = False,
                     fence: int = 0) -> None:
        self._check()
        await super().append(code, match, entries, fresh, fence)


def health(server: ServerThread) -> dict[str, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", server.config.port, timeout=WAIT)
    conn.request("GET", "/health")
    body = json.loads(conn.getresponse().read())
    conn.close()
    return body


def _refused_then_recovered(server: ServerThread, host: Raw, guest: Raw, first: dict[str, Any],
                            break_it: Any, mend: Any) -> None:
    """Break the store, see the move refused and nothing applied; mend it, see the move go through."""
    move = legal(first)[0]
    break_it()
    for seq in (1, 2):  # refused by number each time; the room answers everything else
        host.send("act", seq=seq, action=move)
        refused = host.expect("refused", seq=seq)
        assert code(refused) == "relay.save_failed"
        guest.send("sync")
        assert guest.expect("update")["version"] == first["version"]  # not applied in memory either
    host.send("sync")
    again = host.expect("update")
    assert again["version"] == first["version"] and move in legal(again)
    state = health(server)
    assert state["ok"] is False and state["store"].startswith("failing in 1 room")
    mend()
    host.send("act", seq=3, action=move)
    assert host.expect("update", answer=3)["version"] == first["version"] + 1
    assert guest.until("update", lambda m: m["version"] == first["version"] + 1)
    assert health(server)["ok"] is True


def test_an_injected_failing_store_refuses_the_move_and_the_room_recovers(caplog):
    store = FlakyStore()
    with caplog.at_level(logging.WARNING), running_server(store=store) as server:
        (host, guest), (first, _) = raw_match(ws_url(server), "night-market", 2, options={"first_seat": 0})

        def break_it() -> None:
            store.broken = True

        def mend() -> None:
            store.broken = False

        _refused_then_recovered(server, host, guest, first, break_it, mend)
        (code,) = store.rooms
        assert [json.loads(line)[4] for line in store.logs[code]] == [3]  # kept once, with its number
    failures = [r for r in caplog.records if "cannot save" in r.getMessage()]
    assert len(failures) == 1 and "No space left" in failures[0].getMessage()
    assert any("saves it again" in r.getMessage() for r in caplog.records)


def test_a_real_unwritable_log_file_refuses_the_move_and_the_room_recovers(tmp_path):
    # As root chmod does not stop writes, so the failure is a real one that root meets too: a folder
    # stands where the room's move log must be appended.
    with running_server(data=tmp_path) as server:
        (host, guest), (first, _) = raw_match(ws_url(server), "night-market", 2, options={"first_seat": 0})
        room = next(m["room"] for m in host.seen if m["type"] == "joined")
        log_file = tmp_path / "rooms" / f"{room}.log"

        def break_it() -> None:
            log_file.unlink(missing_ok=True)
            log_file.mkdir()

        def mend() -> None:
            log_file.rmdir()

        _refused_then_recovered(server, host, guest, first, break_it, mend)
    (record,) = asyncio.run(FileStore(tmp_path).load_all())
    assert len(record["log"]) == 1 and record["log"][0][3] == 3


def test_a_room_file_whose_code_is_not_a_code_is_refused_at_load(tmp_path, caplog):
    rooms = tmp_path / "rooms"
    rooms.mkdir()
    (rooms / "ABCDEF.json").write_text(json.dumps({"code": "../../etc", "lobby": {}}), encoding="utf-8")
    with caplog.at_level(logging.WARNING), running_server(data=tmp_path) as server:
        assert server.hub is not None and server.hub.rooms == {}
    assert (rooms / "ABCDEF.bad").exists() and any("set aside" in r.getMessage() for r in caplog.records)
    store = MemoryStore()
    store.rooms["X"] = json.dumps({"code": "not a code", "lobby": {"game": "night-market"}})
    with caplog.at_level(logging.WARNING), running_server(store=store) as server:
        assert server.hub is not None and server.hub.rooms == {}
    assert any("not a room code was refused" in r.getMessage() for r in caplog.records)


class SlowStore(MemoryStore):
    """A memory store whose record writes can be held mid-write (a slow disk)."""

    def __init__(self) -> None:
        super().__init__()
        self.gate, self.writing, self.wrote = threading.Event(), threading.Event(), threading.Event()
        self.gate.set()

    async def save(self, code: str, record: dict[str, Any], fence: int = 0) -> None:
        self.writing.set()
        assert await asyncio.to_thread(self.gate.wait, WAIT)  # held off the loop, as a slow disk is
        await super().save(code, record, fence)
        self.wrote.set()


def test_a_room_dropped_while_its_save_runs_is_not_written_back():
    store = SlowStore()
    with running_server(store=store) as server:
        host, joined, _ = open_room(ws_url(server), "night-market", "Ana")
        code = joined["room"]
        host.until("lobby", lambda m: m["room"] == code)
        assert server.hub is not None and code in store.rooms
        store.gate.clear()
        store.writing.clear()
        host.send("add_bot", level="easy")  # the record is rewritten: the write now hangs
        assert store.writing.wait(WAIT)
        store.wrote.clear()
        server.call(lambda: server.hub.drop(code))  # the room expires while the worker writes
        deadline = time.monotonic() + 60
        while code in server.hub.rooms:
            assert time.monotonic() < deadline, "the expired room to go"
            time.sleep(0.02)
        assert code in store.rooms  # not deleted under the running write
        store.gate.set()
        assert store.wrote.wait(WAIT)
        while code in store.rooms:  # deleted once the write has ended, never written back after
            assert time.monotonic() < deadline, "the record's deletion after its write"
            time.sleep(0.02)
        assert code not in server.hub.failing
