"""A link that never connected: the lobby screen says it could not reach the relay (where and why),
never "Reconnecting…", and its Retry and Back buttons work when clicked with the mouse.

A socket bound on 127.0.0.1 but not listening makes a port that refuses connections and that no
one else can take while the test holds it."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable, Iterator

import pygame
import pytest

from game.match.remote import RemoteRoom
from game.online.client import NetClient
from game.relay.server import ServerConfig, ServerThread
from game.scenes.online import OnlineLobbyScene, scene_for_link
from tests.conftest import Player, make_player
from tests.online_helpers import FAST, WAIT


@pytest.fixture
def p() -> Iterator[Player]:
    player = make_player(size=(1280, 720))
    yield player
    pygame.quit()


@pytest.fixture
def dead_port() -> Iterator[tuple[socket.socket, int]]:
    hold = socket.socket()
    hold.bind(("127.0.0.1", 0))  # bound, never listening: a connection is refused at once
    yield hold, hold.getsockname()[1]
    hold.close()


def pump(p: Player, until: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT
    while not until():
        assert time.monotonic() < deadline, f"timed out: top={p.top.name}"
        p.frames(1)
        time.sleep(0.002)


def drawn_words(p: Player) -> list[str]:
    """Every string the app draws from now on (the real drawing, recorded on the way)."""
    seen: list[str] = []
    draw = p.app.text.draw

    def record(target, text, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(text)
        return draw(target, text, *args, **kwargs)

    p.app.text.draw = record  # type: ignore[method-assign]
    return seen


def button(scene: OnlineLobbyScene, key: str):  # type: ignore[no-untyped-def]
    return next(b for b, (k, _) in scene.buttons.items() if k == key)


def test_a_dead_link_says_where_and_why_and_retry_and_back_work(p, dead_port):
    _, port = dead_port
    p.app.stack.reset(scene_for_link(p.app, f"http://127.0.0.1:{port}/j/ABCDEF#ticket"))  # `market-hall join LINK`
    seen = drawn_words(p)
    lobby = p.top
    pump(p, lambda: lobby.room.client.unreachable and "retry" in {k for k, _ in lobby.buttons.values()})
    p.frames(2)
    assert f"Could not reach the relay at 127.0.0.1:{port}" in seen
    assert any("Connection refused" in words for words in seen)
    assert not any("Reconnecting" in words or "Connection lost" in words for words in seen)
    assert lobby.room.link == "connecting" and not lobby.room.take_notices()  # no "Reconnecting…" toast either
    first = lobby.room
    p.press_button(button(lobby, "retry"))  # real mouse events through the app's event path
    assert lobby.room is not first and not first.client._reader.is_alive()
    pump(p, lambda: lobby.room.client.unreachable)
    p.frames(2)
    assert "Joining a room" in seen and "Tried 2 times. Retry tries again; Back returns to the title." in seen
    p.press_button(button(lobby, "back"))
    pump(p, lambda: p.top.name == "title" and p.app._fade is None)
    assert not lobby.room.client._reader.is_alive()


def test_retry_reaches_the_relay_once_it_runs(p, dead_port):
    hold, port = dead_port
    hello = {"type": "create", "game": "night-market", "name": "Host", "options": {}}
    lobby = OnlineLobbyScene(p.app, RemoteRoom(NetClient(f"ws://127.0.0.1:{port}/ws", hello, **FAST).start()), None)
    p.app.stack.reset(lobby)
    pump(p, lambda: lobby.room.client.unreachable and "retry" in {k for k, _ in lobby.buttons.values()})
    hold.close()  # the port is free: the relay starts there
    server = ServerThread(ServerConfig(host="127.0.0.1", port=port, **FAST))
    server.start()
    try:
        p.press_button(button(lobby, "retry"))
        pump(p, lambda: lobby.room.lobby is not None and lobby.room.seat == 0)
        assert lobby.room.client.ever_online and lobby.room.client.failure is None
        assert "leave" in {k for k, _ in lobby.buttons.values()}  # the ordinary lobby now
        lobby.room.close()
    finally:
        server.stop()
