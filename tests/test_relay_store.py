"""The store contract, the same cases against every store: memory, files, Redis (a real
redis-server on a loopback port of its own; skipped in one line where none is installed)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from game.relay.store import FileStore, LeaseLost, MemoryStore, RoomStore
from tests.support import WAIT

Case = Callable[[RoomStore], Awaitable[None]]



@pytest.fixture(params=["memory", "file", "redis"])
def run(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[Case], None]:
    """Run one async case against a fresh store of the kind the parameter names."""
    kind = request.param
    url = None
    if kind == "redis":
        server = request.getfixturevalue("redis_server")
        server.client().flushdb()
        url = server.url

    def make() -> RoomStore:
        if url is not None:
            from game.relay.redis_store import RedisStore
            return RedisStore(url)
        return MemoryStore() if kind == "memory" else FileStore(tmp_path)

    def go(case: Case) -> None:
        async def main() -> None:
            store = make()
            try:
                await asyncio.wait_for(case(store), WAIT)
            finally:
                await store.close()
        asyncio.run(main())
    return go


def room(code: str, **more: Any) -> dict[str, Any]:
    return {"code": code, "match": 1, "lobby": {"game": "night-market", "seats": []}, **more}


async def eventually(test: Callable[[], Awaitable[bool]], what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not await test():
        assert time.monotonic() < deadline, f"waited {WAIT:.0f} s for {what}"
        await asyncio.sleep(0.01)


def test_a_code_is_created_only_while_it_is_free(run: Callable[[Case], None]) -> None:
    async def case(store: RoomStore) -> None:
        assert await store.fetch("K7MP9Q") is None and not await store.exists("K7MP9Q")
        assert await store.create("K7MP9Q", room("K7MP9Q", seed=1))
        assert not await store.create("K7MP9Q", room("K7MP9Q", seed=2))  # taken: the first stays
        assert (await store.fetch("K7MP9Q")) == {**room("K7MP9Q", seed=1), "log": []}
        many = await asyncio.gather(*(store.create("ABCDEF", room("ABCDEF", seed=n)) for n in range(12)))
        assert sum(many) == 1  # racing creates of one code: exactly one wins
        with pytest.raises(ValueError, match="not a room code"):
            await store.create("../etc", room("../etc"))
    run(case)


def test_entries_append_to_their_match_and_a_fresh_match_starts_a_new_log(run: Callable[[Case], None]) -> None:
    async def case(store: RoomStore) -> None:
        await store.create("K7MP9Q", room("K7MP9Q"))
        await store.append("K7MP9Q", 1, [[0.5, 0, {"type": "take"}, 1], [1.0, None, "tick"]])
        await store.append("K7MP9Q", 1, [[2.0, 1, {"type": "pass"}, 1]])
        fetched = await store.fetch("K7MP9Q")
        assert fetched is not None and fetched["log"] == [[0.5, 0, {"type": "take"}, 1], [1.0, None, "tick"],
                                                          [2.0, 1, {"type": "pass"}, 1]]
        await store.save("K7MP9Q", room("K7MP9Q", match=2))
        await store.append("K7MP9Q", 2, [[0.1, 0, {"type": "take"}, 2]], fresh=True)
        fetched = await store.fetch("K7MP9Q")
        assert fetched is not None and fetched["match"] == 2 and fetched["log"] == [[0.1, 0, {"type": "take"}, 2]]
    run(case)


def test_records_replace_and_correspondence_rooms_are_kept_apart(run: Callable[[Case], None]) -> None:
    async def case(store: RoomStore) -> None:
        await store.create("RTME22", room("RTME22"))
        await store.create("SWQ333", room("SWQ333", days=3))
        await store.save("RTME22", room("RTME22", seed=9))
        await store.append("RTME22", 1, [[0.5, 0, "x", 1]])
        assert [r["code"] for r in await store.load_all()] == ["RTME22"]  # boot loads no slow match
        (live,) = await store.load_all()
        assert live["seed"] == 9 and live["log"] == [[0.5, 0, "x", 1]]
        assert await store.correspondence() == ["SWQ333"]
        peeked = await store.peek_many(["SWQ333", "RTME22", "GNE444", "not a code"])
        assert peeked == {"SWQ333": room("SWQ333", days=3), "RTME22": room("RTME22", seed=9)}  # no log read
    run(case)


def test_a_finished_match_is_archived_and_outlives_its_room(run: Callable[[Case], None]) -> None:
    async def case(store: RoomStore) -> None:
        await store.create("K7MP9Q", room("K7MP9Q"))
        await store.archive("K7MP9Q", 1, {"game": "night-market", "entries": [[0.5, 0, "x"]]})
        await store.delete("K7MP9Q")
        await store.delete("K7MP9Q")  # no error when absent
        assert await store.fetch("K7MP9Q") is None and await store.correspondence() == []
        assert await store.archived("K7MP9Q", 1) == {"game": "night-market", "entries": [[0.5, 0, "x"]]}
        assert await store.archived("K7MP9Q", 2) is None
        assert await store.create("K7MP9Q", room("K7MP9Q"))  # the code is free again
    run(case)


def test_expiry_is_set_renewed_and_frees_the_code(run: Callable[[Case], None]) -> None:
    async def case(store: RoomStore) -> None:
        for code in ("KEEP22", "GNE333"):
            await store.create(code, room(code))
            await store.append(code, 1, [[0.5, 0, "x", 1]])
            await store.expire(code, 3600.0)
        await store.expire("KEEP22", None)  # kept until deleted
        await store.expire("GNE333", 0.05)  # renewing sets the new time, shorter too

        async def gone() -> bool:
            return not await store.exists("GNE333")
        await eventually(gone, "the room whose time was up to be forgotten")
        assert await store.fetch("GNE333") is None and await store.peek_many(["GNE333"]) == {}
        kept = await store.fetch("KEEP22")
        assert kept is not None and kept["log"] == [[0.5, 0, "x", 1]]
        assert await store.create("GNE333", room("GNE333"))
        fresh = await store.fetch("GNE333")
        assert fresh is not None and fresh["log"] == []  # its old entries went with it
    run(case)


def test_a_lease_is_one_process_s_and_fences_its_writes(run: Callable[[Case], None]) -> None:
    async def case(store: RoomStore) -> None:
        assert await store.lease("K7MP9Q", "node-a", 0, 30.0) == -1  # no such room: nothing is kept for it
        await store.create("K7MP9Q", room("K7MP9Q"))
        first = await store.lease("K7MP9Q", "node-a", 0, 30.0)
        assert first > 0 and await store.lease("K7MP9Q", "node-a", first, 30.0) == first  # renewed
        await store.save("K7MP9Q", room("K7MP9Q", seed=1), first)
        await store.append("K7MP9Q", 1, [[0.5, 0, "x", 1]], fence=first)
        other = await store.lease("K7MP9Q", "node-b", 0, 30.0)
        if not store.shared:  # one process: the lease is always its own, nothing is fenced
            assert other == first == 1
            return
        assert other == 0  # held by a live process
        await store.release("K7MP9Q", "node-a", first)
        second = await store.lease("K7MP9Q", "node-b", 0, 30.0)
        assert second > first
        assert await store.lease("K7MP9Q", "node-a", first, 30.0) == 0  # a lapsed lease is never renewed
        for write in (store.save("K7MP9Q", room("K7MP9Q", seed=2), first),
                      store.append("K7MP9Q", 1, [[9.0, 0, "late", 2]], fence=first)):
            with pytest.raises(LeaseLost):
                await write
        await store.append("K7MP9Q", 1, [[1.0, 1, "y", 1]], fence=second)
        fetched = await store.fetch("K7MP9Q")
        assert fetched is not None and fetched["seed"] == 1 and fetched["log"] == [[0.5, 0, "x", 1], [1.0, 1, "y", 1]]
        await store.create("SHRT22", room("SHRT22"))
        short = await store.lease("SHRT22", "node-a", 0, 0.05)

        async def free() -> bool:
            return await store.lease("SHRT22", "node-b", 0, 30.0) > short
        await eventually(free, "a lease that was not renewed to lapse")
    run(case)


def test_renewing_many_leases_at_once_keeps_ours_and_names_those_we_lost(run: Callable[[Case], None]) -> None:
    async def case(store: RoomStore) -> None:
        codes = [f"RNW{n}XY" for n in range(2, 9)]
        for code in codes:
            await store.create(code, room(code))
        held = {code: await store.lease(code, "node-a", 0, 30.0) for code in codes}
        if not store.shared:  # one process: every lease is always its own
            assert await store.renew("node-a", held, 30.0) == set()
            return
        await store.release(codes[2], "node-a", held[codes[2]])
        taken = await store.lease(codes[2], "node-b", 0, 30.0)  # another process took it meanwhile
        stale = {**held, codes[5]: held[codes[5]] + 1}  # a number that is not the lease's
        assert await store.renew("node-a", stale, 0.2) == {codes[2], codes[5]}
        assert await store.lease(codes[2], "node-b", taken, 30.0) == taken  # renewing touched not theirs
        await asyncio.sleep(0.5)  # past the renewed 0.2 s: the renewed leases lapse, so they were renewed for it
        assert await store.lease(codes[0], "node-b", 0, 30.0) > held[codes[0]]
    run(case)
