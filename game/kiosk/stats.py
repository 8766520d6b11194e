"""Numbers for the organiser: one JSON line per visitor session, today's totals, the daily leaderboard.

Sessions go to `kiosk-sessions.jsonl` in the data folder (append-only: a crash loses at most the
session in progress, and any tool can read it). The leaderboard is one small JSON file per day
(`kiosk-leaderboard-YYYY-MM-DD.json`), so "today" needs no clean-up at midnight.
"""

from __future__ import annotations

import json
import logging
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.services import paths

log = logging.getLogger(__name__)

SESSIONS = "kiosk-sessions.jsonl"
TOP = 5  # leaderboard places per game
MAX_LINE = 4096


@dataclass(frozen=True)
class Session:
    """One visitor's match on the kiosk."""

    date: str
    hour: int
    game: str
    people: int
    bots: int
    duration: float  # seconds
    result: str  # "finished" or "abandoned"
    winning_score: float | None


@dataclass(frozen=True)
class Today:
    """What the operator menu shows."""

    sessions: int = 0
    finished: int = 0
    abandoned: int = 0
    people: int = 0
    busiest_hour: int | None = None
    average_minutes: float = 0.0
    per_game: tuple[tuple[str, int], ...] = ()
    best: tuple[tuple[str, float], ...] = ()  # best winning score per game


class Stats:
    """Writes session lines and reads today's figures; `wall` gives the time of day."""

    def __init__(self, wall: Callable[[], float] = time.time) -> None:
        self.wall = wall

    def path(self) -> Path:
        """The session log."""
        return paths.data_dir() / SESSIONS

    def today(self) -> str:
        """Today's date as YYYY-MM-DD (local time)."""
        return time.strftime("%Y-%m-%d", time.localtime(self.wall()))

    def record(self, game: str, people: int, bots: int, duration: float, finished: bool,
               winning_score: float | None) -> Session:
        """Append one session line (a full disk is logged, never raised)."""
        started = time.localtime(self.wall() - duration)
        session = Session(time.strftime("%Y-%m-%d", started), started.tm_hour, game, people, bots,
                          round(duration, 1), "finished" if finished else "abandoned", winning_score)
        try:
            with self.path().open("a", encoding="utf-8") as f:
                f.write(json.dumps(asdict(session)) + "\n")
        except OSError as exc:
            log.warning("could not write the session line: %s", exc)
        return session

    def sessions(self, date: str | None = None) -> list[Session]:
        """Sessions of one day (today by default); damaged lines are skipped."""
        date = date or self.today()
        out = []
        try:
            with self.path().open(encoding="utf-8") as f:
                for line in f:
                    session = _parse(line)
                    if session is not None and session.date == date:
                        out.append(session)
        except OSError:
            return []
        return out

    def summary(self) -> Today:
        """Today's totals, the busiest hour and the average play time."""
        rows = self.sessions()
        if not rows:
            return Today()
        hours = Counter(r.hour for r in rows)
        best: dict[str, float] = {}
        for r in rows:
            if r.winning_score is not None:
                best[r.game] = max(best.get(r.game, r.winning_score), r.winning_score)
        return Today(len(rows), sum(r.result == "finished" for r in rows),
                     sum(r.result == "abandoned" for r in rows), sum(r.people for r in rows),
                     hours.most_common(1)[0][0], sum(r.duration for r in rows) / len(rows) / 60,
                     tuple(sorted(Counter(r.game for r in rows).items())), tuple(sorted(best.items())))


def _parse(line: str) -> Session | None:
    if len(line) > MAX_LINE:
        return None
    try:
        raw = json.loads(line)
        return Session(str(raw["date"]), int(raw["hour"]), str(raw["game"]), int(raw["people"]),
                       int(raw["bots"]), float(raw["duration"]), str(raw["result"]),
                       None if raw["winning_score"] is None else float(raw["winning_score"]))
    except (ValueError, KeyError, TypeError):
        return None


class Leaderboard:
    """Today's best scores per game with three-letter initials."""

    def __init__(self, stats: Stats) -> None:
        self.stats = stats

    def path(self) -> Path:
        """Today's file."""
        return paths.data_dir() / f"kiosk-leaderboard-{self.stats.today()}.json"

    def table(self) -> dict[str, list[tuple[str, float]]]:
        """game → [(initials, score)], best first."""
        try:
            raw = json.loads(self.path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        out: dict[str, list[tuple[str, float]]] = {}
        if isinstance(raw, dict):
            for game, rows in raw.items():
                out[game] = [(str(i)[:3], float(s)) for i, s in rows if isinstance(s, (int, float))][:TOP]
        return out

    def qualifies(self, game: str, score: float) -> bool:
        """Would this score get a place today?"""
        rows = self.table().get(game, [])
        return len(rows) < TOP or score > rows[-1][1]

    def add(self, game: str, initials: str, score: float) -> None:
        """Enter a score (three letters) and keep the top places."""
        board = self.table()
        rows = sorted(board.get(game, []) + [(clean_initials(initials), score)], key=lambda r: -r[1])
        board[game] = rows[:TOP]
        self._write(board)

    def reset(self) -> None:
        """The operator cleared today's scores."""
        self._write({})

    def _write(self, board: dict[str, Any]) -> None:
        try:
            self.path().write_text(json.dumps({g: [list(r) for r in rows] for g, rows in board.items()}),
                                   encoding="utf-8")
        except OSError as exc:
            log.warning("could not write the leaderboard: %s", exc)


def clean_initials(text: str) -> str:
    """Exactly three capital letters (anything else becomes A)."""
    letters = [c if "A" <= c <= "Z" else "A" for c in text.upper()[:3]]
    return "".join(letters).ljust(3, "A")
