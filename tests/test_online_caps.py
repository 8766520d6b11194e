"""Bounded cost per client: sync, rooms per address, the hello timeout, floods, knocks, seat tokens."""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from game.relay.config import REFUSALS_ANSWERED
from game.relay.lobby import MAX_KNOCKS
from game.relay.protocol import encode
from tests.online_helpers import (
    WAIT,
    ManualClock,
    Raw,
    advance,
    code,
    open_room,
    raw_match,
    running_server,
    said,
    ws_url,
)


def _finished_five_seat_stamp_swap(url: str) -> tuple[Raw, dict[str, Any]]:
    """A host and four bots play Stamp Swap to the end; the host plays its first legal move."""
    host, _, _ = open_room(url, "stamp-swap", "Ana", seed=5)
    for _ in range(4):
        host.send("add_bot", level="easy")
    host.until("lobby", lambda m: len(m["seats"]) == 5)
    host.send("start")
    update, seq, pending = host.expect("update"), 0, False
    deadline = time.monotonic() + 60
    while update["outcome"] is None:
        assert time.monotonic() < deadline, "the match did not end"
        if 0 in update["waiting"] and update["legal"] and not pending:
            seq, pending = seq + 1, True
            host.send("act", seq=seq, action=update["legal"][0])
        msg = json.loads(host.ws.recv(timeout=WAIT))
        if msg.get("answer") == seq or (msg["type"] == "refused" and msg["seq"] == seq):
            pending = False
        if msg["type"] == "update":
            update = msg
    return host, update


def _raw_sync(host: Raw, **fields: Any) -> tuple[int, dict[str, Any]]:
    host.send("sync", **fields)
    while True:
        text = host.ws.recv(timeout=WAIT)
        msg = json.loads(text)
        if msg["type"] == "update":
            return len(text), msg


SYNC = {"sync_bytes": 20_000.0, "sync_burst": 200_000.0, "out_burst": 1e9}  # only the sync budget binds


class StoppableClock:
    """Real time until stopped, then still: a flood's byte budget is then exact."""

    def __init__(self) -> None:
        self.stopped: float | None = None

    def __call__(self) -> float:
        return time.monotonic() if self.stopped is None else self.stopped


def test_sync_from_a_finished_five_seat_match_costs_a_bounded_number_of_bytes():
    clock = StoppableClock()
    with running_server(scale=500.0, clock=clock, **SYNC) as server:
        host, last = _finished_five_seat_stamp_swap(ws_url(server))
        full, whole = _raw_sync(host, have=0)  # a client with a gap gets history from where it says
        assert whole["from"] == 0 and len(whole["events"]) > 50
        size, again = _raw_sync(host, have=0)  # a second rewind within REWIND_SECONDS is not honoured
        assert again["events"] == [] and size < full / 2
        clock.stopped, answers = time.monotonic(), []
        for _ in range(60):  # a sync flood: answered within the byte budget, then with a short no
            host.send("sync")
            answers.append(host.ws.recv(timeout=WAIT))
        views = [a for a in answers if json.loads(a)["type"] == "update"]
        assert sum(map(len, views)) <= SYNC["sync_burst"] + size  # no time passed: no refill
        assert any(code(json.loads(a)) == "relay.too_many_syncs" for a in answers if "code" in a)


def test_a_client_making_300_rooms_is_stopped_at_the_caps_with_a_reason():
    for caps, why in (({"rooms_per_minute": 1000, "rooms_per_address": 40}, "open rooms"),
                      ({"rooms_per_minute": 25, "rooms_per_address": 1000}, "a minute")):
        with running_server(**caps) as server:
            made, reason = 0, ""
            for _ in range(300):
                client = Raw(ws_url(server))
                client.send("create", game="night-market", name="Ana")
                msg = client.expect("joined") if made < min(caps.values()) else client.expect("error")
                client.close()
                if msg["type"] == "error":
                    reason = said(msg)
                    break
                made += 1
            assert made == min(caps.values()) and why in reason


def test_a_connection_whose_hello_failed_is_still_timed_out():
    with running_server(hello_seconds=0.3) as server:
        client = Raw(ws_url(server))
        client.send("join", room="ABCDEF", name="Eve")
        assert "No room" in said(client.expect("error"))
        with pytest.raises(ConnectionClosed) as closed:
            client.expect("never")
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert "hello" in closed.value.rcvd.reason


def test_a_flooding_connection_is_disconnected_and_not_answered_frame_by_frame():
    with running_server(rate=0.1, burst=5.0, flood=60) as server:
        client = Raw(ws_url(server))
        answers = 0
        with pytest.raises(ConnectionClosed) as closed:  # on a busy machine the cut may come mid-flood
            for _ in range(100):
                client.ws.send('{"v": 4, "type": "sync"}')
            for _ in range(100):
                client.ws.recv(timeout=WAIT)
                answers += 1
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert "too many messages" in closed.value.rcvd.reason
        assert answers <= 5 + REFUSALS_ANSWERED


def _answers(client: Raw, count: int) -> list[dict[str, Any]]:
    return [json.loads(client.ws.recv(timeout=WAIT)) for _ in range(count)]


def test_a_calm_connection_refused_now_and_then_over_hours_is_not_disconnected():
    clock = ManualClock()
    with running_server(rate=1.0, burst=5.0, flood=10, forgive=1.0, clock=clock) as server:
        host, _, _ = open_room(ws_url(server), "night-market", "Ana")
        for _ in range(4):  # 4 x 8 refusals, far past `flood` in all, each burst forgiven in an hour
            clock.t += 3600.0
            for _ in range(13):
                host.send("sync")
            replies = _answers(host, 13)
            assert sum(m["type"] == "lobby" for m in replies) == 5
            assert sum(m.get("code") == "relay.slow_down" for m in replies) == 8
        with pytest.raises(ConnectionClosed) as closed:  # a real flood is still cut, maybe before it is all sent
            for _ in range(40):
                host.ws.send(encode("sync"))
            for _ in range(60):
                host.ws.recv(timeout=WAIT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008


def _drain(client: Raw, quiet: float = 0.5) -> list[str]:
    """Every frame that arrives until none has for `quiet` seconds (bounded: at most 2,000)."""
    frames: list[str] = []
    with contextlib.suppress(TimeoutError):
        for _ in range(2000):
            frames.append(client.ws.recv(timeout=quiet))
    return frames


def _answered(frames: list[str]) -> set[int]:
    seqs: set[int] = set()
    for msg in map(json.loads, frames):
        seqs |= set(msg.get("answers", [msg["answer"]] if "answer" in msg else []))
        seqs |= {msg["seq"]} if msg["type"] == "refused" else set()
    return seqs


def _history(frames: list[str]) -> list[Any]:
    """A seat's events rebuilt from its updates as a client does (a gap would fail the test)."""
    events: list[Any] = []
    for msg in map(json.loads, frames):
        if msg["type"] == "update":
            assert msg["from"] <= len(events)
            events[msg["from"]:] = msg["events"]
    return events


def test_a_flood_of_moves_stays_within_each_seats_byte_budget_and_the_final_view_arrives():
    clock, rate, burst, moves = ManualClock(), 2000.0, 20_000.0, 120
    with running_server(out_bytes=rate, out_burst=burst, clock=clock) as server:
        (mover, _, watcher), firsts = raw_match(ws_url(server), "swap-meet", 3)
        task = server.hub.rooms[next(m["room"] for m in mover.seen if m["type"] == "joined")]
        offer = next(a for a in firsts[0]["legal"] if a["type"] == "open_offer")
        for seq in range(1, moves + 1):  # offer, pull, offer, ...: every one changes every view
            mover.send("act", seq=seq, action=offer if seq % 2 else {"type": "pull"})
        deadline = time.monotonic() + 60
        while moves not in task.room.answers.get(0, {}):
            assert time.monotonic() < deadline, "the moves were not all applied"
            time.sleep(0.02)
        frozen = _drain(watcher)  # the clock stands still: only the burst goes out
        biggest = max(len(f) for f in frozen)
        assert sum(map(len, frozen)) <= burst + biggest + 8_000
        assert sum('"update"' in f for f in frozen) < moves / 2
        clock.t += 60.0  # the budget refills: the updates that waited go as one
        server.call(task.wake.set)
        later, answers = _drain(watcher), _drain(mover)
        assert sum('"update"' in f for f in later) == 1
        assert sum(map(len, frozen + later)) <= burst + rate * 60.0 + biggest + 8_000
        assert _answered([*(json.dumps(m) for m in mover.seen), *answers]) >= set(range(1, moves + 1))
        watcher.send("sync", have=0)
        whole = watcher.expect("update")
        last = json.loads(next(f for f in reversed(later) if '"update"' in f))
        for key in ("view", "public"):  # the same table (the match clock alone has moved on)
            assert {**whole[key], "clock": 0} == {**last[key], "clock": 0}
        assert _history([*(json.dumps(m) for m in watcher.seen[:-1]), *frozen, *later]) == whole["events"]


def test_seat_tokens_come_from_the_relay_only():
    with running_server() as server:
        url = ws_url(server)
        chooser = Raw(url)
        chooser.send("create", game="night-market", name="Ana", token="a" * 16)
        assert said(chooser.expect("error")) == "The server does not know the field token."
        host, joined, invite = open_room(url, "night-market", "Ana")
        guest = Raw(url)
        guest.send("join", room=joined["room"], name="Ben", ticket=invite["ticket"], token="a" * 16)
        assert code(guest.expect("error")) == "relay.unknown_field"
        guest.send("join", room=joined["room"], name="Ben", ticket=invite["ticket"], key="k" * 32)
        token = guest.expect("joined")["token"]
        assert token != joined["token"] and min(len(token), len(joined["token"])) >= 32  # 192 random bits


def test_knocks_are_capped_per_room_and_told_to_the_host_alone():
    with running_server() as server:
        url = ws_url(server)
        host, joined, invite = open_room(url, "swap-meet", "Ana")
        guest = Raw(url)
        guest.send("join", room=joined["room"], name="Ben", ticket=invite["ticket"])
        guest.expect("joined")
        knockers = []
        for k in range(MAX_KNOCKS):
            knocker = Raw(url)
            knocker.send("join", room=joined["room"], name=f"K{k}")
            knocker.expect("knocking")
            knockers.append(knocker)
        extra = Raw(url)
        extra.send("join", room=joined["room"], name="Late")
        assert code(extra.expect("error")) == "relay.too_many_knocking"
        host.until("lobby", lambda m: len(m.get("knocks", [])) == MAX_KNOCKS)
        lobbies = [m for m in guest.seen if m["type"] == "lobby"]
        guest.send("sync")
        guest.expect("lobby")
        assert len([m for m in guest.seen if m["type"] == "lobby"]) == len(lobbies) + 1  # no knock news


def test_a_burst_of_knocks_reaches_the_host_as_one_lobby_picture():
    clock = ManualClock()
    with running_server(clock=clock) as server:
        url = ws_url(server)
        host, joined, _ = open_room(url, "swap-meet", "Ana")
        task = server.hub.rooms[joined["room"]]
        knockers = []
        for k in range(MAX_KNOCKS):  # the clock stands still: the news waits for the burst to end
            knocker = Raw(url)
            knocker.send("join", room=joined["room"], name=f"K{k}")
            knocker.expect("knocking")
            knockers.append(knocker)
        advance(server, 1.0)
        host.until("lobby", lambda m: len(m.get("knocks", [])) == MAX_KNOCKS)
        told = [m for m in host.seen if m["type"] == "lobby" and m.get("knocks")]
        assert len(told) <= 2  # one, or two if a latency change broadcast the lobby mid-burst
        for knocker in knockers:
            knocker.close()
        deadline = time.monotonic() + 60
        while task.knocking:  # each knocker that goes asks for news; the clock stands still
            assert time.monotonic() < deadline, "the knockers to be gone"
            time.sleep(0.02)
        advance(server, 1.0)
        host.until("lobby", lambda m: not m.get("knocks"))
        assert len([m for m in host.seen if m["type"] == "lobby"]) <= len(told) + 3


def test_an_empty_lobby_expires_in_minutes_and_a_match_people_left_waits_for_them():
    with running_server(clock=ManualClock()) as server:
        url = ws_url(server)
        lonely, joined, _ = open_room(url, "night-market", "Ana")
        players, _ = raw_match(url, "night-market", 2, options={"first_seat": 0})
        playing = next(m["room"] for m in players[0].seen if m["type"] == "joined")
        for client in (lonely, *players):
            client.close()
        hub = server.hub
        assert hub is not None and hub.config.empty_seconds == 15 * 60 and hub.config.idle_seconds == 6 * 3600
        deadline = time.monotonic() + 60
        while any(t.conns for t in hub.rooms.values()):
            assert time.monotonic() < deadline, "the connections to close"
            time.sleep(0.02)
        advance(server, 15 * 60 - 1.0)
        # the sweep, woken by the clock, finds the lobby empty for 15 min; on a busy machine the room
        # may mark itself empty a little after its last connection went, so time goes on in steps
        for _ in range(600):
            advance(server, 1.0)
            time.sleep(0.05)  # a poll between steps, not a bound: the loop below waits WAIT for the end
            if joined["room"] not in hub.rooms:
                break
        deadline = time.monotonic() + WAIT
        while joined["room"] in hub.rooms:
            assert time.monotonic() < deadline, "the empty lobby to expire"
            time.sleep(0.02)
        assert playing in hub.rooms
        advance(server, 6 * 3600.0)
        deadline = time.monotonic() + WAIT
        while playing in hub.rooms:
            assert time.monotonic() < deadline, "the idle match to expire"
            time.sleep(0.02)
