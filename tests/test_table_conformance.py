"""Both tables are the trust boundary for every registered game, with one behaviour: seeded random
play through `Table` calls only, on a `LocalTable` (every seat at one device) and on `RemoteTable`s
(one per seat) over a real loopback relay. Every view and event a seat receives is JSON-ready,
round-trips and holds nothing of another seat's secrets (the per-game SECRETS hook,
rules/<game>/hidden.py), every event comes once and in order, and a held poll shows no other seat's move."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from game.match.clock import MatchClock
from game.match.local import LocalTable
from game.match.remote import RemoteRoom
from game.match.table import Table
from game.online.client import NetClient
from game.shell.loop import FakeClock
from game.tools.online_autoplay import seat_clients
from rules.contract import Event, MatchConfig, SeatConfig
from rules.registry import GAME_MODULES, get_game
from rules.rng import Rng
from tests.online_helpers import FAST, ManualClock, advance, running_server, ws_url
from tests.support import SECRETS, WAIT, config, wait_until

STEPS = {"local": 120, "remote": 40}


class Seats:
    """The tables a match is played through, by seat, with a test-only look at the rules state."""

    def __init__(self, tables: dict[int, Table], truth: Callable[[], Any], settle: Callable[[bool], None]) -> None:
        self.tables, self.truth, self.settle = tables, truth, settle  # settle(True): time passes first

    def any(self) -> Table:
        return next(iter(self.tables.values()))


@contextmanager
def local_seats(name: str, seed: int) -> Iterator[Seats]:
    game = get_game(name)
    fake = FakeClock()
    table = LocalTable.start(game, config(game), seed, MatchClock(fake), bot_threads=False, autosave=False)

    def settle(step: bool) -> None:
        fake.advance(0.5 if step else 0.0)
        table.poll()

    try:
        yield Seats({seat: table for seat in table.here}, lambda: table._state, settle)
    finally:
        table.close()


@contextmanager
def remote_seats(name: str, seed: int) -> Iterator[Seats]:
    game = get_game(name)
    names = [s.name for s in config(game).seats]
    with running_server(scale=20.0) as server:
        rooms = seat_clients(ws_url(server), name, names, time.monotonic() + WAIT, seed=seed, **FAST)
        try:
            tables = {room.seat: room.table for room in rooms}
            assert all(t is not None for t in tables.values())
            task = server.hub.rooms[rooms[0].code]  # test-only look at the relay's truth

            def settled() -> bool:
                for t in tables.values():
                    t.poll()
                return all(not t.pending(s) and t.version == task.room.version for s, t in tables.items())

            def settle(step: bool) -> None:
                time.sleep(0.025 if step else 0.0)  # half a match second at scale 20, as the local clock steps
                wait_until(settled, "every seat's moves answered and its table at the relay's version")

            yield Seats(tables, lambda: task.room.state, settle)  # type: ignore[arg-type]
        finally:
            for room in rooms:
                room.close()


SEATS = {"local": local_seats, "remote": remote_seats}


def _round_trip_event(event: Event) -> None:
    again = Event.from_json(json.loads(json.dumps(event.to_json())))
    assert again == event


def _random_move(seats: Seats, rng: Rng) -> tuple[Rng, int]:
    """A random legal move of a random waiting seat, through that seat's table; (rng, moves made)."""
    waiting = seats.any().waiting()
    if waiting:
        seat, rng = rng.choice(list(waiting))
        table = seats.tables[seat]
        legal = table.legal(seat)
        if legal:
            action, rng = rng.choice(list(legal))
            assert table.reason(seat, action) is None
            table.act(seat, action)
            return rng, 1
    return rng, 0


@pytest.mark.parametrize("kind, seed", [("local", 1), ("local", 2), ("remote", 1)])  # a relay costs seconds
@pytest.mark.parametrize("name", sorted(GAME_MODULES))
def test_what_each_seat_receives_from_the_table_is_its_own(kind, name, seed):
    game = get_game(name)
    with SEATS[kind](name, seed) as seats:
        publics = {id(table): seat for seat, table in reversed(seats.tables.items())}  # one per table
        viewers = [(seat, seat) for seat in seats.tables] + [(seat, None) for seat in publics.values()]
        taken: dict[tuple[int, int | None], list[Event]] = {v: [] for v in viewers}
        rng, moves = Rng.seeded(seed), 0
        for _ in range(STEPS[kind]):
            if seats.any().outcome() is not None:
                break
            before = {v: SECRETS[name](seats.truth(), v[1]) for v in viewers}
            seats.settle(True)
            rng, moved = _random_move(seats, rng)
            moves += moved
            seats.settle(False)
            for viewer in viewers:
                table = seats.tables[viewer[0]]
                view = table.view(viewer[1])
                assert game.view_from_json(json.loads(json.dumps(game.view_to_json(view)))) == view
                events = table.take_events(viewer[1])
                hidden = before[viewer] & SECRETS[name](seats.truth(), viewer[1])  # secret before and after
                for event in events:
                    _round_trip_event(event)
                    text = json.dumps(event.to_json())
                    assert not [s for s in hidden if s in text], (viewer, event.kind)
                taken[viewer] += events
        assert moves >= 10 or seats.any().outcome() is not None  # a short game may end sooner
        for viewer in viewers:
            assert taken[viewer] == seats.tables[viewer[0]].history(viewer[1])  # each event came once, in order


@contextmanager
def local_bot_first(seed: int) -> Iterator[tuple[Table, Callable[[], None], Callable[[], bool]]]:
    """Night Market, a person at seat 0 and an Easy bot who moves first: (table, let time pass,
    has the bot moved behind the table). Locally the hold keeps the bot itself from moving, so
    "behind the table" is a twin of the same match on the same clock that is never held."""
    game = get_game("night-market")
    fake = FakeClock()
    cfg = MatchConfig((SeatConfig("Ana"), SeatConfig("Bot", "easy")), {"first_seat": 1})
    table, twin = (LocalTable.start(game, cfg, seed, MatchClock(fake), bot_threads=False, autosave=False)
                   for _ in range(2))

    def wait() -> None:
        fake.advance(0.25)
        twin.poll()

    try:
        yield table, wait, lambda: twin.waiting() != (1,)
    finally:
        table.close()
        twin.close()


def _until(room: RemoteRoom, test: Callable[[], bool], what: str) -> None:
    wait_until(test, what, lambda: room.wait(0.05))


@contextmanager
def remote_bot_first(seed: int) -> Iterator[tuple[Table, Callable[[], None], Callable[[], bool]]]:
    """The same over a loopback relay on a hand-moved clock, whose bot moves only when the test lets
    its time pass: the move happens on the relay while this device holds its updates (a relay on
    the real clock could send the bot's move before the test first holds, and show it at once)."""
    hello = {"type": "create", "game": "night-market", "name": "Ana", "seed": seed, "options": {"first_seat": 1}}
    with running_server(clock=ManualClock()) as server:
        room = RemoteRoom(NetClient(ws_url(server), hello, **FAST).start())
        try:
            _until(room, lambda: room.lobby is not None and room.seat is not None, "the lobby")
            room.add_bot("easy")
            _until(room, lambda: len(room.lobby["seats"]) == 2, "the bot")  # type: ignore[index]
            room.start()
            _until(room, lambda: room.table is not None and room.table.version > 0, "the deal")
            table = room.table
            assert table is not None
            truth = server.hub.rooms[room.code].room  # test-only look at the relay

            def wait() -> None:
                if not truth.log:  # the bot's beat: time passes only until it moved, never into Ana's turn
                    advance(server, 0.25)
                time.sleep(0.005)

            yield table, wait, lambda: bool(truth.log) and bool(table._held)  # moved, and its update is here
        finally:
            room.close()


@pytest.mark.parametrize("kind", ["local", "remote"])
def test_a_held_poll_shows_no_other_seats_move_until_the_hold_ends(kind):
    opened = {"local": local_bot_first, "remote": remote_bot_first}[kind]
    with opened(3) as (table, wait, moved_behind):
        table.take_events(0)
        assert table.waiting() == (1,)

        def held_poll() -> None:
            wait()
            table.poll(bots=False)

        wait_until(moved_behind, "the bot's move behind the held table", held_poll)
        held_poll()
        assert table.waiting() == (1,) and table.take_events(0) == []  # held: the bot's move is not shown

        def poll() -> None:
            wait()
            table.poll()

        wait_until(lambda: table.waiting() != (1,), "the bot's move once the hold ends", poll)
        assert table.waiting() == (0,) and table.take_events(0)  # released: the move and its events land
