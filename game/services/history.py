"""Match history: every finished match played on this device, kept as its record (rules/record.py).

One file per match in the data folder's `history/` (not one JSON-lines file): each is written once,
atomically, like a save (game/services/files.py), so a crash mid-write or a damaged file costs at
most that one match, and a damaged file is set aside as `NAME.corrupt-N` exactly as saves are.
Each file holds the record, when it ended, whose eyes its replay shows (the first seat played
here) and which seats people played here (their names count in the totals).

Online matches are kept too: when a match ends the relay sends each seat the finished record (the
seed is safe to tell then), and the client's `RemoteTable` keeps it once (`keep_online`), with its
own seat as the one played here (see docs/history.md).
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
from rules.record import MatchRecord

log = logging.getLogger(__name__)
VERSION = 1


@dataclass(frozen=True)
class Kept:
    """One finished match in the history."""

    record: MatchRecord
    ended_at: float  # wall-clock seconds (only for listing: the rules never see it)
    viewer: int | None  # the seat whose eyes the replay shows (the first person here; None: nobody)
    people: tuple[int, ...]  # the seats people played here (their names count in the totals)
    path: Path | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name, in seat order."""
        return tuple(s.name for s in self.record.config.seats)

    def to_json(self) -> dict[str, Any]:
        """The file's JSON."""
        return {"version": VERSION, "ended_at": self.ended_at, "viewer": self.viewer, "people": list(self.people),
                "record": self.record.to_json()}


@dataclass
class NameTotals:
    """What one name did on this device."""

    matches: int = 0
    wins: int = 0
    best: dict[str, float] = field(default_factory=dict)  # game → best score


def folder() -> Path:
    """Where finished matches are kept."""
    path = paths.data_dir() / "history"
    path.mkdir(parents=True, exist_ok=True)
    return path


def keep(record: MatchRecord, people: tuple[int, ...], now: float | None = None) -> bool:
    """Add a finished match; False (logged) when it could not be written. `people`: the seats played here."""
    if record.outcome is None:
        return False
    ended = time.time() if now is None else now
    viewer = people[0] if people else None  # pass-and-play: its replay shows the first person's eyes
    stem = f"{int(ended * 1000):015d}-{record.game}"
    path, n = folder() / f"{stem}.json", 1
    while os.path.lexists(path):
        n += 1
        path = folder() / f"{stem}-{n}.json"
    return write_json(path, Kept(record, ended, viewer, people).to_json())


def keep_online(record: MatchRecord, seat: int, now: float | None = None) -> bool:
    """Keep an online match's finished record once (the final update may come again after a
    reconnect or when the room is opened later): False when it is already kept or not written."""
    same = record.to_json()
    if any(k.viewer == seat and k.record.to_json() == same for k in matches()[0]):
        return False
    return keep(record, (seat,), now)


class DamagedMatch(MalformedData):
    """A kept match's file that is not one: `reason` in English for the log, `key` and `params` the
    same in the player's words (`words()`, the screen key "file.KEY")."""

    def __init__(self, reason: str, key: str, **params: Any) -> None:
        super().__init__(reason)
        self.reason, self.key, self.params = reason, key, params

    def words(self) -> str:
        """The reason in the player's language."""
        return worded(self.reason, self.key, self.params)


def parse(raw: Any) -> Kept:
    """A kept match from its file's JSON; MalformedData for anything else."""
    if not isinstance(raw, dict) or raw.get("version") != VERSION:
        raise DamagedMatch("not a Market Hall history file of this version", "not_history")
    ended, viewer, people = raw.get("ended_at"), raw.get("viewer"), raw.get("people")
    if not isinstance(ended, (int, float)) or not (viewer is None or type(viewer) is int):
        raise DamagedMatch("its date or seat is damaged", "date_or_seat")
    if not isinstance(people, list) or not all(type(p) is int for p in people):
        raise DamagedMatch("its seats are damaged", "seats")
    record = MatchRecord.from_json(raw.get("record"))
    seats = len(record.config.seats)
    if record.outcome is None or any(not 0 <= s < seats for s in (*people, *([viewer] if viewer is not None else []))):
        raise DamagedMatch("it is not a finished match", "unfinished")
    return Kept(record, float(ended), viewer, tuple(people))


def matches() -> tuple[list[Kept], list[str]]:
    """Every kept match, newest first, and a line per damaged file (each set aside; nothing else is lost)."""
    found, problems = [], []
    for path in sorted(folder().glob("*.json")):
        try:
            kept = parse(read_json(path))
        except (BadFile, MalformedData) as exc:
            problems.append(_set_aside(path, getattr(exc, "reason", None) or str(exc), _words(exc)))
            continue
        found.append(Kept(kept.record, kept.ended_at, kept.viewer, kept.people, path))
    found.sort(key=lambda k: k.ended_at, reverse=True)
    return found, problems


def _words(exc: Exception) -> str:
    """Why a kept match cannot be read, in the player's words (the rules' own reason as it is)."""
    if isinstance(exc, (BadFile, DamagedMatch)):
        return exc.words()
    return tr("file.record", why=exc)


def _set_aside(path: Path, why: str, words: str) -> str:
    try:
        moved = set_aside(path)
    except OSError as exc:
        log.warning("history file %s could not be read (%s) nor moved: %s", path, why, exc)
        return tr("toast.history_stuck", why=words, error=exc.strerror)
    log.warning("history file %s could not be read (%s); moved to %s", path, why, moved)
    return tr("toast.history_aside", why=words, file=moved.name)


def totals(kept: list[Kept]) -> dict[str, NameTotals]:
    """Per name played on this device: matches, wins and the best score in each game."""
    out: dict[str, NameTotals] = {}
    for match in kept:
        outcome = match.record.outcome
        assert outcome is not None  # parse keeps finished matches only
        for seat in match.people:
            mine = out.setdefault(match.names[seat], NameTotals())
            mine.matches += 1
            mine.wins += seat in outcome.winners
            score = outcome.scores[seat] if seat < len(outcome.scores) else 0.0
            mine.best[match.record.game] = max(score, mine.best.get(match.record.game, score))
    return out


def result_line(match: Kept) -> str:
    """Who won, in words for a list row."""
    outcome = match.record.outcome
    assert outcome is not None
    winners = " & ".join(match.names[s] for s in outcome.winners)
    scores = "–".join(f"{s:g}" if s == int(s) or s < 100 else f"{s:.0f}" for s in outcome.scores)
    return tr("history.result", names=winners, scores=scores) if winners else tr("history.result_nobody", scores=scores)
