"""`market-hall bench --part online`: one server process, N rooms of bot clients over loopback.

Two table sizes: 2-seat Night Market rooms (turn-based: each move is answered as fast as the
server can) and 6-seat Swap Meet rooms (real time, on a sped-up match clock so a round takes
seconds). Prints one JSON object: actions per second, answer time p50/p99, and the server's
resident memory per connection (its growth from idle to the busiest moment, rooms included).
Clients share this one process, so answer times include their own thread contention.

`--pace human` instead runs N rooms of one game at real speed (Swap Meet bots at their human
reaction times, Night Market moves a couple of seconds apart) for a fixed time and reports the
server's CPU use, so rooms per core can be read off: the load at which answers stay quick.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from game.online.autoplay import SeatPlayer, SeatRun, _Turn, _turn, drive_seat, play_online, seat_clients, server_ws
from game.online.remote import RemoteRoom
from rules.registry import get_game

SWAP_MEET_SCALE = 20.0


def _rss_kib(pid: int) -> int:
    """Resident memory of a process in KiB (Linux /proc; 0 elsewhere)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _start_server(scale: float) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--time-scale", str(scale)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    return proc, json.loads(line)["url"]


def _phase(url: str, game_name: str, rooms: int, seats: int, pid: int) -> dict[str, Any]:
    game = get_game(game_name)
    results: list[dict[str, Any]] = []
    peak = [0]
    done = threading.Event()

    def one(k: int) -> None:
        results.append(play_online(server_ws(url), game, 1000 + k, ["normal"] * seats, None, timeout=300.0,
                                   ping_interval=20.0, ping_timeout=20.0))

    def watch() -> None:
        while not done.wait(0.1):
            peak[0] = max(peak[0], _rss_kib(pid))

    idle = _rss_kib(pid)
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    started = time.monotonic()
    threads = [threading.Thread(target=one, args=(k,), daemon=True) for k in range(rooms)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(320.0)
    elapsed = time.monotonic() - started
    done.set()
    return _figures(results, rooms * seats, elapsed, idle, peak[0])


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
        "server_kib_per_connection": round((peak - idle) / conns, 1) if conns and peak else None,
    }


def run_online_bench(rooms: int) -> int:
    """Run both phases against a fresh server process and print the figures."""
    if rooms < 1:
        print(json.dumps({"error": "--rooms must be at least 1"}))
        return 2
    proc, url = _start_server(SWAP_MEET_SCALE)
    try:
        report = {
            "bench": "online", "server": url,
            "two_seat_night_market": _phase(url, "night-market", rooms, 2, proc.pid),
            "six_seat_swap_meet": _phase(url, "swap-meet", max(1, rooms // 4), 6, proc.pid),
            "swap_meet_time_scale": SWAP_MEET_SCALE,
        }
    finally:
        proc.terminate()
        proc.wait(10)
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
    runs = [[SeatRun() for _ in seated] for seated in tables]
    cpu0, t0 = _cpu_seconds(pid), time.monotonic()
    until = t0 + seconds
    threads = [threading.Thread(target=_paced_seat, daemon=True,
                                args=(room, SeatPlayer(game, "normal", 3000 + k), until, run, THINK_SECONDS))
               for k, (seated, seat_runs) in enumerate(zip(tables, runs)) for room, run in zip(seated, seat_runs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(seconds + 30)
    wall, cpu = time.monotonic() - t0, _cpu_seconds(pid) - cpu0
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
        "server_cpu_cores": round(cores, 3),
        "rooms_per_core": round(rooms / cores, 1) if cores else None,
        "server_kib_per_connection": round((peak - idle) / (rooms * seats), 1) if peak and idle else None,
        "errors": errors[:3],
    }


def run_paced_bench(rooms: int, seconds: float, game_name: str) -> int:
    """`bench --part online --pace human`: N rooms at real speed for `seconds`, server CPU measured."""
    if rooms < 1 or seconds <= 0:
        print(json.dumps({"error": "--rooms must be at least 1 and --seconds positive"}))
        return 2
    seats = 6 if game_name == "swap-meet" else 2
    proc, url = _start_server(1.0)
    try:
        report = {"bench": "online-human-pace", "game": game_name, "think_seconds": THINK_SECONDS,
                  **_paced_phase(url, game_name, rooms, seats, proc.pid, seconds)}
    finally:
        proc.terminate()
        proc.wait(10)
    print(json.dumps(report))
    return 0
