"""Autosaves of paused matches: one slot per game, each the match's record (rules/record.py).

A save never holds the state itself, only what replays it (seed + config + entries), so it stays
small and stays valid as long as the rules do; a record of other rules is refused when it is
replayed, in words that say which rules it needs. Saves of versions 1 and 2 (a bare action log)
are read once and written back as records. Each game has its own slot, so starting Swap Meet never touches a paused
Night Market match. A save that cannot be read, or no longer replays, is set aside (renamed,
never deleted) and reported; it never stops the app.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.services import paths
from game.services.files import BadFile, read_json, set_aside, worded, write_json
from game.text import tr
from rules.errors import MalformedData
from rules.record import Entry, MatchRecord, config_from_json
from rules.registry import GAME_MODULES

log = logging.getLogger(__name__)
VERSION = 3  # 3: a match record; 2: seed + config + a log of [now, seat, action]; 1: one shared slot
LEGACY = "current.json"  # the one shared slot of save version 1


@dataclass
class Save:
    """A resumable match: its record, and when it was saved."""

    record: MatchRecord
    saved_at: float = 0.0  # wall-clock seconds, for "saved 5 min ago"
    converted: bool = field(default=False, compare=False)  # read from an older save version

    @property
    def game(self) -> str:
        """The game's name."""
        return self.record.game

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"version": VERSION, "record": self.record.to_json(), "saved_at": self.saved_at}


class BadSave(ValueError):
    """A save file that is not a readable Market Hall save of this version: `reason` in English for
    the log, `key` and `params` the same in the player's words (`words()`, the screen key "file.KEY")."""

    def __init__(self, reason: str, key: str = "", **params: Any) -> None:
        super().__init__(reason)
        self.reason, self.key, self.params = reason, key, params

    def words(self) -> str:
        """The reason in the player's language."""
        return worded(self.reason, self.key, self.params)


def folder() -> Path:
    """Where paused matches are kept."""
    path = paths.data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def slot(game: str) -> Path:
    """The file of one game's paused match."""
    return folder() / f"{game}.json"


def write(save: Save, *, stamp: bool = True) -> bool:
    """Write atomically so a crash mid-write never corrupts the save; False when it failed."""
    if stamp:
        save.saved_at = time.time()
    return write_json(slot(save.game), save.to_json())


def clear(game: str) -> None:
    """The match ended: nothing to continue."""
    path = slot(game)
    if path.is_file():
        path.unlink()


def _read(path: Path) -> Any:
    """The JSON of a regular file of sane size (a pipe or a folder must never hang or crash us)."""
    try:
        return read_json(path)
    except BadFile as exc:
        raise BadSave(exc.reason, exc.key, **exc.params) from exc


def parse(raw: Any, game: str | None = None) -> Save:
    """A Save from its JSON form (an older version converted); raises BadSave for anything else."""
    if not isinstance(raw, dict) or raw.get("version") not in (1, 2, VERSION):
        raise BadSave("not a Market Hall save of this version", "not_a_save")
    saved_at = raw.get("saved_at", 0.0)
    if not isinstance(saved_at, (int, float)) or isinstance(saved_at, bool) or saved_at != saved_at:
        raise BadSave("its version stamp is damaged", "stamp")
    try:
        record = MatchRecord.from_json(raw.get("record")) if raw["version"] == VERSION else _old_record(raw)
    except MalformedData as exc:
        raise BadSave(f"its match record is damaged ({exc})", "record", why=exc) from None
    if game is not None and record.game != game:
        raise BadSave("names another game", "other_game")
    if not 0 <= record.seed < 2**63:
        raise BadSave("its seed is not a whole number", "seed")
    return Save(record, float(saved_at), converted=raw["version"] != VERSION)


def _old_record(raw: dict[str, Any]) -> MatchRecord:
    """Versions 1 and 2: seed, config, rules_version and a log of [now, seat, action_json]."""
    name, seed, log_, version = raw.get("game"), raw.get("seed"), raw.get("log"), raw.get("rules_version", 1)
    if not isinstance(name, str):
        raise BadSave("names another game", "other_game")
    if type(seed) is not int:
        raise BadSave("its seed is not a whole number", "seed")
    if type(version) is not int:
        raise BadSave("its version stamp is damaged", "stamp")
    if not isinstance(log_, list) or not all(isinstance(e, list) and len(e) == 3 for e in log_):
        raise MalformedData("its log is not a list of [now, seat, action]")
    entries = tuple(Entry.from_json([float(e[0]) if type(e[0]) is int else e[0], *e[1:]]) for e in log_)
    return MatchRecord(name, version, seed, config_from_json(raw.get("config")), entries)


def load(game: str) -> tuple[Save | None, str | None]:
    """The game's paused match, or None and a message for the player (a bad file is set aside)."""
    _adopt_legacy()
    path = slot(game)
    if not os.path.lexists(path):
        return None, None
    try:
        save = parse(_read(path), game)
    except BadSave as exc:
        return None, set_aside_save(game, f"could not be read ({exc})", tr("file.unreadable", why=exc.words()))
    if save.converted and write(save, stamp=False):  # read once in the old form, kept as a record
        log.info("save %s converted to a match record", path)
    return save, None


def paused() -> tuple[list[Save], list[str]]:
    """Every game's paused match that reads cleanly, and a message per file that had to be set aside."""
    _adopt_legacy()
    found, problems = [], []
    for path in sorted(folder().glob("*.json")):
        if path.stem not in GAME_MODULES:
            unknown = "names a game this version does not have"
            problems.append(set_aside_save(path.stem, unknown, tr("file.unknown_game")))
            continue
        save, problem = load(path.stem)
        if save is not None:
            found.append(save)
        if problem:
            problems.append(problem)
    return found, problems


def set_aside_save(game: str, why: str, words: str) -> str:
    """Move a game's save out of the way and say so in words for the player (`why` in English for
    the log, `words` the same in the player's language)."""
    path = slot(game)
    try:
        moved = set_aside(path) if os.path.lexists(path) else path
    except OSError as exc:  # read-only media: say so, and the title simply skips it
        log.warning("save %s %s and could not be moved: %s", path, why, exc)
        return tr("toast.save_stuck", why=words, error=exc.strerror)
    log.warning("save %s %s; moved to %s", path, why, moved)
    return tr("toast.save_aside", why=words, file=moved.name)


def _adopt_legacy() -> None:
    """Version 1 kept one shared slot: move a readable one into its game's slot."""
    old = folder() / LEGACY
    if not os.path.lexists(old):
        return
    try:
        save = parse(_read(old))
    except BadSave as exc:
        log.warning("old save %s unreadable (%s); moved to %s", old, exc, set_aside(old))
        return
    if save.game not in GAME_MODULES or os.path.lexists(slot(save.game)):
        set_aside(old)
    else:
        old.replace(slot(save.game))


def age(save: Save, now: float | None = None) -> tuple[str, int]:
    """How long ago the save was made, as ("earlier" | "now" | "minutes" | "hours" | "days", how many)."""
    seconds = max(0.0, (time.time() if now is None else now) - save.saved_at)
    if save.saved_at <= 0:
        return "earlier", 0
    if seconds < 60:
        return "now", 0
    if seconds < 3600:
        return "minutes", int(seconds // 60)
    if seconds < 86400:
        return "hours", int(seconds // 3600)
    return "days", int(seconds // 86400)

