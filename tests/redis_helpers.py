"""A real redis-server for the store and fleet tests: Debian's binary on a free loopback port of
its own, in a temporary folder, no snapshots (an append-only file when a test restarts it). Where
no redis-server is installed, the tests that need one are skipped with one line saying so."""

from __future__ import annotations

import json
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import redis

from tests.online_helpers import Raw, legal, seat_and_start
from tests.support import WAIT, wait_until

BINARY = shutil.which("redis-server")
ROOT = Path(__file__).resolve().parent.parent
SKIP = "redis-server not installed: Redis store tests skipped"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    """One redis-server process; `url` names database 0 on it."""

    def __init__(self, folder: Path, appendonly: bool = False) -> None:
        self.folder, self.appendonly = folder, appendonly
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def client(self) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=10, decode_responses=True)

    def start(self) -> None:
        assert BINARY is not None
        self.proc = subprocess.Popen(
            [BINARY, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder), "--save", "",
             "--appendonly", "yes" if self.appendonly else "no", "--appendfsync", "always", "--daemonize", "no",
             "--loglevel", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until(self._answers, "redis-server to answer PING")

    def _answers(self) -> bool:
        assert self.proc is not None and self.proc.poll() is None, "redis-server exited"
        try:
            return bool(self.client().ping())
        except redis.ConnectionError:
            return False

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(60)
        self.proc = None


@contextmanager
def running_redis(folder: Path, appendonly: bool = False) -> Iterator[RedisServer]:
    """A started redis-server, stopped afterwards (skips the test where none is installed)."""
    if BINARY is None:
        pytest.skip(SKIP)
    server = RedisServer(folder, appendonly)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def everything_in(client: redis.Redis) -> str:
    """Every key and every value in the server's database, as one text (to look for secrets in)."""
    out = []
    for key in client.scan_iter("*"):
        kind = client.type(key)
        value: Any = {"string": client.get, "list": lambda k: client.lrange(k, 0, -1), "set": client.smembers,
                      "hash": client.hgetall, "zset": lambda k: client.zrange(k, 0, -1)}[kind](key)
        out += [key, json.dumps(sorted(value) if isinstance(value, set) else value)]
    return "\n".join(out)


class Seat:
    """One person at a table through bare connections, which may move to another relay (resume)."""

    def __init__(self, client: Raw, token: str, room: str) -> None:
        self.clients, self.token, self.room = [client], token, room
        self.seq = 0

    @property
    def client(self) -> Raw:
        return self.clients[-1]

    def latest(self) -> dict[str, Any]:
        return next(m for m in reversed(self.client.seen) if m["type"] == "update")

    def public_events(self) -> list[Any]:
        """The public events this seat was told of, over all its connections, placed by index."""
        events: list[Any] = []
        for client in self.clients:
            for msg in client.seen:
                if msg["type"] == "update":
                    events[msg["from"]:] = msg["public_events"]
        return events

    def resume(self, url: str) -> None:
        """Connect to `url` and resume the seat, trying again while the room is served elsewhere
        (the lease of a relay that died has not lapsed yet)."""
        deadline = time.monotonic() + WAIT
        while True:
            assert time.monotonic() < deadline, "the seat to be taken back by a relay"
            client = Raw(url)
            client.send("resume", room=self.room, token=self.token)
            msg = _first(client, ("joined", "error"))
            if msg["type"] == "joined":
                self.clients.append(client)
                self.seq = max(self.seq, msg["seq"])
                client.expect("update")
                return
            client.close()
            assert msg["code"] == "relay.room_elsewhere", msg
            time.sleep(0.05)


def _first(client: Raw, kinds: tuple[str, ...]) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT
    while True:
        msg = json.loads(client.ws.recv(timeout=max(0.0, deadline - time.monotonic())))
        client.seen.append(msg)
        if msg["type"] in kinds:
            return msg


def seated(url: str, game: str = "night-market", **create: Any) -> list[Seat]:
    """Two people at a started table (the host invited the guest): their seats, first updates read."""
    clients, tokens, room = seat_and_start(url, game, 2, options={"first_seat": 0}, **create)
    for client in clients:
        client.expect("update")
    return [Seat(client, token, room) for client, token in zip(clients, tokens)]


def play(seats: list[Seat], moves: int = 10_000) -> int:
    """Whoever may move plays its first legal move, `moves` times or to the end: the moves made."""
    made = 0
    latest = [seat.latest() for seat in seats]
    newest = max(update["version"] for update in latest)  # every seat is first told of the last change
    latest = [s.client.until("update", lambda m: m["version"] >= newest) if u["version"] < newest else u
              for s, u in zip(seats, latest)]
    while latest[0]["outcome"] is None and made < moves:
        mover = next(i for i, update in enumerate(latest) if legal(update))
        seat = seats[mover]
        seat.seq += 1
        seat.client.send("act", seq=seat.seq, action=legal(latest[mover])[0])
        version = latest[mover]["version"]
        latest = [s.client.until("update", lambda m, v=version: m["version"] > v) for s in seats]
        made += 1
    return made


class RelayProcess:
    """`python -m game.relay` on a free loopback port, keeping rooms in the Redis at `store`."""

    def __init__(self, store: str, log: Path, lease: float = 2.0, *more: str) -> None:
        self.log = log.open("wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game.relay", "--port", "0", "--store", store, "--lease-seconds", str(lease), *more],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=self.log)
        self.url = ""

    def ready(self) -> RelayProcess:
        """Wait until it listens (several may start at once: start them all, then wait)."""
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], WAIT)
        assert ready, f"waited {WAIT:.0f} s for the relay to say where it listens"
        said = json.loads(self.proc.stdout.readline())
        assert "websocket" in said, said
        self.url = said["websocket"]
        return self

    def signal(self, which: signal.Signals) -> None:
        self.proc.send_signal(which)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)  # a stopped process cannot die of SIGTERM until it runs
            self.proc.terminate()
            try:
                self.proc.wait(WAIT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(WAIT)
        self.log.close()
