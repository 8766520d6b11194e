"""The relay's collection policy (game/relay/collector.py): what a full collection leaves is frozen,
and a cycle that died frozen is freed by the whole walk that comes once the frozen heap has grown."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Iterator

import pytest

from game.relay.collector import THRESHOLDS, Collector


class _Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only a collection frees it


@pytest.fixture
def collector() -> Iterator[Collector]:
    made = Collector()
    made.install()
    try:
        yield made
    finally:
        made.remove()


def test_a_full_collection_freezes_what_it_left(collector: Collector) -> None:
    gc.collect()
    assert collector.whole == 1 and collector.base is not None and collector.base > 0
    assert gc.get_freeze_count() > 0 and gc.get_objects(generation=2) == []
    collector.remove()
    assert gc.get_freeze_count() == 0 and collector not in gc.callbacks


def test_a_cycle_that_died_frozen_waits_for_the_whole_walk(collector: Collector) -> None:
    node = _Node()
    alive = weakref.ref(node)
    gc.collect()  # the first walk: the node survives it and is frozen
    del node
    gc.collect()  # walks only what is newer than the freeze
    assert alive() is not None, "a frozen cycle was walked by a partial collection"
    collector.grow, collector.at_least = 0.5, 0  # the frozen heap counts as grown: the next look unfreezes it
    gc.collect()
    assert collector.base is None and gc.get_freeze_count() == 0
    gc.collect()  # the whole walk
    assert alive() is None and collector.whole == 2


def test_a_small_heap_is_not_walked_whole_until_it_has_grown_by_the_floor(collector: Collector) -> None:
    gc.collect()
    assert collector.base is not None
    assert collector._limit(collector.base) == collector.base + collector.at_least  # a small heap: the floor
    assert Collector(at_least=0)._limit(1000) == 2000  # a big one: twice what the whole walk left
    gc.collect()
    assert collector.whole == 1 and collector.base is not None  # a partial walk: still frozen


def test_install_makes_a_full_collection_due_after_few_younger_ones_and_remove_gives_the_thresholds_back() -> None:
    before = gc.get_threshold()
    made = Collector()
    made.install()
    try:
        assert gc.get_threshold() == THRESHOLDS
    finally:
        made.remove()
    assert gc.get_threshold() == before
    made = Collector(thresholds=None)  # a process that keeps CPython's own
    made.install()
    try:
        assert gc.get_threshold() == before
    finally:
        made.remove()


def test_after_a_whole_walk_settle_runs_one_small_full_collection(collector: Collector) -> None:
    gc.collect()  # a whole walk (no loop runs here: nobody settles it but us)
    assert collector.unsettled and collector.whole == 1
    walked: list[int] = []
    gc.callbacks.insert(0, lambda phase, info: walked.append(len(gc.get_objects(generation=2)))
                        if phase == "stop" and info["generation"] == 2 else None)
    try:
        collector.settle()
    finally:
        del gc.callbacks[0]
    assert not collector.unsettled and collector.whole == 1  # a partial walk, of what is newer only
    assert len(walked) == 1 and walked[0] < 1000
    collector.settle()  # settled: nothing more to do
    assert len(walked) == 1


def test_in_an_event_loop_a_whole_walk_is_settled_at_the_next_turn(collector: Collector) -> None:
    async def walk_then_turn() -> tuple[bool, bool]:
        gc.collect()
        right_after = collector.unsettled
        await asyncio.sleep(0)
        return right_after, collector.unsettled

    assert asyncio.run(walk_then_turn()) == (True, False)


def test_new_objects_are_walked_in_small_full_collections_not_a_quarter_of_the_heap(collector: Collector) -> None:
    gc.collect()
    collector.settle()
    walks: list[int] = []

    def count(phase: str, info: dict[str, object]) -> None:
        if phase == "stop" and info["generation"] == 2:
            walks.append(len(gc.get_objects(generation=2)))

    gc.callbacks.insert(0, count)
    try:
        kept = [[k] for k in range(60_000)]  # long-lived new objects, as rooms' new views are
    finally:
        gc.callbacks.remove(count)
    assert len(kept) == 60_000 and collector.whole == 1
    assert len(walks) >= 10, "the new objects were not collected as they came"
    assert max(walks) < 10_000, f"a full collection walked {max(walks)} objects at once"
