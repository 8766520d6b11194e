"""Where rooms live between server runs: an awaitable interface, a file store and a memory store
(the Redis store, for a fleet of relays, is game/relay/redis_store.py).

A room is two things in a store: its record (seed, config, seats with token digests, match
number), replaced whole when the lobby changes; and the entries of its current match's record
(rules/record.py), each appended before any seat is told about it. A log line is `[match, *entry]`:
the match it belongs to, then the entry's JSON `[now, seat, action, seq?]` (seat null: the
referee's tick or claim; seq: the mover's number, so a resend after a restart is still
recognised). Lines written before match records always held five items, seq null for a bot; they
read the same. A finished match's whole record is archived (`archive`, per room and match) as soon
as it ends, so a rematch (a fresh log) or the room's expiry (which deletes the room) loses nothing.

A room is created only if its code is free (`create`: atomic, so two relays on one store never
share a code); `expire` sets (or renews) how long a room is kept after its last renewal, a backstop
for a relay that died with rooms in memory. A correspondence room (its record has "days": days per
move) is kept apart: `load_all` never returns it, so a relay does not load every slow match at boot;
`fetch` brings back one room by its code when a seat asks for it, and `peek_many` reads only the
records of a device's rooms (seats, whose move clock runs) for the title's status message.

Leases (`lease`) say which relay serves a room: a shared store (Redis) grants one process at a time
and fences its writes with the lease's number; the file and memory stores serve one process, so
their lease is always that process's (number 1) and nothing is fenced.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from game.relay.protocol import normalise_code

log = logging.getLogger(__name__)


class LeaseLost(Exception):
    """A write under a lease this process no longer holds (it expired, another relay took the room)."""


def public_cause(exc: Exception) -> str:
    """Why a store fails, for the public health page: the kind of error, never a path or a room code
    (an OSError's text names its file; only its errno's words are shown)."""
    words = exc.strerror if isinstance(exc, OSError) else None
    return f"{type(exc).__name__}: {words}" if words else type(exc).__name__


class RoomStore(Protocol):
    """Room records and move logs by room code; every call is awaited (a store never blocks the loop)."""

    shared: bool  # several relay processes use it: rooms load on demand, behind a lease

    async def load_all(self) -> list[dict[str, Any]]:
        """Every stored live (not correspondence) room record, its "log" holding the current match's moves."""

    async def create(self, code: str, record: dict[str, Any]) -> bool:
        """Store a new room's record if `code` is free (atomic); False when the code is taken."""

    async def save(self, code: str, record: dict[str, Any], fence: int = 0) -> None:
        """Store (replace) one room's record (`fence`: the writer's lease number, for a shared store)."""

    async def append(self, code: str, match: int, entries: list[list[Any]], fresh: bool = False,
                     fence: int = 0) -> None:
        """Add entries `[now, seat, action, seq?]` of match `match` to the log (`fresh`: a new match)."""

    async def archive(self, code: str, match: int, record: dict[str, Any]) -> None:
        """Keep match `match` of room `code`, finished, as its record's JSON (`delete` leaves it)."""

    async def archived(self, code: str, match: int) -> dict[str, Any] | None:
        """The archived record of match `match` of room `code` (None: not archived)."""

    async def delete(self, code: str) -> None:
        """Forget one room (no error when absent); its archived matches stay."""

    async def exists(self, code: str) -> bool:
        """True when a room with `code` is stored."""

    async def fetch(self, code: str) -> dict[str, Any] | None:
        """One room's record with its current match's "log" (None: not stored)."""

    async def peek_many(self, codes: list[str]) -> dict[str, dict[str, Any]]:
        """The records alone (no log read) of those of `codes` that are stored: a device's rooms."""

    async def correspondence(self) -> list[str]:
        """The codes of every stored correspondence room (for the sweep of finished ones)."""

    async def expire(self, code: str, seconds: float | None) -> None:
        """Keep room `code` `seconds` from now, then forget it (None: until it is deleted)."""

    async def lease(self, code: str, node: str, fence: int, seconds: float) -> int:
        """Renew this process's lease number `fence` on room `code` for `seconds`, or (`fence` 0) take
        it if nobody holds it: the lease's fencing number, 0 when it is not (or no longer) ours, -1
        when no such room is stored (so a stranger's guess leaves nothing behind). A lapsed lease is
        never renewed: whoever takes the room next loads it from its record."""

    async def renew(self, node: str, leases: dict[str, int], seconds: float) -> set[str]:
        """Renew this process's leases (room code -> its lease's number) for `seconds`, in as few
        calls as the store can make: the codes whose lease is no longer ours (as `lease` answers 0)."""

    async def release(self, code: str, node: str, fence: int) -> None:
        """Give the lease up (another process may serve the room at once)."""

    async def close(self) -> None:
        """Let go of connections and files."""


@runtime_checkable
class FleetCaps(Protocol):
    """Room caps per address counted in a shared store, so that they hold across a fleet of relays
    (one process's own count would let an address N times the caps through N relays)."""

    async def admit(self, address: str, per_minute: int, per_address: int) -> str | None:
        """Count a room `address` is about to create: None when its caps allow it (counted in the
        last minute's), else the cap that stops it, "minute" or "open" (rooms it made still stored)."""

    async def opened(self, address: str, code: str) -> None:
        """Room `code` was created for `address`: it counts as open while its record is stored."""


def _lines(match: int, entries: list[list[Any]]) -> list[str]:
    return [json.dumps([match, *e], separators=(",", ":")) for e in entries]


def with_log(record: dict[str, Any], lines: list[str], name: str) -> dict[str, Any]:
    """`record` with its "log" taken from the log lines of its own match (a torn last line is skipped)."""
    match = record.get("match")
    entries = []
    for n, line in enumerate(lines):
        try:
            row = json.loads(line)
        except ValueError:
            log.warning("room log %s: line %d is not whole; it is skipped", name, n + 1)
            continue
        if isinstance(row, list) and len(row) in (4, 5) and row[0] == match:
            entries.append(row[1:])
    if entries or "log" not in record:
        record["log"] = entries
    return record


def room_code(code: str) -> str:
    """`code` itself when it is a room code (a code names files and keys: never a path)."""
    if normalise_code(code) != code:
        raise ValueError("not a room code")
    return code


def _named(record: dict[str, Any], name: str) -> bool:
    return record.get("code") == name and normalise_code(name) == name


class _Expiry:
    """Deadlines of rooms in a one-process store (kept in memory: after a restart the relay's own
    sweep renews them; the file store's files stay until the relay expires the room)."""

    def __init__(self, wall: Callable[[], float]) -> None:
        self.wall = wall
        self.until: dict[str, float] = {}

    def set(self, code: str, seconds: float | None) -> None:
        if seconds is None:
            self.until.pop(code, None)
        else:
            self.until[code] = self.wall() + seconds

    def over(self, code: str) -> bool:
        """True (and forgotten) when `code`'s time is up."""
        if self.until.get(code, float("inf")) > self.wall():
            return False
        del self.until[code]
        return True


class _OneProcess:
    """What every store serving a single relay shares: its lease is always that relay's."""

    shared = False
    exists: Callable[[str], Awaitable[bool]]  # each store's own

    async def lease(self, code: str, node: str, fence: int, seconds: float) -> int:
        return 1 if fence or await self.exists(code) else -1

    async def renew(self, node: str, leases: dict[str, int], seconds: float) -> set[str]:
        return set()

    async def release(self, code: str, node: str, fence: int) -> None:
        return None

    async def close(self) -> None:
        return None


class MemoryStore(_OneProcess):
    """Rooms in a dict (tests, benchmarks, a server that need not survive a restart)."""

    def __init__(self, wall: Callable[[], float] = time.time) -> None:
        self.rooms: dict[str, str] = {}
        self.logs: dict[str, list[str]] = {}
        self.kept: dict[tuple[str, int], str] = {}  # archived matches
        self.slow: set[str] = set()  # correspondence rooms (never in load_all)
        self.expiry = _Expiry(wall)

    def _live(self, code: str) -> bool:
        if code in self.rooms and self.expiry.over(code):
            self._forget(code)
        return code in self.rooms

    async def load_all(self) -> list[dict[str, Any]]:
        return [with_log(json.loads(self.rooms[code]), self.logs.get(code, []), code)
                for code in list(self.rooms) if self._live(code) and code not in self.slow]

    async def create(self, code: str, record: dict[str, Any]) -> bool:
        if self._live(room_code(code)):
            return False
        await MemoryStore.save(self, code, record)  # this store's own write (a test's may fail on purpose)
        return True

    async def save(self, code: str, record: dict[str, Any], fence: int = 0) -> None:
        self.rooms[room_code(code)] = json.dumps(record)
        if record.get("days"):
            self.slow.add(code)

    async def append(self, code: str, match: int, entries: list[list[Any]], fresh: bool = False,
                     fence: int = 0) -> None:
        lines = [] if fresh else self.logs.get(code, [])
        self.logs[code] = lines + _lines(match, entries)

    async def archive(self, code: str, match: int, record: dict[str, Any]) -> None:
        self.kept[room_code(code), match] = json.dumps(record)

    async def archived(self, code: str, match: int) -> dict[str, Any] | None:
        text = self.kept.get((code, match))
        return None if text is None else json.loads(text)

    async def delete(self, code: str) -> None:
        self._forget(code)

    def _forget(self, code: str) -> None:
        self.rooms.pop(code, None)
        self.logs.pop(code, None)
        self.slow.discard(code)
        self.expiry.until.pop(code, None)

    async def exists(self, code: str) -> bool:
        return self._live(code)

    async def fetch(self, code: str) -> dict[str, Any] | None:
        if not self._live(code):
            return None
        return with_log(json.loads(self.rooms[code]), self.logs.get(code, []), code)

    async def peek_many(self, codes: list[str]) -> dict[str, dict[str, Any]]:
        return {code: json.loads(self.rooms[code]) for code in codes if self._live(code)}

    async def correspondence(self) -> list[str]:
        return sorted(code for code in self.slow if self._live(code))

    async def expire(self, code: str, seconds: float | None) -> None:
        if code in self.rooms:
            self.expiry.set(code, seconds)


class FileStore(_OneProcess):
    """One JSON record and one JSON-lines move log per room in a folder; every call's disk work runs
    on a worker thread, one call at a time (a lock: create-if-free is atomic within the process)."""

    def __init__(self, folder: Path, wall: Callable[[], float] = time.time) -> None:
        self.folder = Path(folder) / "rooms"
        self.slow = Path(folder) / "correspondence"
        for made in (self.folder, self.slow):
            made.mkdir(parents=True, exist_ok=True)
        self.expiry = _Expiry(wall)
        self._lock = threading.Lock()

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.to_thread(self._locked, fn, *args)

    def _locked(self, fn: Callable[..., Any], *args: Any) -> Any:
        with self._lock:
            return fn(*args)

    def _path(self, code: str, suffix: str = ".json", slow: bool | None = None) -> Path:
        room_code(code)  # a code is the file name: never a path
        if slow is None:
            slow = (self.slow / f"{code}.json").is_file()
        return (self.slow if slow else self.folder) / f"{code}{suffix}"

    def _live(self, code: str) -> bool:
        if not (self._path(code, slow=False).is_file() or self._path(code, slow=True).is_file()):
            return False
        if self.expiry.over(code):
            self._delete(code)
            return False
        return True

    async def load_all(self) -> list[dict[str, Any]]:
        return await self._run(self._load_all)  # type: ignore[no-any-return]

    def _load_all(self) -> list[dict[str, Any]]:
        paths = [p for p in sorted(self.folder.glob("*.json"))
                 if normalise_code(p.stem) != p.stem or self._live(p.stem)]  # a misnamed file is set aside
        return [r for r in (self._read(p, True) for p in paths) if r is not None]

    def _read(self, path: Path, logged: bool) -> dict[str, Any] | None:
        """A room's record (and its log), or None; a damaged record is set aside (`.bad`)."""
        if not path.is_file():
            return None
        log_file = path.with_suffix(".log")
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(record, dict) or not _named(record, path.stem):
                raise ValueError("its code is not a room code or not its name")
            lines = log_file.read_text(encoding="utf-8").splitlines() if logged and log_file.is_file() else []
        except (OSError, ValueError, RecursionError) as exc:
            log.warning("room file %s set aside: %s", path.name, exc)
            path.rename(path.with_suffix(".bad"))
            return None
        return with_log(record, lines, log_file.name) if logged else record

    async def fetch(self, code: str) -> dict[str, Any] | None:
        return await self._run(lambda: self._read(self._path(code), True) if self._live(code) else None)  # type: ignore[no-any-return]

    async def peek_many(self, codes: list[str]) -> dict[str, dict[str, Any]]:
        def peek() -> dict[str, dict[str, Any]]:
            records = {code: self._read(self._path(code), False) for code in codes
                       if normalise_code(code) == code and self._live(code)}
            return {code: record for code, record in records.items() if record is not None}
        return await self._run(peek)  # type: ignore[no-any-return]

    async def correspondence(self) -> list[str]:
        return await self._run(lambda: sorted(p.stem for p in self.slow.glob("*.json")  # type: ignore[no-any-return]
                                              if normalise_code(p.stem) == p.stem and self._live(p.stem)))

    async def create(self, code: str, record: dict[str, Any]) -> bool:
        return await self._run(self._create, code, record)  # type: ignore[no-any-return]

    def _create(self, code: str, record: dict[str, Any]) -> bool:
        if self._live(code):
            return False
        try:  # O_EXCL as well: a file no call of this store knew of is never overwritten
            with self._path(code, slow=bool(record.get("days"))).open("x", encoding="utf-8") as f:
                f.write(json.dumps(record, separators=(",", ":")))
        except FileExistsError:
            return False
        return True

    async def save(self, code: str, record: dict[str, Any], fence: int = 0) -> None:
        await self._run(self._replace, self._path(code, slow=bool(record.get("days"))), record)

    @staticmethod
    def _replace(path: Path, record: dict[str, Any]) -> None:
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, separators=(",", ":")), encoding="utf-8")
        os.replace(tmp, path)

    async def append(self, code: str, match: int, entries: list[list[Any]], fresh: bool = False,
                     fence: int = 0) -> None:
        await self._run(self._append, code, match, entries, fresh)

    def _append(self, code: str, match: int, entries: list[list[Any]], fresh: bool) -> None:
        path = self._path(code, ".log")
        if fresh and not entries:  # a new match with no move yet: no log
            path.unlink(missing_ok=True)
            return
        with path.open("w" if fresh else "a", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in _lines(match, entries)))
            f.flush()
            os.fsync(f.fileno())

    def _archive_path(self, code: str, match: int) -> Path:
        self._path(code)  # refuses anything but a room code
        return self.folder.parent / "archive" / f"{code}-{int(match)}.json"

    async def archive(self, code: str, match: int, record: dict[str, Any]) -> None:
        path = self._archive_path(code, match)
        path.parent.mkdir(exist_ok=True)
        await self._run(self._replace, path, record)

    async def archived(self, code: str, match: int) -> dict[str, Any] | None:
        path = self._archive_path(code, match)
        return await self._run(lambda: json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None)  # type: ignore[no-any-return]

    async def delete(self, code: str) -> None:
        await self._run(self._delete, code)

    def _delete(self, code: str) -> None:
        for slow in (False, True):
            self._path(code, slow=slow).unlink(missing_ok=True)
            self._path(code, ".log", slow=slow).unlink(missing_ok=True)
        self.expiry.until.pop(code, None)

    async def exists(self, code: str) -> bool:
        return await self._run(self._live, code)  # type: ignore[no-any-return]

    async def expire(self, code: str, seconds: float | None) -> None:
        await self._run(self.expiry.set, code, seconds)


def open_store(url: str | None, data: Path | None) -> RoomStore:
    """The store a relay's options name: Redis at `url` (redis://HOST:PORT/DB), else files in `data`,
    else memory."""
    if url:
        from game.relay.redis_store import RedisStore  # the redis package only when asked for
        return RedisStore(url)
    return FileStore(data) if data else MemoryStore()
