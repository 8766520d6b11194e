"""How the correspondence rooms this device sits in stand, asked of each relay in one message.

The title asks once when it opens: one short connection per relay (per node of a fleet), one
`status` message naming every room and seat token held there, one answer (whose move, seconds left
on each move clock, the outcome once over), then the relay closes the link. It runs on a thread, never the frame loop; a
relay that cannot be reached leaves its rooms marked as such. A room the relay no longer knows is
forgotten by the caller.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.online.client import open_link, why
from game.online.rejoin import HeldSeat
from game.relay.protocol import MAX_SERVER_MESSAGE, ProtocolError, decode_server, encode
from game.text import refusal_of, say

TIMEOUT = 10.0
NOT_ANSWERED = "its server did not answer for this room"  # a fleet node that does not keep it


def ask(server: str, seats: Sequence[HeldSeat], timeout: float = TIMEOUT) -> list[dict[str, Any]]:
    """The relay's rows for `seats` (all on `server`); OSError-like failures raise ConnectionError.

    The message goes to the first room's address: in a fleet the proxy sends it to that room's node,
    which answers for its own rooms and says `elsewhere` for the rest; those are asked again at the
    first of their addresses, so it takes one connection per node. A room its own node will not
    answer for is left out (the caller says it could not be asked)."""
    rows: list[dict[str, Any]] = []
    pending = list(seats)
    while pending:
        answer = _ask_once(server, pending, timeout)
        rows += [r for r in answer if not r.get("elsewhere")]
        elsewhere = {r["room"] for r in answer if r.get("elsewhere")}
        if pending[0].room in elsewhere:
            break
        pending = [s for s in pending if s.room in elsewhere]
    return rows


def _ask_once(server: str, seats: Sequence[HeldSeat], timeout: float) -> list[dict[str, Any]]:
    try:
        with open_link(server, seats[0].room, max_size=MAX_SERVER_MESSAGE, compression=None, proxy=None,
                       open_timeout=timeout, close_timeout=1.0) as conn:
            conn.send(encode("status", rooms=[[s.room, s.token] for s in seats]))
            msg = decode_server(conn.recv(timeout=timeout))
    except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ConnectionClosed, ProtocolError, ValueError) as exc:
        raise ConnectionError(why(exc, timeout)) from exc
    if msg["type"] != "status" or not isinstance(msg.get("rooms"), list):
        raise ConnectionError(say(refusal_of(msg)) if "code" in msg else "the relay did not answer with a status")
    return [r for r in msg["rooms"] if isinstance(r, dict) and isinstance(r.get("room"), str)]


class StatusFetch:
    """Every held correspondence room's row, filled in by a thread per relay (`rows`, `failed`)."""

    def __init__(self, seats: Sequence[HeldSeat]) -> None:
        self.rows: dict[str, dict[str, Any]] = {}  # room code -> the relay's row
        self.failed: dict[str, str] = {}  # room code -> why its relay could not be asked
        self.changed = threading.Event()  # set whenever rows or failures arrive
        servers: dict[str, list[HeldSeat]] = {}
        for seat in seats:
            servers.setdefault(seat.server, []).append(seat)
        self._threads = [threading.Thread(target=self._ask, args=(server, held), daemon=True, name="status")
                         for server, held in servers.items()]
        for thread in self._threads:
            thread.start()

    def _ask(self, server: str, seats: list[HeldSeat]) -> None:
        try:
            rows = ask(server, seats)
        except ConnectionError as exc:
            self.failed.update({s.room: str(exc) for s in seats})
        else:
            self.rows.update({r["room"]: r for r in rows})
            self.failed.update({s.room: NOT_ANSWERED for s in seats if s.room not in self.rows})
        self.changed.set()

    @property
    def done(self) -> bool:
        """True once every relay has answered or failed."""
        return not any(t.is_alive() for t in self._threads)
