"""What a busy relay room costs CPython's cyclic collector, in one process (issue 34).

`python -m game.tools.relay_heap --rooms 1000 --moves 40`: that many two-seat Night Market rooms
(`bench --part relay-move`'s room), then rounds of one random legal move per room, every message
encoded as the hub does; then the tracked objects a room adds (the whole process's count after
less before, the rules' own tables built first), those reachable from one room by part, and
`gc.collect()` timed by process time: a full collection walks every tracked object, and at 1,000
rooms each such walk held the relay's loop (docs/relay.md "Collection pauses").
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import time
import types
from collections import Counter
from typing import Any

from game.relay.rooms import Room
from game.tools.bench_relay import _room, _send, moves

SHARED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)


def tracked(root: Any, seen: set[int] | None = None) -> Counter[str]:
    """Tracked objects reachable from `root` by type, not through `seen` (ids) nor into types,
    modules and functions (what every room shares)."""
    seen = set() if seen is None else seen
    found: Counter[str] = Counter()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, SHARED):
            continue
        seen.add(id(obj))
        if gc.is_tracked(obj):
            found[type(obj).__name__] += 1
            stack.extend(gc.get_referents(obj))
    return found


def in_room(room: Room) -> dict[str, Counter[str]]:
    """One room's tracked objects by part (each counted once, in the first part that reaches it)."""
    seen = {id(room.game), id(room.policy)}
    assert room.referee is not None
    parts = {"events": room.referee.events, "log": room.referee.log,
             "state": room.referee.state, "referee": room.referee, "room": room}
    return {name: tracked(part, seen) for name, part in parts.items()}


def busy(rooms: int, rounds: int, seed: int = 1) -> list[Room]:
    """Dealt rooms after `rounds` rounds of one random legal move each (a finished match stops)."""
    rng = random.Random(seed)
    live: list[tuple[Room, dict[int, str]]] = []
    for n in range(rooms):
        room, latest = _room(n + 1), dict[int, str]()
        _send(room, latest)
        live.append((room, latest))
    for step in range(rounds):
        for room, latest in live:
            if room.outcome() is None:
                seat = room.game.waiting(room.state)[0]
                room.act(seat, step + 1, rng.choice(moves(room.game, json.loads(latest[seat]))))
                _send(room, latest)
    return [room for room, _ in live]


def measure(rooms: int, rounds: int, collections: int = 5) -> dict[str, Any]:
    """Tracked objects a room, one room's by part, and full collections' process time (ms)."""
    busy(2, rounds + 20, seed=99)  # the rules' tables and the codecs' caches, made before counting
    gc.collect()
    before = len(gc.get_objects())
    start = time.process_time()
    kept = busy(rooms, rounds)
    spent = time.process_time() - start
    gc.collect()
    added = len(gc.get_objects()) - before
    parts = in_room(kept[len(kept) // 2])
    times = []
    for _ in range(collections):
        start = time.process_time()
        gc.collect()
        times.append(round(1000 * (time.process_time() - start), 1))
    return {"rooms": rooms, "rounds": rounds, "tracked_per_room": round(added / rooms),
            "one_room": {name: sum(c.values()) for name, c in parts.items()},
            "full_collection_ms": times, "build_cpu_s": round(spent, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--moves", type=int, default=40, help="rounds of one move per room")
    args = parser.parse_args(argv)
    print(json.dumps(measure(args.rooms, args.moves)))


if __name__ == "__main__":
    main()
