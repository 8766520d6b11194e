"""The relay's public faces: what /health shows, its URLs, old apps, addresses behind a proxy, caps."""

from __future__ import annotations

import http.client
import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from game.relay.lobby import MAX_TICKETS
from game.relay.protocol import websocket_url
from game.relay.server import ServerConfig, ServerThread
from game.relay.store import MemoryStore
from tests.online_helpers import WAIT, ManualClock, Raw, open_room, running_server, ws_url


class DeniedStore(MemoryStore):
    """A store whose folder was made read-only: the error names the room's file, as an OSError does."""

    async def save(self, code: str, record: dict[str, Any], fence: int = 0) -> None:
        raise OSError(13, "Permission denied", f"/srv/secret-folder/rooms/{code}.json")


def _health(port: int, host: str = "127.0.0.1") -> str:
    conn = http.client.HTTPConnection(host, port, timeout=WAIT)
    conn.request("GET", "/health")
    body = conn.getresponse().read().decode()
    conn.close()
    return body


def test_health_names_no_room_and_no_path_while_saving_fails():
    with running_server(store=DeniedStore()) as server:
        host, joined, _ = open_room(ws_url(server), "night-market", "Ana")
        host.send("sync")
        host.expect("lobby")
        body = _health(server.config.port)
        state = json.loads(body)
        assert state["ok"] is False and "Permission denied" in state["store"]
        assert joined["room"] not in body and "secret-folder" not in body and "/" not in state["store"]


def test_urls_put_an_ipv6_host_in_brackets():
    server = ServerThread(ServerConfig(host="::1", port=0))
    try:
        url = server.start()
    except OSError:
        pytest.skip("this machine has no IPv6 loopback")
    try:
        assert url == f"http://[::1]:{server.config.port}"
        client = Raw(websocket_url(url))
        client.send("create", game="night-market", name="Ana")
        client.expect("joined")
        assert client.expect("invite")["link"].startswith(f"http://[::1]:{server.config.port}/j/")
        assert json.loads(_health(server.config.port, "::1"))["ok"] is True
    finally:
        server.stop()


def test_an_app_of_protocol_1_is_refused_in_the_envelope_it_reads():
    with running_server() as server:
        old = Raw(ws_url(server))
        old.ws.send(json.dumps({"v": 1, "type": "join", "room": "ABCDEF", "name": "Ana", "token": "t" * 32}))
        refusal = json.loads(old.ws.recv(timeout=WAIT))
        # protocol 1's client kept only messages with "v": 1 and a string "type", and showed an error's reason
        assert refusal["v"] == 1 and refusal["type"] == "error" and "update Market Hall" in refusal["reason"]
        with pytest.raises(ConnectionClosed) as closed:
            old.ws.recv(timeout=WAIT)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008  # final for protocol 1's app


def _opens(url: str, forwarded: str, header: str = "X-Forwarded-For") -> bool:
    """True when a client the proxy says is `forwarded` may open a room."""
    said = f"198.51.100.7, {forwarded}" if header == "X-Forwarded-For" else forwarded  # the proxy added the last
    client = Raw(url, **{header: said})
    client.send("create", game="night-market", name="Ana")
    while True:
        msg = json.loads(client.ws.recv(timeout=WAIT))
        if msg["type"] in ("joined", "error"):
            return msg["type"] == "joined"


def test_behind_a_trusted_proxy_caps_key_on_the_forwarded_address_and_ipv6_on_its_64():
    with running_server(trust_proxy="127.0.0.1", rooms_per_address=1) as server:
        url = ws_url(server)
        assert _opens(url, "203.0.113.5") and _opens(url, "203.0.113.6")
        assert not _opens(url, "203.0.113.5")  # that address holds its one room
        assert _opens(url, "2001:db8:0:1::1")
        assert not _opens(url, "2001:db8:0:1::ffff")  # the same /64
        assert _opens(url, "2001:db8:0:2::1")
        assert _opens(url, "192.0.2.1", "X-Real-IP") and not _opens(url, "192.0.2.1", "X-Real-IP")


def test_a_forwarding_header_from_anyone_but_the_trusted_proxy_is_ignored():
    for trust in (None, "10.9.9.9"):
        with running_server(trust_proxy=trust, rooms_per_address=1) as server:
            url = ws_url(server)
            assert _opens(url, "203.0.113.5")
            assert not _opens(url, "203.0.113.6")  # every client is 127.0.0.1, whatever it says


def test_the_caps_are_options_of_serve_with_todays_defaults():
    from game.relay.cli import build_parser, config_from_args

    default = config_from_args(build_parser().parse_args([]))
    assert (default.rooms_per_address, default.rooms_per_minute, default.rate, default.burst) == (64, 60, 50.0, 200.0)
    assert default.trust_proxy is None and default.send_seconds == ServerConfig().send_seconds
    args = ["--trust-proxy", "::1", "--rooms-per-address", "3", "--rooms-per-minute", "4",
            "--messages-per-second", "5", "--message-burst", "6", "--send-seconds", "2.5"]
    set_ = config_from_args(build_parser().parse_args(args))
    assert (set_.trust_proxy, set_.rooms_per_address, set_.rooms_per_minute, set_.rate, set_.burst,
            set_.send_seconds) == ("::1", 3, 4, 5.0, 6.0, 2.5)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--trust-proxy", "proxy.example"])


@pytest.mark.parametrize("rooms", [61, 1000])
def test_the_online_bench_serves_its_rooms_within_the_caps_it_sets(rooms):
    from game.relay.cli import build_parser, config_from_args
    from game.tools.online_bench import serve_command

    command = serve_command(20.0, rooms)
    config = config_from_args(build_parser().parse_args(command[command.index("serve") + 1:]))
    opened = rooms + max(1, rooms // 4)  # both phases' rooms, from one address within a minute
    assert config.rooms_per_address >= opened and config.rooms_per_minute >= opened
    if rooms > 100:
        return
    caps = {"rooms_per_address": config.rooms_per_address, "rooms_per_minute": config.rooms_per_minute}
    with running_server(**caps) as server:  # today's caps stopped the 61st room (60 a minute)
        clients = [Raw(ws_url(server)) for _ in range(opened)]
        for client in clients:
            client.send("create", game="night-market", name="Ana")
        assert all(client.expect("joined") for client in clients)


def test_the_online_bench_relay_keeps_rooms_where_its_store_option_says(tmp_path):
    from game.relay.cli import build_parser, config_from_args
    from game.tools.online_bench import serve_command

    def config(store):
        command = serve_command(1.0, 20, store)
        return config_from_args(build_parser().parse_args(command[command.index("serve") + 1:]))

    assert (config("redis://127.0.0.1:6390/0").store_url, config(str(tmp_path)).data) == ("redis://127.0.0.1:6390/0",
                                                                                           tmp_path)
    assert (config(None).store_url, config(None).data) == (None, None)


class CountingStore(MemoryStore):
    """A memory store that counts the room records it writes whole."""

    def __init__(self) -> None:
        super().__init__()
        self.saves = 0

    async def save(self, code: str, record: dict[str, Any], fence: int = 0) -> None:
        self.saves += 1
        await super().save(code, record, fence)


def _invite(host: Raw) -> dict[str, Any]:
    host.send("invite")
    while True:
        msg = json.loads(host.ws.recv(timeout=WAIT))
        if msg["type"] in ("invite", "error"):
            return msg


def test_an_invite_loop_costs_a_bounded_number_of_tickets_and_record_writes():
    store, clock = CountingStore(), ManualClock()
    with running_server(store=store, clock=clock, burst=1000.0) as server:
        url = ws_url(server)
        host, joined, first = open_room(url, "stamp-swap", "Ana")
        lobby = server.hub.rooms[joined["room"]].room.lobby
        writes = store.saves
        answers = [_invite(host) for _ in range(300)]  # within the message rate, no time passing
        tickets = [a["ticket"] for a in answers if a["type"] == "invite"]
        assert 0 < len(tickets) <= 8 and all(a["code"] == "relay.too_many_invites" for a in answers[len(tickets):])
        assert store.saves - writes <= len(tickets) + 2
        for _ in range(40):  # a patient host: one invite every 20 s, each one allowed
            clock.t += 20.0
            tickets.append(_invite(host)["ticket"])
        assert len(lobby.tickets) <= MAX_TICKETS
        late = Raw(url)
        late.send("join", room=joined["room"], name="Old", ticket=first["ticket"])  # the oldest went first
        assert late.expect("error")["code"] == "relay.invite_used"
        guest = Raw(url)
        guest.send("join", room=joined["room"], name="Ben", ticket=tickets[-1])
        guest.expect("joined")
