"""A relay on the Redis store (a real redis-server on a loopback port of its own; skipped in one
line where none is installed): whole matches, no secret in Redis, `serve --store`."""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path
from typing import Any

import pytest

from game.relay.cli import build_parser, config_from_args, serve
from game.relay.protocol import digest
from game.relay.redis_store import RedisStore
from game.relay.rooms import Room
from rules.registry import get_game
from tests.online_helpers import Raw, code, open_room, running_server, said, ws_url
from tests.redis_helpers import RedisServer, everything_in, play, seated


@pytest.fixture
def fresh(redis_server: RedisServer) -> RedisServer:
    redis_server.client().flushdb()
    return redis_server


def test_a_whole_match_on_redis_leaves_no_token_or_ticket_there(fresh: RedisServer) -> None:
    with running_server(store_url=fresh.url) as server:
        seats = seated(ws_url(server))
        host = seats[0].client
        host.send("invite")  # a ticket nobody spends
        ticket = host.expect("invite")["ticket"]
        assert play(seats) > 10
        final = seats[0].latest()
    secrets = {ticket, *(seat.token for seat in seats)}
    secrets |= {m["ticket"] for seat in seats for m in seat.client.seen if m["type"] == "invite"}
    everything = everything_in(fresh.client())
    assert all(len(secret) >= 32 and secret not in everything for secret in secrets)
    assert all(digest(seat.token) in everything for seat in seats)  # what is kept instead: digests
    db = fresh.client()
    room = seats[0].room
    assert db.exists(f"mh:room:{room}") and db.exists(f"mh:archive:{room}:1") and db.ttl(f"mh:room:{room}") > 0
    assert db.get(f"mh:archive:{room}:1") is not None and final["record"] is not None


def test_a_match_on_redis_is_kept_as_the_seats_saw_it(fresh: RedisServer) -> None:
    with running_server(store_url=fresh.url) as server:
        seats = seated(ws_url(server))
        play(seats, 12)
        code = seats[0].room

    async def fetch() -> dict[str, Any]:
        store = RedisStore(fresh.url)
        try:
            record = await store.fetch(code)
        finally:
            await store.close()
        assert record is not None
        return record
    kept = Room.from_stored(asyncio.run(fetch()), get_game("night-market"))
    public = [kept.game.redact(e, None).to_json() for e in kept.history]
    assert all(seat.public_events() == public for seat in seats)


def test_serve_takes_a_redis_store_url_and_refuses_two_places_for_rooms(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["--store", "redis://127.0.0.1:6390/2", "--lease-seconds", "3"])
    config = config_from_args(args)
    assert config.store_url == "redis://127.0.0.1:6390/2" and config.lease_seconds == 3.0
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--store", "http://127.0.0.1:6390/2"])
    both = argparse.Namespace(**{**vars(args), "data": tmp_path})
    assert serve(both) == 2 and "give one" in capsys.readouterr().out


def test_a_room_another_live_relay_serves_is_refused_with_words_to_try_again(fresh: RedisServer) -> None:
    with running_server(store_url=fresh.url) as owner, running_server(store_url=fresh.url) as other:
        host, joined, _ = open_room(ws_url(owner), "night-market", "Ana", days=3)
        elsewhere = Raw(ws_url(other))
        elsewhere.send("resume", room=joined["room"], token=joined["token"])
        refusal = elsewhere.expect("error")
        assert code(refusal) == "relay.room_elsewhere" and "try again" in said(refusal)
        asker = Raw(ws_url(other))  # the title's status needs no lease: records are read from Redis
        asker.send("status", rooms=[[joined["room"], joined["token"]]])
        (row,) = asker.expect("status")["rooms"]
        assert row["seat"] == 0 and row["days"] == 3 and row["names"] == ["Ana"]
        assert other.hub is not None and joined["room"] not in other.hub.rooms
        host.send("sync")
        assert host.expect("lobby")["room"] == joined["room"]  # the owner serves it all along


def _refused_create(url: str) -> str:
    late = Raw(url)
    late.send("create", game="night-market", name="Dee")
    return code(late.expect("error"))


def test_an_addresss_rooms_a_minute_are_counted_across_the_relays_of_one_redis(fresh: RedisServer) -> None:
    with running_server(store_url=fresh.url, rooms_per_minute=3) as a, \
            running_server(store_url=fresh.url, rooms_per_minute=3) as b:
        for server in (a, b, a):
            open_room(ws_url(server), "night-market")
        assert _refused_create(ws_url(b)) == "relay.rooms_per_minute"  # b made one: the fleet made three
    keys = fresh.client().keys("mh:*")
    assert any(k.startswith("mh:made:") for k in keys) and "127.0.0.1" not in everything_in(fresh.client())


def test_an_addresss_open_rooms_are_counted_across_relays_until_their_records_go(fresh: RedisServer) -> None:
    with running_server(store_url=fresh.url, rooms_per_address=2) as a, \
            running_server(store_url=fresh.url, rooms_per_address=2) as b:
        _, first, _ = open_room(ws_url(a), "night-market")
        open_room(ws_url(b), "stamp-swap")
        assert _refused_create(ws_url(a)) == "relay.rooms_per_address"
        fresh.client().delete(f"mh:room:{first['room']}")  # as when the room expires or is deleted
        open_room(ws_url(a), "night-market")  # its place is free again
