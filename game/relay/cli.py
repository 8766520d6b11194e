"""`market-hall serve` and `market-hall online-autoplay`: the command-line side of online play.

Kept apart from game/cli.py so the online commands import nothing of pygame, and so the main
command line only needs two lines to offer them.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import json
import logging
import socket
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from rules.registry import GAME_MODULES

COMMANDS = ("serve", "online-autoplay")


def at_least_one(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"must be a port number from 0 to 65535 (0 picks a free one), not {text!r}")
    return value


def _scale(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {text!r}")
    return value


def _folder(text: str) -> Path:
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    return path


def _url(schemes: tuple[str, ...], example: str) -> Callable[[str], str]:
    def check(text: str) -> str:
        parts = urlsplit(text)
        if parts.scheme not in schemes or not parts.hostname:
            raise argparse.ArgumentTypeError(f"must be a URL such as {example}, not {text!r}")
        try:
            _ = parts.port  # raises on a port that is no number or out of range
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} has no valid port (0-65535)") from None
        return text
    return check


def add_parsers(subparsers: Any, formatter: Any) -> None:
    """Add the online commands to the `market-hall` sub-command parser."""
    serve = subparsers.add_parser("serve", help="run an online server (relay) for friends' matches",
                                  formatter_class=formatter)
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on, 0.0.0.0: all (default: 127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8765, help="port; 0 picks a free one (default: 8765)")
    serve.add_argument("--public-url", type=_url(("http", "https"), "https://games.example.org"), metavar="URL",
                       help="URL players reach it at (default: http://HOST:PORT)")
    serve.add_argument("--data", type=_folder, metavar="DIR",
                       help="folder that keeps rooms across restarts (default: none)")
    serve.add_argument("--time-scale", type=_scale, default=1.0, metavar="X",
                       help="match seconds per real second, tests only (default: 1)")
    auto = subparsers.add_parser("online-autoplay", help="bots play whole matches through a server",
                                 formatter_class=formatter)
    auto.add_argument("game", choices=tuple(GAME_MODULES), metavar="GAME", help=f"one of {', '.join(GAME_MODULES)}")
    auto.add_argument("--server", required=True, metavar="URL",
                      type=_url(("http", "https", "ws", "wss"), "http://127.0.0.1:8765"),
                      help="the server: http://HOST:PORT or ws://HOST:PORT/ws (required)")
    auto.add_argument("--matches", type=at_least_one, default=1, metavar="M", help="matches to play (default: 1)")
    auto.add_argument("--players", type=int, metavar="P", help="seats at the table (default: the game's usual)")
    auto.add_argument("--bot", default="normal", metavar="LEVEL", help="level of the first seat (default: normal)")
    auto.add_argument("--vs", default="normal", metavar="LEVEL", help="level of every other seat (default: normal)")


def run(args: argparse.Namespace) -> int:
    """Run one of COMMANDS (or `bench --part online`)."""
    if args.command == "serve":
        return _serve(args)
    if args.command == "bench":
        from game.tools.online_bench import run_online_bench, run_paced_bench

        if args.pace == "human":
            return run_paced_bench(args.rooms, args.seconds, args.game)
        return run_online_bench(args.rooms)
    from game.tools.online_autoplay import run_online_autoplay

    seed = 1 if args.seed is None else args.seed
    return run_online_autoplay(args.game, args.server, seed, args.matches, args.players, args.bot, args.vs)


def _serve(args: argparse.Namespace) -> int:
    from game.relay.protocol import websocket_url
    from game.relay.server import ServerConfig, run_server

    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # handshake noise; never secrets either way
    problem = _data_problem(args.data)
    if problem:
        print(json.dumps({"error": problem}))
        return 2
    config = ServerConfig(host=args.host, port=args.port, public_url=args.public_url, data=args.data,
                          scale=args.time_scale)

    def ready(url: str, server: Any) -> None:
        print(json.dumps({"url": url, "websocket": websocket_url(url)}), flush=True)

    try:
        asyncio.run(run_server(config, ready))
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        print(json.dumps({"error": f"cannot listen on {args.host}:{args.port}: {listen_problem(exc)}"}))
        return 2
    return 0


def _data_problem(folder: Path | None) -> str | None:
    """Why rooms could not be kept in `folder` (None when they can): made if missing, written once."""
    if folder is None:
        return None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        return f"--data {folder}: cannot keep rooms there ({exc.strerror or exc})"
    return None


def listen_problem(exc: OSError) -> str:
    """Why a server could not listen, in words a person can act on."""
    if isinstance(exc, socket.gaierror):
        return "no such address or host name"
    words = {errno.EADDRINUSE: "the port is taken (pick another --port, or 0 for a free one)",
             errno.EADDRNOTAVAIL: "this machine has no such address",
             errno.EACCES: "permission denied (ports below 1024 need privileges)"}
    return words.get(exc.errno or 0, exc.strerror or str(exc))
