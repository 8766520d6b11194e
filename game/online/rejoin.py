"""The online seats this app holds, kept on disk so that a closed or crashed app gets back in.

A device may sit in many rooms: a live one it left (or lost in a crash) and any number of
correspondence rooms (game/relay/correspondence.py). `online-seats.json` keeps one row per room:
the server, the room code, the seat token the server gave us, the game, and for a correspondence
room its days per move and how many of our own seat's events we have seen (the recap on opening
starts there). The title offers "Back to room ABC123" for the newest live seat while it is young
enough, lists every correspondence room, and an invite link or code for a room we sit in resumes
the seat instead of spending a fresh ticket. Leaving a room for good, or the server no longer
knowing the room or the token, forgets it. A host also keeps the port of the server its app ran:
after a restart the same address serves the same rooms again (they persist in `hosted_rooms()`).
The file written before a device kept many seats (`online-seat.json`, one seat) is read once and
converted. Only this device's own seats are kept: tokens, never anyone's cards.
"""

from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from game.relay.protocol import DAYS_PER_MOVE, STATUS_ROOMS, TOKEN, is_code
from game.services import paths
from game.services.files import BadFile, NoFile, read_json, set_aside, write_json

log = logging.getLogger(__name__)
FILE = "online-seats.json"
OLD_FILE = "online-seat.json"  # one seat, before a device kept many: converted once
VERSION = 1
MAX_AGE = 6 * 3600.0  # a server deletes a live room nobody touched for this long (ServerConfig.idle_seconds)


@dataclass(frozen=True)
class HeldSeat:
    """A seat in an online room that this app can take up again."""

    server: str  # the websocket URL
    room: str
    token: str
    game: str
    hosted_port: int | None = None  # the port of this app's own server, when this app hosts the room
    saved_at: float = 0.0
    days: int | None = None  # days per move: a correspondence room (None: live)
    seen: int = 0  # our own seat's events seen here (a correspondence room's recap starts after them)


def _path(name: str = FILE) -> Path:
    return paths.data_dir() / name


def hosted_rooms() -> Path:
    """Where a host's in-app server keeps its rooms, so a restarted app serves them again."""
    folder = paths.data_dir() / "hosted-rooms"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def held(now: float | None = None) -> list[HeldSeat]:
    """Every seat kept: correspondence rooms, and live ones young enough for their room to exist
    (older live seats are dropped from the file)."""
    seats = _read()
    wall = time.time() if now is None else now
    young = [s for s in seats if s.days is not None or wall - s.saved_at <= MAX_AGE]
    if len(young) != len(seats):
        _write(young)
    return young


def recall(now: float | None = None) -> HeldSeat | None:
    """The newest live seat (the title's "Back to room"), if any."""
    live = [s for s in held(now) if s.days is None]
    return max(live, key=lambda s: s.saved_at) if live else None


def correspondence() -> list[HeldSeat]:
    """The correspondence rooms this device sits in."""
    return [s for s in held() if s.days is not None]


def find(room: str) -> HeldSeat | None:
    """The kept seat in `room`, if any."""
    return next((s for s in held() if s.room == room), None)


def remember(seat: HeldSeat) -> None:
    """Keep this seat (replacing any kept for the same room; a room's `seen` count is kept)."""
    seats = _read()
    old = next((s for s in seats if s.room == seat.room), None)
    seat = replace(seat, saved_at=time.time(), seen=max(seat.seen, old.seen if old else 0))
    if not _write([seat, *[s for s in seats if s.room != seat.room]][:STATUS_ROOMS]):
        log.warning("could not keep the online seat: a restart will not find room %s", seat.room)


def saw(room: str, events: int) -> None:
    """We have seen `events` of our own seat's events in `room` (the next recap starts there)."""
    seats = _read()
    if any(s.room == room and s.seen != events for s in seats):
        _write([replace(s, seen=events) if s.room == room else s for s in seats])


def forget(room: str | None = None) -> None:
    """Drop the kept seat for `room` (every seat when none is named)."""
    seats = _read()
    kept = [s for s in seats if room is not None and s.room != room]
    if len(kept) != len(seats):
        _write(kept)


def _write(seats: list[HeldSeat]) -> bool:
    if not seats:
        _path().unlink(missing_ok=True)
        return True
    return write_json(_path(), {"version": VERSION, "seats": [asdict(s) for s in seats]})


def _read() -> list[HeldSeat]:
    """The kept seats (the old one-seat file converted first; a damaged file set aside)."""
    _convert()
    try:
        raw = read_json(_path(), max_bytes=64 * 1024)
    except NoFile:
        return []
    except BadFile as exc:
        _set_aside(_path(), exc.reason)
        return []
    rows = raw.get("seats") if isinstance(raw, dict) and raw.get("version") == VERSION else None
    seats = [_parse(r) for r in rows] if isinstance(rows, list) else [None]
    if any(s is None for s in seats):
        _set_aside(_path(), "is not a list of online seats")
        return []
    return [s for s in seats if s is not None]


def _convert() -> None:
    """The one-seat file of older versions becomes the first row of the list, once."""
    old = _path(OLD_FILE)
    if not old.exists():
        return
    try:
        seat = _parse(read_json(old, max_bytes=4096))
    except BadFile as exc:
        _set_aside(old, exc.reason)
        return
    if seat is None:
        _set_aside(old, "is not an online seat")
        return
    try:
        raw = read_json(_path(), max_bytes=64 * 1024)
    except BadFile:  # none yet (or damaged: _read sets it aside next)
        raw = None
    rows = raw.get("seats", []) if isinstance(raw, dict) else []
    if isinstance(rows, list) and write_json(_path(), {"version": VERSION, "seats": [asdict(seat), *rows]}):
        old.unlink(missing_ok=True)


def _parse(raw: object) -> HeldSeat | None:
    if not isinstance(raw, dict):
        return None
    server, room, token, game = (raw.get(k) for k in ("server", "room", "token", "game"))
    port, saved, days, seen = raw.get("hosted_port"), raw.get("saved_at"), raw.get("days"), raw.get("seen", 0)
    if not (isinstance(server, str) and server.startswith(("ws://", "wss://")) and len(server) < 300):
        return None
    if not (isinstance(room, str) and is_code(room) and isinstance(token, str) and TOKEN(token)
            and isinstance(game, str) and len(game) < 40):
        return None
    if not (port is None or (type(port) is int and 0 < port < 65536)):
        return None
    if not (isinstance(saved, (int, float)) and not isinstance(saved, bool)):
        return None
    if not ((days is None or (type(days) is int and days in DAYS_PER_MOVE)) and type(seen) is int and seen >= 0):
        return None
    return HeldSeat(server, room, token, game, port, float(saved), days, seen)


def _set_aside(path: Path, why: str) -> None:
    try:
        moved = set_aside(path)
    except OSError as exc:
        log.warning("the online seat file %s and could not be moved aside: %s", why, exc)
        return
    log.warning("the online seat file %s; moved to %s", why, moved.name)
