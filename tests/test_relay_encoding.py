"""What a change costs the relay: the public part of every seat's update is made once per change."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from game.relay import lobby as lb
from game.relay.rooms import Room
from rules.codec import MalformedData, decode, encode
from rules.registry import get_game


def _dealt_stamp_swap(seats: int) -> Room:
    game = get_game("stamp-swap")
    lobby = lb.Lobby(game.name, game.min_seats, game.max_seats, tuple(game.bot_levels))
    room = Room("ABCDEF", game, lobby, seed=4, clock=lambda: 100.0, wall=lambda: 1000.0)
    lobby.open_room("P1")
    for k in range(1, seats):
        lobby.join_with_ticket(lobby.issue_ticket(0, 1000.0), f"P{k + 1}", 1000.0)
        lobby.set_ready(k, True)
    room.start(0)
    room.out.clear()
    return room


def test_a_change_encodes_the_public_view_once_and_each_seats_own_view_once(monkeypatch):
    room = _dealt_stamp_swap(4)
    game, calls = room.game, {"public": 0, "own": 0}
    view = game.view

    def counted_view(state: Any, seat: int | None) -> Any:
        calls["public" if seat is None else "own"] += 1
        return view(state, seat)

    monkeypatch.setattr(game, "view", counted_view)
    seat = room.game.waiting(room.state)[0]
    room.act(seat, 1, room.game.action_to_json(room.game.legal_actions(room.state, seat, room.now())[0]))
    updates = [msg for _, msg in room.out if msg["type"] == "update"]
    assert len(updates) == 4 and calls == {"public": 1, "own": 4}
    assert all(u["public"] == updates[0]["public"] and u["public_events"] == updates[0]["public_events"]
               for u in updates)
    alone = room.update(2, None)  # an update made on its own (a sync) says the same
    assert alone["public"] == updates[2]["public"] and alone["view"] == updates[2]["view"]


def test_legal_moves_are_encoded_once_per_room_and_read_the_same(monkeypatch):
    game = get_game("night-market")
    lobby = lb.Lobby(game.name, game.min_seats, game.max_seats, tuple(game.bot_levels))
    room = Room("ABCDEF", game, lobby, seed=2, clock=lambda: 100.0, wall=lambda: 1000.0)
    lobby.open_room("P1")
    lobby.join_with_ticket(lobby.issue_ticket(0, 1000.0), "P2", 1000.0)
    lobby.set_ready(1, True)
    room.start(0)
    seat = game.waiting(room.state)[0]
    first = room.update(seat, None)["legal"]
    assert first == [game.action_to_json(a) for a in game.legal_actions(room.state, seat, room.now())]
    encoded = []
    monkeypatch.setattr(game, "action_to_json", lambda a, checked=True: encoded.append(a))
    assert room.update(seat, None)["legal"] == first and encoded == []  # the same turn again: remembered


@dataclass(frozen=True)
class _Nested:
    pairs: tuple[tuple[int, str], ...]
    named: dict[str, list[int]]


@pytest.mark.parametrize("value, said", [
    (_Nested(((1, "a"), (2, 3)), {}), ".pairs[1][1]: expected str, got int"),
    (_Nested((), {"k": [1, "x"]}), ".named.k[1]: expected int, got str"),
    (_Nested(((1, "a", "b"),), {}), ".pairs[0]: expected 2 items, got 3"),
])
def test_the_codec_names_the_path_to_what_does_not_fit(value, said):
    """Paths are spelled out only on the way to an error (encoding a view no longer builds one per item)."""
    with pytest.raises(MalformedData) as err:
        encode(_Nested, value)
    assert str(err.value) == said
    with pytest.raises(MalformedData) as back:
        decode(_Nested, {"pairs": [[1, "a"], [2, 3]], "named": {}})
    assert str(back.value) == ".pairs[1][1]: expected str, got int"
