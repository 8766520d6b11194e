"""The command line: options anywhere, headless frames and screenshots, bench and autoplay JSON."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time

import pygame
import pytest

from game import interrupt, saves
from game.cli import _setup_logging, build_parser, main
from rules.registry import GAME_MODULES
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


@pytest.mark.parametrize("argv", [["--frames", "0"], ["--frames", "-1", "--screenshot", "f.png"],
                                  ["--frames", "two"], ["autoplay", "swap-meet", "--matches", "0"],
                                  ["autoplay", "swap-meet", "--matches", "-3"]])
def test_counts_must_be_at_least_one(argv, capsys):
    with pytest.raises(SystemExit) as info:
        build_parser().parse_args(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "must be at least 1" in err or "must be a whole number" in err


@pytest.mark.parametrize("where", ["missing/shot.png", "."])
def test_a_screenshot_that_cannot_be_written_is_refused_before_anything_runs(tmp_path, market_home, capsys,
                                                                             where):
    with pytest.raises(SystemExit) as info:
        main(["--headless", "--frames", "2", "--screenshot", str(tmp_path / where)])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "--screenshot" in err and ("does not exist" in err or "is a folder" in err)
    assert not (market_home / "data" / "market-hall.log").exists()  # nothing ran


def test_the_game_choices_are_the_registry():
    parser = build_parser()
    for game in GAME_MODULES:
        assert parser.parse_args(["play", game]).game == game
        assert parser.parse_args(["autoplay", game]).game == game
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "chess"])


def test_autoplay_with_the_wrong_player_count_says_who_it_is_for(market_home):
    result = run("autoplay", "night-market", "--players", "3", env_home=market_home)
    assert result.returncode == 2
    assert json.loads(result.stdout)["error"].startswith("Night Market is for 2 players")


def test_ctrl_c_quits_quietly_with_130_and_keeps_the_save(market_home):
    assert saves.write(saves.Save("night-market", 3, {"seats": []}, []))
    kept = saves.slot("night-market").read_bytes()
    env = dict(os.environ, MARKET_HALL_HOME=str(market_home))
    proc = subprocess.Popen([sys.executable, "-m", "game", "--headless"], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not (market_home / "data" / "market-hall.log").exists() and time.monotonic() < deadline:
        time.sleep(0.05)  # logging is set up just before the window opens
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "interrupted" in err
    assert saves.slot("night-market").read_bytes() == kept


def test_a_ctrl_c_swallowed_by_a_finalizer_still_quits_the_loop(monkeypatch):
    swallowed = []
    monkeypatch.setattr(sys, "unraisablehook", lambda info: swallowed.append(info.exc_type))

    class Finalized:
        def __del__(self) -> None:
            os.kill(os.getpid(), signal.SIGINT)  # the handler runs here, inside the finalizer

    interrupt.install()
    try:
        Finalized()  # dropped at once: its KeyboardInterrupt is printed and lost
        assert swallowed == [KeyboardInterrupt]
        with pytest.raises(KeyboardInterrupt):
            interrupt.check()  # what the frame loop calls after every frame
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        interrupt._HIT.clear()


def test_a_folder_where_the_log_file_belongs_does_not_stop_the_game(market_home):
    (market_home / "data" / "market-hall.log").mkdir(parents=True)
    result = run("--headless", "--frames", "2", env_home=market_home)
    assert result.returncode == 0, result.stderr
    assert "no log file" in result.stderr and "Traceback" not in result.stderr
