"""A fleet's routing, one process at a time: the room code in the websocket URL (`/ws/ROOM`, checked
against the hello), `serve --node X` codes and the refusal of another node's rooms, the client's
room addresses (an older relay's 404 falls back to `/ws`) and `status` asked node by node.
(tests/test_relay_proxy.py runs two nodes behind real proxies.)"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from game.online import status
from game.online.client import NetClient
from game.online.rejoin import HeldSeat
from game.relay import pages, server
from game.relay.cli import build_parser, config_from_args
from game.relay.protocol import CODE_ALPHABET, CODE_LENGTH, http_url, new_code, node_name, path_room, room_url
from game.relay.protocol import websocket_url as ws_of
from game.relay.server import ServerConfig, ServerThread
from tests.online_helpers import WAIT, Raw, code, open_room, running_server, ws_url


def _closed_with(client: Raw) -> int:
    """The close code the relay sent (after any messages still queued)."""
    try:
        while True:
            client.ws.recv(timeout=WAIT)
    except TimeoutError:
        raise AssertionError(f"the relay did not close the connection within {WAIT} s") from None
    except ConnectionClosed as closed:
        assert closed.rcvd is not None, "the connection ended without the relay's close frame"
        return closed.rcvd.code


def _other_node(node: str) -> str:
    """A room code whose prefix is not `node`'s."""
    return new_code(lambda c: c.startswith(node))


def test_a_room_url_keeps_the_brackets_of_an_ipv6_host():
    assert room_url(ws_of(http_url("::1", 8765)), "K7MP9Q") == "ws://[::1]:8765/ws/K7MP9Q"
    assert room_url("wss://relay.example/ws/", "K7MP9Q") == "wss://relay.example/ws/K7MP9Q"


def test_a_room_address_on_an_ipv6_relay_reaches_the_room():
    relay = ServerThread(ServerConfig(host="::1", port=0))
    try:
        url = relay.start()
    except OSError:
        pytest.skip("this machine has no IPv6 loopback")
    try:
        host, joined, _ = open_room(ws_of(url), "night-market", "Ana")
        address = room_url(ws_of(url), joined["room"])
        assert address == f"ws://[::1]:{relay.config.port}/ws/{joined['room']}"
        client = Raw(address)
        client.send("resume", room=joined["room"], token=joined["token"])
        assert client.expect("joined")["room"] == joined["room"]
    finally:
        relay.stop()


@pytest.mark.parametrize(("path", "means"), [
    ("/ws", (True, None)), ("/ws/", (True, None)), ("/ws?x=1", (True, None)), ("/ws/k7mp9q", (True, "K7MP9Q")),
    ("/ws/K7MP9Q/", (True, "K7MP9Q")), ("/ws/K7MP9", (False, None)), ("/ws/K7/MP9Q", (False, None)),
    ("/wsK7MP9Q", (False, None)), ("/", (False, None)),
])
def test_a_request_path_is_a_websocket_endpoint_naming_at_most_one_room(path, means):
    assert path_room(path) == means


def test_a_node_name_is_one_or_two_letters_of_the_code_alphabet_and_starts_every_code():
    assert (node_name("a"), node_name(" 7k "), node_name("ABC"), node_name("0"), node_name("")) == \
        ("A", "7K", None, None, None)
    for node in ("A", "7K"):
        made = new_code(lambda c: False, node)
        assert made.startswith(node) and len(made) == CODE_LENGTH and set(made) <= set(CODE_ALPHABET)


def test_serve_takes_a_node_name_and_refuses_one_outside_the_alphabet():
    assert config_from_args(build_parser().parse_args([])).node is None
    assert config_from_args(build_parser().parse_args(["--node", "b"])).node == "B"
    for bad in ("O", "ABC", "-"):
        with pytest.raises(SystemExit):
            build_parser().parse_args(["--node", bad])


def test_a_node_creates_its_own_codes_and_serves_them_at_their_address():
    with running_server(node="A") as relay:
        host, joined, invite = open_room(ws_url(relay), "night-market", "Ana")
        assert joined["room"].startswith("A")
        guest = Raw(room_url(ws_url(relay), joined["room"]))
        guest.send("join", room=joined["room"], name="Bo", ticket=invite["ticket"])
        assert guest.expect("joined")["seat"] == 1
        again = Raw(room_url(ws_url(relay), joined["room"].lower()))  # any case, as a code may be written
        again.send("resume", room=joined["room"], token=joined["token"])
        assert again.expect("joined")["seat"] == 0


def test_a_room_of_another_node_is_refused_and_the_client_told_to_try_again_later():
    with running_server(node="A") as relay:
        elsewhere = _other_node("A")
        for url in (ws_url(relay), room_url(ws_url(relay), elsewhere)):  # an older client's /ws too
            client = Raw(url)
            client.send("join", room=elsewhere, name="Bo")
            refusal = client.expect("error")
            assert (code(refusal), refusal["params"]) == ("relay.elsewhere", {"room": elsewhere})
            assert _closed_with(client) == 1013  # the proxy may route it home once that node is back


def test_the_app_refused_elsewhere_keeps_reconnecting():
    with running_server(node="A") as relay:
        elsewhere = _other_node("A")
        client = NetClient(ws_url(relay), {"type": "resume", "room": elsewhere, "token": "t" * 32}).start()
        try:
            said = [client.inbox.get(timeout=WAIT) for _ in range(4)]
        finally:
            client.close()
    assert [m["type"] for m in said] == ["link", "error", "link", "link"]
    assert (said[1]["code"], said[2]["code"], said[3]["state"]) == ("relay.elsewhere", 1013, "reconnecting")


def test_a_relay_without_a_node_serves_any_code_as_before():
    with running_server() as relay:
        host, joined, _ = open_room(ws_url(relay), "night-market", "Ana")
        client = Raw(room_url(ws_url(relay), joined["room"]))
        client.send("resume", room=joined["room"], token=joined["token"])
        assert client.expect("joined")["room"] == joined["room"]


@pytest.mark.parametrize("hello", [
    {"type": "join", "name": "Bo"}, {"type": "resume", "token": "t" * 32},
    {"type": "create", "game": "night-market", "name": "Bo"}, {"type": "status"},
])
def test_a_hello_for_another_room_than_its_address_names_is_refused_and_closed(hello):
    with running_server() as relay:
        path, other = "K7MP9Q", "ABCDEF"
        client = Raw(room_url(ws_url(relay), path))
        fields = {k: v for k, v in hello.items() if k != "type"}
        if hello["type"] == "status":
            fields["rooms"] = [[other, "t" * 32]]
        elif hello["type"] != "create":
            fields["room"] = other
        client.send(hello["type"], **fields)
        refusal = client.expect("error")
        assert (code(refusal), refusal["params"]) == ("relay.room_path", {"room": path})
        assert _closed_with(client) == 1008  # a client's mistake: final


def _paths_seen(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The request paths the relay's connections came in on (the relay runs in this process)."""
    seen: list[str] = []

    def recording(path: str) -> tuple[bool, str | None]:
        seen.append(path)
        return path_room(path)

    monkeypatch.setattr(server, "path_room", recording)
    return seen


def _joined(client: NetClient) -> dict[str, Any]:
    while True:
        msg = client.inbox.get(timeout=WAIT)
        if msg["type"] in ("joined", "error"):
            return msg


def test_the_client_creates_at_ws_and_joins_and_resumes_at_the_rooms_address(monkeypatch):
    seen = _paths_seen(monkeypatch)
    with running_server(node="A") as relay:
        host = NetClient(ws_url(relay), {"type": "create", "game": "night-market", "name": "Ana"}).start()
        try:
            joined = _joined(host)
            room = joined["room"]
            guest = NetClient(ws_url(relay), {"type": "resume", "room": room, "token": joined["token"]}).start()
            try:
                assert _joined(guest)["type"] == "joined"
            finally:
                guest.close()
        finally:
            host.close()
    assert seen == ["/ws", f"/ws/{room}"]


def test_against_a_relay_from_before_room_addresses_the_client_falls_back_to_ws(monkeypatch):
    monkeypatch.setattr(pages, "path_room", lambda path: (path.split("?")[0] == "/ws", None))  # 404 for /ws/ROOM
    with running_server() as relay:
        host, joined, _ = open_room(ws_url(relay), "night-market", "Ana")
        client = NetClient(ws_url(relay), {"type": "resume", "room": joined["room"], "token": joined["token"]}).start()
        try:
            assert _joined(client)["type"] == "joined"
        finally:
            client.close()
        rows = status.ask(ws_url(relay), [HeldSeat(ws_url(relay), joined["room"], joined["token"], "night-market")])
        assert [r["room"] for r in rows] == [joined["room"]]


def test_status_names_another_nodes_rooms_elsewhere_and_the_client_does_not_forget_them():
    with running_server(node="A") as relay:
        host, joined, _ = open_room(ws_url(relay), "night-market", "Ana", days=3)
        elsewhere = _other_node("A")
        raw = Raw(room_url(ws_url(relay), joined["room"]))
        raw.send("status", rooms=[[joined["room"], joined["token"]], [elsewhere, "t" * 32]])
        rows = raw.expect("status")["rooms"]
        assert rows[1] == {"room": elsewhere, "elsewhere": True} and rows[0]["room"] == joined["room"]
        seats = [HeldSeat(ws_url(relay), c, t, "night-market", days=3)
                 for c, t in ((joined["room"], joined["token"]), (elsewhere, "t" * 32))]
        fetch = status.StatusFetch(seats)
        assert fetch.changed.wait(WAIT), "the status fetch never finished"
        assert set(fetch.rows) == {joined["room"]} and not fetch.rows[joined["room"]].get("gone")
        assert fetch.failed == {elsewhere: status.NOT_ANSWERED}  # not "gone": the title keeps it



DOCS = Path(__file__).resolve().parents[1] / "docs" / "relay.md"


def _fleet_lines() -> list[str]:
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## A fleet"):]
    section = section[:section.index("\n## ", 1)]
    return [line.strip() for line in section.splitlines() if line.startswith("    ")]


SECRET_PATH = "/etc/market-hall/fleet.secret"  # where relay.md keeps a fleet's secret


def test_the_fleet_commands_in_relay_md_start_two_nodes_that_serve_reads(tmp_path):
    secret = tmp_path / "fleet.secret"
    secret.write_text("s" * 64 + "\n")
    serve = [line.replace(SECRET_PATH, str(secret)).split() for line in _fleet_lines()
             if line.startswith("market-hall serve ")]
    configs = [config_from_args(build_parser().parse_args(words[2:])) for words in serve]
    files, shared = configs[:2], configs[2:]  # each node its own folder; then both on one Redis
    for pair in (files, shared):
        assert [(c.node, c.port, c.trust_proxy) for c in pair] == [("A", 8765, "127.0.0.1"), ("B", 8766, "127.0.0.1")]
    assert len({c.public_url for c in configs}) == 1 and len({c.data for c in files}) == 2
    assert {(c.store_url, c.fleet_secret, c.data) for c in shared} == {("redis://127.0.0.1:6379/0", b"s" * 64, None)}


def test_the_fleet_units_line_in_relay_md_writes_one_relay_unit_per_node(tmp_path):
    line = next(x for x in _fleet_lines() if x.startswith("for node in "))
    line = line.replace("sudo ", "").replace("/etc/systemd/system/", f"{tmp_path}/")
    root = Path(__file__).resolve().parents[1]
    # `command -v market-hall` names the function where no market-hall is on PATH
    subprocess.run(["bash", "-c", f"market-hall() {{ :; }}; {line}"], cwd=root, check=True, timeout=WAIT)
    for name, port in (("A", 8765), ("B", 8766)):
        text = (tmp_path / f"market-hall-relay-{name}.service").read_text()
        start = next(x for x in text.splitlines() if x.startswith("ExecStart="))
        words = start.split()[2:]  # after the program and `serve`
        config = config_from_args(build_parser().parse_args(words))
        assert (config.node, config.port, str(config.data)) == (name, port, f"/var/lib/market-hall-{name}")
        assert f"StateDirectory=market-hall-{name}" in text


def test_the_fleet_units_for_one_redis_read_the_fleet_secret_as_a_credential(tmp_path):
    lines = [x.replace("sudo ", "").replace("/etc/systemd/system/", f"{tmp_path}/") for x in _fleet_lines()
             if x.startswith(("for node in ", "for name in "))]
    root = Path(__file__).resolve().parents[1]
    subprocess.run(["bash", "-c", "market-hall() { :; }; " + "; ".join(lines)], cwd=root, check=True, timeout=WAIT)
    secret = tmp_path / "fleet.secret"
    secret.write_text("s" * 64)
    for name, port in (("A", 8765), ("B", 8766)):
        text = (tmp_path / f"market-hall-relay-{name}.service").read_text()
        service = text[text.index("[Service]"):]
        assert f"LoadCredential=fleet.secret:{SECRET_PATH}" in service.splitlines()
        start = next(x for x in text.splitlines() if x.startswith("ExecStart="))
        words = start.replace("%d/", f"{tmp_path}/").split()[2:]  # systemd's %d: the credentials folder
        config = config_from_args(build_parser().parse_args(words))
        assert (config.node, config.port, config.store_url, config.data, config.fleet_secret) == (
            name, port, "redis://127.0.0.1:6379/0", None, b"s" * 64)
