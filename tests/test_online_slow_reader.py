"""Nothing one client can freeze: a seat that stops reading is cut while its room plays on."""

from __future__ import annotations

import socket
import time
from contextlib import ExitStack
from typing import Any
from urllib.parse import urlsplit

from websockets.sync.client import ClientConnection, connect

from game.relay.protocol import encode
from tests.online_helpers import WAIT, ManualClock, Raw, advance, legal, open_room, running_server, ws_url

# The keepalive is not what cuts a silent seat here (with an internet-sized buffer it never did).
# Small buffers on both ends: the guest's socket fills after a few dozen kilobytes.
QUIET = {"ping_interval": 60.0, "ping_timeout": 60.0, "out_burst": 1e9, "sync_burst": 1e9,
         "send_buffer": 4096, "write_limit": 4096}


def _deaf(url: str, stack: ExitStack) -> ClientConnection:
    """A client with a 4 KiB receive buffer that reads one frame at most and then nothing more."""
    parts = urlsplit(url)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((parts.hostname, parts.port))
    conn = stack.enter_context(connect(url, sock=sock, proxy=None, compression=None, open_timeout=WAIT,
                                       max_size=2**22, max_queue=1, ping_interval=None))
    stack.callback(sock.shutdown, socket.SHUT_RDWR)  # a deaf client would wait out a polite close
    return conn


def _swap_meet_with_a_deaf_guest(url: str, stack: ExitStack) -> tuple[Raw, ClientConnection, str, dict[str, Any]]:
    """Host, a guest who never reads after its hello, and a bot; dealt: (host, guest, room, host's first update)."""
    host, joined, invite = open_room(url, "swap-meet", "Ana", seed=3)
    deaf = _deaf(url, stack)
    deaf.send(encode("join", room=joined["room"], name="Ben", ticket=invite["ticket"]))
    deaf.send(encode("ready", ready=True))
    host.send("add_bot", level="easy")
    host.until("lobby", lambda m: len(m["seats"]) == 3 and m["seats"][1]["ready"])
    host.send("start")
    return host, deaf, joined["room"], host.expect("update")


def _answered(host: Raw, seq: int) -> None:
    host.until("update", lambda m: m.get("answer") == seq, timeout=WAIT)


def test_a_guest_that_stops_reading_is_cut_after_the_deadline_while_the_host_plays_on():
    with running_server(clock=ManualClock(), **QUIET) as server, ExitStack() as stack:
        host, _deaf_guest, code, first = _swap_meet_with_a_deaf_guest(ws_url(server), stack)
        task = server.hub.rooms[code]
        offer = next(a for a in first["legal"] if a["type"] == "open_offer")
        seq = _fill(host, task.conns[1].link, offer, 0)  # the guest's socket fills: a write waits
        for more in range(seq + 1, seq + 5):  # the room does not wait on that write
            host.send("act", seq=more, action=offer if more % 2 else {"type": "pull"})
            _answered(host, more)
        outbox = task.conns[1].outbox
        _cut_within_three_deadlines(server, outbox)
        host.until("lobby", lambda m: m["seats"][1]["presence"] != "online")
        assert 1 not in task.conns
        host.send("act", seq=seq + 5, action={"type": "pull"} if seq % 2 else offer)
        _answered(host, seq + 5)


def _looked(server: Any, after: int) -> None:
    """Wait (bounded) until the relay's send watchdog has looked again since `after` looks."""
    deadline = time.monotonic() + WAIT
    while server.hub.send_looks <= after:
        assert time.monotonic() < deadline, "the send watchdog to look again"
        time.sleep(0.005)


def _fill(host: Raw, link: Any, offer: dict[str, Any], seq: int) -> int:
    """The host moves (offer, pull, ...) until the relay's writes to the deaf guest wait: its last seq."""
    for more in range(seq + 1, seq + 300):
        host.send("act", seq=more, action=offer if more % 2 else {"type": "pull"})
        _answered(host, more)
        if link.ws.paused:
            return more
    raise AssertionError("the deaf guest's socket to fill")


def _stalled(host: Raw, link: Any, offer: dict[str, Any], seq: int) -> int:
    """`_fill`, until a write waits and the guest takes no more bytes (its reader thread and the kernel
    take what they will in real time: on a busy CI they once took the last waiting write through
    before the clock moved, and with nothing under way there was nothing to cut). Its last seq."""
    for _ in range(5):
        seq = _fill(host, link, offer, seq)
        _settled(link)
        if link.ws.paused:
            return seq
    raise AssertionError("a write to the deaf guest to stay waiting")


def _settled(link: Any) -> None:
    """Wait (bounded) until the relay's unsent bytes to the guest have not moved for half a second."""
    deadline, last, still = time.monotonic() + WAIT, link.backlog(), 0
    while still < 10:
        assert time.monotonic() < deadline, f"the relay's unsent bytes to settle (now {link.backlog()})"
        time.sleep(0.05)
        now = link.backlog()
        still, last = (still + 1, last) if now == last else (0, now)


def _read_until_the_write_moves(deaf: ClientConnection, link: Any, held: int) -> None:
    """The guest reads a frame at a time until the relay's unsent bytes drop below `held` (bounded;
    a failure says what the relay and the guest stood at, since this once timed out on a busy CI)."""
    deadline, frames = time.monotonic() + WAIT, 0
    while link.backlog() >= held:
        try:
            deaf.recv(timeout=max(0.1, deadline - time.monotonic()))
        except TimeoutError:
            raise AssertionError(f"the relay's buffer never drained below {held} bytes: {frames} frames read, "
                                 f"{link.backlog()} bytes still unsent, writes paused: {link.ws.paused}") from None
        frames += 1


def _cut_within_three_deadlines(server: Any, outbox: Any) -> None:
    """Move the clock a deadline at a time until the watchdog cuts `outbox` (a look that still saw
    the relay's buffer shrink since its previous look counts that as progress)."""
    for _ in range(3):
        looks = server.hub.send_looks
        advance(server, server.config.send_seconds)
        _looked(server, looks)
        if outbox.cut:
            return
    raise AssertionError("the watchdog did not cut a connection that stopped reading")


def test_a_slow_reader_whose_write_moves_is_not_cut_and_one_that_stops_is():
    with running_server(clock=ManualClock(), **QUIET) as server, ExitStack() as stack:
        host, deaf, code, first = _swap_meet_with_a_deaf_guest(ws_url(server), stack)
        task = server.hub.rooms[code]
        offer = next(a for a in first["legal"] if a["type"] == "open_offer")
        link = task.conns[1].link
        seq = _fill(host, link, offer, 0)
        looks, held = server.hub.send_looks, link.backlog()
        assert held > 0, "the relay's write to the deaf guest to be waiting on its socket"
        advance(server, server.config.send_seconds - 1.0)
        _looked(server, looks)
        _read_until_the_write_moves(deaf, link, held)
        looks = server.hub.send_looks
        advance(server, 2.0)  # past the deadline since the write began, not since it last moved
        _looked(server, looks)
        outbox = task.conns[1].outbox
        assert 1 in task.conns and not outbox.cut
        _stalled(host, link, offer, seq)  # then it stops reading again, and a write waits for good
        _cut_within_three_deadlines(server, outbox)
        host.until("lobby", lambda m: m["seats"][1]["presence"] != "online")


def test_a_seat_whose_link_is_closing_does_not_stall_its_room():
    """A guest floods and is closed; it reads nothing, so the close never finishes (close_timeout is
    long here): until its link is gone its seat is still held, and the room answers the host at once."""
    options = {**QUIET, "close_timeout": 300.0, "rate": 0.01, "burst": 6.0, "flood": 3}
    with running_server(clock=ManualClock(), **options) as server, ExitStack() as stack:
        url = ws_url(server)
        host, joined, invite = open_room(url, "night-market", "Ana", options={"first_seat": 0})
        deaf = _deaf(url, stack)
        deaf.send(encode("join", room=joined["room"], name="Ben", ticket=invite["ticket"]))
        deaf.send(encode("ready", ready=True))
        host.until("lobby", lambda m: len(m["seats"]) == 2 and m["seats"][1]["ready"])
        host.send("start")
        first = host.expect("update")
        link = server.hub.rooms[joined["room"]].conns[1].link
        for _ in range(12):  # over the burst, past `flood` refusals: the relay closes it
            deaf.send(encode("sync"))
        deadline = time.monotonic() + WAIT
        while link.ws.state.name != "CLOSING":
            assert time.monotonic() < deadline, "the relay to start closing the flooding guest"
            time.sleep(0.01)
        host.send("act", seq=1, action=legal(first)[0])
        _answered(host, 1)
        host.send("sync")
        host.expect("update")
