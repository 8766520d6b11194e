"""The `market-hall` command: the game, plus `play`, `bench` and `autoplay`.

Global options work anywhere on the line: `market-hall --headless play night-market` and
`market-hall play night-market --headless` mean the same.
"""

from __future__ import annotations

import argparse
import logging
import logging.handlers
import os
import sys
from pathlib import Path
from typing import Any

from game import interrupt
from game.online import cli as online_cli
from rules.registry import GAME_MODULES

INTERRUPTED = 130  # what shells report for a program stopped by Ctrl-C (128 + SIGINT)

RESTART_CODE = 75  # game/kiosk/shell.py: the kiosk asks to be run again


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if w < 320 or h < 180:
        raise argparse.ArgumentTypeError("size must be at least 320x180")
    return w, h


def _at_least_one(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _global_options(parser: argparse.ArgumentParser, suppress: bool) -> None:
    d: dict[str, Any] = {"default": argparse.SUPPRESS} if suppress else {}
    parser.add_argument("--fullscreen", action="store_true", help="start fullscreen", **d)
    parser.add_argument("--size", type=_size, help="window size, e.g. 1920x1080", **d)
    parser.add_argument("--mute", action="store_true", help="no sound", **d)
    parser.add_argument("--seed", type=int, help="seed for new matches (reproducible deals)", **d)
    parser.add_argument("--headless", action="store_true", help="dummy video and audio drivers", **d)
    parser.add_argument("--frames", type=_at_least_one, help="quit cleanly after N frames", **d)
    parser.add_argument("--screenshot", help="with --frames: save the last frame as PNG", **d)
    parser.add_argument("--kiosk", action="store_true",
                        help="event kiosk: fullscreen, no Quit, back to the title when idle", **d)
    parser.add_argument("--kiosk-config", help="kiosk config file (JSON: PIN, games, timers)", **d)
    parser.add_argument("--kiosk-pin", help="the operator PIN (instead of the config file's)", **d)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for tests)."""
    parser = argparse.ArgumentParser(prog="market-hall", description="Market Hall — a table for trading games")
    _global_options(parser, suppress=False)
    sub = parser.add_subparsers(dest="command")
    play = sub.add_parser("play", help="go straight to a game's seat setup")
    play.add_argument("game", choices=tuple(GAME_MODULES))
    bench = sub.add_parser("bench", help="render a busy scripted table headless and print frame times")
    bench.add_argument("--windowed", action="store_true",
                       help="use the real display (e.g. Xvfb) instead of the dummy driver")
    bench.add_argument("--part", choices=("all", "frames", "rules", "bots", "online"), default="all",
                       help="measure only frame times, rules throughput, bot thinking or an online server")
    bench.add_argument("--rooms", type=int, default=20, help="with --part online: rooms of bot clients")
    bench.add_argument("--pace", choices=("fast", "human"), default="fast",
                       help="with --part online: as fast as the server answers, or real time at human pace")
    bench.add_argument("--seconds", type=float, default=60.0, help="with --pace human: how long to measure")
    bench.add_argument("--game", choices=("swap-meet", "night-market"), default="swap-meet",
                       help="with --pace human: the game of every room")
    join = sub.add_parser("join", help="open the app straight into an online room from an invite link")
    join.add_argument("link", help="the invite link, http://HOST:PORT/j/ROOM#TICKET")
    auto = sub.add_parser("autoplay", help="bots play whole matches with no display")
    auto.add_argument("game", choices=tuple(GAME_MODULES))
    auto.add_argument("--matches", type=_at_least_one, default=10)
    auto.add_argument("--players", type=int)
    auto.add_argument("--bot", default="normal", help="level of the first seat")
    auto.add_argument("--vs", default="normal", help="level of every other seat")
    soak = sub.add_parser("soak", help="run the kiosk headless on a fast clock and print JSON figures")
    soak.add_argument("--minutes", type=float, default=10.0, help="simulated minutes")
    lesson = sub.add_parser("tutorial", help="open a game's guided match (--autopilot: follow it headless)")
    lesson.add_argument("game", choices=tuple(GAME_MODULES))
    lesson.add_argument("--autopilot", action="store_true",
                        help="tap each highlighted target in turn with no display; exit 0 at the end")
    lesson.add_argument("--wrong-taps", action="store_true",
                        help="with --autopilot: also tap off the target at every step and check for a hint")
    lesson.add_argument("--shots", help="with --autopilot: a folder for one screenshot per step")
    for p in (play, bench, auto, join, soak, lesson):
        _global_options(p, suppress=True)
    screens = sub.add_parser("screens", help="walk the screens players reach headless (--check: judge their layout)")
    screens.add_argument("--check", action="store_true", required=True, help="print one JSON line of layout problems")
    screens.add_argument("--out", help="with --check: a folder for a PNG of each problem")
    online_cli.add_parsers(sub)
    return parser


def _setup_logging() -> None:
    from game import paths

    root = logging.getLogger()
    root.setLevel(logging.INFO)
    console = logging.StreamHandler()
    console.setLevel(logging.WARNING)
    root.addHandler(console)
    try:
        handler = logging.handlers.RotatingFileHandler(paths.data_dir() / "market-hall.log", maxBytes=1_000_000,
                                                       backupCount=2, encoding="utf-8")
    except OSError as exc:  # a folder or a read-only file where the log belongs must not stop the game
        logging.getLogger(__name__).warning("no log file (%s): logging to the terminal only", exc)
        return
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)


def _check_screenshot(parser: argparse.ArgumentParser, screenshot: str | None) -> None:
    """Refuse a screenshot path that cannot be written before anything runs (exits with usage code 2)."""
    if not screenshot:
        return
    path = Path(screenshot)
    if path.is_dir():
        parser.error(f"--screenshot: {screenshot} is a folder; give a file name such as {path / 'shot.png'}")
    folder = path.parent
    if not folder.is_dir():
        parser.error(f"--screenshot: the folder {folder} does not exist")


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `market-hall` command; Ctrl-C quits quietly with exit code 130."""
    try:
        return _run(argv)
    except KeyboardInterrupt:
        # Every move is autosaved as it is made, so there is nothing to save here, and nothing is deleted.
        print("market-hall: interrupted", file=sys.stderr)
        return INTERRUPTED


def _run(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    _check_screenshot(parser, getattr(args, "screenshot", None))
    if args.command in online_cli.COMMANDS or (args.command == "bench" and args.part == "online"):
        return online_cli.run(args)
    interrupt.install()  # after the online commands: asyncio keeps its own Ctrl-C handling
    real_bench = args.command == "bench" and args.windowed
    if args.headless or args.command == "autoplay" or (args.command == "bench" and not real_bench):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    if args.command == "screens":
        from game.layout_walk import main as screens_main

        return screens_main(args.out)
    if args.command == "soak":
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        from game.kiosk.soak import run_soak

        return run_soak(args.minutes, args.seed or 1, getattr(args, "kiosk_config", None))
    if args.command == "tutorial" and args.autopilot:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        return _autopilot(args)
    if args.command == "autoplay":
        from game.autoplay import run_autoplay

        return run_autoplay(args.game, args.seed or 1, args.matches, args.players, args.bot, args.vs)
    if args.command == "bench":
        from game.bench import run_bench

        return run_bench(args.frames or 600, args.size or (1920, 1080), real_bench, args.part)
    _setup_logging()
    if args.kiosk:  # SIGTERM (systemctl stop, a shutdown) ends the process; close requests are ignored
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    from game.app import App, AppOptions

    options = AppOptions(size=args.size or (1280, 720), fullscreen=args.fullscreen, mute=args.mute,
                         seed=args.seed, frames=args.frames, screenshot=args.screenshot, kiosk=args.kiosk,
                         start_game=getattr(args, "game", None) if args.command == "play" else None,
                         join=args.link if args.command == "join" else None,
                         tutorial=args.game if args.command == "tutorial" else None,
                         extra={"kiosk_config": getattr(args, "kiosk_config", None),
                                "kiosk_pin": getattr(args, "kiosk_pin", None)})
    try:
        code = App(options).run()
    finally:
        import pygame

        pygame.quit()
    if code == RESTART_CODE:  # the kiosk operator's Restart
        from game.kiosk.shell import restart_process

        restart_process()
    return code


def _autopilot(args: argparse.Namespace) -> int:
    """Follow a guided match headless; 0 when it reached its end, 1 (and the step) otherwise."""
    import tempfile

    from game.tutorial.autopilot import run_autopilot

    with tempfile.TemporaryDirectory(prefix="market-hall-tutorial-") as home:
        os.environ["MARKET_HALL_HOME"] = home  # a fresh lesson: never the player's own place or settings
        report = run_autopilot(args.game, wrong_taps=args.wrong_taps, size=args.size or (1280, 720),
                               shots=Path(args.shots) if args.shots else None)
    print(report.line())
    for problem in report.problems:
        print(f"market-hall tutorial: {problem}", file=sys.stderr)
    return 0 if report.finished and not report.problems else 1


if __name__ == "__main__":
    sys.exit(main())
