"""Where rooms live between server runs: a small interface, a file store and a memory store.

A room is saved as plain JSON (seed, config, seats with token digests, the action log with the
server's match-clock stamps). A shared store (Redis, for a fleet of servers) only has to offer
the same four calls.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any, Protocol

from game.online.protocol import normalise_code

log = logging.getLogger(__name__)


class RoomStore(Protocol):
    """Room records by room code."""

    def load_all(self) -> list[dict[str, Any]]:
        """Every stored room record."""

    def save(self, code: str, record: dict[str, Any]) -> None:
        """Store (replace) one room."""

    def delete(self, code: str) -> None:
        """Forget one room (no error when absent)."""

    def exists(self, code: str) -> bool:
        """True when a room with `code` is stored."""


class MemoryStore:
    """Rooms in a dict (tests, benchmarks, a server that need not survive a restart)."""

    def __init__(self) -> None:
        self.rooms: dict[str, str] = {}

    def load_all(self) -> list[dict[str, Any]]:
        return [json.loads(text) for text in self.rooms.values()]

    def save(self, code: str, record: dict[str, Any]) -> None:
        self.rooms[code] = json.dumps(record)

    def delete(self, code: str) -> None:
        self.rooms.pop(code, None)

    def exists(self, code: str) -> bool:
        return code in self.rooms


class FileStore:
    """One JSON file per room in a folder; writes go through a temporary file and a rename."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder) / "rooms"
        self.folder.mkdir(parents=True, exist_ok=True)

    def _path(self, code: str) -> Path:
        if normalise_code(code) != code:
            raise ValueError("not a room code")  # a code is the file name: never a path
        return self.folder / f"{code}.json"

    def load_all(self) -> list[dict[str, Any]]:
        out = []
        for path in sorted(self.folder.glob("*.json")):
            if not path.is_file():
                continue
            try:
                record = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError, RecursionError) as exc:
                log.warning("room file %s set aside: %s", path.name, exc)
                path.rename(path.with_suffix(".bad"))
                continue
            if isinstance(record, dict):
                out.append(record)
        return out

    def save(self, code: str, record: dict[str, Any]) -> None:
        path = self._path(code)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(record, separators=(",", ":")), encoding="utf-8")
        os.replace(tmp, path)

    def delete(self, code: str) -> None:
        self._path(code).unlink(missing_ok=True)

    def exists(self, code: str) -> bool:
        return self._path(code).is_file()
