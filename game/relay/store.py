"""Where rooms live between server runs: a small interface, a file store and a memory store.

A room is two things on disk: its record (seed, config, seats with token digests, match number)
as one JSON file, rewritten through a temporary file and a rename when the lobby changes; and the
entries of its current match's record (rules/record.py) as JSON lines, each appended (and flushed
to the disk) before any seat is told about it. A line is `[match, *entry]`: the match it belongs to,
then the entry's JSON `[now, seat, action, seq?]` (seat null: the referee's tick or claim; seq: the
mover's number, so a resend after a restart is still recognised). Lines written before match
records always held five items, seq null for a bot; they read the same. A finished match's whole
record is archived (`archive`, one JSON file per room and match) as soon as it ends, so a rematch
(which starts a fresh log) or the room's expiry (which deletes the room) loses nothing.

A correspondence room (its record has "days": days per move) is kept apart: `load_all` never
returns it, so a relay does not load every slow match at boot; `fetch` brings back one room by its
code when a seat asks for it, and `peek` reads only its record (seats, whose move clock runs) for
the title's status message. The file store keeps such rooms in `correspondence/`.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any, Protocol

from game.relay.protocol import normalise_code

log = logging.getLogger(__name__)


def public_cause(exc: Exception) -> str:
    """Why a store fails, for the public health page: the kind of error, never a path or a room code
    (an OSError's text names its file; only its errno's words are shown)."""
    words = exc.strerror if isinstance(exc, OSError) else None
    return f"{type(exc).__name__}: {words}" if words else type(exc).__name__


class RoomStore(Protocol):
    """Room records and move logs by room code."""

    def load_all(self) -> list[dict[str, Any]]:
        """Every stored room record, its "log" holding the current match's moves."""

    def save(self, code: str, record: dict[str, Any]) -> None:
        """Store (replace) one room's record."""

    def append(self, code: str, match: int, entries: list[list[Any]], fresh: bool = False) -> None:
        """Add entries `[now, seat, action, seq?]` of match `match` to the log (`fresh`: a new match)."""

    def archive(self, code: str, match: int, record: dict[str, Any]) -> None:
        """Keep match `match` of room `code`, finished, as its record's JSON (`delete` leaves it)."""

    def delete(self, code: str) -> None:
        """Forget one room (no error when absent); its archived matches stay."""

    def exists(self, code: str) -> bool:
        """True when a room with `code` is stored."""

    def fetch(self, code: str) -> dict[str, Any] | None:
        """One correspondence room's record with its current match's "log" (None: not stored)."""

    def peek(self, code: str) -> dict[str, Any] | None:
        """One correspondence room's record alone, without reading its log (None: not stored)."""

    def correspondence(self) -> list[str]:
        """The codes of every stored correspondence room (for the sweep of finished ones)."""


def _lines(match: int, entries: list[list[Any]]) -> str:
    return "".join(json.dumps([match, *e], separators=(",", ":")) + "\n" for e in entries)


def _current(record: dict[str, Any], lines: list[str], name: str) -> dict[str, Any]:
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


def _named(record: dict[str, Any], name: str) -> bool:
    return record.get("code") == name and normalise_code(name) == name


class MemoryStore:
    """Rooms in a dict (tests, benchmarks, a server that need not survive a restart)."""

    def __init__(self) -> None:
        self.rooms: dict[str, str] = {}
        self.logs: dict[str, list[str]] = {}
        self.archived: dict[tuple[str, int], str] = {}
        self.slow: set[str] = set()  # correspondence rooms (never in load_all)

    def load_all(self) -> list[dict[str, Any]]:
        return [_current(json.loads(text), self.logs.get(code, []), code) for code, text in self.rooms.items()
                if code not in self.slow]

    def save(self, code: str, record: dict[str, Any]) -> None:
        self.rooms[code] = json.dumps(record)
        if record.get("days"):
            self.slow.add(code)

    def append(self, code: str, match: int, entries: list[list[Any]], fresh: bool = False) -> None:
        lines = [] if fresh else self.logs.get(code, [])
        self.logs[code] = lines + _lines(match, entries).splitlines()

    def archive(self, code: str, match: int, record: dict[str, Any]) -> None:
        self.archived[code, match] = json.dumps(record)

    def delete(self, code: str) -> None:
        self.rooms.pop(code, None)
        self.logs.pop(code, None)
        self.slow.discard(code)

    def exists(self, code: str) -> bool:
        return code in self.rooms

    def fetch(self, code: str) -> dict[str, Any] | None:
        record = self.peek(code)
        return None if record is None else _current(record, self.logs.get(code, []), code)

    def peek(self, code: str) -> dict[str, Any] | None:
        return json.loads(self.rooms[code]) if code in self.slow and code in self.rooms else None

    def correspondence(self) -> list[str]:
        return sorted(self.slow & set(self.rooms))


class FileStore:
    """One JSON record and one JSON-lines move log per room in a folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder) / "rooms"
        self.slow = Path(folder) / "correspondence"
        for made in (self.folder, self.slow):
            made.mkdir(parents=True, exist_ok=True)

    def _path(self, code: str, suffix: str = ".json", slow: bool | None = None) -> Path:
        if normalise_code(code) != code:
            raise ValueError("not a room code")  # a code is the file name: never a path
        if slow is None:
            slow = (self.slow / f"{code}.json").is_file()
        return (self.slow if slow else self.folder) / f"{code}{suffix}"

    def load_all(self) -> list[dict[str, Any]]:
        return [r for r in (self._read(p, True) for p in sorted(self.folder.glob("*.json"))) if r is not None]

    def _read(self, path: Path, with_log: bool) -> dict[str, Any] | None:
        """A room's record (and its log), or None; a damaged record is set aside (`.bad`)."""
        if not path.is_file():
            return None
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(record, dict) or not _named(record, path.stem):
                raise ValueError("its code is not a room code or not its name")
            logged = path.with_suffix(".log")
            lines = logged.read_text(encoding="utf-8").splitlines() if with_log and logged.is_file() else []
        except (OSError, ValueError, RecursionError) as exc:
            log.warning("room file %s set aside: %s", path.name, exc)
            path.rename(path.with_suffix(".bad"))
            return None
        return _current(record, lines, logged.name) if with_log else record

    def fetch(self, code: str) -> dict[str, Any] | None:
        return self._read(self._path(code, slow=True), True)

    def peek(self, code: str) -> dict[str, Any] | None:
        return self._read(self._path(code, slow=True), False)

    def correspondence(self) -> list[str]:
        return sorted(p.stem for p in self.slow.glob("*.json") if normalise_code(p.stem) == p.stem)

    def save(self, code: str, record: dict[str, Any]) -> None:
        path = self._path(code, slow=bool(record.get("days")))
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, separators=(",", ":")), encoding="utf-8")
        os.replace(tmp, path)

    def append(self, code: str, match: int, entries: list[list[Any]], fresh: bool = False) -> None:
        path = self._path(code, ".log")
        if fresh and not entries:  # a new match with no move yet: no log
            path.unlink(missing_ok=True)
            return
        with path.open("w" if fresh else "a", encoding="utf-8") as f:
            f.write(_lines(match, entries))
            f.flush()
            os.fsync(f.fileno())

    def archive(self, code: str, match: int, record: dict[str, Any]) -> None:
        self._path(code)  # refuses anything but a room code
        folder = self.folder.parent / "archive"
        folder.mkdir(exist_ok=True)
        path = folder / f"{code}-{int(match)}.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, separators=(",", ":")), encoding="utf-8")
        os.replace(tmp, path)

    def delete(self, code: str) -> None:
        for slow in (False, True):
            self._path(code, slow=slow).unlink(missing_ok=True)
            self._path(code, ".log", slow=slow).unlink(missing_ok=True)

    def exists(self, code: str) -> bool:
        return self._path(code, slow=False).is_file() or self._path(code, slow=True).is_file()
