"""`market-hall bench --part online`: one server process, N rooms of bot clients over loopback.

Two table sizes: 2-seat Night Market rooms (turn-based: each move is answered as fast as the
server can) and 6-seat Swap Meet rooms (real time, on a sped-up match clock so a round takes
seconds). Prints one JSON object: actions per second, answer time p50/p99, and the server's
resident memory per connection (its growth from idle to the busiest moment, rooms included).
Clients share this one process, so answer times include their own thread contention.
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

from game.online.autoplay import play_online, server_ws
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
