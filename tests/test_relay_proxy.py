"""The packaged front doors for real: packaging/nginx.conf and packaging/haproxy.cfg, their ports
swapped for free loopback ones, in front of two `serve` processes (`--node A` and `--node B`, file
stores in temporary folders). Whole matches of every game go through each proxy, every room on the
node its code names; resume and `status` reach each room's node. One pair of nodes for the module,
each proxy started once (module-scoped fixtures), one test per proxy (xdist may deal tests of one
module to both workers: each would start its own nodes); Debian's binaries, skipped in one line if
absent."""

from __future__ import annotations

import http.client
import json
import os
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from game.online import status
from game.online.rejoin import HeldSeat
from game.relay.protocol import room_url
from game.tools.online_autoplay import play_online
from rules.registry import get_game
from tests.online_helpers import WAIT, Raw, open_room

ROOT = Path(__file__).resolve().parents[1]
PACKAGED = {"nginx": ROOT / "packaging" / "nginx.conf", "haproxy": ROOT / "packaging" / "haproxy.cfg"}
PACKAGED_NODES = {"A": "127.0.0.1:8765", "B": "127.0.0.1:8766"}  # the nodes' addresses in both files
SCALE = "100"  # match seconds per real second: a Swap Meet round of 60 s takes 0.6 s
GAMES = (("night-market", 2, None), ("stamp-swap", 2, None),
         ("swap-meet", 3, {"round_seconds": 60, "summary_seconds": 0}))
# nginx as any user: everything it writes stays in its own folder (Debian builds in /var/lib/nginx)
NGINX_MAIN = """events {{}}
http {{
    access_log off;
    client_body_temp_path tmp/body;
    proxy_temp_path tmp/proxy;
    fastcgi_temp_path tmp/fastcgi;
    uwsgi_temp_path tmp/uwsgi;
    scgi_temp_path tmp/scgi;
    include {site};
}}
"""


@dataclass
class Node:
    """One `serve --node NAME` process."""

    name: str
    port: int
    data: Path
    proc: subprocess.Popen[str]

    def holds(self, code: str) -> bool:
        """True when this node's store has a file of room `code`."""
        return any(self.data.rglob(f"{code}.*"))


def _found(name: str) -> str | None:
    return shutil.which(name, path=os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"]))


def _binary(name: str) -> str:
    found = _found(name)
    if found is None:
        pytest.skip(f"{name} not installed: proxy tests skipped")
    return found


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _first_line(proc: subprocess.Popen[str]) -> str:
    assert proc.stdout is not None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        assert sel.select(WAIT), f"a relay node printed nothing within {WAIT} s"
    return proc.stdout.readline()


def _stop(proc: subprocess.Popen[Any], how: signal.Signals = signal.SIGTERM) -> None:
    proc.send_signal(how)
    try:
        proc.wait(WAIT)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(WAIT)


@pytest.fixture(scope="module")
def nodes(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Node]]:
    """Nodes A and B on free loopback ports, started together, trusting the proxy at 127.0.0.1."""
    if not any(_found(kind) for kind in PACKAGED):
        pytest.skip("nginx and haproxy not installed: proxy tests skipped")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = {}
    for name in PACKAGED_NODES:
        data = tmp_path_factory.mktemp(f"node{name}")
        log = (data.parent / f"node{name}.log").open("w")  # a file: an unread pipe would stall the node
        proc = subprocess.Popen([sys.executable, "-m", "game.relay", "--port", "0", "--node", name, "--data", str(data),
                                 "--time-scale", SCALE, "--trust-proxy", "127.0.0.1"],
                                stdout=subprocess.PIPE, stderr=log, text=True, env=env, cwd=data)
        log.close()
        started[name] = (data, proc)
    try:
        yield {name: Node(name, int(json.loads(_first_line(proc))["url"].rsplit(":", 1)[1]), data, proc)
               for name, (data, proc) in started.items()}
    finally:
        for _, proc in started.values():
            _stop(proc, signal.SIGINT)  # a relay stops on Ctrl-C


def _swap(text: str, old: str, new: str) -> str:
    assert old in text, f"the packaged config no longer has {old!r}"
    return text.replace(old, new)


def _config(kind: str, port: int, nodes: dict[str, Node]) -> str:
    """The packaged file with the test's ports for the proxy and the nodes."""
    text = PACKAGED[kind].read_text(encoding="utf-8")
    for name, address in PACKAGED_NODES.items():
        text = _swap(text, address, f"127.0.0.1:{nodes[name].port}")
    if kind == "nginx":
        return _swap(text, "listen 80;", f"listen 127.0.0.1:{port};")
    return _swap(text, "bind :80", f"bind 127.0.0.1:{port}")


def _command(kind: str, folder: Path, config: str) -> list[str]:
    if kind == "haproxy":
        (folder / "haproxy.cfg").write_text(config, encoding="utf-8")
        return [_binary("haproxy"), "-db", "-f", str(folder / "haproxy.cfg")]
    (folder / "site.conf").write_text(config, encoding="utf-8")
    (folder / "nginx.conf").write_text(NGINX_MAIN.format(site=folder / "site.conf"), encoding="utf-8")
    (folder / "tmp").mkdir()
    return [_binary("nginx"), "-p", f"{folder}/", "-c", str(folder / "nginx.conf"), "-e", "stderr",
            "-g", f"daemon off; pid {folder}/nginx.pid; error_log stderr;"]


def _answers(port: int) -> bool:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        conn.request("GET", "/health")
        ok = conn.getresponse().status == 200
        conn.close()
        return ok
    except OSError:
        return False


@pytest.fixture(scope="module", params=sorted(PACKAGED))
def front(request: pytest.FixtureRequest, nodes: dict[str, Node],
          tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The proxy's websocket URL (`ws://127.0.0.1:PORT/ws`), in front of both nodes."""
    kind = str(request.param)
    _binary(kind)
    folder, port = tmp_path_factory.mktemp(kind), _free_port()
    log_path = folder / "proxy.log"
    with log_path.open("w") as log:
        proc = subprocess.Popen(_command(kind, folder, _config(kind, port, nodes)), stdout=log, stderr=log, cwd=folder)
    try:
        deadline = time.monotonic() + WAIT
        while not _answers(port):
            assert proc.poll() is None, f"{kind} stopped: {log_path.read_text()[-2000:]}"
            assert time.monotonic() < deadline, f"{kind} did not answer /health within {WAIT} s"
            time.sleep(0.05)
        yield f"ws://127.0.0.1:{port}/ws"
    finally:
        _stop(proc)


def _home(code: str, nodes: dict[str, Node]) -> Node:
    """The node a room code names, checked to be the only one holding the room."""
    home = nodes[code[0]]
    assert home.holds(code), f"room {code} is not on its home node {home.name}"
    assert not any(n.holds(code) for n in nodes.values() if n is not home), f"room {code} is on another node too"
    return home


def _play_every_game(front: str) -> dict[str, Any]:
    """Whole matches of every game at once through the proxy, by the online autoplay's bots: each
    game's (room code, autoplay line), or what went wrong. The host creates at /ws (any node), the
    guests join at /ws/CODE (the code's node). The app's own keepalive (8 s), not the suite's 0.5 s:
    through a proxy on a loaded machine a pong can take longer than that, and a host whose link drops
    before its invite arrives never learns its room (it failed so once at load 12)."""
    played: dict[str, Any] = {}

    def play(game: str, seats: int, options: dict[str, Any] | None) -> None:
        codes: list[str] = []
        try:
            line = play_online(front, get_game(game), 7, ["easy"] * seats, options, timeout=2 * WAIT,
                               seated=lambda rooms: codes.append(str(rooms[0].code)), close_timeout=0.5)
            played[game] = (codes[0], line)
        except Exception as exc:  # said by the test, by game
            played[game] = exc

    threads = [threading.Thread(target=play, args=game, daemon=True) for game in GAMES]
    for thread in threads:  # three rooms at once: most of a match is waiting on the network
        thread.start()
    for thread in threads:
        thread.join(3 * WAIT)
    return played


def _resume_and_ask(front: str, nodes: dict[str, Node]) -> None:
    """A correspondence room on each node: its seat resumes at /ws/CODE and `status` asks for both
    (one connection per node, each answering for its own room)."""
    held: dict[str, tuple[str, str]] = {}  # node -> (room, seat token)
    for _ in range(8):  # new rooms go to the nodes in turn
        host, joined, _ = open_room(front, "night-market", "Ana", days=3)
        host.close()
        held.setdefault(joined["room"][0], (joined["room"], joined["token"]))
        if len(held) == len(nodes):
            break
    assert set(held) == set(nodes), "the proxy sent every new room to one node"
    for room, token in held.values():
        client = Raw(room_url(front, room))
        client.send("resume", room=room, token=token)
        assert client.expect("joined")["room"] == room
        client.close()
        _home(room, nodes)
    rows = status.ask(front, [HeldSeat(front, room, token, "night-market", days=3) for room, token in held.values()])
    assert sorted(r["room"] for r in rows) == sorted(room for room, _ in held.values())
    assert not any(r.get("gone") or r.get("elsewhere") for r in rows)


def test_through_the_proxy_every_room_lives_on_the_node_its_code_names(front, nodes):
    played = _play_every_game(front)
    for game, seats, _ in GAMES:
        result = played.get(game)
        assert isinstance(result, tuple), f"{game}: {result!r}"
        code, line = result
        assert len(line["scores"]) == seats and line["actions"] > 0
        _home(code, nodes)
    assert {played[game][0][0] for game, _, _ in GAMES} == set(nodes), "the proxy sent every new room to one node"
    _resume_and_ask(front, nodes)
