"""Where rooms live between server runs: a small interface, a file store and a memory store.

A room is two things on disk: its record (seed, config, seats with token digests, match number)
as one JSON file, rewritten through a temporary file and a rename when the lobby changes; and the
entries of its current match's record (rules/record.py) as JSON lines, each appended (and flushed
to the disk) before any seat is told about it. A line is `[match, *entry]`: the match it belongs to,
then the entry's JSON `[now, seat, action, seq?]` (seat null: the referee's tick or claim; seq: the
mover's number, so a resend after a restart is still recognised). Lines written before match
records always held five items, seq null for a bot; they read the same. A finished match's whole
record is archived (`archive`, one JSON file per room and match) as soon as it ends, so a rematch
(which starts a fresh log) or the room's expiry (which deletes the room) loses nothing. A shared
store (Redis, for a fleet of servers) only has to offer the same six calls.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any, Protocol

from game.relay.protocol import normalise_code

log = logging.getLogger(__name__)


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

    def load_all(self) -> list[dict[str, Any]]:
        return [_current(json.loads(text), self.logs.get(code, []), code) for code, text in self.rooms.items()]

    def save(self, code: str, record: dict[str, Any]) -> None:
        self.rooms[code] = json.dumps(record)

    def append(self, code: str, match: int, entries: list[list[Any]], fresh: bool = False) -> None:
        lines = [] if fresh else self.logs.get(code, [])
        self.logs[code] = lines + _lines(match, entries).splitlines()

    def archive(self, code: str, match: int, record: dict[str, Any]) -> None:
        self.archived[code, match] = json.dumps(record)

    def delete(self, code: str) -> None:
        self.rooms.pop(code, None)
        self.logs.pop(code, None)

    def exists(self, code: str) -> bool:
        return code in self.rooms


class FileStore:
    """One JSON record and one JSON-lines move log per room in a folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder) / "rooms"
        self.folder.mkdir(parents=True, exist_ok=True)

    def _path(self, code: str, suffix: str = ".json") -> Path:
        if normalise_code(code) != code:
            raise ValueError("not a room code")  # a code is the file name: never a path
        return self.folder / f"{code}{suffix}"

    def load_all(self) -> list[dict[str, Any]]:
        out = []
        for path in sorted(self.folder.glob("*.json")):
            if not path.is_file():
                continue
            try:
                record = json.loads(path.read_text(encoding="utf-8"))
                if not isinstance(record, dict) or not _named(record, path.stem):
                    raise ValueError("its code is not a room code or not its name")
                logged = path.with_suffix(".log")
                lines = logged.read_text(encoding="utf-8").splitlines() if logged.is_file() else []
            except (OSError, ValueError, RecursionError) as exc:
                log.warning("room file %s set aside: %s", path.name, exc)
                path.rename(path.with_suffix(".bad"))
                continue
            out.append(_current(record, lines, logged.name))
        return out

    def save(self, code: str, record: dict[str, Any]) -> None:
        path = self._path(code)
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
        self._path(code).unlink(missing_ok=True)
        self._path(code, ".log").unlink(missing_ok=True)

    def exists(self, code: str) -> bool:
        return self._path(code).is_file()
