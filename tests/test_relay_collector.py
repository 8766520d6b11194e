"""The relay's collection policy (game/relay/collector.py): what a full collection leaves is frozen,
and a cycle that died frozen is freed by the whole walk that comes once the frozen heap has grown."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from game.relay.collector import Collector


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
