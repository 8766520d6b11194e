"""A busy room keeps few objects the cyclic collector walks (issue 34: a full collection walks every
tracked object, and at 1,000 rooms each walk held the relay's loop for 0.3–0.6 s of CPU). Its events,
log and the last public view are kept as text (game/relay/kept.py, protocol.Fields): a Night Market
room 40 moves in kept ~770 tracked objects before, ~45 now, and the count no longer grows with moves."""

from __future__ import annotations

import gc
import json
import random
import types
from typing import Any

from game.relay.rooms import Room
from game.tools import bench_relay

SHARED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def _tracked(room: Room) -> int:
    """Tracked objects reachable from the room, less what every room shares (its rules, its policy)."""
    seen = {id(room.game), id(room.policy)}
    stack: list[Any] = [room]
    count = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, SHARED):
            continue
        seen.add(id(obj))
        if gc.is_tracked(obj):
            count += 1
            stack.extend(gc.get_referents(obj))
    return count


def _play(room: Room, rng: random.Random, moves: int, latest: dict[int, str], seq: int) -> int:
    for _ in range(moves):
        seat = room.game.waiting(room.state)[0]
        seq += 1
        room.act(seat, seq, rng.choice(bench_relay.moves(room.game, json.loads(latest[seat]))))
        bench_relay._send(room, latest)
    return seq


def test_a_busy_rooms_tracked_objects_stay_few_and_do_not_grow_with_its_moves():
    room, rng, latest = bench_relay._room(3), random.Random(3), {}
    bench_relay._send(room, latest)
    seq = _play(room, rng, 20, latest, 0)
    gc.collect()  # untracks the tuples of atoms (CPython does it on a collection's pass)
    early = _tracked(room)
    _play(room, rng, 40, latest, seq)
    assert room.outcome() is None and len(room.log) == 60
    gc.collect()
    late = _tracked(room)
    assert late < 100, f"{late} tracked objects in a room 60 moves in (its events or log kept as objects again?)"
    assert late - early <= 10, f"{early} -> {late}: a room's tracked objects grow with its moves"
