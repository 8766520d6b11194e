"""The online seat this app holds, kept on disk so that a closed or crashed app gets back in.

When the server seats us it confirms the seat token our network thread chose; this file keeps
the server, the room code, that token and the game. The title offers "Back to room ABC123" while
it is there, and an invite link or code for the same room resumes the seat instead of spending a
fresh ticket. Leaving the room for good, or the server no longer knowing the room or the token,
forgets it. A host also keeps the port of the server its app ran: after a restart the same
address serves the same rooms again (they persist in `hosted_rooms()`), so the guests' automatic
reconnects find it. Only this device's own seat is kept: its token, never anyone's cards.
"""

from __future__ import annotations

import logging
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from game.relay.protocol import TOKEN, is_code
from game.services import paths
from game.services.files import BadFile, NoFile, read_json, set_aside, write_json

log = logging.getLogger(__name__)
FILE = "online-seat.json"
MAX_AGE = 6 * 3600.0  # a server deletes a room nobody touched for this long (ServerConfig.idle_seconds)


@dataclass(frozen=True)
class HeldSeat:
    """A seat in an online room that this app can take up again."""

    server: str  # the websocket URL
    room: str
    token: str
    game: str
    hosted_port: int | None = None  # the port of this app's own server, when this app hosts the room
    saved_at: float = 0.0


def _path() -> Path:
    return paths.data_dir() / FILE


def hosted_rooms() -> Path:
    """Where a host's in-app server keeps its rooms, so a restarted app serves them again."""
    folder = paths.data_dir() / "hosted-rooms"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def remember(seat: HeldSeat) -> None:
    """Keep this seat (the newest one replaces any older)."""
    seat = HeldSeat(seat.server, seat.room, seat.token, seat.game, seat.hosted_port, time.time())
    if not write_json(_path(), asdict(seat)):
        log.warning("could not keep the online seat: a restart will not find room %s", seat.room)


def forget(room: str | None = None) -> None:
    """Drop the kept seat (only if it is for `room`, when one is named)."""
    held = recall()
    if held is not None and (room is None or held.room == room):
        _path().unlink(missing_ok=True)


def recall(now: float | None = None) -> HeldSeat | None:
    """The kept seat, if it is whole and young enough for its room to still exist."""
    try:
        raw = read_json(_path(), max_bytes=4096)
    except NoFile:
        return None
    except BadFile as exc:
        _set_aside(exc.reason)
        return None
    seat = _parse(raw)
    if seat is None:
        _set_aside("is not an online seat")
        return None
    if (now if now is not None else time.time()) - seat.saved_at > MAX_AGE:
        _path().unlink(missing_ok=True)
        return None
    return seat


def _parse(raw: object) -> HeldSeat | None:
    if not isinstance(raw, dict):
        return None
    server, room, token, game = (raw.get(k) for k in ("server", "room", "token", "game"))
    port, saved = raw.get("hosted_port"), raw.get("saved_at")
    if not (isinstance(server, str) and server.startswith(("ws://", "wss://")) and len(server) < 300):
        return None
    if not (isinstance(room, str) and is_code(room) and isinstance(token, str) and TOKEN(token)
            and isinstance(game, str) and len(game) < 40):
        return None
    if not (port is None or (type(port) is int and 0 < port < 65536)):
        return None
    if not (isinstance(saved, (int, float)) and not isinstance(saved, bool)):
        return None
    return HeldSeat(server, room, token, game, port, float(saved))


def _set_aside(why: str) -> None:
    try:
        moved = set_aside(_path())
    except OSError as exc:
        log.warning("the online seat file %s and could not be moved aside: %s", why, exc)
        return
    log.warning("the online seat file %s; moved to %s", why, moved.name)
