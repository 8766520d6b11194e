"""Autosave of the match in progress: seed + config + action log, in the user's data folder.

A save never holds the state itself, only what replays it, so it stays small and stays valid as
long as the rules do. A corrupt save is reported and set aside, never deleted and never fatal.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import paths
from game.settings import set_aside

log = logging.getLogger(__name__)
VERSION = 1


@dataclass
class Save:
    """A resumable match."""

    game: str
    seed: int
    config: dict[str, Any]
    log: list[list[Any]] = field(default_factory=list)  # [now, seat, action_json]
    extra: dict[str, Any] = field(default_factory=dict)  # table-specific (e.g. the human seats' clock)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"version": VERSION, "game": self.game, "seed": self.seed, "config": self.config,
                "log": self.log, "extra": self.extra}


def save_path() -> Path:
    """Where the current match is kept."""
    folder = paths.data_dir() / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "current.json"


def write(save: Save) -> None:
    """Write atomically so a crash mid-write never corrupts the save."""
    path = save_path()
    tmp = path.with_suffix(".tmp")
    try:
        tmp.write_text(json.dumps(save.to_json()), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        log.warning("could not autosave to %s: %s", path, exc)


def clear() -> None:
    """The match ended: nothing to continue."""
    path = save_path()
    if path.exists():
        path.unlink()


def _parse(raw: Any) -> Save:
    if not isinstance(raw, dict) or raw.get("version") != VERSION:
        raise ValueError("not a Market Hall save of this version")
    return Save(str(raw["game"]), int(raw["seed"]), dict(raw["config"]), list(raw["log"]),
                dict(raw.get("extra", {})))


def peek() -> Save | None:
    """The save if it looks readable (for showing Continue); never raises."""
    path = save_path()
    if not path.exists():
        return None
    try:
        return _parse(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError):
        return Save("", 0, {})  # shown as Continue; load() will report and set it aside


def load() -> tuple[Save | None, str | None]:
    """The save, or None and a message for the player (a bad file is set aside)."""
    path = save_path()
    if not path.exists():
        return None, None
    try:
        return _parse(json.loads(path.read_text(encoding="utf-8"))), None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return None, report_corrupt(exc)


def report_corrupt(exc: Exception) -> str:
    """Set the current save aside and say so."""
    path = save_path()
    moved = set_aside(path) if path.exists() else path
    log.warning("save %s unreadable (%s); moved to %s", path, exc, moved)
    return f"The saved match could not be read and was set aside ({moved.name}). Start a new one."
