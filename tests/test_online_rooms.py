"""Rooms across restarts and rematches; RemoteTable's side of the table interface; quiet logs."""

from __future__ import annotations

import logging
import time

import pytest

from game.match.table import NotYourSeat
from game.relay.server import ServerConfig, ServerThread
from rules.errors import IllegalAction
from tests.online_helpers import FAST, Raw, code, legal, open_room, raw_match, running_server, ws_url


def test_a_restarted_server_resumes_a_match_in_progress(tmp_path):
    with running_server(data=tmp_path) as server:
        (host, guest), (first, _) = raw_match(ws_url(server), "night-market", 2, options={"first_seat": 0})
        tokens = [next(m["token"] for m in c.seen if m["type"] == "joined") for c in (host, guest)]
        room = next(m["room"] for m in host.seen if m["type"] == "joined")
        updates = {0: first, 1: next(m for m in guest.seen if m["type"] == "update")}
        for seq in range(1, 4):
            seat = updates[0]["waiting"][0]
            mover = (host, guest)[seat]
            mover.send("act", seq=seq, action=legal(updates[seat])[0])
            updates = {0: host.expect("update"), 1: guest.expect("update")}
        update = updates[0]
        before = (update["version"], update["view"])
    again = ServerThread(ServerConfig(host="127.0.0.1", port=0, data=tmp_path, **FAST))
    again.start()
    try:
        back = Raw(ws_url(again))
        back.send("resume", room=room, token=tokens[0])
        assert back.expect("joined")["seat"] == 0
        resumed = back.expect("update")
        assert (resumed["version"], resumed["view"]) == before and resumed["from"] == 0
        assert len(resumed["events"]) >= 4  # the whole history, redacted for seat 0
    finally:
        again.stop()


def test_a_rematch_keeps_the_room_and_its_seats(monkeypatch):
    from dataclasses import replace

    from game.relay import policy
    monkeypatch.setitem(policy.POLICIES, "night-market", replace(policy.POLICIES["night-market"], replace_grace=0.0))
    with running_server() as server:
        (host, guest), _ = raw_match(ws_url(server), "night-market", 2, options={"first_seat": 0})
        host.send("rematch")
        assert code(host.expect("error")) == "relay.still_going"
        token = next(m["token"] for m in guest.seen if m["type"] == "joined")
        room = next(m["room"] for m in guest.seen if m["type"] == "joined")
        guest.close()
        host.until("lobby", lambda m: m["seats"][1]["presence"] != "online")
        host.send("claim")
        assert host.until("update", lambda m: m["outcome"] is not None)["outcome"]["winners"] == [0]
        host.send("rematch")
        lobby = host.until("lobby", lambda m: m["phase"] == "lobby")
        assert [s["name"] for s in lobby["seats"]] == ["P1", "P2"] and not lobby["seats"][1]["ready"]
        back = Raw(ws_url(server))
        back.send("resume", room=room, token=token)
        assert back.expect("joined")["seat"] == 1
        back.send("rematch")  # the guest's own Rematch after the host's: already in the lobby, no error
        back.send("ready", ready=True)
        host.until("lobby", lambda m: m["seats"][1]["ready"] and m["seats"][1]["presence"] == "online")
        back.until("lobby", lambda m: m["seats"][1]["ready"])
        assert not [m for m in back.seen if m["type"] == "error"]
        host.send("start")
        assert host.until("update", lambda m: m["match"] == 2)["outcome"] is None


def test_tokens_and_tickets_never_reach_the_log(caplog):
    caplog.set_level(logging.DEBUG)
    with running_server() as server:
        host, joined, invite = open_room(ws_url(server), "swap-meet", "Ana")
        guest = Raw(ws_url(server))
        guest.send("join", room=joined["room"], name="Ben", ticket=invite["ticket"])
        token = guest.expect("joined")["token"]
        bad = Raw(ws_url(server))
        wrong = token[:-1] + ("y" if token.endswith("x") else "x")  # never the token itself
        bad.send("resume", room=joined["room"], token=wrong)
        bad.expect("error")
    text = caplog.text
    for secret in (joined["token"], invite["ticket"], token):
        assert secret not in text


def test_remote_table_serves_only_its_own_seat():
    from game.tools.online_autoplay import seat_clients

    with running_server() as server:
        rooms = seat_clients(ws_url(server), "night-market", ["A", "B"], time.monotonic() + 60, 9,
                             {"first_seat": 0}, **FAST)
        try:
            table = rooms[1].table
            assert table is not None and table.here == (1,) and table.can_pause is False
            with pytest.raises(NotYourSeat):
                table.view(0)
            with pytest.raises(NotYourSeat):
                table.legal(0)
            assert table.view(None) is not None and table.legal(1) == []
            move = rooms[0].table.legal(0)[0]
            why = table.reason(1, move)
            assert why  # not seat 1's turn: a why-not from its own view
            with pytest.raises(IllegalAction):
                table.act(1, move)
            assert table.thinking(0) and not table.thinking(1)
            first = table.now()
            time.sleep(0.05)
            assert table.now() > first  # the server's clock, advanced by local elapsed time
            rooms[0].table.act(0, move)
            assert rooms[0].table.pending(0) == [move]
            deadline = time.monotonic() + 60
            while rooms[0].table.pending(0) or not table.take_events(1):
                assert time.monotonic() < deadline, "the move's answer and the other seat's events"
                rooms[0].wait(0.02)
                rooms[1].wait(0.02)
        finally:
            for room in rooms:
                room.close()
