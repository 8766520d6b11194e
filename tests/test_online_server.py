"""The server's front door and lobby over real loopback connections (no match play here)."""

from __future__ import annotations

import http.client
import json
import random
import time

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from game.relay.server import ServerConfig, ServerThread
from tests.online_helpers import WAIT, ManualClock, Raw, advance, code, open_room, running_server, said, ws_url


def get(server: ServerThread, path: str) -> tuple[int, str, str]:
    conn = http.client.HTTPConnection("127.0.0.1", server.config.port, timeout=WAIT)
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read().decode()
    conn.close()
    return response.status, response.getheader("Content-Type") or "", body


def test_health_and_landing_page_share_the_port():
    with running_server() as server:
        status, kind, body = get(server, "/health")
        assert status == 200 and kind == "application/json" and json.loads(body)["ok"] is True
        status, kind, body = get(server, "/j/k7mp9q")
        assert status == 200 and kind.startswith("text/html") and "K7MP9Q" in body and "Join" in body
        assert get(server, "/j/<script>")[0] == 404
        assert get(server, "/anything")[0] == 404


def test_a_browser_page_from_another_origin_cannot_connect():
    with running_server() as server, pytest.raises(InvalidStatus) as err:
        Raw(ws_url(server), Origin="http://evil.example")
    assert err.value.response.status_code == 403


def test_malformed_messages_get_a_reason_and_the_link_stays():
    with running_server() as server:
        client = Raw(ws_url(server))
        client.ws.send("{not json")
        assert code(client.expect("error")) == "relay.not_json"
        client.send("act", seq=1, action={})
        assert code(client.expect("refused", seq=1)) == "relay.hello_first"  # a move: by number
        client.send("create", game="chess", name="x")
        assert code(client.expect("error")) == "relay.no_game"
        client.send("create", game="night-market", name="Ana")
        assert client.expect("joined")["seat"] == 0


def test_an_oversized_message_closes_the_link_with_1009():
    with running_server() as server:
        client = Raw(ws_url(server))
        client.ws.send("x" * 20000)
        with pytest.raises(ConnectionClosed) as err:
            client.expect("never")
        assert err.value.rcvd is not None and err.value.rcvd.code == 1009


def test_a_flood_is_rate_limited():
    with running_server(rate=5.0, burst=5.0) as server:
        client = Raw(ws_url(server))
        for seq in range(20):
            client.send("act", seq=seq, action={})
        replies = [client.ws.recv(timeout=WAIT) for _ in range(20)]
        slow = [m for m in map(json.loads, replies) if code(m) == "relay.slow_down"]
        assert len(slow) >= 10 and all(m["type"] == "refused" and m["version"] == -1 for m in slow)


def test_invite_join_ready_start_and_knock():
    with running_server() as server:
        url = ws_url(server)
        host, joined, invite = open_room(url, "swap-meet", "Ana")
        room = joined["room"]
        assert invite["link"] == f"{server.url}/j/{room}#{invite['ticket']}"
        guest = Raw(url)
        guest.send("join", room=room.lower(), name="Ben", ticket=invite["ticket"])
        assert guest.expect("joined")["seat"] == 1
        reuse = Raw(url)
        reuse.send("join", room=room, name="Eve", ticket=invite["ticket"])
        assert code(reuse.expect("error")) == "relay.invite_used"
        knocker = Raw(url)
        knocker.send("join", room=room, name="Cat")
        request = knocker.expect("knocking")["request"]
        lobby = host.expect("lobby", knocks=[{"request": request, "name": "Cat"}])
        assert [s["name"] for s in lobby["seats"]] == ["Ana", "Ben"]
        host.send("admit", request=request, accept=True)
        assert knocker.expect("joined")["seat"] == 2
        host.send("start")
        assert said(host.expect("error")) == "Waiting for Ben, Cat to be ready."
        guest.send("start")
        assert code(guest.expect("error")) == "relay.host_only"
        guest.send("ready", ready=True)
        lobby = host.until("lobby", lambda m: m["seats"][1]["ready"])
        assert [s["presence"] for s in lobby["seats"]] == ["online"] * 3 and lobby["host"] == 0


def test_a_wrong_token_is_refused_and_a_good_one_resumes_the_seat():
    with running_server() as server:
        url = ws_url(server)
        host, joined, _ = open_room(url, "stamp-swap", "Ana")
        intruder = Raw(url)
        intruder.send("resume", room=joined["room"], token="x" * 32)
        assert code(intruder.expect("error")) == "relay.bad_token"
        again = Raw(url)
        again.send("resume", room=joined["room"], token=joined["token"])
        assert again.expect("joined")["seat"] == 0
        with pytest.raises(ConnectionClosed):
            host.expect("never")  # the older connection was replaced


def test_the_next_person_hosts_when_the_host_leaves_the_lobby():
    with running_server() as server:
        url = ws_url(server)
        host, joined, invite = open_room(url, "stamp-swap", "Ana")
        guest = Raw(url)
        guest.send("join", room=joined["room"], name="Ben", ticket=invite["ticket"])
        guest.expect("joined")
        host.send("leave")
        lobby = guest.until("lobby", lambda m: len(m["seats"]) == 1)
        assert lobby["host"] == 0 and lobby["you"] == 0 and lobby["seats"][0]["name"] == "Ben"


def test_a_restarted_server_resumes_the_room_and_idle_rooms_expire(tmp_path):
    config = {"data": tmp_path}
    with running_server(**config) as server:
        host, joined, _ = open_room(ws_url(server), "night-market", "Ana")
        host.send("add_bot", level="hard")
        host.until("lobby", lambda m: len(m["seats"]) == 2)
        host.close()
    port_free = ServerConfig(host="127.0.0.1", port=0, data=tmp_path, ping_interval=0.5, ping_timeout=0.5,
                             clock=ManualClock())
    server = ServerThread(port_free)
    server.start()
    try:
        back = Raw(ws_url(server))
        back.send("resume", room=joined["room"], token=joined["token"])
        assert back.expect("joined")["seat"] == 0
        lobby = back.expect("lobby")
        assert [s["bot"] for s in lobby["seats"]] == [None, "hard"]
        back.close()
        assert server.hub is not None
        deadline = time.monotonic() + WAIT
        while server.hub.stats()["connections"]:
            assert time.monotonic() < deadline, "the connections to close"
            time.sleep(0.02)
        advance(server, server.config.empty_seconds)  # a lobby nobody is connected to: gone in minutes
        kept = (tmp_path / "rooms").glob
        while server.hub.rooms or list(kept("*.json")) or list(kept("*.log")):  # files go after a save under way
            assert time.monotonic() < deadline, "the empty room and its files to go"
            time.sleep(0.02)
    finally:
        server.stop()


def test_a_connection_that_never_says_hello_is_closed():
    with running_server(clock=ManualClock()) as server, connect(ws_url(server), open_timeout=WAIT) as ws:
        ws.send("not json")  # answered: the relay holds the connection, and its hello timer runs
        assert json.loads(ws.recv(timeout=WAIT))["type"] == "error"
        advance(server, server.config.hello_seconds - 1.0)
        ws.send("not json")
        assert json.loads(ws.recv(timeout=WAIT))["type"] == "error"  # not yet closed
        advance(server, 1.0)
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=WAIT)
        assert closed.value.rcvd is not None and closed.value.rcvd.reason == "say hello first"


def test_keepalive_pings_leave_the_global_random_state_alone():
    # tests/conftest.py gives websockets' pings a Random of their own: a live connection's pings,
    # from its own thread, would otherwise look to Hypothesis like a strategy using `random`
    with running_server() as server:
        client = Raw(ws_url(server))
        try:
            before = random.getstate()
            assert client.ws.ping().wait(WAIT), "no pong"
            assert random.getstate() == before
        finally:
            client.close()
