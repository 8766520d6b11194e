"""The `market-hall` command: the game, plus `play`, `bench`, `autoplay`, `serve` and the online tools.

The app's own options (`--headless`, `--size`, ...) go before or after the command:
`market-hall --headless play night-market` and `market-hall play night-market --headless` mean
the same. Each command takes the ones it uses (TAKES); one it does not use is refused, not ignored.
"""

from __future__ import annotations

import argparse
import logging
import logging.handlers
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

from game.draw.sizes import TEXT_SIZES
from game.relay import cli as relay_cli
from game.shell import interrupt
from game.text.locales import LANGUAGES
from game.tools import online_cli
from game.tools.record import add_record, recording
from rules.registry import GAME_MODULES

INTERRUPTED = 130  # what shells report for a program stopped by Ctrl-C (128 + SIGINT)

NO_DISPLAY = 2  # the usage code: nothing ran

RESTART_CODE = 75  # game/kiosk/shell.py: the kiosk asks to be run again


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if w < 320 or h < 180:
        raise argparse.ArgumentTypeError("size must be at least 320x180")
    return w, h


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of seconds, not {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value


def _positive_minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of minutes, not {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0 minutes, not {text}")
    return value


def _invite_link(text: str) -> str:
    from game.relay.protocol import parse_invite

    invite = parse_invite(text)
    if invite is None or invite.server is None:
        raise argparse.ArgumentTypeError(f"must be an invite link such as http://HOST:PORT/j/ROOM#TICKET, not {text!r}")
    return text


class Parser(argparse.ArgumentParser):
    """An argument parser whose complaints are one line on stderr (exit code 2), never a usage dump."""

    def error(self, message: str) -> NoReturn:
        """Print `prog: message (see prog --help)` and exit with the usage code 2."""
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")

    def parse_args(self, args: Any = None, namespace: None = None) -> argparse.Namespace:  # type: ignore[override]
        """Parse the line; a word no parser knows is blamed on the command it follows."""
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            _command_error(self, parsed, f"unrecognized arguments: {' '.join(extras)}")
        return parsed


def _command_error(parser: argparse.ArgumentParser, args: argparse.Namespace, message: str) -> NoReturn:
    prog = f"{parser.prog} {args.command}" if getattr(args, "command", None) else parser.prog
    parser.exit(2, f"{prog}: {message} (see {prog} --help)\n")


def _help_formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.HelpFormatter(prog, max_help_position=28)


GLOBALS: dict[str, dict[str, Any]] = {  # the options of the app itself; each help says its default
    "--fullscreen": {"action": "store_true", "help": "start fullscreen (default: a window)"},
    "--size": {"type": _size, "metavar": "WxH", "help": "window size (default: 1280x720)"},
    "--mute": {"action": "store_true", "help": "no sound (default: sound on)"},
    "--seed": {"type": int, "metavar": "N", "help": "seed for new matches, to replay a deal (default: fresh)"},
    "--headless": {"action": "store_true", "help": "no window and no sound (default: off)"},
    "--frames": {"type": relay_cli.at_least_one, "metavar": "N",
                 "help": "quit cleanly after N frames (default: never)"},
    "--screenshot": {"metavar": "PATH", "help": "with --frames: save the last frame (default: none)"},
    "--kiosk": {"action": "store_true", "help": "event kiosk, see README Kiosk mode (default: off)"},
    "--kiosk-config": {"metavar": "PATH", "help": "kiosk config file, JSON (default: none)"},
    "--kiosk-pin": {"metavar": "PIN", "help": "kiosk operator PIN (default: the config's)"},
    "--lang": {"choices": LANGUAGES, "metavar": "LANG",
               "help": f"language for this run, one of {', '.join(LANGUAGES)} "
                       "(default: the Settings choice, else the system's)"},
    "--text-size": {"type": int, "choices": TEXT_SIZES, "metavar": "PERCENT",
                    "help": f"text size for this run in percent, one of {', '.join(map(str, TEXT_SIZES))} "
                            "(default: the Settings choice, else 100)"},
}
_WINDOW = ("--fullscreen", "--size", "--mute", "--headless", "--frames", "--screenshot", "--lang", "--text-size")
_NO_WINDOW = "accepted; never a window here (default: off)"
TAKES: dict[str | None, dict[str, str | None]] = {  # command -> the global options it takes (a help of its own)
    None: dict.fromkeys(GLOBALS),
    "play": dict.fromkeys((*_WINDOW, "--seed")),
    "join": dict.fromkeys(_WINDOW),
    "tutorial": dict.fromkeys(_WINDOW),
    "replay": dict.fromkeys(_WINDOW),
    "bench": {"--size": "frame size (default: 1920x1080)", "--frames": "frames to time (default: 600)",
              "--headless": "dummy video, even with --windowed (default: off)"},
    "autoplay": {"--seed": "seed of the first match; match k uses seed+k (default: 1)", "--headless": _NO_WINDOW},
    "soak": {"--seed": "seed of the visitors and deals (default: 1)", "--headless": _NO_WINDOW,
             "--kiosk": "accepted; a soak always runs the kiosk (default: on)",
             "--kiosk-config": GLOBALS["--kiosk-config"]["help"]},
    "serve": {"--headless": _NO_WINDOW},
    "screens": {"--headless": "accepted; the walk is always headless (default: on)",
                "--lang": "language of the walk's screens (default: en)",
                "--text-size": "text size of the walk's screens in percent (default: 100)"},
    "online-autoplay": {"--seed": "seed of the first match; match k uses seed+k (default: 1)",
                        "--headless": _NO_WINDOW},
}


def _add_globals(parser: argparse.ArgumentParser, command: str | None) -> None:
    """The global options `command` takes; on a sub-command they only override when given."""
    for option, own_help in TAKES[command].items():
        spec = dict(GLOBALS[option], help=own_help or GLOBALS[option]["help"])
        if command is not None:
            spec["default"] = argparse.SUPPRESS
        parser.add_argument(option, **spec)


def _given_globals(parser: argparse.ArgumentParser, args: argparse.Namespace) -> list[str]:
    """The global options on the line (before or after the command) that differ from their defaults."""
    return [opt for opt in GLOBALS if getattr(args, opt[2:].replace("-", "_")) != parser.get_default(
        opt[2:].replace("-", "_"))]


def _check_globals(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse a global option before the command that the command does not use (it would do nothing)."""
    if args.command is None:
        return
    stray = [opt for opt in _given_globals(parser, args) if opt not in TAKES[args.command]]
    if stray:
        _command_error(parser, args, f"{stray[0]} is not an option of {args.command}")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for tests)."""
    parser = Parser(prog="market-hall", description="Market Hall — a table for trading games",
                    formatter_class=_help_formatter)
    _add_globals(parser, None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    games = ", ".join(GAME_MODULES)
    play = sub.add_parser("play", help="go straight to a game's seat setup", formatter_class=_help_formatter)
    play.add_argument("game", choices=tuple(GAME_MODULES), metavar="GAME", help=f"one of {games}")
    _bench_parser(sub)
    join = sub.add_parser("join", help="open the app straight into an online room from an invite link",
                          formatter_class=_help_formatter)
    join.add_argument("link", type=_invite_link, help="the invite link, http://HOST:PORT/j/ROOM#TICKET")
    auto = sub.add_parser("autoplay", help="bots play whole matches with no display", formatter_class=_help_formatter)
    auto.add_argument("game", choices=tuple(GAME_MODULES), metavar="GAME", help=f"one of {games}")
    auto.add_argument("--matches", type=relay_cli.at_least_one, default=10, metavar="M",
                      help="matches to play (default: 10)")
    auto.add_argument("--players", type=int, metavar="P", help="seats at the table (default: the game's usual)")
    online_cli.add_levels(auto)
    auto.add_argument("--codes", action="store_true", help="add each match's share code to its line (default: off)")
    soak = sub.add_parser("soak", help="run the kiosk headless on a fast clock and print JSON figures",
                          formatter_class=_help_formatter)
    soak.add_argument("--minutes", type=_positive_minutes, default=10.0, metavar="M",
                      help="simulated minutes (default: 10)")
    for measuring in (auto, soak):
        add_record(measuring)
    _tutorial_parser(sub, games)
    _replay_parser(sub)
    screens = sub.add_parser("screens", help="walk the screens players reach headless (--check: judge their layout)",
                             formatter_class=_help_formatter)
    screens.add_argument("--check", action="store_true", required=True,
                         help="print one JSON line of layout problems (required)")
    screens.add_argument("--out", metavar="DIR",
                         help="with --check: a folder for a PNG of each problem (default: none)")
    relay_cli.add_parsers(sub, _help_formatter)
    online_cli.add_parsers(sub, _help_formatter)
    for command, subparser in sub.choices.items():
        _add_globals(subparser, command)
    return parser


def _replay_parser(sub: Any) -> None:
    replay = sub.add_parser("replay", help="watch a finished match again from a record file or a share code",
                            formatter_class=_help_formatter)
    replay.add_argument("code", metavar="FILE_OR_CODE", help="a match record (.json or text) or a share code")
    replay.add_argument("--to-end", action="store_true",
                        help="no window: replay to the end and print the outcome as one JSON line (default: off)")


def _open_replay(app: Any, source: str) -> int:
    """Open `source` as a replay in the app (watched from outside); 2 and one line when it cannot be."""
    from game.match.replay import CannotOpen, load_record
    from game.scenes.replay_bar import open_replay

    try:
        open_replay(app, load_record(source), None)
    except CannotOpen as exc:
        print(f"market-hall replay: {exc.reason}", file=sys.stderr)
        return 2
    return 0


def _bench_parser(sub: Any) -> None:
    bench = sub.add_parser("bench", help="measure frame times, rules, bots or an online server; print JSON",
                           formatter_class=_help_formatter)
    add_record(bench)
    bench.add_argument("--windowed", action="store_true",
                       help="use the real display, e.g. Xvfb (default: off)")
    bench.add_argument("--part", choices=("all", "frames", "rules", "bots", "relay-move", "online", "fleet-load",
                                          "strength"),
                       default="all", metavar="PART",
                       help="all, frames, rules, bots, relay-move, online, fleet-load or strength (default: all; "
                       "strength, each bot level against the others, and fleet-load, busy Night Market rooms "
                       "at human pace from asyncio clients, only when named)")
    bench.add_argument("--matches", type=relay_cli.at_least_one, default=10, metavar="N",
                       help="--part strength: matches per pairing of levels (default: 10)")
    bench.add_argument("--rooms", type=relay_cli.at_least_one, default=20, metavar="N",
                       help="--part online or fleet-load: rooms of bots (default: 20)")
    bench.add_argument("--pace", choices=("fast", "human"), default="fast",
                       metavar="PACE", help="--part online: fast or human (default: fast)")
    bench.add_argument("--store", metavar="WHERE",
                       help="--part online or fleet-load: where the bench's relay keeps rooms, a folder (as serve "
                            "--data) or redis://HOST:PORT/DB (as serve --store) (default: memory)")
    bench.add_argument("--seconds", type=_positive_seconds, default=60.0, metavar="S",
                       help="--pace human and fleet-load: seconds of play (default: 60)")
    bench.add_argument("--game", choices=("swap-meet", "night-market"), default="swap-meet",
                       metavar="GAME", help="--pace human: swap-meet or night-market (default: swap-meet)")
    bench.add_argument("--warmup", type=_positive_seconds, default=20.0, metavar="S",
                       help="--part frames: seconds of trading on the Swap Meet floor before timing (default: 20)")


def _tutorial_parser(sub: Any, games: str) -> None:
    lesson = sub.add_parser("tutorial", help="open a game's guided match (--autopilot: follow it headless)",
                            formatter_class=_help_formatter)
    lesson.add_argument("game", choices=tuple(GAME_MODULES), metavar="GAME", help=f"one of {games}")
    lesson.add_argument("--autopilot", action="store_true",
                        help="play the lesson headless (default: off)")
    lesson.add_argument("--wrong-taps", action="store_true",
                        help="--autopilot: also tap off target (default: off)")
    lesson.add_argument("--keyboard", action="store_true",
                        help="--autopilot: key events only, no taps (default: off)")
    lesson.add_argument("--shots", metavar="DIR",
                        help="--autopilot: one PNG per step here (default: none)")


def _setup_logging() -> None:
    from game.services import paths
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


def _check_autopilot(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse the tutorial's autopilot flags without --autopilot (they would do nothing)."""
    if args.command != "tutorial" or args.autopilot:
        return
    for flag, given in (("--shots", args.shots), ("--wrong-taps", args.wrong_taps), ("--keyboard", args.keyboard)):
        if given:
            _command_error(parser, args, f"{flag} needs --autopilot")


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
    _check_globals(parser, args)
    _check_autopilot(parser, args)
    _check_screenshot(parser, getattr(args, "screenshot", None))
    with recording(getattr(args, "record", None), list(sys.argv[1:] if argv is None else argv),
                   getattr(args, "seed", None)):
        return _dispatch(args)


def _dispatch(args: argparse.Namespace) -> int:
    """Run the parsed command."""
    if args.command == "serve":
        return relay_cli.serve(args)
    if args.command in online_cli.COMMANDS or (args.command == "bench" and args.part in ("online", "fleet-load")):
        return online_cli.run(args)
    interrupt.install()  # after the online commands: asyncio keeps its own Ctrl-C handling
    real_bench = args.command == "bench" and args.windowed
    if args.headless or args.command in ("autoplay", "screens") or (args.command == "bench" and not real_bench):
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    if args.command == "screens":
        from game.tools.layout_walk import main as screens_main

        return screens_main(args.out, text_size=args.text_size, lang=args.lang)
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
        from game.tools.autoplay import run_autoplay

        return run_autoplay(args.game, args.seed or 1, args.matches, args.players, args.bot, args.vs, args.codes)
    if args.command == "replay" and args.to_end:
        from game.tools.replay_code import run_replay

        return run_replay(args.code)
    if args.command == "bench":
        from game.tools.bench import run_bench

        return run_bench(args.frames or 600, args.size or (1920, 1080), real_bench, args.part, args.warmup,
                         args.matches)
    if not args.headless and not _has_display():
        print("market-hall: no display to open a window on: set DISPLAY (for example DISPLAY=:0), "
              "or add --headless to run without one", file=sys.stderr)
        return NO_DISPLAY
    if args.mute:  # no sound this run: SDL's silent driver, so nothing is said about a missing audio device
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    _setup_logging()
    if args.kiosk:  # SIGTERM (systemctl stop, a shutdown) ends the process; close requests are ignored
        os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    from game.compose import compose_app
    from game.shell.app import AppOptions

    options = AppOptions(size=args.size or (1280, 720), fullscreen=args.fullscreen, mute=args.mute,
                         seed=args.seed, frames=args.frames, screenshot=args.screenshot, kiosk=args.kiosk,
                         start_game=getattr(args, "game", None) if args.command == "play" else None,
                         join=args.link if args.command == "join" else None,
                         tutorial=args.game if args.command == "tutorial" else None,
                         extra={"kiosk_config": getattr(args, "kiosk_config", None),
                                "kiosk_pin": getattr(args, "kiosk_pin", None), "lang": getattr(args, "lang", None),
                                "text_size": getattr(args, "text_size", None)})
    try:
        app = compose_app(options)
        code = _open_replay(app, args.code) if args.command == "replay" else 0
        code = code or app.run()
    finally:
        import pygame

        pygame.quit()
    if code == RESTART_CODE:  # the kiosk operator's Restart
        from game.kiosk.shell import restart_process

        restart_process()
    return code


def _has_display() -> bool:
    """True when SDL finds a real screen. Without one it falls back to its off-screen driver and
    the game would run on in no window at all; a driver the user named (dummy, offscreen) is theirs."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return True
    import pygame

    from game.services.audio import captured_stderr

    with captured_stderr():  # the drivers SDL tries first may print their own complaints from C
        pygame.display.init()
    try:
        return pygame.display.get_driver() not in ("offscreen", "dummy")
    finally:
        pygame.display.quit()


def _autopilot(args: argparse.Namespace) -> int:
    """Follow a guided match headless; 0 when it reached its end, 1 (and the step) otherwise."""
    import tempfile

    from game.tutorial.autopilot import run_autopilot

    with tempfile.TemporaryDirectory(prefix="market-hall-tutorial-") as home:
        os.environ["MARKET_HALL_HOME"] = home  # a fresh lesson: never the player's own place or settings
        report = run_autopilot(args.game, wrong_taps=args.wrong_taps, size=args.size or (1280, 720),
                               shots=Path(args.shots) if args.shots else None, keyboard=args.keyboard,
                               lang=getattr(args, "lang", None))
    print(report.line())
    for problem in report.problems:
        print(f"market-hall tutorial: {problem}", file=sys.stderr)
    return 0 if report.finished and not report.problems else 1


if __name__ == "__main__":
    sys.exit(main())
