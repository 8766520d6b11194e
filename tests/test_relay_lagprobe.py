"""The lag probe (game/relay/lagprobe.py): samples of the loop's lateness, collection pauses, and
`serve --lag-probe FILE`'s lines with the hub's counters. Counts are checked, never durations."""

from __future__ import annotations

import asyncio
import gc
import json
import time
from pathlib import Path

import pytest

from game.relay import lagprobe
from game.relay.lagprobe import LagProbe, read_window, write_lines
from tests.online_helpers import running_server
from tests.support import WAIT


async def _until(test: object, what: str) -> None:
    deadline = time.monotonic() + WAIT
    while not test():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {WAIT:g} s for {what}")
        await asyncio.sleep(0.01)


def test_the_probe_samples_the_loop_and_times_collections() -> None:
    probe = LagProbe(period=0.001)

    async def main() -> tuple[list[float], list[tuple[int, float, float]]]:
        task = asyncio.create_task(probe.run())
        await _until(lambda: len(probe.lag) >= 3, "three lateness samples")
        gc.collect()
        got = probe.take()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return got

    lag, pauses = asyncio.run(main())
    assert len(lag) >= 3 and all(x >= 0 for x in lag)
    assert any(gen == 2 for gen, _, _ in pauses), f"the full collection was not timed: {pauses}"
    assert probe._collecting not in gc.callbacks  # a cancelled probe unhooks itself


def test_lines_are_written_and_read_back_by_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lagprobe, "WRITE_EVERY", 0.001)
    path = tmp_path / "lag.jsonl"

    async def main() -> None:
        probe = LagProbe(period=0.001)
        tasks = [asyncio.create_task(probe.run()), asyncio.create_task(write_lines(probe, path, lambda: {"held": 7}))]
        await _until(lambda: path.exists() and len(path.read_text().splitlines()) >= 3, "three lines")
        for task in tasks:
            task.cancel()

    asyncio.run(main())
    lines = [json.loads(raw) for raw in path.read_text().splitlines()]
    assert all(line["held"] == 7 and isinstance(line["lag_ms"], list) for line in lines)
    with path.open("a") as out:
        out.write('{"t": 1, "lag_')  # a torn last line is skipped
    middle = lines[1]["t"]
    assert [line["t"] for line in read_window(path, lines[0]["t"], middle)] == [middle]
    assert read_window(tmp_path / "none.jsonl", 0.0, 1e12) == []


def test_a_relay_with_the_probe_writes_its_counters(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lagprobe, "WRITE_EVERY", 0.01)
    path = tmp_path / "relay.jsonl"
    with running_server(lag_probe=path):
        deadline = time.monotonic() + WAIT
        while not (path.exists() and path.read_text().count("\n") >= 2):
            assert time.monotonic() < deadline, f"the relay wrote no probe lines to {path} in {WAIT:g} s"
            time.sleep(0.01)
    line = json.loads(path.read_text().splitlines()[0])
    assert {"t", "lag_ms", "gc_ms", "held", "messages_out", "bytes_out"} <= set(line)


def test_serve_takes_the_probe_file_as_an_option(tmp_path: Path) -> None:
    from game.relay.cli import build_parser, config_from_args

    assert config_from_args(build_parser().parse_args(["--lag-probe", str(tmp_path / "p.jsonl")])).lag_probe == (
        tmp_path / "p.jsonl")
    assert config_from_args(build_parser().parse_args([])).lag_probe is None
