"""Nothing one client can freeze: a seat that stops reading is cut while its room plays on."""

from __future__ import annotations

import socket
import time
from contextlib import ExitStack
from typing import Any
from urllib.parse import urlsplit

from websockets.sync.client import ClientConnection, connect

from game.relay.protocol import encode
from tests.online_helpers import WAIT, ManualClock, Raw, advance, open_room, running_server, ws_url

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
        seq = 0
        while not task.conns[1].link.ws.paused:  # the guest's socket fills: a write waits
            seq += 1
            assert seq < 300, "the deaf guest's socket to fill"
            host.send("act", seq=seq, action=offer if seq % 2 else {"type": "pull"})
            _answered(host, seq)
        for more in range(seq + 1, seq + 5):  # the room does not wait on that write
            host.send("act", seq=more, action=offer if more % 2 else {"type": "pull"})
            _answered(host, more)
        outbox = task.conns[1].outbox
        advance(server, server.config.send_seconds)
        host.until("lobby", lambda m: m["seats"][1]["presence"] != "online")
        assert outbox.cut and 1 not in task.conns
        host.send("act", seq=seq + 5, action={"type": "pull"} if seq % 2 else offer)
        _answered(host, seq + 5)


def test_a_write_that_waits_less_than_the_deadline_is_not_cut():
    with running_server(clock=ManualClock(), **QUIET) as server, ExitStack() as stack:
        host, _deaf_guest, code, first = _swap_meet_with_a_deaf_guest(ws_url(server), stack)
        task = server.hub.rooms[code]
        offer = next(a for a in first["legal"] if a["type"] == "open_offer")
        for seq in range(1, 300):
            host.send("act", seq=seq, action=offer if seq % 2 else {"type": "pull"})
            _answered(host, seq)
            if task.conns[1].link.ws.paused:
                break
        advance(server, server.config.send_seconds - 1.0)
        host.send("sync")
        host.expect("update")  # the watchdog has looked since the clock moved
        assert 1 in task.conns and not task.conns[1].outbox.cut


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
        host.send("act", seq=1, action=first["legal"][0])
        _answered(host, 1)
        host.send("sync")
        host.expect("update")
