"""`market-hall serve` and `market-hall online-autoplay`: the command-line side of online play.

Kept apart from game/cli.py so the online commands import nothing of pygame, and so the main
command line only needs two lines to offer them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import Any

COMMANDS = ("serve", "online-autoplay")
GAMES = ("night-market", "swap-meet", "stamp-swap")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def add_parsers(subparsers: Any) -> None:
    """Add the online commands to the `market-hall` sub-command parser."""
    serve = subparsers.add_parser("serve", help="run an online server (relay) for friends' matches")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    serve.add_argument("--port", type=int, default=8765, help="port (0 picks a free one)")
    serve.add_argument("--public-url", help="the http(s) URL players reach this server at (for invite links)")
    serve.add_argument("--data", type=Path, help="folder where rooms are kept across restarts")
    serve.add_argument("--time-scale", type=float, default=1.0,
                       help="match seconds per real second (tests and benchmarks only)")
    auto = subparsers.add_parser("online-autoplay", help="bots play whole matches through a server")
    auto.add_argument("game", choices=GAMES)
    auto.add_argument("--server", required=True, help="the server's URL (http://HOST:PORT or ws://HOST:PORT/ws)")
    auto.add_argument("--seed", type=int, default=1)
    auto.add_argument("--matches", type=_positive, default=1)
    auto.add_argument("--players", type=int)
    auto.add_argument("--bot", default="normal", help="level of the first seat")
    auto.add_argument("--vs", default="normal", help="level of every other seat")


def run(args: argparse.Namespace) -> int:
    """Run one of COMMANDS (or `bench --part online`)."""
    if args.command == "serve":
        return _serve(args)
    if args.command == "bench":
        from game.online.bench import run_online_bench, run_paced_bench

        if args.pace == "human":
            return run_paced_bench(args.rooms, args.seconds, args.game)
        return run_online_bench(args.rooms)
    from game.online.autoplay import run_online_autoplay

    return run_online_autoplay(args.game, args.server, args.seed, args.matches, args.players, args.bot, args.vs)


def _serve(args: argparse.Namespace) -> int:
    from game.online.protocol import websocket_url
    from game.online.server import ServerConfig, run_server

    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # handshake noise; never secrets either way
    if args.time_scale <= 0:
        print(json.dumps({"error": "--time-scale must be positive"}))
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
        print(json.dumps({"error": f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}"}))
        return 2
    return 0
