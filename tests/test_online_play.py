"""Whole matches through a real server: online-autoplay agrees with autoplay; the commands work."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.tools import online_bench as bench
from game.tools.online_autoplay import play_online
from rules.driver import play_match
from rules.registry import get_game
from tests.online_helpers import WAIT, running_server, ws_url

ROOT = Path(__file__).resolve().parents[1]


def local(game_name: str, seed: int, levels: list[str], options: dict | None) -> dict:
    line = play_match(get_game(game_name), seed, levels, options).summary()
    return {k: line[k] for k in ("winner", "scores", "actions")}


@pytest.mark.parametrize("game_name, seed, levels, options", [
    ("night-market", 4, ["easy", "normal"], {"first_seat": 1}),
    ("stamp-swap", 2, ["normal", "easy", "normal"], None),
])
@pytest.mark.slow
def test_online_autoplay_gives_the_same_match_as_autoplay(game_name, seed, levels, options):
    with running_server() as server:
        line = play_online(ws_url(server), get_game(game_name), seed, levels, options, timeout=3 * WAIT, **FAST_CLIENT)
    assert {k: line[k] for k in ("winner", "scores", "actions")} == local(game_name, seed, levels, options)
    net = line["net"]
    assert net["refused"] == 0 and net["messages"] > 2 * line["actions"] and net["answer_ms"]["max"] > 0
    assert len(net["received_per_s"]) == len(levels) and min(net["received_per_s"]) > 0


FAST_CLIENT = {"ping_interval": 0.5, "ping_timeout": 0.5, "close_timeout": 0.5}


@pytest.mark.slow
def test_a_real_time_swap_meet_match_finishes_online():
    with running_server(scale=60.0) as server:
        line = play_online(ws_url(server), get_game("swap-meet"), 5, ["normal"] * 3, None, timeout=3 * WAIT,
                           **FAST_CLIENT)
    assert len(line["scores"]) == 3 and line["actions"] > 10


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


@pytest.mark.slow
def test_serve_prints_its_url_and_online_autoplay_plays_through_it(tmp_path):
    log = (tmp_path / "serve.log").open("w")  # a file, not a pipe: an unread pipe would stall the server
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--data", str(tmp_path)],
                            stdout=subprocess.PIPE, stderr=log, text=True, env=_env(), cwd=tmp_path)
    try:
        assert proc.stdout is not None
        ready = json.loads(proc.stdout.readline())
        assert ready["url"].startswith("http://127.0.0.1:") and ready["websocket"].endswith("/ws")
        port = int(ready["url"].rsplit(":", 1)[1])
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT)
        conn.request("GET", "/health")
        assert json.loads(conn.getresponse().read())["ok"] is True
        out = subprocess.run([sys.executable, "-m", "game", "online-autoplay", "night-market", "--server",
                              ready["url"], "--seed", "7", "--matches", "2"], capture_output=True, text=True,
                             env=_env(), timeout=2 * WAIT, cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        lines = [json.loads(x) for x in out.stdout.splitlines()]
        assert len(lines) == 3 and lines[-1]["summary"] is True and lines[-1]["matches"] == 2
        for k, line in enumerate(lines[:2]):
            assert {x: line[x] for x in ("winner", "scores", "actions")} == \
                local("night-market", 7 + k, ["normal", "normal"], {"first_seat": k % 2})
    finally:
        proc.terminate()
        proc.communicate(timeout=WAIT)
        log.close()
    err = (tmp_path / "serve.log").read_text()
    assert "Traceback" not in err and "created" in err


@pytest.mark.slow
def test_bench_at_human_pace_reports_answer_times_bytes_and_server_cpu(tmp_path):
    out = subprocess.run([sys.executable, "-m", "game", "bench", "--part", "online", "--pace", "human", "--rooms", "2",
                          "--seconds", "4", "--game", "night-market"], capture_output=True, text=True, env=_env(),
                         timeout=90, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout.splitlines()[-1])
    assert report["bench"] == "online-human-pace" and report["rooms"] == 2 and report["connections"] == 4
    assert report["errors"] == [] and report["actions"] >= 2  # a move 2 s after each turn came, for 4 s
    assert 0 < report["answer_ms_p50"] <= report["answer_ms_p99"] and report["server_cpu_cores"] >= 0
    sent = report["bytes_out_per_s_per_connection"]
    assert 0 < sent["median"] <= sent["p99"] <= sent["max"]  # every seat hears of every move
    rest = report["at_rest"]  # one second (a quarter of the play time) with both rooms seated and nobody acting
    assert rest["cpu_pct_per_room"] >= 0 and rest["bytes_out_per_s_per_connection"]["median"] < sent["median"]
    assert report["cpu_pct_per_room_at_play"] >= 0


def test_the_bench_measures_rooms_at_rest_before_they_play(monkeypatch):
    monkeypatch.setattr(bench, "REST_SECONDS", 0.3)
    with running_server() as server:  # in this process: the bench reads this process's CPU
        figures = bench._phase(server.url, "night-market", 2, 2, os.getpid())
    assert figures["errors"] == [] and figures["rooms"] == 2 and figures["actions"] > 20
    rest = figures["at_rest"]
    assert rest["cpu_pct_per_room"] >= 0 and figures["cpu_pct_per_room_at_play"] > 0
    played, resting = figures["bytes_out_per_s_per_connection"], rest["bytes_out_per_s_per_connection"]
    assert resting["max"] < played["median"] <= played["p99"] <= played["max"]  # no moves at rest: little to send
