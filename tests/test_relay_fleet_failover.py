"""The whole fleet at once: two relay nodes (`--node A`, `--node B`) on one Redis behind the packaged
nginx front door, each node the other's backup. The home node of a live room is killed with SIGKILL
mid-match; its seats reconnect through the proxy (which now sends them to the backup), are taken back
once the dead node's lease lapses, and finish the match with the record in Redis equal to what they
saw. Debian's redis-server and nginx; skipped in one line where either is missing."""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from game.relay.protocol import room_url
from tests.redis_helpers import RelayProcess, Seat, play, running_redis, seated
from tests.support import WAIT
from tests.test_relay_failover import kept_as_seen
from tests.test_relay_proxy import PACKAGED_NODES, _answers, _binary, _command, _config, _free_port, _stop

LEASE = 3.0  # seconds until a dead node's rooms are free (the default is 5)


@dataclass
class _At:
    port: int  # what the packaged config needs of a node


def _nginx(folder: Path, nodes: dict[str, RelayProcess]) -> tuple[subprocess.Popen[bytes], str]:
    """The packaged nginx file in front of `nodes`: (its process, its websocket URL)."""
    _binary("nginx")
    port = _free_port()
    at = {name: _At(int(node.url.rsplit(":", 1)[1].split("/")[0])) for name, node in nodes.items()}
    log = (folder / "nginx.log").open("wb")
    proc = subprocess.Popen(_command("nginx", folder, _config("nginx", port, at)), stdout=log, stderr=log, cwd=folder)
    log.close()
    deadline = time.monotonic() + WAIT
    while not _answers(port):
        assert proc.poll() is None, f"nginx stopped: {(folder / 'nginx.log').read_text()[-2000:]}"
        assert time.monotonic() < deadline, f"nginx did not answer /health within {WAIT} s"
        time.sleep(0.05)
    return proc, f"ws://127.0.0.1:{port}/ws"


def play_on(seats: list[Seat], url: str) -> int:
    """Play to the end as the app does: a link closed with 1012 (the serving relay let the room go:
    on a crawling machine a lease can lapse between renewals) is followed by every seat resuming."""
    for _ in range(5):
        try:
            return play(seats)
        except ConnectionClosed as exc:
            if exc.rcvd is None or exc.rcvd.code != 1012:
                raise
            for seat in seats:
                seat.resume(url)
    raise AssertionError("the room was let go five times in one match")


@pytest.fixture
def fleet(tmp_path: Path) -> Iterator[tuple[str, dict[str, RelayProcess], str]]:
    """Redis, nodes A and B on it, nginx in front: (the Redis URL, the nodes by name, the proxy's /ws)."""
    _binary("nginx")
    with running_redis(tmp_path) as redis_server:
        nodes = {name: RelayProcess(redis_server.url, tmp_path / f"{name}.log", LEASE, "--node", name)
                 for name in PACKAGED_NODES}
        proxy = None
        try:
            for node in nodes.values():
                node.ready()
            proxy, front = _nginx(tmp_path, nodes)
            yield redis_server.url, nodes, front
        finally:
            if proxy is not None:
                _stop(proxy)
            for node in nodes.values():
                node.stop()


def test_a_dead_nodes_room_is_taken_over_by_its_backup_through_the_proxy(fleet):
    redis_url, nodes, front = fleet
    seats = seated(front)  # created at /ws (any node), joined at /ws/CODE (the code's node)
    room = seats[0].room
    assert play(seats, 6) == 6
    home = nodes[room[0]]
    home.signal(signal.SIGKILL)
    killed = time.monotonic()
    for seat in seats:  # nginx finds the home node gone and sends the seat to its backup line
        seat.resume(room_url(front, room))
    failover = time.monotonic() - killed
    play_on(seats, room_url(front, room))
    assert seats[0].latest()["outcome"] is not None
    kept_as_seen(redis_url, seats)
    print(f"failover through nginx: home node killed -> room answers at its backup in {failover:.2f} s")
