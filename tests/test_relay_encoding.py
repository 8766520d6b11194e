"""What a change costs the relay: the public part of every seat's update is made and encoded to text once
per change (spliced into each seat's message), and the wire still reads as the plain message."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from game.relay import lobby as lb
from game.relay.protocol import PROTOCOL_VERSION, decode_server, encode
from game.relay.rooms import Room
from game.tools import bench_relay
from rules import codec
from rules.codec import MalformedData
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


def test_legal_moves_are_encoded_trusted_and_read_as_the_rules_own(monkeypatch):
    room = _dealt_stamp_swap(3)  # a game whose seats are sent their lists
    game = room.game
    seat = game.waiting(room.state)[0]
    legal = game.legal_actions(room.state, seat, room.now())
    assert room.update(seat, None)["legal"] == [game.action_to_json(a) for a in legal]
    flavours = []
    encode = game.action_to_json
    monkeypatch.setattr(game, "action_to_json", lambda a, checked=True: flavours.append(checked) or encode(a, checked))
    room.update(seat, None)
    assert flavours == [False] * len(legal)  # the rules listed them: no bound is checked again


def test_night_market_seats_are_sent_no_legal_list_while_it_plays_and_an_empty_one_after(monkeypatch):
    """Protocol 4: the mover lists its moves from its own view (rules/contract.py LegalFromView), so
    the relay neither lists nor sends them; it still judges every move (an illegal one is refused)."""
    room = bench_relay._room(3)
    game, listed = room.game, []
    rules_list = game.legal_actions
    monkeypatch.setattr(game, "legal_actions", lambda *a: listed.append(a) or rules_list(*a))
    latest: dict[int, dict[str, Any]] = {}
    moves = updates = 0
    rng = random.Random(3)
    while True:
        for seat, msg in room.out:
            if msg["type"] == "update":
                kind = msg.pop("type")
                latest[seat] = decode_server(encode(kind, **msg))
                updates += 1
                assert ("legal" in latest[seat]) == (room.outcome() is not None)
        room.out.clear()
        if room.outcome() is not None:
            break
        seat = game.waiting(room.state)[0]
        if moves == 0:  # the other seat's move, from the mover's list: refused by the rules
            room.act(1 - seat, 1000, bench_relay.moves(game, latest[seat])[0])
            assert [m["code"] for s, m in room.out if m["type"] == "refused"] == ["night-market.not_your_turn"]
            room.out.clear()
        moves += 1
        assert moves < 1000, "the seeded match did not end"
        room.act(seat, moves, game.action_to_json(rng.choice(rules_list(room.state, seat))))
    assert listed == [] and moves > 50 and updates == 2 * moves + 2
    assert latest[0]["legal"] == latest[1]["legal"] == []  # over: nothing to list


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
        codec.encode(_Nested, value)
    assert str(err.value) == said
    with pytest.raises(MalformedData) as back:
        codec.decode(_Nested, {"pairs": [[1, "a"], [2, 3]], "named": {}})
    assert str(back.value) == ".pairs[1][1]: expected str, got int"


def _plain(value: Any) -> Any:
    """The same data with no spliced text attached (what the old encode wrote)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    listed = isinstance(value, Sequence) and not isinstance(value, str)  # a list, or a list kept as texts
    return [_plain(v) for v in value] if listed else value


def test_spliced_updates_decode_to_the_same_message_as_plain_json():
    room = _dealt_stamp_swap(3)
    for step in range(12):  # a dozen changes: views, events, legal lists as they come
        seat = room.game.waiting(room.state)[0]
        legal = room.game.legal_actions(room.state, seat, room.now())
        room.act(seat, step + 1, room.game.action_to_json(legal[step % len(legal)]))
        updates = [msg for _, msg in room.out if msg["type"] == "update"]
        assert len(updates) == 3
        for msg in updates:
            kind = msg.pop("type")
            wire = decode_server(encode(kind, **msg))
            assert wire == json.loads(json.dumps({"v": PROTOCOL_VERSION, "type": kind, **_plain(msg)}))
        room.out.clear()


def test_the_public_parts_are_encoded_once_per_change_and_a_seats_view_reuses_them():
    room = _dealt_stamp_swap(4)
    seat = room.game.waiting(room.state)[0]
    room.act(seat, 1, room.game.action_to_json(room.game.legal_actions(room.state, seat, room.now())[0]))
    updates = [msg for _, msg in room.out if msg["type"] == "update"]
    public = updates[0]["public"]
    assert all(u["public"] is public and u["public_events"] is updates[0]["public_events"] for u in updates)
    texts = [encode("update", **{k: v for k, v in u.items() if k != "type"}) for u in updates]
    assert all(public.text() in text for text in texts) and public.text() is public.text()
    shared = [k for k, v in updates[1]["view"].items() if k in public and public[k] == v]
    assert shared and all(public.field(k) in texts[1] for k in shared)  # spliced, not written again


def test_a_message_without_spliced_parts_is_plain_compact_json():
    fields = {"seq": 3, "code": "rules.not_your_turn", "params": {"name": "Ana \u00e9"}, "ratio": 0.1}
    assert encode("refused", **fields) == json.dumps({"v": PROTOCOL_VERSION, "type": "refused", **fields},
                                                     separators=(",", ":"))
    with pytest.raises(TypeError, match="not JSON serializable"):
        encode("refused", odd={1, 2})


def test_the_relay_move_bench_plays_whole_matches_and_reports_cpu_per_move():
    result = bench_relay.cpu_per_move(1)
    assert result["moves"] == bench_relay.play(1)[0] > 20  # the same seeded match, move for move
    assert result["cpu_ms_per_move"] > 0 and result["bytes_per_move"] > 1000
