"""Helpers for the online tests: a server on a thread at 127.0.0.1:0 and a bare protocol client."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from websockets.sync.client import connect

from game.relay.protocol import encode, room_url, websocket_url
from game.relay.server import ServerConfig, ServerThread
from game.text import refusal_of, say
from game.tools.bench_relay import moves
from rules.registry import get_game
from tests.support import WAIT

FAST = {"ping_interval": 0.5, "ping_timeout": 0.5, "close_timeout": 0.5}


def legal(update: dict[str, Any], game: str = "night-market") -> list[Any]:
    """The seat's legal moves (JSON) as the app reads an update: its `legal` list, or, when it has
    none (protocol 4: Night Market, the one game that leaves it out), listed from the seat's view."""
    return moves(get_game(game), update)


def said(msg: dict[str, Any]) -> str:
    """A relay refusal as this client words it (the wire carries only its code and params)."""
    assert "reason" not in msg, f"prose on the wire: {msg}"
    return say(refusal_of(msg))


def code(msg: dict[str, Any]) -> str:
    """A relay refusal's code (the wire carries no sentence)."""
    assert "reason" not in msg, f"prose on the wire: {msg}"
    return str(msg["code"])


class ManualClock:
    """The relay's clock, moved by hand: a test advances time instead of sleeping (one float, so
    the server thread reading it while the test thread moves it is safe)."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def advance(server: ServerThread, seconds: float) -> None:
    """Move a server's ManualClock on, and have its timers and rooms look at it again."""
    clock = server.config.clock
    assert isinstance(clock, ManualClock) and server.hub is not None
    clock.t += seconds
    server.call(server.hub.nudge)


@contextmanager
def running_server(**options: Any) -> Iterator[ServerThread]:
    """A server on a free loopback port with short keepalives; stopped afterwards."""
    config = ServerConfig(host="127.0.0.1", port=0, away_after=0.5, **{**FAST, **options})
    server = ServerThread(config)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def ws_url(server: ServerThread) -> str:
    """The websocket endpoint of a running test server."""
    return websocket_url(server.url)


def advance_until(server: ServerThread, client: Raw, kind: str, test: Any, step: float = 1.0,
                  steps: int = 120) -> dict[str, Any]:
    """Advance the server's clock `step` at a time (at most `steps` times) until `client` is sent a
    `kind` message for which `test` holds; the short reads between steps are polls, not bounds (after
    the last step the message has WAIT real seconds to arrive)."""
    for left in range(steps, 0, -1):
        advance(server, step)
        try:
            return client.until(kind, test, timeout=0.2 if left > 1 else WAIT)
        except TimeoutError:
            continue
    raise AssertionError(f"no matching {kind} message within {steps} steps of {step} s")


class Raw:
    """A bare websocket client speaking the protocol by hand (for hostile and lobby tests)."""

    def __init__(self, url: str, **headers: str) -> None:
        self._stack = ExitStack()  # connect() is a context manager in every websockets we allow
        # max_queue=None: a test that reads late must not stop the client answering pings (with a
        # full queue websockets stops reading the socket, the pongs stall, the server drops us)
        self.ws = self._stack.enter_context(connect(url, proxy=None, compression=None, open_timeout=WAIT,
                                                    max_size=2**22, max_queue=None,
                                                    additional_headers=headers or None))
        self.seen: list[dict[str, Any]] = []

    def send(self, kind: str, **fields: Any) -> None:
        self.ws.send(encode(kind, **fields))

    def expect(self, kind: str, timeout: float = WAIT, **match: Any) -> dict[str, Any]:
        """The next message of type `kind` (matching `match`), read within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            msg = json.loads(self.ws.recv(timeout=left))
            self.seen.append(msg)
            if msg["type"] == kind and all(msg.get(k) == v for k, v in match.items()):
                return msg
        raise TimeoutError(f"no {kind} message within {timeout} s")

    def until(self, kind: str, test: Any, timeout: float = WAIT) -> dict[str, Any]:
        """The first message of type `kind` for which `test(message)` is true, within `timeout`."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            msg = self.expect(kind, timeout=left)
            if test(msg):
                return msg
        raise TimeoutError(f"no matching {kind} message within {timeout} s")

    def close(self) -> None:
        self._stack.close()


def open_room(url: str, game: str, name: str = "Host", **fields: Any) -> tuple[Raw, dict[str, Any], dict[str, Any]]:
    """A host connection that created a room: (client, joined message, first invite)."""
    host = Raw(url)
    host.send("create", game=game, name=name, **fields)
    joined = host.expect("joined")
    invite = host.expect("invite")
    return host, joined, invite


def seat_and_start(url: str, game: str, players: int, names: tuple[str, ...] = (),
                   **create: Any) -> tuple[list[Raw], list[str], str]:
    """`players` bare clients seated by invite, readied and started: (clients, seat tokens, room code).
    Seat i is called names[i], or P{i + 1}."""
    names = names or tuple(f"P{i + 1}" for i in range(players))
    host, joined, invite = open_room(url, game, names[0], **create)
    clients, tokens = [host], [joined["token"]]
    for i in range(1, players):
        if i > 1:
            host.send("invite")
            invite = host.expect("invite")
        guest = Raw(room_url(url, invite["room"]) if url.rstrip("/").endswith("/ws") else url)  # as the app joins
        guest.send("join", room=invite["room"], name=names[i], ticket=invite["ticket"])
        tokens.append(guest.expect("joined")["token"])
        guest.send("ready", ready=True)
        clients.append(guest)
    host.until("lobby", lambda m: len(m["seats"]) == players and all(s["ready"] for s in m["seats"][1:]))
    host.send("start")
    return clients, tokens, invite["room"]


def raw_match(url: str, game: str, players: int, **create: Any) -> tuple[list[Raw], list[dict[str, Any]]]:
    """`players` bare clients seated by invite, readied and started: (clients, first update each)."""
    clients, _, _ = seat_and_start(url, game, players, **create)
    return clients, [c.expect("update") for c in clients]


_LAST_FRAME: dict[int, float] = {}


def live_frame(p: Any) -> None:
    """One frame whose time is the real time since the last one (1/60 s to 1/4 s), as a real app's
    loop catches up: the relay beside it keeps real time, so under load the app must not fall behind
    (a Swap Meet summary would be over before its overlay had finished coming up)."""
    now = time.monotonic()
    dt = min(max(now - _LAST_FRAME.get(id(p), now), 1 / 60), 0.25)
    _LAST_FRAME[id(p)] = now
    p.frames(1, dt=dt)
