"""The command line: options anywhere, headless frames and screenshots, bench and autoplay JSON."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys

import pygame

from game.cli import _setup_logging, build_parser
from tests.conftest import make_player
from tests.test_bad_input import Exploding


def run(*args: str, env_home) -> subprocess.CompletedProcess:  # type: ignore[no-untyped-def]
    env = dict(os.environ, MARKET_HALL_HOME=str(env_home))
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env,
                          timeout=120)


def test_global_options_work_anywhere_on_the_line():
    parser = build_parser()
    a = parser.parse_args(["--headless", "--seed", "5", "play", "night-market"])
    b = parser.parse_args(["play", "night-market", "--headless", "--seed", "5"])
    assert (a.headless, a.seed, a.game) == (b.headless, b.seed, b.game) == (True, 5, "night-market")
    c = parser.parse_args(["bench", "--frames", "10", "--size", "1280x720"])
    assert c.frames == 10 and c.size == (1280, 720)


def test_headless_frames_and_screenshot(tmp_path, market_home):
    shot = tmp_path / "title.png"
    result = run("--headless", "--frames", "5", "--screenshot", str(shot), env_home=market_home)
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1920, 1080)


def test_play_goes_straight_to_seat_setup(tmp_path, market_home):
    shot = tmp_path / "setup.png"
    result = run("play", "night-market", "--headless", "--frames", "3", "--screenshot", str(shot),
                 env_home=market_home)
    assert result.returncode == 0, result.stderr
    assert shot.exists()


def test_bench_prints_one_json_object(market_home):
    result = run("bench", "--frames", "20", "--size", "1280x720", "--part", "frames", env_home=market_home)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["frames"] == 20 and data["size"] == "1280x720"
    assert data["p99_ms"] >= data["median_ms"] > 0 and data["bare"]["median_ms"] > 0


def test_autoplay_answers_for_every_game(market_home):
    for game in ("night-market", "swap-meet", "stamp-swap"):
        result = run("autoplay", game, "--seed", "3", "--matches", "1", env_home=market_home)
        lines = [json.loads(line) for line in result.stdout.strip().splitlines()]
        if result.returncode == 0:
            assert lines[-1]["summary"] and lines[-1]["matches"] == 1
            assert "winner" in lines[0] and "scores" in lines[0]
        else:
            assert "not available" in lines[-1]["error"]


def test_a_scene_crash_lands_in_the_log_file(market_home):
    root = logging.getLogger()
    before = list(root.handlers)
    _setup_logging()
    try:
        player = make_player()
        player.app.stack.push(Exploding(player.app))
        player.frames(2)
        for handler in root.handlers:
            handler.flush()
        log = (market_home / "data" / "market-hall.log").read_text()
        assert "ZeroDivisionError: boom inside a scene" in log and "Traceback" in log
    finally:
        for handler in [h for h in root.handlers if h not in before]:
            root.removeHandler(handler)
            handler.close()
        pygame.quit()
