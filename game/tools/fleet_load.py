"""`market-hall bench --part fleet-load`: many busy two-seat Night Market rooms at human pace.

The thread-per-client harness of `--part online --pace human` gave out at 1,000 rooms (2,000
threads: load 386, no result). Here the clients are asyncio websocket connections (the `websockets`
package, as the relay uses), split over a few worker processes, so 2,000 seats cost a few event
loops. Each seat speaks the protocol by hand: it acts only when its own last update gave it legal
moves, picks one of them (seeded) after a think time drawn from THINK (seeded), and measures the
answer time: `act` sent -> the relay's answer for that number received (`update` with `answer` or
`answers`, or `refused`). The relay is one `serve` process the bench starts; its CPU comes from
/proc over the timed window. Everything is bounded: setup, play and the drain each have a deadline,
and every process the bench starts is ended before it returns.
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
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from game.relay.protocol import encode, room_url, websocket_url

THINK = (2.0, 6.0)  # seconds a person takes per Night Market move (uniform, seeded per seat)
ROOMS_PER_WORKER = 250  # client rooms per worker process (500 connections on one event loop)
SETUP_AT_ONCE = 25  # rooms being set up at once per worker: a burst of hellos, not a stampede
SETUP_SECONDS = 120.0  # every room seated and dealt within this, or the run reports what failed
DRAIN_SECONDS = 10.0  # after play, moves in flight get this long to be answered
OPEN_TIMEOUT = 30.0


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
    refused: int = 0
    over: bool = False


async def _open(url: str) -> ClientConnection:
    return await connect(url, proxy=None, compression=None, open_timeout=OPEN_TIMEOUT, max_size=2**22,
                         max_queue=None, ping_interval=20.0, ping_timeout=60.0)


async def _expect(ws: ClientConnection, kind: str, test: Any = None) -> dict[str, Any]:
    """The first message of type `kind` (for which `test` holds); the caller bounds the wait."""
    while True:
        msg: dict[str, Any] = json.loads(await ws.recv())
        if msg["type"] == kind and (test is None or test(msg)):
            return msg
        if msg["type"] in ("error", "turned_away"):
            raise RuntimeError(f"refused while setting up: {msg.get('code')}")


async def _room(url: str, seed: int) -> tuple[ClientConnection, ClientConnection, dict[str, Any], dict[str, Any]]:
    """A dealt two-seat Night Market room: (host, guest, each one's first update)."""
    host = await _open(url)
    try:
        await host.send(encode("create", game="night-market", name="P1", seed=seed))
        await _expect(host, "joined")
        invite = await _expect(host, "invite")
        guest = await _open(room_url(url, invite["room"]))
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
        seat.legal = msg.get("legal") or []
        seat.over = seat.over or msg.get("outcome") is not None
    else:
        return
    for n in numbers:
        if (t := seat.sent.pop(n, None)) is not None:
            seat.answers.append(now - t)
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


async def _set_up(url: str, seeds: list[int], errors: list[str], think: tuple[float, float]) -> list[Seat]:
    gate = asyncio.Semaphore(SETUP_AT_ONCE)

    async def one(seed: int) -> list[Seat]:
        async with gate:
            try:
                host, guest, *first = await asyncio.wait_for(_room(url, seed), SETUP_SECONDS)
            except Exception as exc:  # reported; the other rooms go on
                errors.append(repr(exc))
                return []
        seats = [Seat(ws, random.Random(seed * 2 + k), think) for k, ws in enumerate((host, guest))]
        for seat, update in zip(seats, first, strict=True):
            _take(seat, update, time.monotonic())
        return seats

    return [s for room in await asyncio.gather(*(one(seed) for seed in seeds)) for s in room]


async def drive(url: str, seeds: list[int], seconds: float, go: Any = None,
                think: tuple[float, float] | None = None) -> dict[str, Any]:
    """Set up a room per seed, wait for `go` (an awaitable giving the shared deadline; None: start at
    once), play until it, drain, close: the answer times and counts. `think`: seconds per move
    (default THINK; a long one holds every room seated and idle, the relay at rest)."""
    errors: list[str] = []
    seats = await _set_up(url, seeds, errors, think or THINK)
    listeners = [asyncio.create_task(_listen(s)) for s in seats]
    until = await go(len(seats) // 2, errors) if go is not None else time.monotonic() + seconds
    await asyncio.gather(*(_play(s, until) for s in seats))
    drain = time.monotonic() + DRAIN_SECONDS
    while any(s.sent and not s.over for s in seats) and time.monotonic() < drain:
        await asyncio.sleep(0.05)
    unanswered = sum(len(s.sent) for s in seats if not s.over)
    for task in listeners:
        task.cancel()
    await asyncio.gather(*(s.ws.close() for s in seats), return_exceptions=True)
    return {"rooms": len(seats) // 2, "answers": [a for s in seats for a in s.answers],
            "refused": sum(s.refused for s in seats), "unanswered": unanswered, "errors": errors,
            "finished_rooms": sum(s.over for s in seats) // 2, "client_cpu": time.process_time()}


def _worker(url: str, seeds: list[int], seconds: float, pipe: Connection, think: tuple[float, float]) -> None:
    """A client process: its rooms, the parent's go (the shared deadline), its figures back."""
    async def go(rooms: int, errors: list[str]) -> float:
        pipe.send(("seated", rooms, errors[:3]))
        return float(await asyncio.get_running_loop().run_in_executor(None, pipe.recv))

    try:
        pipe.send(("done", asyncio.run(drive(url, seeds, seconds, go, think))))
    except BaseException as exc:  # noqa: BLE001 (reported to the parent, which bounds the run)
        pipe.send(("failed", repr(exc)))


def raise_file_limit(need: int) -> int:
    """Raise this process's open-file limit towards `need` (the relay it starts inherits it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = min(max(soft, need), hard) if hard != resource.RLIM_INFINITY else max(soft, need)
    if want > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return want


def _percentile(ordered: list[float], q: float) -> float:
    return round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * q))], 2) if ordered else 0.0


def summary(answers: list[float]) -> dict[str, float]:
    """Answer times in ms: median, p95, p99, max."""
    ordered = sorted(answers)
    return {"answer_ms_p50": _percentile(ordered, 0.5), "answer_ms_p95": _percentile(ordered, 0.95),
            "answer_ms_p99": _percentile(ordered, 0.99), "answer_ms_max": _percentile(ordered, 1.0)}


def workers_for(rooms: int) -> int:
    return max(1, math.ceil(rooms / ROOMS_PER_WORKER))


def run_fleet_load(rooms: int, seconds: float, store: str | None = None, workers: int | None = None,
                   think: tuple[float, float] = THINK) -> int:
    """Start a relay, drive `rooms` rooms from `workers` client processes for `seconds`, print JSON."""
    from game.tools.online_bench import BenchFailed, _cpu_seconds, _rss_kib, bench_server

    raise_file_limit(4 * rooms + 256)
    # `timeout` sends SIGTERM: exit through the finally blocks below, which end the relay and clients
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    load0 = os.getloadavg()
    try:
        with bench_server(1.0, rooms, store) as (proc, url):
            report = _measure(proc.pid, websocket_url(url), (rooms, workers or workers_for(rooms)),
                              (seconds, think), _cpu_seconds, _rss_kib)
    except BenchFailed as exc:
        print(json.dumps({"error": str(exc)}))
        return 1
    report = {"bench": "fleet-load", "game": "night-market", "store": store or "memory",
              "think_seconds": list(think), "load_average_before": [round(x, 2) for x in load0],
              "load_average_after": [round(x, 2) for x in os.getloadavg()], **report}
    print(json.dumps(report))
    return 0 if not report["errors"] else 1


def _measure(pid: int, url: str, sizes: tuple[int, int], pace: tuple[float, tuple[float, float]], cpu: Any,
             rss: Any) -> dict[str, Any]:
    """`sizes`: rooms and client processes; `pace`: seconds of play and the think range."""
    (rooms, workers), (seconds, think) = sizes, pace
    ctx = mp.get_context("spawn")  # a clean interpreter per worker (no threads or loops inherited)
    shares = [list(range(5000 + k, 5000 + rooms, workers)) for k in range(workers)]
    pipes, procs, idle = [], [], rss(pid)
    for share in shares:
        mine, theirs = ctx.Pipe()
        p = ctx.Process(target=_worker, args=(url, share, seconds, theirs, think), daemon=True)
        p.start()
        pipes.append(mine)
        procs.append(p)
    try:
        return _run(pid, pipes, seconds, (rooms, idle), cpu, rss)
    finally:
        for p in procs:
            p.join(5)
            if p.is_alive():
                p.kill()
                p.join(5)


def _recv(pipe: Connection, deadline: float, what: str) -> Any:
    if not pipe.poll(max(0.0, deadline - time.monotonic())):
        raise TimeoutError(f"a client process did not report {what} in time")
    return pipe.recv()


def _run(pid: int, pipes: list[Connection], seconds: float, sizes: tuple[int, int], cpu: Any,
         rss: Any) -> dict[str, Any]:
    """Wait for every worker's rooms, start the timed window, collect: the figures. `sizes`: the
    rooms asked for and the relay's resident KiB before any client."""
    (rooms, idle), deadline = sizes, time.monotonic() + SETUP_SECONDS + 30
    seated, errors = 0, []
    for pipe in pipes:
        kind, *rest = _recv(pipe, deadline, "its rooms seated")
        if kind == "failed":
            raise RuntimeError(f"a client process failed: {rest[0]}")
        seated += rest[0]
        errors += rest[1]
    load = os.getloadavg()
    cpu0, t0 = cpu(pid), time.monotonic()
    for pipe in pipes:
        pipe.send(t0 + seconds)
    time.sleep(seconds)  # the relay's CPU over the timed window alone (not the clients' closing)
    wall, used = time.monotonic() - t0, cpu(pid) - cpu0
    results = [_recv(pipe, t0 + seconds + 60 + DRAIN_SECONDS, "its figures") for pipe in pipes]
    failed = [r[1] for r in results if r[0] == "failed"]
    done = [r[1] for r in results if r[0] == "done"]
    answers = [a for r in done for a in r["answers"]]
    cores = used / wall if wall else 0.0
    return {
        "rooms": rooms, "rooms_seated": seated, "connections": 2 * seated, "client_processes": len(pipes),
        "seconds": round(wall, 1), "moves": len(answers),
        "moves_per_s": round(len(answers) / wall, 1) if wall else 0.0, **summary(answers),
        "relay_cpu_cores": round(cores, 3), "relay_cpu_ms_per_move": round(1000 * used / len(answers), 3)
        if answers else None, "relay_kib_per_connection": round((rss(pid) - idle) / (2 * seated), 1)
        if seated and idle else None, "load_average_at_start": [round(x, 2) for x in load],
        "client_cpu_seconds": round(sum(r["client_cpu"] for r in done), 1),
        "refused": sum(r["refused"] for r in done), "unanswered": sum(r["unanswered"] for r in done),
        "finished_rooms": sum(r["finished_rooms"] for r in done),
        "errors": (errors + failed + [e for r in done for e in r["errors"]])[:5],
    }
