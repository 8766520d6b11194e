"""`bench --part fleet-load`: asyncio clients drive busy two-seat rooms through a real relay on loopback."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import resource
import threading
import time
from pathlib import Path

from game.tools import fleet_load
from tests.online_helpers import running_server, ws_url
from tests.support import WAIT

QUICK = (0.005, 0.02)  # seats think a few milliseconds, not a person's seconds: a few moves a room in a second


def test_three_rooms_play_and_every_move_is_answered() -> None:
    with running_server() as server:
        got = asyncio.run(fleet_load.drive(ws_url(server), [11, 12, 13], 0.5, think=QUICK))
    assert got["rooms"] == 3 and got["errors"] == []
    assert got["unanswered"] == 0 and got["refused"] == 0  # moves come from each seat's own legal list
    assert len(got["answers"]) >= 6, f"only {len(got['answers'])} moves in three rooms"
    assert all(0 < a < WAIT for a in got["answers"])


def test_a_worker_waits_for_the_go_and_reports_through_its_pipe() -> None:
    mine, theirs = multiprocessing.Pipe()
    with running_server() as server:
        worker = threading.Thread(target=fleet_load._worker, args=(ws_url(server), [21, 22], 0.0, theirs, QUICK))
        worker.start()
        assert mine.poll(WAIT), "the worker never said its rooms were seated"
        assert mine.recv() == ("seated", 2, [])
        mine.send(time.monotonic() + 0.5)
        assert mine.poll(WAIT), "the worker never sent its figures"
        kind, figures = mine.recv()
        worker.join(WAIT)
    assert kind == "done" and figures["rooms"] == 2 and figures["answers"], figures


def test_seats_may_connect_from_loopback_addresses_of_their_own() -> None:
    addresses = {fleet_load.seat_address(k) for k in range(70000)}
    assert len(addresses) == 70000
    assert all(a.startswith("127.") and not a.endswith((".0", ".255")) for a in addresses)
    with running_server() as server:
        got = asyncio.run(fleet_load.drive(ws_url(server), [31, 32], 0.2, think=QUICK, spread=True))
        assert server.hub is not None
        seen = set(server.hub.budgets)  # the hub keys byte budgets by each connection's address
    assert got["errors"] == [] and got["rooms"] == 2
    assert {fleet_load.seat_address(k) for k in (62, 63, 64, 65)} <= seen
    assert got["lag_ms"] and got["play_cpu"] >= 0  # the client loop's own lateness is reported


def test_probe_summaries_read_the_window(tmp_path: Path) -> None:
    path = tmp_path / "lag.jsonl"
    rows = [{"t": 1.0, "lag_ms": [900.0], "gc_ms": [[2, 900.0, 300.0]], "held": 5},
            {"t": 2.0, "lag_ms": [1.0, 3.0], "gc_ms": [[0, 0.5, 0.5], [2, 40.0, 20.0]], "held": 9},
            {"t": 3.0, "lag_ms": [2.0], "gc_ms": [], "held": 12}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    got = fleet_load.relay_probe(path, 1.5, 3.0)
    assert got["relay_lag_ms_max"] == 3.0 and got["relay_lag_samples"] == 3
    assert (got["relay_full_collections"], got["relay_full_collection_ms_max"]) == (1, 40.0)
    assert (got["relay_full_collection_cpu_ms_max"], got["relay_gc_cpu_ms_total"]) == (20.0, 20.5)
    assert got["relay_gc_ms_total"] == 40.5 and got["relay_updates_held"] == 7
    done = [{"lag_ms": [1.0], "gc_ms": [[1, 2.0, 1.0]], "play_cpu": 3.0},
            {"lag_ms": [5.0], "gc_ms": [], "play_cpu": 1.0}]
    clients = fleet_load.clients_probe(done, 10.0)
    assert clients["client_lag_ms_max"] == 5.0 and clients["client_full_collections"] == 0
    assert (clients["client_cpu_cores"], clients["client_busiest_cores"]) == (0.4, 0.3)


def test_the_steady_part_is_the_moves_sent_late_in_the_window_and_the_relay_then(tmp_path: Path) -> None:
    path = tmp_path / "lag.jsonl"
    rows = [{"t": 1.0, "lag_ms": [400.0], "gc_ms": [[2, 400.0, 390.0]], "held": 0},
            {"t": 2.0, "lag_ms": [2.0], "gc_ms": [[2, 9.0, 8.0]], "held": 0}]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    done = [{"answers": [0.4, 0.003], "asked": [0.7, 1.6]}, {"answers": [0.005], "asked": [1.9]}]
    got = fleet_load.steady(done, path, 1.5, 2.0)
    assert (got["steady_seconds"], got["steady_moves"], got["steady_answer_ms_max"]) == (0.5, 2, 5.0)
    assert got["steady_relay_lag_ms_max"] == 2.0 and got["steady_relay_full_collection_cpu_ms_max"] == 8.0
    assert not any(k.startswith("steady_relay_updates") for k in got)


def test_caveats_say_when_answer_times_are_not_the_relays_own() -> None:
    assert fleet_load.caveats({"relay_runqueue_share": 0.01, "client_lag_ms_p99": 3.0, "relay_updates_held": 0}) == []
    said = fleet_load.caveats({"relay_runqueue_share": 0.62, "client_lag_ms_p99": 141.0, "relay_updates_held": 5})
    assert said == ["the relay's loop waited for a CPU 62% of the window: the machine was busy",
                    "the clients' loops were 141 ms late at p99: their answer times include it",
                    "5 updates waited for a byte budget"]


def test_summary_reads_percentiles_in_milliseconds() -> None:
    got = fleet_load.summary([i / 1000 for i in range(1, 101)])
    assert got == {"answer_ms_p50": 51.0, "answer_ms_p95": 96.0, "answer_ms_p99": 100.0, "answer_ms_max": 100.0}
    assert fleet_load.summary([])["answer_ms_p99"] == 0.0


def test_client_processes_and_file_limit_fit_the_rooms() -> None:
    assert [fleet_load.workers_for(n) for n in (1, 250, 251, 1000)] == [1, 1, 2, 4]
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    assert fleet_load.raise_file_limit(16) >= min(16, soft)
