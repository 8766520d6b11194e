"""`market-hall bench --part relay-move`: the relay's CPU per Night Market move, in one process.

A two-seat Night Market `Room` (game/relay/rooms.py) plays whole matches of random legal moves,
and every message it queues is encoded for the wire as the hub does (protocol.encode): the room's
own work per move (deal, rules, views, legal lists, encoding), without sockets or the event loop;
the moves are picked from the legal lists the relay sent, so no client-side work is counted.
Timed by process time, so other work on a busy machine does not count against it; the same
seeds every run, so branches compare like with like. (`--part online` measures the whole relay.)
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

from game.relay import lobby as lb
from game.relay.protocol import encode
from game.relay.rooms import Room
from rules.registry import get_game

MATCHES = 20


def _room(seed: int) -> Room:
    """A dealt two-seat Night Market room (its first messages queued)."""
    game = get_game("night-market")
    lobby = lb.Lobby(game.name, game.min_seats, game.max_seats, tuple(game.bot_levels))
    room = Room("ABCDEF", game, lobby, seed=seed, clock=lambda: 100.0, wall=lambda: 1000.0)
    lobby.open_room("P1")
    lobby.join_with_ticket(lobby.issue_ticket(0, 1000.0), "P2", 1000.0)
    lobby.set_ready(1, True)
    room.start(0)
    return room


def _send(room: Room, legal: dict[int, list[Any]]) -> int:
    """Encode every queued message as the hub does; keep each seat's legal list as it was sent."""
    written = 0
    for seat, msg in room.out:
        if msg["type"] == "update":
            legal[seat] = msg["legal"]
        written += len(encode(msg.pop("type"), **msg))
    room.out.clear()
    return written


def play(matches: int = MATCHES) -> tuple[int, int]:
    """Whole matches of random legal moves, each message encoded: (moves, bytes written). The
    moves are picked from the legal lists the relay sent, as a client does (in the rules' order, so
    the same matches as picking from the rules' own list)."""
    moves = written = 0
    rng = random.Random(1)
    for m in range(matches):
        room, seq = _room(m + 1), 0
        legal: dict[int, list[Any]] = {}
        written += _send(room, legal)
        while room.outcome() is None:
            seat = room.game.waiting(room.state)[0]
            seq += 1
            room.act(seat, seq, rng.choice(legal[seat]))
            written += _send(room, legal)
            moves += 1
    return moves, written


def cpu_per_move(matches: int = MATCHES) -> dict[str, Any]:
    """Milliseconds of process time per move, bytes sent per move, and the machine's load (after
    one match untimed: a relay process is long-lived, its tables and codecs are warm)."""
    play(1)
    start = time.process_time()
    moves, written = play(matches)
    spent = time.process_time() - start
    return {"game": "night-market", "matches": matches, "moves": moves,
            "cpu_ms_per_move": round(1000 * spent / moves, 3), "bytes_per_move": round(written / moves),
            "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None}
