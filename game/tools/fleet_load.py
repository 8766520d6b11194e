"""`market-hall bench --part fleet-load`: many busy two-seat Night Market rooms at human pace.

The thread-per-client harness of `--part online --pace human` gave out at 1,000 rooms (2,000
threads: load 386, no result). Here the clients are asyncio websocket connections (the `websockets`
package, as the relay uses), split over a few worker processes, so 2,000 seats cost a few event
loops. Each seat speaks the protocol by hand: it acts only when its own last update gave it legal
moves (Night Market's updates carry none: the seat lists them from its view, as the app does),
picks one of them (seeded) after a think time drawn from THINK (seeded), and measures the
answer time: `act` sent -> the relay's answer for that number received (`update` with `answer` or
`answers`, or `refused`). The relay is one `serve` process the bench starts; its CPU comes from
/proc over the timed window, and how long its loop waited for a CPU (/proc schedstat). Each seat
connects from a loopback address of its own (127.x.y.z), as 2,000 people would from their own
homes: from one address the relay's byte budget per address (`address_seats` seats' worth, 2 MiB/s)
would hold every seat's updates back together once the fleet's traffic passed it (the report
counts the updates held). The relay and every client process run a lag probe
(game/relay/lagprobe.py), so the report says how late each loop woke over the window: an answer
time is only as good as the client loop that timed it. The last half of the window is reported
apart as well (`steady_*`: the moves sent then, the relay's loop and collections then), beside the
whole window. Everything is bounded: setup, play and the drain each have a deadline, and every
process the bench starts is ended before it returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import multiprocessing as mp
import os
import random
import resource
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.relay.collector import Collector
from game.relay.lagprobe import LagProbe, read_window
from game.relay.protocol import encode, room_url, websocket_url
from game.tools.bench_relay import moves
from rules.registry import get_game

THINK = (2.0, 6.0)  # seconds a person takes per Night Market move (uniform, seeded per seat)
ROOMS_PER_WORKER = 250  # client rooms per worker process (500 connections on one event loop)
SETUP_AT_ONCE = 25  # rooms being set up at once per worker: a burst of hellos, not a stampede
SETUP_SECONDS = 120.0  # every room seated and dealt within this, or the run reports what failed
DRAIN_SECONDS = 10.0  # after play, moves in flight get this long to be answered
STEADY = 0.5  # the last half of the window is reported apart too: the relay settled (see `steady`)
OPEN_TIMEOUT = 30.0
NIGHT_MARKET = get_game("night-market")


@dataclass
class Seat:
    """One seat's connection and what it measured."""

    ws: ClientConnection
    rng: random.Random
    think: tuple[float, float] = THINK
    legal: list[Any] = field(default_factory=list)
    turn: asyncio.Event = field(default_factory=asyncio.Event)
    sent: dict[int, float] = field(default_factory=dict)  # seq -> when sent
    seq: int = 0
    answers: list[float] = field(default_factory=list)
    asked: list[float] = field(default_factory=list)  # when each answered move was sent (monotonic)
    refused: int = 0
    over: bool = False


def seat_address(k: int) -> str:
    """Seat `k`'s own loopback address (127.x.y.z, never a .0 or .255), unique for k < 16 million."""
    return f"127.{1 + k // 64516 % 254}.{1 + k // 254 % 254}.{1 + k % 254}"


async def _open(url: str, seat: int | None) -> ClientConnection:
    """A connection, from seat number `seat`'s own loopback address (None: the system's choice)."""
    local: dict[str, Any] = {} if seat is None else {"local_addr": (seat_address(seat), 0)}
    return await connect(url, proxy=None, compression=None, open_timeout=OPEN_TIMEOUT, max_size=2**22,
                         max_queue=None, ping_interval=20.0, ping_timeout=60.0, **local)


async def _expect(ws: ClientConnection, kind: str, test: Any = None) -> dict[str, Any]:
    """The first message of type `kind` (for which `test` holds); the caller bounds the wait."""
    while True:
        msg: dict[str, Any] = json.loads(await ws.recv())
        if msg["type"] == kind and (test is None or test(msg)):
            return msg
        if msg["type"] in ("error", "turned_away"):
            raise RuntimeError(f"refused while setting up: {msg.get('code')}")


async def _room(url: str, seed: int,
                spread: bool) -> tuple[ClientConnection, ClientConnection, dict[str, Any], dict[str, Any]]:
    """A dealt two-seat Night Market room: (host, guest, each one's first update); with `spread`
    each seat connects from its own loopback address."""
    host = await _open(url, 2 * seed if spread else None)
    try:
        await host.send(encode("create", game="night-market", name="P1", seed=seed))
        await _expect(host, "joined")
        invite = await _expect(host, "invite")
        guest = await _open(room_url(url, invite["room"]), 2 * seed + 1 if spread else None)
    except BaseException:
        await host.close()
        raise
    try:
        await guest.send(encode("join", room=invite["room"], name="P2", ticket=invite["ticket"]))
        await _expect(guest, "joined")
        await guest.send(encode("ready", ready=True))
        await _expect(host, "lobby", lambda m: len(m["seats"]) == 2 and m["seats"][1]["ready"])
        await host.send(encode("start"))
        return host, guest, await _expect(host, "update"), await _expect(guest, "update")
    except BaseException:
        await asyncio.gather(host.close(), guest.close())
        raise


def _take(seat: Seat, msg: dict[str, Any], now: float) -> None:
    """One message from the relay: answers close their moves' clocks; an update sets the legal moves."""
    kind = msg["type"]
    if kind == "refused":
        seat.refused += 1
        numbers = [msg["seq"]]
    elif kind == "update":
        numbers = [*msg.get("answers", ()), *([msg["answer"]] if "answer" in msg else [])]
        seat.legal = moves(NIGHT_MARKET, msg)  # the update's list, or listed from its view (protocol 4)
        seat.over = seat.over or msg.get("outcome") is not None
    else:
        return
    for n in numbers:
        if (t := seat.sent.pop(n, None)) is not None:
            seat.answers.append(now - t)
            seat.asked.append(t)
    if seat.legal and not seat.sent and not seat.over:
        seat.turn.set()


async def _listen(seat: Seat) -> None:
    with contextlib.suppress(Exception):  # a closed link ends this seat's play; the report counts it
        async for raw in seat.ws:
            _take(seat, json.loads(raw), time.monotonic())
    seat.over = True
    seat.turn.set()


async def _play(seat: Seat, until: float) -> None:
    """Think, then send one of this seat's legal moves, each time its turn comes, until `until`."""
    while time.monotonic() < until:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(seat.turn.wait(), max(0.0, until - time.monotonic()))
        seat.turn.clear()
        if seat.sent:  # a move still waits for its answer, which sets the turn again
            continue
        if seat.over or not seat.legal or time.monotonic() >= until:
            return
        await asyncio.sleep(min(seat.rng.uniform(*seat.think), max(0.0, until - time.monotonic())))
        if seat.over or time.monotonic() >= until:
            return
        seat.seq += 1
        seat.sent[seat.seq] = time.monotonic()
        await seat.ws.send(encode("act", seq=seat.seq, action=seat.rng.choice(seat.legal)))


async def _set_up(url: str, seeds: list[int], errors: list[str], pace: tuple[tuple[float, float], bool]) -> list[Seat]:
    """A seated, dealt room per seed (`pace`: the think range, and whether seats have addresses of their own)."""
    gate = asyncio.Semaphore(SETUP_AT_ONCE)
    think, spread = pace

    async def one(seed: int) -> list[Seat]:
        async with gate:
            try:
                host, guest, *first = await asyncio.wait_for(_room(url, seed, spread), SETUP_SECONDS)
            except Exception as exc:  # reported; the other rooms go on
                errors.append(repr(exc))
                return []
        seats = [Seat(ws, random.Random(seed * 2 + k), think) for k, ws in enumerate((host, guest))]
        for seat, update in zip(seats, first, strict=True):
            _take(seat, update, time.monotonic())
        return seats

    return [s for room in await asyncio.gather(*(one(seed) for seed in seeds)) for s in room]


async def drive(url: str, seeds: list[int], seconds: float, go: Any = None,
                think: tuple[float, float] | None = None, spread: bool = False) -> dict[str, Any]:
    """Set up a room per seed, wait for `go` (an awaitable giving the shared deadline; None: start at
    once), play until it, drain, close: the answer times and counts, this loop's lateness (ms) and
    CPU seconds over the play. `think`: seconds per move (default THINK; a long one holds every room
    seated and idle, the relay at rest); `spread`: each seat from its own loopback address."""
    errors: list[str] = []
    probe = LagProbe()
    looking = asyncio.create_task(probe.run())
    seats = await _set_up(url, seeds, errors, (think or THINK, spread))
    listeners = [asyncio.create_task(_listen(s)) for s in seats]
    until = await go(len(seats) // 2, errors) if go is not None else time.monotonic() + seconds
    probe.take()  # the play's lateness only
    cpu0 = time.process_time()
    await asyncio.gather(*(_play(s, until) for s in seats))
    cpu, (lag, pauses) = time.process_time() - cpu0, probe.take()
    looking.cancel()
    drain = time.monotonic() + DRAIN_SECONDS
    while any(s.sent and not s.over for s in seats) and time.monotonic() < drain:
        await asyncio.sleep(0.05)
    unanswered = sum(len(s.sent) for s in seats if not s.over)
    for task in listeners:
        task.cancel()
    await asyncio.gather(*(s.ws.close() for s in seats), return_exceptions=True)
    return {"rooms": len(seats) // 2, "answers": [a for s in seats for a in s.answers],
            "asked": [t for s in seats for t in s.asked],
            "refused": sum(s.refused for s in seats), "unanswered": unanswered, "errors": errors,
            "finished_rooms": sum(s.over for s in seats) // 2, "client_cpu": time.process_time(),
            "play_cpu": cpu, "lag_ms": [round(1000 * x, 2) for x in lag],
            "gc_ms": [[g, round(1000 * x, 2), round(1000 * c, 2)] for g, x, c in pauses]}


def _worker(url: str, seeds: list[int], seconds: float, pipe: Connection, think: tuple[float, float],
            spread: bool = True) -> None:
    """A client process: its rooms, the parent's go (the shared deadline), its figures back."""
    async def go(rooms: int, errors: list[str]) -> float:
        pipe.send(("seated", rooms, errors[:3]))
        return float(await asyncio.get_running_loop().run_in_executor(None, pipe.recv))

    try:
        pipe.send(("done", asyncio.run(drive(url, seeds, seconds, go, think, spread))))
    except BaseException as exc:  # noqa: BLE001 (reported to the parent, which bounds the run)
        pipe.send(("failed", repr(exc)))


def _client_process(*args: Any) -> None:
    """A spawned client process: `_worker`, with the relay's collection policy (collector.py), so a
    full collection of 500 connections' objects does not stall the loop that times the answers."""
    Collector().install()
    _worker(*args)


def raise_file_limit(need: int) -> int:
    """Raise this process's open-file limit towards `need` (the relay it starts inherits it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(max(soft, need), hard) if hard != resource.RLIM_INFINITY else max(soft, need)
    if want > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return want


def _percentile(ordered: list[float], q: float) -> float:
    return round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * q))], 2) if ordered else 0.0


def summary(answers: list[float], name: str = "answer_ms") -> dict[str, float]:
    """Times (seconds) in ms: median, p95, p99, max, named `name`_p50 and so on."""
    ordered = sorted(answers)
    return {f"{name}_p50": _percentile(ordered, 0.5), f"{name}_p95": _percentile(ordered, 0.95),
            f"{name}_p99": _percentile(ordered, 0.99), f"{name}_max": _percentile(ordered, 1.0)}


def relay_probe(path: Path, start: float, end: float) -> dict[str, Any]:
    """The relay's lag-probe lines over the window: its loop's lateness, its collections' pauses,
    and the updates it held for a byte budget (its counter's growth over the window)."""
    before = read_window(path, 0.0, start)
    lines = read_window(path, start, end)
    lag = [ms / 1000 for line in lines for ms in line["lag_ms"]]
    pauses = [pause for line in lines for pause in line["gc_ms"]]
    held = lines[-1]["held"] - (before[-1]["held"] if before else 0) if lines else None
    return {**summary(lag, "relay_lag_ms"), "relay_lag_samples": len(lag), **collections(pauses, "relay"),
            "relay_updates_held": held}


def collections(pauses: list[list[float]], who: str) -> dict[str, Any]:
    """Collection pauses ([generation, ms, CPU ms] each): their totals, the longest, and the full
    ones' (CPU time is the collector's own work; wall time adds the waits of a busy machine)."""
    full = [(ms, cpu) for gen, ms, cpu in pauses if gen == 2]
    return {f"{who}_gc_ms_total": round(sum(p[1] for p in pauses), 1),
            f"{who}_gc_cpu_ms_total": round(sum(p[2] for p in pauses), 1),
            f"{who}_gc_ms_max": max((p[1] for p in pauses), default=0.0), f"{who}_full_collections": len(full),
            f"{who}_full_collection_ms_max": max((ms for ms, _ in full), default=0.0),
            f"{who}_full_collection_cpu_ms_max": max((cpu for _, cpu in full), default=0.0)}


def steady(done: list[dict[str, Any]], path: Path, start: float, end: float) -> dict[str, Any]:
    """The moves sent from `start` on (the last STEADY of the window) and the relay's loop and
    collections over that part, named steady_*: every room has been seated since well before, so a
    reader can tell what followed the setup (a heap just grown by every room, whole walks at its
    doublings) from a relay that holds its rooms."""
    answers = [a for r in done for a, t in zip(r["answers"], r["asked"], strict=True) if t >= start]
    relay = relay_probe(path, start, end)
    keep = ("relay_lag_ms", "relay_gc", "relay_full")
    return {"steady_seconds": round(end - start, 1), "steady_moves": len(answers),
            **summary(answers, "steady_answer_ms"),
            **{f"steady_{k}": v for k, v in relay.items() if k.startswith(keep)}}


def clients_probe(done: list[dict[str, Any]], wall: float) -> dict[str, Any]:
    """The client processes' own loops over the play: lateness (all together), collections, and CPU
    (the busiest process's share of a core, and all of them in cores)."""
    lag = [ms / 1000 for r in done for ms in r["lag_ms"]]
    pauses = [pause for r in done for pause in r["gc_ms"]]
    cpu = [r["play_cpu"] for r in done]
    return {**summary(lag, "client_lag_ms"), **collections(pauses, "client"),
            "client_cpu_cores": round(sum(cpu) / wall, 3) if wall else None,
            "client_busiest_cores": round(max(cpu, default=0.0) / wall, 3) if wall else None}


STARVED = 0.05  # the relay's loop waiting for a CPU more than this share of the window: a busy machine
CLIENT_LATE_MS = 10.0  # client loops later than this at p99: their answer times carry their own lag


def caveats(report: dict[str, Any]) -> list[str]:
    """Why the answer times may not be the relay's own, in words (empty: nothing seen)."""
    said = []
    if (share := report.get("relay_runqueue_share") or 0.0) > STARVED:
        said.append(f"the relay's loop waited for a CPU {share:.0%} of the window: the machine was busy")
    if (late := report.get("client_lag_ms_p99") or 0.0) > CLIENT_LATE_MS:
        said.append(f"the clients' loops were {late:.0f} ms late at p99: their answer times include it")
    if held := report.get("relay_updates_held"):
        said.append(f"{held} updates waited for a byte budget")
    return said


def workers_for(rooms: int) -> int:
    return max(1, math.ceil(rooms / ROOMS_PER_WORKER))


def run_fleet_load(rooms: int, seconds: float, store: str | None = None, workers: int | None = None,
                   think: tuple[float, float] = THINK, spread: bool = True) -> int:
    """Start a relay, drive `rooms` rooms from `workers` client processes for `seconds`, print JSON.
    `spread`: each seat from its own loopback address (False: all from 127.0.0.1, one address)."""
    from game.tools.online_bench import BenchFailed, _cpu_seconds, _rss_kib, bench_server

    raise_file_limit(4 * rooms + 256)
    # `timeout` sends SIGTERM: exit through the finally blocks below, which end the relay and clients
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    load0 = os.getloadavg()
    try:
        with tempfile.TemporaryDirectory(prefix="fleet-load-") as folder:
            probe = Path(folder) / "lag.jsonl"
            with bench_server(1.0, rooms, store, ["--lag-probe", str(probe)]) as (proc, url):
                report = _measure(proc.pid, websocket_url(url), (rooms, workers or workers_for(rooms)),
                                  (seconds, think, spread), (_cpu_seconds, _rss_kib, probe))
    except BenchFailed as exc:
        print(json.dumps({"error": str(exc)}))
        return 1
    report["caveats"] = caveats(report)
    report = {"bench": "fleet-load", "game": "night-market", "store": store or "memory",
              "think_seconds": list(think), "own_addresses": spread,
              "load_average_before": [round(x, 2) for x in load0],
              "load_average_after": [round(x, 2) for x in os.getloadavg()], **report}
    print(json.dumps(report))
    return 0 if not report["errors"] else 1


def _measure(pid: int, url: str, sizes: tuple[int, int], pace: tuple[float, tuple[float, float], bool],
             probes: tuple[Any, Any, Path]) -> dict[str, Any]:
    """`sizes`: rooms and client processes; `pace`: seconds of play, the think range and whether
    seats have addresses of their own; `probes`: the relay's CPU seconds and resident KiB (by pid)
    and its lag-probe file."""
    (rooms, workers), (seconds, think, spread), (cpu, rss, probe) = sizes, pace, probes
    ctx = mp.get_context("spawn")  # a clean interpreter per worker (no threads or loops inherited)
    shares = [list(range(5000 + k, 5000 + rooms, workers)) for k in range(workers)]
    pipes, procs, idle = [], [], rss(pid)
    for share in shares:
        mine, theirs = ctx.Pipe()
        p = ctx.Process(target=_client_process, args=(url, share, seconds, theirs, think, spread), daemon=True)
        p.start()
        pipes.append(mine)
        procs.append(p)
    try:
        return _run(pid, pipes, seconds, (rooms, idle), (cpu, rss, probe))
    finally:
        for p in procs:
            p.join(5)
            if p.is_alive():
                p.kill()
                p.join(5)


def runqueue_seconds(pid: int) -> float:
    """Seconds a process's main thread (the relay's event loop) has waited, runnable, for a CPU
    (Linux /proc schedstat; 0 elsewhere): lateness that is the machine's, not the loop's."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def _recv(pipe: Connection, deadline: float, what: str) -> Any:
    if not pipe.poll(max(0.0, deadline - time.monotonic())):
        raise TimeoutError(f"a client process did not report {what} in time")
    return pipe.recv()


def _run(pid: int, pipes: list[Connection], seconds: float, sizes: tuple[int, int],
         probes: tuple[Any, Any, Path]) -> dict[str, Any]:
    """Wait for every worker's rooms, start the timed window, collect: the figures. `sizes`: the
    rooms asked for and the relay's resident KiB before any client."""
    (rooms, idle), (cpu, rss, probe), deadline = sizes, probes, time.monotonic() + SETUP_SECONDS + 30
    seated, errors = 0, []
    for pipe in pipes:
        kind, *rest = _recv(pipe, deadline, "its rooms seated")
        if kind == "failed":
            raise RuntimeError(f"a client process failed: {rest[0]}")
        seated += rest[0]
        errors += rest[1]
    load = os.getloadavg()
    cpu0, t0, queued = cpu(pid), time.monotonic(), runqueue_seconds(pid)
    for pipe in pipes:
        pipe.send(t0 + seconds)
    time.sleep(seconds)  # the relay's CPU over the timed window alone (not the clients' closing)
    wall, used, queued = time.monotonic() - t0, cpu(pid) - cpu0, runqueue_seconds(pid) - queued
    results = [_recv(pipe, t0 + seconds + 60 + DRAIN_SECONDS, "its figures") for pipe in pipes]
    failed = [r[1] for r in results if r[0] == "failed"]
    done = [r[1] for r in results if r[0] == "done"]
    answers = [a for r in done for a in r["answers"]]
    cores = used / wall if wall else 0.0
    return {
        "rooms": rooms, "rooms_seated": seated, "connections": 2 * seated, "client_processes": len(pipes),
        "seconds": round(wall, 1), "moves": len(answers),
        "moves_per_s": round(len(answers) / wall, 1) if wall else 0.0, **summary(answers),
        "relay_runqueue_share": round(queued / wall, 3) if wall else None,
        "relay_cpu_cores": round(cores, 3), "relay_cpu_ms_per_move": round(1000 * used / len(answers), 3)
        if answers else None, **relay_probe(probe, t0, t0 + wall),
        **steady(done, probe, t0 + (1 - STEADY) * wall, t0 + wall), **clients_probe(done, wall),
        "relay_kib_per_connection": round((rss(pid) - idle) / (2 * seated), 1)
        if seated and idle else None, "load_average_at_start": [round(x, 2) for x in load],
        "client_cpu_seconds": round(sum(r["client_cpu"] for r in done), 1),
        "refused": sum(r["refused"] for r in done), "unanswered": sum(r["unanswered"] for r in done),
        "finished_rooms": sum(r["finished_rooms"] for r in done),
        "errors": (errors + failed + [e for r in done for e in r["errors"]])[:5],
    }
