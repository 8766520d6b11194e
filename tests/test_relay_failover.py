"""Relay processes sharing one Redis (a real redis-server on loopback; skipped in one line where
none is installed): a room's owner killed or paused mid-match, two processes racing for one code,
Redis restarted mid-match. Each seat moves straight to the other relay (the proxy in front of a
fleet is tested with packaging/)."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from game.relay.redis_store import RedisStore
from game.relay.rooms import Room
from rules.registry import get_game
from tests.online_helpers import code, legal, running_server, ws_url
from tests.redis_helpers import ROOT, RedisServer, RelayProcess, Seat, play, running_redis, seated
from tests.support import WAIT

LEASE = 3.0  # seconds: how soon a dead relay's rooms are free (the default is 5); a live relay renews
# every third of it, so only a process stalled this long (not a busy CI machine's) loses its rooms



@pytest.fixture
def relays(redis_server: RedisServer, tmp_path: Path) -> Iterator[tuple[RelayProcess, RelayProcess]]:
    redis_server.client().flushdb()
    pair = (RelayProcess(redis_server.url, tmp_path / "a.log", LEASE),
            RelayProcess(redis_server.url, tmp_path / "b.log", LEASE))  # both start at once
    try:
        yield pair[0].ready(), pair[1].ready()
    finally:
        for relay in pair:
            relay.stop()


def stored(url: str, room: str) -> dict[str, Any]:
    async def fetch() -> dict[str, Any] | None:
        store = RedisStore(url)
        try:
            return await store.fetch(room)
        finally:
            await store.close()
    record = asyncio.run(fetch())
    assert record is not None, f"room {room} is not in Redis"
    return record


def kept_as_seen(url: str, seats: list[Seat]) -> None:
    """The stored record replays to exactly the public events every seat was told of."""
    kept = Room.from_stored(stored(url, seats[0].room), get_game("night-market"))
    public = [kept.game.redact(e, None).to_json() for e in kept.history]
    for seat in seats:
        assert seat.public_events() == public


def host_to_move(seats: list[Seat]) -> None:
    if not legal(seats[0].latest()):
        play(seats, 1)
    assert legal(seats[0].latest())


Pair = tuple[RelayProcess, RelayProcess]


def test_the_owner_killed_mid_match_its_seats_finish_at_another_relay(redis_server: RedisServer, relays: Pair) -> None:
    owner, other = relays
    seats = seated(owner.url)
    assert play(seats, 6) == 6
    owner.signal(signal.SIGKILL)
    killed = time.monotonic()
    for seat in seats:
        seat.resume(other.url)  # refused as "served elsewhere" until the dead owner's lease lapses
    failover = time.monotonic() - killed
    assert play(seats) > 0 and seats[0].latest()["outcome"] is not None
    kept_as_seen(redis_server.url, seats)
    print(f"failover: owner killed -> its room answers again at the other relay in {failover:.2f} s (lease {LEASE} s)")


def test_a_paused_owner_whose_lease_lapsed_never_writes_again(redis_server: RedisServer, relays: Pair) -> None:
    owner, other = relays
    seats = seated(owner.url)
    play(seats, 4)
    host_to_move(seats)
    stale, move = seats[0].client, legal(seats[0].latest())[0]  # legal at the owner as it stands
    owner.signal(signal.SIGSTOP)
    for seat in seats:
        seat.resume(other.url)
    play(seats, 3)
    before = stored(redis_server.url, seats[0].room)
    owner.signal(signal.SIGCONT)
    stale.send("act", seq=999, action=move)  # the paused owner would take it: its write is refused
    deadline = time.monotonic() + WAIT
    with pytest.raises(ConnectionClosed):  # it lets the room go: the link is closed (1012, try again)
        while time.monotonic() < deadline:
            assert json.loads(stale.ws.recv(timeout=WAIT)).get("answer") != 999, "the paused owner took a move"
    # 1012: it found its lease gone (at its renewal, or at the write of the move); a pause past the
    # keepalive's 8 s on a crawling machine may close the link as dead first (1011): no write either way
    assert stale.ws.close_code in (1012, 1011)
    assert stored(redis_server.url, seats[0].room)["log"] == before["log"]  # nothing written by the old owner
    play(seats)
    kept_as_seen(redis_server.url, seats)


RACER = """
import asyncio, sys
from game.relay.redis_store import RedisStore
async def main():
    store = RedisStore(sys.argv[1])
    while not await store.redis.exists("go"):
        await asyncio.sleep(0.001)
    won = [c for c in sys.argv[3:] if await store.create(c, {"code": c, "by": sys.argv[2], "lobby": {}, "match": 0})]
    print(" ".join(won))
    await store.close()
asyncio.run(main())
"""


def test_two_processes_racing_for_the_same_codes_each_code_has_one_winner(redis_server: RedisServer) -> None:
    db = redis_server.client()
    db.flushdb()
    codes = [f"R{a}{b}222" for a in "ABCDEFGH" for b in "ABCDEFGHJK"]  # 80 codes, both racers try all
    racers = [subprocess.Popen([sys.executable, "-c", RACER, redis_server.url, name, *codes], cwd=ROOT,
                               stdout=subprocess.PIPE, text=True) for name in ("a", "b")]
    time.sleep(0.3)  # both are waiting for the start (a head start is no harm: the count below holds anyway)
    db.set("go", 1)
    won = [set(r.communicate(timeout=WAIT)[0].split()) for r in racers]
    assert won[0].isdisjoint(won[1]) and won[0] | won[1] == set(codes)
    for name, mine in zip(("a", "b"), won):
        assert all(json.loads(db.get(f"mh:room:{c}"))["by"] == name for c in mine)


def test_redis_restarted_mid_match_the_room_pauses_then_goes_on(tmp_path: Path) -> None:
    with running_redis(tmp_path, appendonly=True) as redis_server, \
            running_server(store_url=redis_server.url, lease_seconds=60.0) as server:
        seats = seated(ws_url(server))
        play(seats, 4)
        host_to_move(seats)
        host, move = seats[0], legal(seats[0].latest())[0]
        redis_server.stop()
        host.seq += 1
        host.client.send("act", seq=host.seq, action=move)
        assert code(host.client.expect("refused", seq=host.seq)) == "relay.save_failed"  # paused: nothing told
        redis_server.start()  # the same port and folder: its append-only file brings everything back
        deadline = time.monotonic() + WAIT
        while True:  # the first call after the restart may still meet the old connection
            assert time.monotonic() < deadline, "the room to save again after Redis came back"
            host.client.send("act", seq=host.seq, action=move)
            msg = _answer(host)
            if msg["type"] == "update":
                break
            assert code(msg) == "relay.save_failed", msg
            time.sleep(0.05)
        play(seats)
        assert seats[0].latest()["outcome"] is not None
        kept_as_seen(redis_server.url, seats)


def _answer(seat: Seat) -> dict[str, Any]:
    """The relay's answer to the seat's last move: its update, or its refusal."""
    deadline = time.monotonic() + WAIT
    while True:
        msg = json.loads(seat.client.ws.recv(timeout=max(0.0, deadline - time.monotonic())))
        seat.client.seen.append(msg)
        if msg.get("answer") == seat.seq or (msg["type"] == "refused" and msg["seq"] == seat.seq):
            return msg
