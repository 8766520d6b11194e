"""The client's network thread: it owns the websocket, the frame loop only touches two queues.

`NetClient.send` puts a message in the outbox and returns at once; `NetClient.inbox` holds what
the server said plus link notices ({"type": "link", "state": "lost" | "reconnecting" | "online" |
"closed"}). The reader thread connects (never the frame loop: `connect()` blocks for DNS, TCP and
the handshake), says hello, and on a lost link reconnects with the seat token and a growing
backoff. A link that never came up is not retried: `failure` says which address and why, and the
player (or the script) decides whether to try `again()`. A writer thread sends the outbox;
websockets allows one thread in `recv` while another sends. Keepalive pings notice a dead link.
No pygame here.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import socket
import threading
from typing import Any
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus, InvalidURI
from websockets.sync.client import ClientConnection, connect

from game.relay.protocol import MAX_SERVER_MESSAGE, ProtocolError, decode_server, encode, new_secret, room_url

log = logging.getLogger(__name__)
BACKOFF = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
FINAL_CLOSE_CODES = {4000, 1008}  # replaced by a newer connection; refused for policy
_WAKE = "\x00wake"  # put in the outbox by close(): the writer thread looks at its stop flag at once


class NetClient:
    """One connection to one room, kept alive across drops."""

    def __init__(self, url: str, hello: dict[str, Any], *, ping_interval: float = 8.0, ping_timeout: float = 8.0,
                 close_timeout: float = 3.0, open_timeout: float = 10.0, give_up_after: float = 120.0) -> None:
        self.url, self.hello = url, dict(hello)
        self.timeouts = (ping_interval, ping_timeout, close_timeout, open_timeout)
        self.give_up_after = give_up_after
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.outbox: queue.Queue[str] = queue.Queue()
        self.room: str | None = hello.get("room")
        # The seat token comes from the server (in "joined"). A join carries a key of our own: if
        # its answer is lost with the link, the same join goes again and gets the same seat back.
        self.token: str | None = hello.get("token") if hello["type"] == "resume" else None
        if hello["type"] == "join":
            self.hello.setdefault("key", new_secret())
        self.joined = False
        # (match number, events) the table holds, set by it as updates arrive: a resume says so and
        # the relay sends only the rest (one tuple, so the network thread reads it whole)
        self.holding: tuple[int, int] | None = None
        self.ever_online = False  # "reconnecting" is only for a link that was up once
        self.failed: str | None = None  # why the last connection attempt failed, in a player's words
        self.messages_in = self.bytes_in = self.messages_out = self.bytes_out = 0
        self._conn: ClientConnection | None = None
        self._online = threading.Event()
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read_loop, name="net-reader", daemon=True)
        self._writer = threading.Thread(target=self._write_loop, name="net-writer", daemon=True)

    def start(self) -> NetClient:
        """Start the network threads (returns at once)."""
        self._reader.start()
        self._writer.start()
        return self

    def again(self) -> NetClient:
        """A fresh, unstarted client for the same address and hello (a Retry after `failure`)."""
        ping_interval, ping_timeout, close_timeout, open_timeout = self.timeouts
        return NetClient(self.url, self.hello, ping_interval=ping_interval, ping_timeout=ping_timeout,
                         close_timeout=close_timeout, open_timeout=open_timeout, give_up_after=self.give_up_after)

    @property
    def where(self) -> str:
        """HOST:PORT of the relay this client talks to."""
        return urlsplit(self.url).netloc or self.url

    @property
    def failure(self) -> str | None:
        """`could not reach the relay at HOST:PORT (why)` after a failed attempt, else None."""
        return None if self.failed is None else f"could not reach the relay at {self.where} ({self.failed})"

    @property
    def unreachable(self) -> bool:
        """True when the link never came up and this client stopped trying (`failure` says why)."""
        return self.failed is not None and not self.ever_online

    def send(self, kind: str, **fields: Any) -> None:
        """Queue a message (sent when the link is up, in order)."""
        self.outbox.put(encode(kind, **fields))

    def send_raw(self, text: str) -> None:
        """Queue text as it is (tests send hostile messages this way)."""
        self.outbox.put(text)

    @property
    def online(self) -> bool:
        """True while the link is up and the hello has been sent."""
        return self._online.is_set()

    def close(self, timeout: float = 5.0) -> None:
        """Stop the threads and close the link."""
        self._stop.set()
        self.outbox.put(_WAKE)  # the writer stops now, not at its next look
        conn = self._conn
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()
        for thread in (self._reader, self._writer):
            if thread.is_alive() and thread is not threading.current_thread():
                thread.join(timeout)

    # the reader thread ------------------------------------------------------------------------
    def _link(self, state: str, **extra: Any) -> None:
        self.inbox.put({"type": "link", "state": state, **extra})

    def _read_loop(self) -> None:
        attempt, lost_for = 0, 0.0
        while not self._stop.is_set():
            final = self._session()
            if final or self._stop.is_set() or not self.ever_online:
                break
            if lost_for >= self.give_up_after:
                self._link("closed", reason="could not reconnect")
                break
            delay = BACKOFF[min(attempt, len(BACKOFF) - 1)]
            self._link("reconnecting", delay=delay)
            attempt += 1
            lost_for += delay
            if self._stop.wait(delay):
                break
            if self._online.is_set():
                attempt, lost_for = 0, 0.0
        self._online.clear()

    def _hello_text(self) -> str:
        if self.joined and self.token is not None and self.room is not None:
            held = self.holding
            have = {} if held is None else {"match": held[0], "have": held[1]}
            return encode("resume", room=self.room, token=self.token, **have)
        return encode(self.hello["type"], **{k: v for k, v in self.hello.items() if k != "type"})

    def _session(self) -> bool:
        """One connection's life; True when the link must not be retried."""
        try:
            ping_interval, ping_timeout, close_timeout, open_timeout = self.timeouts
            conn = open_link(self.url, self.room, max_size=MAX_SERVER_MESSAGE, compression=None, proxy=None,
                             ping_interval=ping_interval, ping_timeout=ping_timeout,
                             close_timeout=close_timeout, open_timeout=open_timeout)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            self.failed = why(exc, open_timeout)
            log.info("%s", self.failure)
            return isinstance(exc, InvalidURI)
        self._conn = conn
        self.ever_online, self.failed = True, None
        try:
            with conn:  # a context manager in every websockets release the range allows
                conn.send(self._hello_text())
                self._online.set()
                self._link("online")
                for raw in conn:
                    self._receive(raw)
        except ConnectionClosed:
            pass
        finally:
            self._online.clear()
            self._conn = None
        code = conn.close_code
        if self._stop.is_set():
            return True
        self._link("lost", code=code)
        return code in FINAL_CLOSE_CODES or code == 1000

    def _receive(self, raw: str | bytes) -> None:
        self.messages_in += 1
        self.bytes_in += len(raw)
        try:
            msg = decode_server(raw)
        except (ProtocolError, ValueError):
            log.warning("ignored a message that is not from a Market Hall server")
            return
        if msg["type"] == "joined":
            self.room = msg.get("room", self.room)
            self.token = msg.get("token", self.token)
            self.joined = True
        self.inbox.put(msg)

    # the writer thread ------------------------------------------------------------------------
    def _write_loop(self) -> None:
        held: str | None = None
        while not self._stop.is_set():
            if held is None:
                try:
                    held = self.outbox.get(timeout=0.25)
                except queue.Empty:
                    continue
                if held is _WAKE:
                    held = None
                    continue
            if not self._online.wait(0.25):
                continue  # keep the message until the link is back (the hello goes first)
            conn = self._conn
            try:
                if conn is None:
                    continue
                conn.send(held)
                self.messages_out += 1
                self.bytes_out += len(held)
                held = None
            except ConnectionClosed:
                continue


def open_link(url: str, room: str | None, **options: Any) -> ClientConnection:
    """A websocket for `room` at its own address `url/ROOM` (a fleet's proxy routes by the code), or
    at `url` for a new room. A relay from before room addresses answers those 404: then `url`."""
    conn: ClientConnection
    try:
        conn = connect(url if room is None else room_url(url, room), **options)
    except InvalidStatus as exc:
        if room is None or exc.response.status_code != 404:
            raise
        conn = connect(url, **options)
    return conn


def why(exc: BaseException, open_timeout: float) -> str:
    """A connection attempt's failure in a few words a player can act on."""
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused: no relay is running there"
    if isinstance(exc, socket.gaierror):
        return "no such host name"
    if isinstance(exc, TimeoutError):
        return f"no answer within {open_timeout:g} s"
    if isinstance(exc, InvalidStatus):
        return f"it answered HTTP {exc.response.status_code}: not a Market Hall relay"
    if isinstance(exc, InvalidHandshake):
        return "it answered, but not as a Market Hall relay"
    if isinstance(exc, InvalidURI):
        return "that is not a relay address"
    return (exc.strerror if isinstance(exc, OSError) else None) or type(exc).__name__
