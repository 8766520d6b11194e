"""The command line: options anywhere, headless frames and screenshots, bench and autoplay JSON."""

from __future__ import annotations

import argparse
import io
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import types

import pygame
import pytest

from game.__main__ import run as entry_point
from game.cli import GLOBALS, TAKES, _setup_logging, build_parser, main
from game.services import saves
from game.shell import interrupt
from game.tools import online_autoplay
from game.tools.autoplay import run_autoplay
from game.tools.record import default_results
from rules.contract import MatchConfig
from rules.record import MatchRecord
from rules.registry import GAME_MODULES, get_game
from tests.conftest import make_player
from tests.support import WAIT, wait_until
from tests.test_bad_input import Exploding


def run(*args: str, env_home) -> subprocess.CompletedProcess:  # type: ignore[no-untyped-def]
    env = dict(os.environ, MARKET_HALL_HOME=str(env_home))
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env,
                          timeout=10 * WAIT)  # bench's Swap Meet floor took 4 minutes at load 10


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


@pytest.mark.slow
def test_bench_prints_one_json_object(market_home):
    result = run("bench", "--frames", "20", "--size", "1280x720", "--part", "frames", "--warmup", "0.5",
                 env_home=market_home)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["frames"] == 20 and data["size"] == "1280x720"
    assert data["p99_ms"] >= data["median_ms"] > 0 and data["bare"]["median_ms"] > 0


def test_autoplay_answers_for_every_game(market_home):
    for game in GAME_MODULES:
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
        assert parser.parse_args(["online-autoplay", game, "--server", "http://127.0.0.1:1"]).game == game
    with pytest.raises(SystemExit):
        parser.parse_args(["play", "chess"])


def test_autoplay_with_the_wrong_player_count_says_who_it_is_for(market_home):
    result = run("autoplay", "night-market", "--players", "3", env_home=market_home)
    assert result.returncode == 2
    assert json.loads(result.stdout)["error"].startswith("Night Market is for 2 players")


def test_ctrl_c_quits_quietly_with_130_and_keeps_the_save(market_home):
    assert saves.write(saves.Save(MatchRecord("night-market", 1, 3, MatchConfig(()))))
    kept = saves.slot("night-market").read_bytes()
    env = dict(os.environ, MARKET_HALL_HOME=str(market_home))
    proc = subprocess.Popen([sys.executable, "-m", "game", "--headless"], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:  # logging is set up after the Ctrl-C handler and just before the window opens
        wait_until((market_home / "data" / "market-hall.log").exists, "the app's log file", seconds=2 * WAIT)
    finally:
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "interrupted" in err
    assert saves.slot("night-market").read_bytes() == kept


def test_ctrl_c_while_the_app_still_loads_is_as_quiet(monkeypatch, capsys):
    class Loading(types.ModuleType):
        def __getattr__(self, name: str) -> None:
            raise KeyboardInterrupt  # as if Ctrl-C came in the middle of loading game.cli

    monkeypatch.setitem(sys.modules, "game.cli", Loading("game.cli"))
    assert entry_point() == 130
    assert capsys.readouterr().err == "market-hall: interrupted\n"


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


# the command line is as careful as the game ------------------------------------------------------
def one_line(result: subprocess.CompletedProcess) -> str:  # type: ignore[type-arg]
    """The single line a refused command printed (stderr for usage mistakes, stdout for run-time ones)."""
    text = (result.stderr + result.stdout).strip()
    assert "Traceback" not in text and len(text.splitlines()) == 1, text
    return text


@pytest.mark.parametrize("argv, words", [
    (["serve", "--port", "99999"], "must be a port number from 0 to 65535"),
    (["serve", "--port", "-1"], "must be a port number from 0 to 65535"),
    (["serve", "--port", "junk"], "must be a port number from 0 to 65535"),
    (["serve", "--public-url", "junk"], "--public-url: must be a URL such as"),
    (["serve", "--time-scale", "0"], "--time-scale: must be a number above 0"),
    (["online-autoplay", "night-market", "--server", "nowhere"], "--server: must be a URL such as"),
    (["serve", "--fullscreen"], "unrecognized arguments: --fullscreen"),
    (["--fullscreen", "serve"], "--fullscreen is not an option of serve"),
    (["--kiosk", "online-autoplay", "night-market", "--server", "http://127.0.0.1:1"], "--kiosk is not an option"),
])
def test_a_bad_option_is_one_clear_line_and_exit_code_2(argv, words, market_home):
    result = run(*argv, env_home=market_home)
    assert result.returncode == 2
    line = one_line(result)
    assert words in line and line.startswith("market-hall") and "--help" in line


def test_serve_data_that_is_a_file_is_refused_before_anything_runs(tmp_path, market_home):
    afile = tmp_path / "rooms.txt"
    afile.write_text("not a folder")
    result = run("serve", "--port", "0", "--data", str(afile), env_home=market_home)
    assert result.returncode == 2 and "is a file, not a folder" in one_line(result)
    result = run("serve", "--port", "0", "--data", str(afile / "inside"), env_home=market_home)
    assert result.returncode == 2 and "cannot keep rooms there" in json.loads(one_line(result))["error"]


def test_serve_on_a_port_that_is_taken_or_an_address_not_ours_says_why(market_home):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        result = run("serve", "--port", port, env_home=market_home)
        assert result.returncode == 2
        assert json.loads(one_line(result))["error"] == \
            f"cannot listen on 127.0.0.1:{port}: the port is taken (pick another --port, or 0 for a free one)"
    result = run("serve", "--host", "192.0.2.1", "--port", "0", env_home=market_home)  # TEST-NET-1: never ours
    assert result.returncode == 2 and "this machine has no such address" in json.loads(one_line(result))["error"]


def test_online_autoplay_with_no_relay_there_says_so_at_once(market_home):
    with socket.socket() as dead:
        dead.bind(("127.0.0.1", 0))  # bound, not listening: refused at once, and no one else takes the port
        port = dead.getsockname()[1]
        # "at once": a client that kept retrying would run to the command's 600 s deadline and trip run()'s timeout
        result = run("online-autoplay", "night-market", "--server", f"http://127.0.0.1:{port}", "--headless",
                     env_home=market_home)
    assert result.returncode == 1
    error = json.loads(one_line(result))["error"]
    assert error == f"could not reach the relay at 127.0.0.1:{port} (connection refused: no relay is running there)"


@pytest.mark.slow
def test_serve_takes_headless_after_the_command_and_runs(tmp_path, market_home):
    env = dict(os.environ, MARKET_HALL_HOME=str(market_home))
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0", "--headless"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        assert json.loads(proc.stdout.readline())["url"].startswith("http://127.0.0.1:")
    finally:
        proc.terminate()
        proc.communicate(timeout=WAIT)


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices


@pytest.mark.parametrize("command", sorted(TAKES.keys() - {None}))
def test_every_command_takes_its_global_options_before_or_after_it(command):
    parser = build_parser()
    needs = {"play": ["night-market"], "autoplay": ["night-market"], "tutorial": ["night-market"],
             "join": ["http://127.0.0.1:1/j/ABCDEF#t"], "online-autoplay": ["night-market", "--server", "http://h:1"],
             "screens": ["--check"], "replay": ["MH1", "--to-end"]}
    values = {"--size": "1280x720", "--seed": "5", "--frames": "3", "--screenshot": "s.png",
              "--kiosk-config": "k.json", "--kiosk-pin": "1234", "--lang": "de", "--text-size": "125"}
    for option in TAKES[command]:
        given = [option, values[option]] if option in values else [option]
        after = parser.parse_args([command, *needs.get(command, []), *given])
        before = parser.parse_args([*given, command, *needs.get(command, [])])
        dest = option[2:].replace("-", "_")
        assert getattr(after, dest) == getattr(before, dest) not in (None, False), option


@pytest.mark.parametrize("command", sorted(TAKES.keys() - {None}))
def test_each_command_help_shows_only_its_own_options_each_with_help_and_default(command):
    sub = subcommands()[command]
    options = [a for a in sub._actions if a.option_strings and a.dest != "help"]
    for action in options:
        assert action.help and "(default: " in action.help or "(required)" in action.help, action.option_strings
        assert "\n" not in action.help
    shown = sub.format_help()
    for option in GLOBALS:
        assert (option in shown) == (option in TAKES[command]), option


def test_serve_help_lists_only_serve_options(market_home):
    result = run("serve", "--help", env_home=market_home)
    assert result.returncode == 0
    assert "--port PORT" in result.stdout and "(default: 8765)" in result.stdout
    assert "--fullscreen" not in result.stdout and "--kiosk" not in result.stdout


def test_python_m_game_relay_takes_the_options_of_serve():
    from game.relay.cli import build_parser as relay_parser

    def options(parser: argparse.ArgumentParser) -> set[str]:
        return {o for a in parser._actions for o in a.option_strings} - {"-h", "--help", "--headless"}

    assert options(relay_parser()) == options(subcommands()["serve"]) >= {"--port", "--data", "--host"}


def test_record_appends_a_dated_section_with_commit_and_seeds_and_prints_the_same(tmp_path, market_home):
    log = tmp_path / "results.md"
    log.write_text("# Measured results\n")
    plain = run("autoplay", "night-market", "--matches", "2", "--seed", "7", env_home=market_home)
    recorded = run("autoplay", "night-market", "--matches", "2", "--seed", "7", "--record", str(log),
                   env_home=market_home)
    assert recorded.returncode == plain.returncode == 0

    def matches(result: subprocess.CompletedProcess) -> list[tuple[object, ...]]:
        lines = [json.loads(line) for line in result.stdout.splitlines()]
        return [(x.get("seed"), x.get("winner"), x.get("actions"), x.get("wins")) for x in lines]

    assert matches(recorded) == matches(plain)  # the same output (timings apart)
    text = log.read_text()
    assert text.startswith("# Measured results\n\n## ")  # appended, the old text kept
    head = text.splitlines()[2]
    assert ", commit " in head and "`market-hall autoplay night-market --matches 2 --seed 7 --record" in head
    assert "Seeds: 7–8." in text
    summary = json.loads(recorded.stdout.splitlines()[-1])
    assert json.loads(text.split("```json\n")[1].split("\n```")[0]) == summary


def test_autoplay_codes_open_with_replay_to_the_same_winner_and_scores(market_home):
    result = run("autoplay", "stamp-swap", "--matches", "1", "--bot", "easy", "--vs", "easy", "--codes",
                 env_home=market_home)
    line = json.loads(result.stdout.splitlines()[0])
    opened = run("replay", line["code"], "--headless", "--to-end", env_home=market_home)
    assert opened.returncode == 0 and len(opened.stdout.splitlines()) == 1
    shown = json.loads(opened.stdout)
    assert (shown["winner"], shown["scores"], shown["seed"]) == (line["winner"], line["scores"], line["seed"])


@pytest.mark.parametrize("code", ["MH1ZZZZZZZZ", "QK7M2P", "MH1" + "0" * 20])
def test_a_damaged_or_foreign_code_gets_one_clear_line_and_exit_2(market_home, code):
    result = run("replay", code, "--headless", "--to-end", env_home=market_home)
    assert result.returncode == 2 and result.stderr == ""
    (line,) = result.stdout.splitlines()
    assert json.loads(line)["error"].startswith("not a match code this Market Hall can open: ")


# dead ends on the command line: each mistake is one line and a non-zero exit -------------------
@pytest.mark.parametrize("argv, words", [
    (["join", "garbage"], "must be an invite link such as http://HOST:PORT/j/ROOM#TICKET, not 'garbage'"),
    (["join", "ABCDEF"], "must be an invite link"),  # a bare room code needs a relay: the link names it
    (["soak", "--minutes", "0"], "--minutes: must be more than 0 minutes, not 0"),
    (["soak", "--minutes", "-5"], "--minutes: must be more than 0 minutes, not -5"),
    (["soak", "--minutes", "soon"], "--minutes: must be a number of minutes, not 'soon'"),
    (["tutorial", "night-market", "--shots", "shots"], "market-hall tutorial: --shots needs --autopilot"),
    (["tutorial", "swap-meet", "--wrong-taps"], "market-hall tutorial: --wrong-taps needs --autopilot"),
    (["tutorial", "stamp-swap", "--keyboard"], "market-hall tutorial: --keyboard needs --autopilot"),
])
def test_a_command_line_mistake_is_one_line_and_exit_code_2(argv, words, capsys):
    with pytest.raises(SystemExit) as info:
        main(argv)
    out, err = capsys.readouterr()
    assert info.value.code == 2 and out == "" and len(err.splitlines()) == 1
    assert words in err and "--help" in err


@pytest.mark.parametrize("command", ["autoplay", "online-autoplay"])
def test_the_bot_options_help_lists_every_level_the_games_offer(command, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    levels = ", ".join(dict.fromkeys(level for name in GAME_MODULES for level in get_game(name).bot_levels))
    assert f"level of the first seat: {levels} (default: normal)" in text
    assert f"level of every other seat: {levels} (default: normal)" in text


def test_no_display_is_one_line_and_exit_code_2(market_home):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    result = subprocess.run([sys.executable, "-m", "game"], capture_output=True, text=True, timeout=2 * WAIT,
                            env=dict(env, MARKET_HALL_HOME=str(market_home)))
    assert result.returncode == 2
    line = one_line(result)
    assert "no display" in line and "DISPLAY" in line and "--headless" in line


def test_mute_says_nothing_about_audio_even_without_a_sound_device(market_home):
    env = dict(os.environ, MARKET_HALL_HOME=str(market_home), SDL_AUDIODRIVER="no-such-device")
    result = subprocess.run([sys.executable, "-m", "game", "--mute", "--frames", "2"], capture_output=True,
                            text=True, timeout=2 * WAIT, env=env)  # SDL_VIDEODRIVER=dummy: no --headless
    assert result.returncode == 0, result.stderr
    assert result.stderr == result.stdout == ""


def test_record_alone_writes_to_the_checkouts_results_or_else_the_data_folder(tmp_path, market_home):
    checkout = tmp_path / "clone"
    (checkout / "docs").mkdir(parents=True)
    (checkout / ".git").write_text("gitdir: elsewhere")  # a worktree's .git is a file
    assert default_results(checkout) == checkout / "docs" / "results.md"
    installed = tmp_path / "site-packages"
    installed.mkdir()
    assert default_results(installed) == market_home / "data" / "results.md"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("watched", [True, False])
def test_autoplay_shows_progress_on_a_terminals_stderr_and_never_in_its_json(watched, monkeypatch, capsys):
    err = Terminal() if watched else io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert run_autoplay("night-market", 1, 2, None, "easy", "easy") == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and all(isinstance(json.loads(line), dict) for line in lines)
    said = ["market-hall: autoplay night-market: match 1 of 2 played",
            "market-hall: autoplay night-market: match 2 of 2 played"]
    assert err.getvalue().splitlines() == (said if watched else [])


def test_an_online_match_says_how_far_it_is_while_its_seats_play(monkeypatch):
    said, heard = [], threading.Event()
    monkeypatch.setattr(online_autoplay, "PROGRESS_EVERY", 0.01)
    monkeypatch.setattr(online_autoplay, "progress", lambda text: (said.append(text), heard.set()))
    seat = threading.Thread(target=heard.wait, args=(WAIT,))  # a seat plays until progress is said
    seat.start()
    online_autoplay._join([seat], [], time.monotonic() + WAIT)
    assert said[0] == "online match still playing: 0 moves answered so far"
