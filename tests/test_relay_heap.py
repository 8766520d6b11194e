"""A busy room keeps few objects the cyclic collector walks (issue 34: a full collection walks every
tracked object, and at 1,000 rooms each walk held the relay's loop for 0.3–0.7 s of CPU). Its events
and log are kept as text (game/relay/kept.py), and nothing of a change's views outlives it: a Night Market
room 40 moves in kept ~700 tracked objects before, ~50 now, and the count no longer grows with moves.
(`python -m game.tools.relay_heap` measures it at 1,000 rooms.)"""

from __future__ import annotations

import gc

from game.tools import relay_heap


def test_a_busy_rooms_tracked_objects_stay_few_and_do_not_grow_with_its_moves():
    early_room, late_room = relay_heap.busy(1, 20, seed=3)[0], relay_heap.busy(1, 60, seed=3)[0]
    assert late_room.outcome() is None and len(late_room.log) == 60
    gc.collect()  # untracks the tuples of atoms (CPython does it on a collection's pass)
    early, late = (sum(sum(c.values()) for c in relay_heap.in_room(r).values()) for r in (early_room, late_room))
    assert late < 100, f"{late} tracked objects in a room 60 moves in (its events or log kept as objects again?)"
    assert late - early <= 10, f"{early} -> {late}: a room's tracked objects grow with its moves"
    assert sum(relay_heap.in_room(late_room)["events"].values()) <= 3  # the list of texts, not the events
