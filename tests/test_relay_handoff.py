"""A connection that lands on a relay which does not serve its room is handed on (handoff.py): two
relays on one real redis-server on loopback (skipped in one line where none is installed), sharing a
fleet secret. A seat that reaches the non-owner plays a whole match through its pipe; the owner
killed under a piped seat: the seat reconnects and the other relay takes the room; a client forging
the peers' header gets no trust. The header's signature and the peer address's default are checked
directly."""

from __future__ import annotations

import concurrent.futures
import signal
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.relay.cli import build_parser, config_from_args
from game.relay.config import ServerConfig
from game.relay.handoff import PEER_HEADER, vouch, vouched
from game.relay.hub import peer_url
from game.relay.protocol import room_url
from game.relay.server import ServerThread
from tests.online_helpers import Raw, code, running_server, ws_url
from tests.redis_helpers import RedisServer, RelayProcess, Seat, play, seated
from tests.support import WAIT
from tests.test_relay_failover import kept_as_seen

LEASE = 3.0  # seconds: how soon a dead relay's rooms are free (the default is 5)
SECRET = b"0123456789abcdef0123456789abcdef"
ELSEWHERE = "127.0.0.2"  # the players' own address (loopback is a /8): the relays talk over 127.0.0.1
T = TypeVar("T")



@pytest.fixture
def secret_file(tmp_path: Path) -> Path:
    path = tmp_path / "fleet.secret"
    path.write_bytes(SECRET + b"\n")
    return path


Pair = tuple[RelayProcess, RelayProcess]


@pytest.fixture
def relays(redis_server: RedisServer, tmp_path: Path, secret_file: Path) -> Iterator[Pair]:
    redis_server.client().flushdb()
    pair = [RelayProcess(redis_server.url, tmp_path / f"{name}.log", LEASE, "--fleet-secret-file", str(secret_file))
            for name in "ab"]  # both start at once
    try:
        yield pair[0].ready(), pair[1].ready()
    finally:
        for relay in pair:
            relay.stop()


class From(Raw):
    """A bare client connecting from another loopback address (its own, as a player's would be)."""

    def __init__(self, url: str, **headers: str) -> None:
        parts = urlsplit(url)
        sock = socket.create_connection((parts.hostname, parts.port), WAIT, source_address=(ELSEWHERE, 0))
        sock.settimeout(None)
        self._stack = ExitStack()
        self.ws = self._stack.enter_context(connect(url, sock=sock, compression=None, open_timeout=WAIT,
                                                    max_size=2**22, max_queue=None,
                                                    additional_headers=headers or None))
        self.seen: list[dict[str, Any]] = []


def resume_from(seat: Seat, url: str, close_old: bool = True, **headers: str) -> None:
    """The seat comes back at `url` from its own address (the old link closed first, or left open)."""
    if close_old:
        seat.client.close()
    client = From(url, **headers)
    client.send("resume", room=seat.room, token=seat.token)
    seat.seq = max(seat.seq, client.expect("joined")["seq"])
    client.expect("update")
    seat.clients.append(client)


def lease_of(redis_server: RedisServer, room: str) -> str:
    held = redis_server.client().get(f"mh:lease:{room}")
    assert held is not None, f"nobody holds room {room}'s lease"
    return str(held)


def closed_with(client: Raw) -> int | None:
    """Read until the relay closes the link; its close code."""
    deadline = time.monotonic() + WAIT
    with pytest.raises(ConnectionClosed):
        while time.monotonic() < deadline:
            client.ws.recv(timeout=max(0.01, deadline - time.monotonic()))
    assert time.monotonic() < deadline, "the relay to close the link"
    return client.ws.close_code


def test_a_seat_landing_on_a_non_owner_plays_a_whole_match_through_its_pipe(redis_server: RedisServer,
                                                                           relays: Pair) -> None:
    owner, other = relays
    seats = seated(owner.url)
    room = seats[0].room
    held = lease_of(redis_server, room)
    play(seats, 3)
    resume_from(seats[1], room_url(other.url, room))  # the other relay hands it on instead of refusing
    assert play(seats) > 0 and seats[0].latest()["outcome"] is not None
    assert lease_of(redis_server, room) == held  # the owner served it throughout: nobody took its lease
    kept_as_seen(redis_server.url, seats)


def test_the_owner_killed_under_a_piped_seat_the_seat_reconnects_and_its_relay_takes_the_room(
        redis_server: RedisServer, relays: Pair) -> None:
    owner, other = relays
    seats = seated(owner.url)
    room = seats[0].room
    held = lease_of(redis_server, room)
    resume_from(seats[1], room_url(other.url, room))
    play(seats, 4)
    owner.signal(signal.SIGKILL)
    assert closed_with(seats[1].client) == 1012  # "try again": the app reconnects
    for seat in seats:  # refused "served elsewhere" until the dead owner's lease lapses, then taken
        seat.resume(room_url(other.url, room))
    assert lease_of(redis_server, room) != held
    assert play(seats) > 0 and seats[0].latest()["outcome"] is not None
    kept_as_seen(redis_server.url, seats)


def on_loop(server: ServerThread, fn: Callable[[], T]) -> T:
    """`fn()` run on the server's own loop (its rooms are read there only)."""
    done: concurrent.futures.Future[T] = concurrent.futures.Future()
    server.call(lambda: done.set_result(fn()))
    return done.result(WAIT)


def seat_link(server: ServerThread, room: str, seat: int) -> tuple[str, bool]:
    """The address the owner keys a seat's connection on, and whether a peer handed it on."""
    def look() -> tuple[str, bool]:
        assert server.hub is not None
        seated_ = server.hub.rooms[room].conns[seat]
        return seated_.address, seated_ in server.hub.from_peers
    return on_loop(server, look)


def test_a_forged_peer_header_gets_no_trust_while_a_real_peer_names_the_client(redis_server: RedisServer) -> None:
    redis_server.client().flushdb()
    forged = {PEER_HEADER: vouch(b"not the fleet's secret at all", "10.9.9.9", time.time())}
    fleet = {"store_url": redis_server.url, "lease_seconds": LEASE, "fleet_secret": SECRET}
    with running_server(**fleet) as owner, running_server(**fleet, pipes=1) as other:
        seats = seated(ws_url(owner))
        room = seats[0].room
        resume_from(seats[1], room_url(ws_url(other), room), **forged)  # handed on by the other relay
        assert seat_link(owner, room, 1) == (ELSEWHERE, True)  # its own address, vouched for by the peer
        over = Raw(room_url(ws_url(other), room))  # past the other relay's one pipe: refused as before
        over.send("resume", room=room, token=seats[0].token)
        assert code(over.expect("error")) == "relay.room_elsewhere" and closed_with(over) == 1013
        piped = seats[1].client
        resume_from(seats[1], room_url(ws_url(owner), room), close_old=False, **forged)  # straight to the owner
        assert seat_link(owner, room, 1) == (ELSEWHERE, False)
        assert closed_with(piped) == 4000  # the owner's close of the replaced link, passed on by the pipe
        assert play(seats, 2) == 2


class Silent:
    """A listening socket that never answers (a peer that hangs in its handshake)."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.url = f"ws://127.0.0.1:{self.sock.getsockname()[1]}/ws"


def test_a_room_held_by_a_relay_nobody_can_reach_is_refused_as_before(redis_server: RedisServer) -> None:
    db = redis_server.client()
    db.flushdb()
    db.set("mh:lease:QQQ222", "ghost:1", px=60_000)  # a live lease of a relay that named no address
    with running_server(store_url=redis_server.url, lease_seconds=LEASE, fleet_secret=SECRET,
                        peer_connect_seconds=0.2) as relay:
        for address in (None, Silent()):  # no address known; one that never finishes its handshake
            if address is not None:
                db.set("mh:node:ghost", address.url, px=60_000)
            client = Raw(room_url(ws_url(relay), "QQQ222"))
            client.send("resume", room="QQQ222", token="t" * 32)
            assert code(client.expect("error")) == "relay.room_elsewhere" and closed_with(client) == 1013
            if address is not None:
                address.sock.close()


def test_the_peer_header_is_trusted_only_signed_with_the_secret_and_fresh() -> None:
    now = 1_000_000.0
    assert vouched(SECRET, vouch(SECRET, "2001:db8::/64", now), now + 10) == "2001:db8::/64"
    assert vouched(SECRET, vouch(b"another fleet's secret", "10.0.0.1", now), now) is None
    assert vouched(SECRET, vouch(SECRET, "10.0.0.1", now), now + 3600) is None  # replayed an hour on
    assert vouched(None, vouch(SECRET, "10.0.0.1", now), now) is None  # no secret here: no peers
    header = vouch(SECRET, "10.0.0.1", now)
    assert vouched(SECRET, header.replace("10.0.0.1", "10.0.0.2"), now) is None
    assert vouched(SECRET, "10.0.0.1", now) is None and vouched(SECRET, None, now) is None


def test_a_relay_names_its_peer_address_only_with_a_secret_and_a_listening_address_peers_can_use() -> None:
    assert peer_url(ServerConfig(host="10.0.0.2", port=8765, fleet_secret=SECRET)) == "ws://10.0.0.2:8765/ws"
    assert peer_url(ServerConfig(host="::1", port=8765, fleet_secret=SECRET)) == "ws://[::1]:8765/ws"
    assert peer_url(ServerConfig(host="0.0.0.0", port=8765, fleet_secret=SECRET)) is None
    assert peer_url(ServerConfig(host="::", peer_url="ws://10.0.0.2:9000", fleet_secret=SECRET)) == "ws://10.0.0.2:9000/ws"
    assert peer_url(ServerConfig(host="10.0.0.2", port=8765)) is None


def test_serve_reads_the_fleet_secret_from_a_file_and_refuses_a_short_one(secret_file: Path, tmp_path: Path,
                                                                          capsys: pytest.CaptureFixture[str]) -> None:
    args = build_parser().parse_args(["--fleet-secret-file", str(secret_file), "--peer-url", "ws://10.0.0.2:8765"])
    config = config_from_args(args)
    assert (config.fleet_secret, config.peer_url) == (SECRET, "ws://10.0.0.2:8765")
    short = tmp_path / "short.secret"
    short.write_text("guessable\n")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--fleet-secret-file", str(short)])
    assert "at least 16 characters" in capsys.readouterr().err
