"""`market-hall bench --part online`: one server process, N rooms of bot clients over loopback.

Two table sizes: 2-seat Night Market rooms (turn-based: each move is answered as fast as the
server can) and 6-seat Swap Meet rooms (real time, on a sped-up match clock so a round takes
seconds). Prints one JSON object: actions per second, answer time p50/p99, the server's bytes out
per second per connection (counted by the clients as they receive), its CPU per room at rest (every
room open and seated, nobody acting, REST_SECONDS) and at play, and its resident memory per
connection (its growth from idle to the busiest moment, rooms included). Clients share this one
process, so answer times include their own thread contention.

`--pace human` instead runs N rooms of one game at real speed (Swap Meet bots at their human
reaction times, Night Market moves a couple of seconds apart) for a fixed time and reports the
same figures plus the server's CPU in cores, so rooms per core can be read off: the load at which
answers stay quick.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import selectors
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from game.match.remote import RemoteRoom
from game.tools.online_autoplay import (
    SeatPlayer,
    SeatRun,
    _Turn,
    _turn,
    drive_seat,
    play_online,
    seat_clients,
    server_ws,
)
from rules.registry import get_game

SWAP_MEET_SCALE = 20.0
REST_SECONDS = 3.0  # rooms seated and idle this long: the server's cost of a room nobody plays in
START_SECONDS = 20.0  # the bench's own server must say its URL within this time
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies


class BenchFailed(RuntimeError):
    """The bench's server did not start, or no room could be set up."""


def _rss_kib(pid: int) -> int:
    """Resident memory of a process in KiB (Linux /proc; 0 elsewhere)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def serve_command(scale: float, rooms: int, store: str | None = None, extra: Sequence[str] = ()) -> list[str]:
    """The bench's `serve` command. Every bench room is opened from this one address within a minute,
    so the caps per address are raised to fit them all (both phases' rooms stay open). `store`: a
    redis:// URL or a folder for the rooms (default: memory); `extra`: more options."""
    caps = str(2 * rooms + 8)
    where = [] if store is None else ["--store" if store.startswith("redis://") else "--data", store]
    return [sys.executable, "-m", "game", "serve", "--port", "0", "--time-scale", str(scale),
            "--rooms-per-address", caps, "--rooms-per-minute", caps, *where, *extra]


def _start_server(scale: float, rooms: int, store: str | None = None,
                  extra: Sequence[str] = ()) -> tuple[subprocess.Popen[str], str]:
    """A `serve` process on a free port and its URL (BenchFailed, with its last words, if it does not start)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    with tempfile.TemporaryFile("w+") as log:  # a file, not a pipe: an unread pipe would stall the server
        proc = subprocess.Popen(serve_command(scale, rooms, store, extra), stdout=subprocess.PIPE, stderr=log,
                                text=True, env=env, preexec_fn=own_session)
        assert proc.stdout is not None
        with selectors.DefaultSelector() as wait:
            wait.register(proc.stdout, selectors.EVENT_READ)
            line = proc.stdout.readline() if wait.select(START_SECONDS) else ""
        try:
            return proc, json.loads(line)["url"]
        except (ValueError, KeyError):
            proc.kill()
            proc.wait(10)
            log.seek(0)
            said = line.strip() or (log.read().strip().splitlines() or ["nothing"])[-1]
            raise BenchFailed(f"the bench's server did not start within {START_SECONDS:g} s: {said}") from None



def own_session() -> None:
    """In the bench's relay before it runs: a session of its own (where the kernel shares CPU
    between sessions, autogroups, the relay gets its own share instead of splitting one with the
    bench's clients), and ended when the bench dies: out of the bench's process group, a `timeout
    -k` would no longer kill it (Linux's PR_SET_PDEATHSIG; elsewhere the bench's own ending only)."""
    os.setsid()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


@contextlib.contextmanager
def bench_server(scale: float, rooms: int, store: str | None = None,
                 extra: Sequence[str] = ()) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """A bench's `serve` process and its URL while the block runs (BenchFailed if it does not start);
    ended afterwards, and killed if it will not stop. `extra`: more `serve` options."""
    proc, url = _start_server(scale, rooms, store, extra)
    try:
        yield proc, url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)

class _Rest:
    """Holds every room at its first view until the server has been measured at rest, then lets them play."""

    def __init__(self, rooms: int, pid: int) -> None:
        self.count, self.pid = rooms, pid
        self.seated = threading.Barrier(rooms + 1)
        self.go = threading.Event()
        self.rooms: list[RemoteRoom] = []
        self.figures: dict[str, Any] = {}

    def hold(self, rooms: list[RemoteRoom]) -> None:
        """Called by each room's thread once seated: wait for the others and the measurement."""
        self.rooms.extend(rooms)
        with contextlib.suppress(threading.BrokenBarrierError):  # a room failed to set up: play unmeasured
            self.seated.wait(300.0)
        self.go.wait(300.0)

    def measure(self, seconds: float) -> None:
        """Wait until every room is seated (or one failed), measure `seconds` of rest, release them."""
        try:
            self.seated.wait(300.0)
            self.figures = _window(self.pid, [room.client for room in self.rooms], seconds, self.count)
        except threading.BrokenBarrierError:
            self.figures = {}
        finally:
            self.go.set()


def _window(pid: int, clients: Sequence[Any], seconds: float, rooms: int) -> dict[str, Any]:
    """Sleep `seconds` and measure the server meanwhile: CPU per room, bytes each client received per second."""
    cpu0, t0, got0 = _cpu_seconds(pid), time.monotonic(), [c.bytes_in for c in clients]
    time.sleep(seconds)
    wall = time.monotonic() - t0
    rates = [(c.bytes_in - b) / wall for c, b in zip(clients, got0, strict=True)]
    return {"cpu_pct_per_room": round(100 * (_cpu_seconds(pid) - cpu0) / wall / rooms, 3),
            "bytes_out_per_s_per_connection": _spread(rates)}


def _spread(samples: Sequence[float]) -> dict[str, int]:
    """Median, p99 and max of per-connection figures, in whole units."""
    if not samples:
        return {"median": 0, "p99": 0, "max": 0}
    ordered = sorted(samples)
    return {"median": round(statistics.median(ordered)), "p99": round(ordered[int(len(ordered) * 0.99)]),
            "max": round(ordered[-1])}


def _phase(url: str, game_name: str, rooms: int, seats: int, pid: int) -> dict[str, Any]:
    game = get_game(game_name)
    results: list[dict[str, Any]] = []
    errors: list[str] = []
    peak = [0]
    done = threading.Event()
    rest = _Rest(rooms, pid)

    def one(k: int) -> None:
        try:
            results.append(play_online(server_ws(url), game, 1000 + k, ["normal"] * seats, None, timeout=300.0,
                                       seated=rest.hold, ping_interval=20.0, ping_timeout=20.0))
        except Exception as exc:  # reported in the figures; the other rooms go on
            errors.append(repr(exc))
            rest.seated.abort()

    def watch() -> None:
        while not done.wait(0.1):
            peak[0] = max(peak[0], _rss_kib(pid))

    idle = _rss_kib(pid)
    threading.Thread(target=watch, daemon=True).start()
    threads = [threading.Thread(target=one, args=(k,), daemon=True) for k in range(rooms)]
    for t in threads:
        t.start()
    rest.measure(REST_SECONDS)
    started, cpu0 = time.monotonic(), _cpu_seconds(pid)
    for t in threads:
        t.join(320.0)
    elapsed = time.monotonic() - started
    done.set()
    play_pct = round(100 * (_cpu_seconds(pid) - cpu0) / elapsed / rooms, 3) if elapsed else 0.0
    return {**_figures(results, rooms * seats, elapsed, idle, peak[0]), "errors": errors[:3],
            "at_rest": rest.figures, "cpu_pct_per_room_at_play": play_pct}


def _figures(results: list[dict[str, Any]], conns: int, elapsed: float, idle: int, peak: int) -> dict[str, Any]:
    actions = sum(r["actions"] for r in results)
    medians = sorted(r["net"]["answer_ms"]["median"] for r in results)
    p99s = sorted(r["net"]["answer_ms"]["p99"] for r in results)
    return {
        "rooms": len(results), "connections": conns, "seconds": round(elapsed, 2),
        "actions": actions, "actions_per_s": round(actions / elapsed, 1) if elapsed else 0.0,
        "answer_ms_p50": medians[len(medians) // 2] if medians else 0.0,
        "answer_ms_p99": p99s[min(len(p99s) - 1, int(len(p99s) * 0.99))] if p99s else 0.0,
        "messages": sum(r["net"]["messages"] for r in results),
        "bytes_out_per_s_per_connection": _spread([b for r in results for b in r["net"]["received_per_s"]]),
        "server_kib_per_connection": round((peak - idle) / conns, 1) if conns and peak else None,
    }


def run_online_bench(rooms: int, store: str | None = None) -> int:
    """Run both phases against a fresh server process and print the figures."""
    if rooms < 1:
        print(json.dumps({"error": "--rooms must be at least 1"}))
        return 2
    try:
        with bench_server(SWAP_MEET_SCALE, rooms, store) as (proc, url):
            report = {
                "bench": "online", "server": url, "store": store or "memory", "rest_seconds": REST_SECONDS,
                "two_seat_night_market": _phase(url, "night-market", rooms, 2, proc.pid),
                "six_seat_swap_meet": _phase(url, "swap-meet", max(1, rooms // 4), 6, proc.pid),
                "swap_meet_time_scale": SWAP_MEET_SCALE,
            }
    except BenchFailed as exc:
        print(json.dumps({"error": str(exc)}))
        return 1
    print(json.dumps(report))
    return 0


# At human pace ------------------------------------------------------------------------------------
THINK_SECONDS = 2.0  # a quick person's Night Market turn; Swap Meet bots keep their own reaction times


def _cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _paced_seat(room: RemoteRoom, player: SeatPlayer, until: float, run: SeatRun, think: float) -> None:
    """Play one seat until `until` like a person: a turn-based move goes `think` seconds after the turn came."""
    if player.game.realtime:
        drive_seat(room, player, until, run)
        return
    try:
        last, seen, since = _Turn(), -1, 0.0
        while time.monotonic() < until:
            table = room.table
            assert table is not None and room.seat is not None
            run.refused += len(table.take_refusals())
            if table.outcome() is not None:
                break
            if table.version != seen:
                seen, since = table.version, time.monotonic()
            if time.monotonic() - since >= think:
                _turn(table, room.seat, player, last, False)
            room.wait(0.1)
        assert room.table is not None
        run.answers = list(room.table.answer_seconds)
        run.acts = len(run.answers)
    except BaseException as exc:  # reported by the caller
        run.error = exc


def _paced_phase(url: str, game_name: str, rooms: int, seats: int, pid: int, seconds: float) -> dict[str, Any]:
    game = get_game(game_name)
    idle = _rss_kib(pid)
    setup = time.monotonic() + 60 + rooms * 2
    tables = [seat_clients(server_ws(url), game_name, [f"P{i + 1}" for i in range(seats)], setup, 3000 + k,
                           None, ping_interval=20.0, ping_timeout=20.0) for k in range(rooms)]
    clients = [room.client for seated in tables for room in seated]
    at_rest = _window(pid, clients, min(REST_SECONDS, seconds / 4), rooms)
    runs = [[SeatRun() for _ in seated] for seated in tables]
    cpu0, t0, got0 = _cpu_seconds(pid), time.monotonic(), [c.bytes_in for c in clients]
    until = t0 + seconds
    threads = [threading.Thread(target=_paced_seat, daemon=True,
                                args=(room, SeatPlayer(game, "normal", 3000 + k), until, run, THINK_SECONDS))
               for k, (seated, seat_runs) in enumerate(zip(tables, runs)) for room, run in zip(seated, seat_runs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 30)
    wall, cpu = time.monotonic() - t0, _cpu_seconds(pid) - cpu0
    sent = _spread([(c.bytes_in - b) / wall for c, b in zip(clients, got0, strict=True)])
    peak = _rss_kib(pid)
    for seated in tables:
        for room in seated:
            room.close()
    answers = sorted(a for seat_runs in runs for run in seat_runs for a in run.answers)
    errors = [repr(run.error) for seat_runs in runs for run in seat_runs if run.error is not None]
    cores = cpu / wall if wall else 0.0
    return {
        "rooms": rooms, "connections": rooms * seats, "seconds": round(wall, 1), "actions": len(answers),
        "actions_per_s": round(len(answers) / wall, 1) if wall else 0.0,
        "answer_ms_p50": round(answers[len(answers) // 2] * 1000, 2) if answers else 0.0,
        "answer_ms_p99": round(answers[min(len(answers) - 1, int(len(answers) * 0.99))] * 1000, 2) if answers else 0.0,
        "bytes_out_per_s_per_connection": sent, "cpu_pct_per_room_at_play": round(100 * cores / rooms, 3),
        "at_rest": at_rest, "server_cpu_cores": round(cores, 3),
        "rooms_per_core": round(rooms / cores, 1) if cores else None,
        "server_kib_per_connection": round((peak - idle) / (rooms * seats), 1) if peak and idle else None,
        "errors": errors[:3],
    }


def run_paced_bench(rooms: int, seconds: float, game_name: str, store: str | None = None) -> int:
    """`bench --part online --pace human`: N rooms at real speed for `seconds`, server CPU measured."""
    if rooms < 1 or seconds <= 0:
        print(json.dumps({"error": "--rooms must be at least 1 and --seconds positive"}))
        return 2
    seats = 6 if game_name == "swap-meet" else 2
    try:
        with bench_server(1.0, rooms, store) as (proc, url):
            report = {"bench": "online-human-pace", "game": game_name, "store": store or "memory",
                      "think_seconds": THINK_SECONDS,
                      **_paced_phase(url, game_name, rooms, seats, proc.pid, seconds)}
    except BenchFailed as exc:
        print(json.dumps({"error": str(exc)}))
        return 1
    print(json.dumps(report))
    return 0
