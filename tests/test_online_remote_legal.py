"""The remote table lists a Night Market seat's legal moves from its own view (protocol 4: the relay
sends none), the same moves the rules list, and acts on them; a room driven directly, its messages
passed through the wire's text to a RemoteRoom per seat, with no network."""

from __future__ import annotations

import queue
from typing import Any

from game.match.remote import RemoteRoom, RemoteTable
from game.relay.protocol import decode_server, encode
from game.tools import bench_relay


class _Wire:
    """A RemoteRoom's client with no network: what the table sends is kept."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.token = None
        self.holding: tuple[int, int] | None = None

    def send(self, kind: str, **fields: Any) -> None:
        self.sent.append((kind, fields))


def _deliver(room: Any, remotes: list[RemoteRoom]) -> None:
    """Every message the room queued, as text and back, to its seat's RemoteRoom."""
    for seat, msg in room.out:
        kind = msg.pop("type")
        remotes[seat]._dispatch(decode_server(encode(kind, **msg)))
    room.out.clear()


def test_the_remote_table_lists_night_markets_moves_from_its_view_and_plays_them():
    room = bench_relay._room(7)
    game, wires = room.game, [_Wire(), _Wire()]
    remotes = [RemoteRoom(w, clock=lambda: 0.0) for w in wires]  # type: ignore[arg-type]
    for seat, remote in enumerate(remotes):
        remote._dispatch({"type": "joined", "room": room.code, "seat": seat, "game": game.name, "seq": 0})
    assert all("legal" not in msg for _, msg in room.out if msg["type"] == "update")
    _deliver(room, remotes)
    for _ in range(6):
        mover = game.waiting(room.state)[0]
        tables = [r.table for r in remotes]
        assert isinstance(tables[0], RemoteTable) and isinstance(tables[1], RemoteTable)
        listed = tables[mover].legal(mover)
        assert listed == list(game.legal_actions(room.state, mover)) and listed
        assert tables[1 - mover].legal(1 - mover) == []
        tables[mover].act(mover, listed[-1])
        kind, sent = wires[mover].sent[-1]
        assert kind == "act" and tables[mover].legal(mover) == []  # nothing more until the answer
        room.act(mover, sent["seq"], sent["action"])
        _deliver(room, remotes)
        assert tables[mover].pending(mover) == []  # answered
