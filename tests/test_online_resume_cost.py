"""Reconnecting buys nothing: budgets belong to the seat, and a resume is sent only what it lacks."""

from __future__ import annotations

import json
import time
from typing import Any

from tests.online_helpers import WAIT, ManualClock, Raw, raw_match, running_server, ws_url


def _history(url: str) -> tuple[Any, list[Raw], str, str, int]:
    """A Swap Meet match with some history: (server-side room, clients, room code, seat 1's token, events)."""
    (mover, watcher, third), firsts = raw_match(url, "swap-meet", 3)
    offer = next(a for a in firsts[0]["legal"] if a["type"] == "open_offer")
    for seq in range(1, 41):  # offer, pull, ...: each one an event everyone sees
        mover.send("act", seq=seq, action=offer if seq % 2 else {"type": "pull"})
        mover.until("update", lambda m, s=seq: m.get("answer") == s)
    joined = next(m for m in watcher.seen if m["type"] == "joined")
    last = watcher.until("update", lambda m: m["version"] >= firsts[1]["version"] + 40)
    return last, [mover, watcher, third], joined["room"], joined["token"], last["from"] + len(last["events"])


def _resume(url: str, **fields: Any) -> list[str]:
    """Resume seat 1 on a new link; every frame until the answer to a request made after it (then closed)."""
    client = Raw(url)
    client.send("resume", **fields)
    client.send("start")  # refused with an error that comes after all the resume brought
    frames: list[str] = []
    while True:
        frames.append(client.ws.recv(timeout=WAIT))
        if json.loads(frames[-1])["type"] == "error":
            client.close()
            return frames


def test_a_resume_that_says_what_it_holds_is_sent_only_the_rest():
    with running_server(clock=ManualClock()) as server:
        url = ws_url(server)
        last, clients, room, token, held = _history(url)
        clients[1].close()
        whole = [json.loads(f) for f in _resume(url, room=room, token=token) if '"update"' in f][0]
        assert whole["from"] == 0 and len(whole["events"]) == held >= 40
        frames = _resume(url, room=room, token=token, match=last["match"], have=held)
        rest = [json.loads(f) for f in frames if '"update"' in f][0]
        assert rest["from"] == held and rest["events"] == [] and rest["public_events"] == []
        assert len(json.dumps(rest)) < len(json.dumps(whole)) / 2
        other = [json.loads(f) for f in _resume(url, room=room, token=token, match=last["match"] + 1, have=held)
                 if '"update"' in f][0]
        assert other["from"] == 0  # it holds another match: the whole history


def test_reconnecting_in_a_loop_buys_no_fresh_byte_budget():
    burst = 150_000.0  # the match so far fits; thirty whole histories do not
    with running_server(clock=ManualClock(), out_bytes=1.0, out_burst=burst) as server:
        url = ws_url(server)
        _, clients, room, token, _ = _history(url)
        clients[1].close()
        sizes = [len(f) for _ in range(30) for f in _resume(url, room=room, token=token) if '"update"' in f]
        assert sizes, "the first resume is sent its update"
        # the clock stands still: the seat's budget never refills, whichever link it is on
        assert sum(sizes) <= burst + max(sizes), f"{len(sizes)} updates, {sum(sizes)} bytes"


def test_seats_of_one_address_share_its_byte_budget():
    burst = 400_000.0  # one seat's; the address (every client here is 127.0.0.1) gets as much in all
    with running_server(clock=ManualClock(), out_bytes=1.0, out_burst=burst, address_seats=1.0) as server:
        url = ws_url(server)
        _, clients, room, token, _ = _history(url)
        other = next(m for m in clients[2].seen if m["type"] == "joined")["token"]
        clients[1].close()
        clients[2].close()
        sizes = [len(f) for k in range(60) for f in _resume(url, room=room, token=(token, other)[k % 2])
                 if '"update"' in f]
        # each seat alone could have had 30 whole histories; together they had one budget
        assert sum(sizes) <= burst + max(sizes), f"{len(sizes)} updates, {sum(sizes)} bytes"


def test_the_app_resumes_saying_the_match_and_events_it_holds():
    from game.online.client import NetClient
    from game.tools.online_autoplay import seat_clients
    from tests.online_helpers import FAST

    with running_server() as server:
        deadline = time.monotonic() + WAIT
        rooms = seat_clients(ws_url(server), "night-market", ["Ana", "Ben"], deadline, 3, {"first_seat": 0},
                             **FAST, open_timeout=WAIT)
        try:
            while rooms[1].table is None or rooms[1].client.holding is None:
                assert time.monotonic() < deadline, "the guest's first update"
                rooms[1].wait(0.05)
            table, held = rooms[1].table, rooms[1].client.holding
            assert held[0] == table.match and held[1] >= 1  # the deal's events at least
            client: NetClient = rooms[1].client
            hello = json.loads(client._hello_text())  # what a reconnect of this link says first
            assert hello["type"] == "resume" and (hello["match"], hello["have"]) == held
        finally:
            for room in rooms:
                room.close()
