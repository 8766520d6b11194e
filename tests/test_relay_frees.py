"""A relay's closed connections and dropped rooms are freed by reference counting alone, so the
collector may leave its long-lived heap frozen (game/relay/collector.py): a cycle that dies frozen
waits for the rare whole walk, and these would have been one per connection and per room (a
cancelled task's traceback holds its frames' `self`, whose attribute holds the task)."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from game.relay.protocol import encode
from game.tools.fleet_load import _expect, _room
from tests.online_helpers import ManualClock, advance, legal, running_server, ws_url
from tests.support import WAIT


@pytest.fixture
def no_collector() -> Iterator[None]:
    """Only reference counting frees anything while the test runs."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


async def _play_and_close(url: str, seeds: range, look: Any) -> None:
    """Rooms set up through the relay, one move answered in each, `look()` taken, then every
    connection closed."""
    links = []
    for seed in seeds:
        host, guest, first, second = await asyncio.wait_for(_room(url, seed, False), WAIT)
        links += [host, guest]
        mover, update = (host, first) if legal(first) else (guest, second)
        await mover.send(encode("act", seq=1, action=legal(update)[0]))
        await asyncio.wait_for(_expect(mover, "update", lambda m: m.get("answer") == 1), WAIT)
    look()
    await asyncio.gather(*(link.close() for link in links))


def _wait_for(test: Any, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not test():
        assert time.monotonic() < deadline, f"waited {WAIT:.0f} s for {what}"
        time.sleep(0.01)


def _wait_freed(refs: dict[str, list[weakref.ref[Any]]]) -> None:
    deadline = time.monotonic() + WAIT
    while (alive := {k: sum(r() is not None for r in v) for k, v in refs.items() if any(r() for r in v)}):
        assert time.monotonic() < deadline, f"still alive {WAIT:.0f} s after closing, without a collection: {alive}"
        time.sleep(0.01)


def test_closed_connections_and_dropped_rooms_are_freed_without_a_collection(no_collector: None) -> None:
    with running_server(clock=ManualClock()) as relay:
        hub = relay.hub
        assert hub is not None
        refs: dict[str, list[weakref.ref[Any]]] = {}

        def look() -> None:
            tasks, seated = list(hub.rooms.values()), list(hub.links)
            assert len(tasks) == 3 and len(seated) == 6
            refs.update({"room task": [weakref.ref(t) for t in tasks], "room": [weakref.ref(t.room) for t in tasks],
                         "connection": [weakref.ref(s) for s in seated],
                         "outbox": [weakref.ref(s.outbox) for s in seated if s.outbox is not None]})

        asyncio.run(_play_and_close(ws_url(relay), range(1, 4), look))
        _wait_for(lambda: all(not t.conns and t.empty_since is not None for t in list(hub.rooms.values())),
                  "every room to see its connections gone")
        advance(relay, relay.config.idle_seconds + 1)  # the relay's own sweep expires them
        _wait_for(lambda: not hub.rooms, "the rooms to expire")
        _wait_freed(refs)
