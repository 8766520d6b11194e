"""The relay's public faces: what /health shows, its URLs, old apps, addresses behind a proxy, caps."""

from __future__ import annotations

import http.client
import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from game.relay.protocol import websocket_url
from game.relay.server import ServerConfig, ServerThread
from game.relay.store import MemoryStore
from tests.online_helpers import WAIT, Raw, open_room, running_server, ws_url


class DeniedStore(MemoryStore):
    """A store whose folder was made read-only: the error names the room's file, as an OSError does."""

    def save(self, code: str, record: dict[str, Any]) -> None:
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
