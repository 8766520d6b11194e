"""`market-hall bench --part relay-move`: the relay's CPU per Night Market move, in one process.

A two-seat Night Market `Room` (game/relay/rooms.py) plays whole matches of random legal moves,
and every message it queues is encoded for the wire as the hub does (protocol.encode): the room's
own work per move (deal, rules, views, legal lists where it sends them, encoding), without sockets
or the event loop. The moves are picked as a client picks them, from the legal list the relay sent
or (protocol 4: Night Market) the list made from the seat's own view (`moves`), and that pick is
not timed, so no client-side work is counted. Timed by process time, so other work on a busy
machine does not count against it; the same seeds every run, so branches compare like with like
(an older relay's updates, with their lists, play the very same matches). (`--part online`
measures the whole relay.)
"""

from __future__ import annotations

import json
import os
import random
import time
from typing import Any, cast

from game.relay import lobby as lb
from game.relay.protocol import encode
from game.relay.rooms import Room
from rules.contract import AnyGame, LegalFromView
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


def moves(game: AnyGame, update: dict[str, Any]) -> list[Any]:
    """A seat's legal moves as JSON, read from its latest update as the app reads them: the update's
    `legal` list, or, when it has none (protocol 4), listed from the seat's own view."""
    if "legal" in update:
        return list(update["legal"])
    if update["seat"] not in update["waiting"]:
        return []
    lister = cast(LegalFromView[Any], game)
    listed = lister.legal_from_view(game.view_from_json(update["view"]), update["now"])
    return [game.action_to_json(a) for a in listed]


def _send(room: Room, latest: dict[int, str]) -> int:
    """Encode every queued message as the hub does; keep each seat's latest update (its text)."""
    written = 0
    for seat, msg in room.out:
        kind = msg.pop("type")
        text = encode(kind, **msg)
        if kind == "update":
            latest[seat] = text
        written += len(text)
    room.out.clear()
    return written


def play(matches: int = MATCHES) -> tuple[int, int, float]:
    """Whole matches of random legal moves, each message encoded: (moves, bytes written, process
    seconds the room took). The moves are picked as a client does (`moves`, untimed; in the rules'
    order, so the same matches as picking from the rules' own list)."""
    moves_made = written = 0
    spent = 0.0
    rng = random.Random(1)
    clock = time.process_time
    for m in range(matches):
        start = clock()
        room, seq = _room(m + 1), 0
        latest: dict[int, str] = {}
        written += _send(room, latest)
        spent += clock() - start
        while room.outcome() is None:
            seat = room.game.waiting(room.state)[0]
            seq += 1
            action = rng.choice(moves(room.game, json.loads(latest[seat])))  # as the client reads it
            start = clock()
            room.act(seat, seq, action)
            written += _send(room, latest)
            spent += clock() - start
            moves_made += 1
    return moves_made, written, spent


def cpu_per_move(matches: int = MATCHES) -> dict[str, Any]:
    """Milliseconds of process time per move, bytes sent per move, and the machine's load (after
    one match untimed: a relay process is long-lived, its tables and codecs are warm)."""
    play(1)
    made, written, spent = play(matches)
    return {"game": "night-market", "matches": matches, "moves": made,
            "cpu_ms_per_move": round(1000 * spent / made, 3), "bytes_per_move": round(written / made),
            "load_average": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None}
