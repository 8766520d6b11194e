"""`market-hall serve` and `python -m game.relay`: the relay's command line.

Kept apart from game/cli.py so serving imports nothing of pygame; the main command line offers
it with two lines, and `python -m game.relay` runs it alone.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import ipaddress
import json
import logging
import socket
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit


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


def _folder(text: str) -> Path:
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    return path


def url_type(schemes: tuple[str, ...], example: str) -> Callable[[str], str]:
    """An argparse type: a URL with one of `schemes`, a host and a valid port if any."""
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


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {text!r}")
    return value


def _ip(text: str) -> str:
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an IP address such as 127.0.0.1 or ::1, not {text!r}") from None


def _node(text: str) -> str:
    from game.relay.protocol import CODE_ALPHABET, MAX_NODE, node_name
    name = node_name(text)
    if name is None:
        raise argparse.ArgumentTypeError(f"must be 1 to {MAX_NODE} letters of {CODE_ALPHABET}, not {text!r}")
    return name


def _secret_file(text: str) -> bytes:
    """An argparse type: the fleet's shared secret, read from a file (never on the command line,
    where `ps` would show it), at least 16 bytes."""
    try:
        secret = Path(text).read_bytes().strip()
    except OSError as exc:
        raise argparse.ArgumentTypeError(f"cannot read {text}: {exc.strerror or exc}") from None
    if len(secret) < 16:
        raise argparse.ArgumentTypeError(f"{text} must hold a secret of at least 16 characters "
                                         "(e.g. from: openssl rand -hex 32)")
    return secret


# The caps a relay keeps per address and per connection: (option, ServerConfig field, type, what it is).
CAPS: tuple[tuple[str, str, Callable[[str], Any], str], ...] = (
    ("--rooms-per-address", "rooms_per_address", at_least_one, "rooms one address may hold open at once"),
    ("--rooms-per-minute", "rooms_per_minute", at_least_one, "rooms one address may create in a minute"),
    ("--messages-per-second", "rate", _positive, "messages a connection may send a second, on average"),
    ("--message-burst", "burst", _positive, "messages a connection may send at once"),
    ("--send-seconds", "send_seconds", _positive, "seconds a write to a client that stopped reading may "
                                                  "make no progress before the connection is cut"),
)


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `serve` (the same for `market-hall serve` and `python -m game.relay`)."""
    parser.add_argument("--host", default="127.0.0.1",
                       help="address to listen on, 0.0.0.0: all (default: 127.0.0.1)")
    parser.add_argument("--port", type=_port, default=8765, help="port; 0 picks a free one (default: 8765)")
    parser.add_argument("--public-url", type=url_type(("http", "https"), "https://games.example.org"), metavar="URL",
                       help="URL players reach it at (default: http://HOST:PORT)")
    parser.add_argument("--data", type=_folder, metavar="DIR",
                       help="folder that keeps rooms across restarts (default: none)")
    parser.add_argument("--store", type=url_type(("redis",), "redis://127.0.0.1:6379/0"), metavar="URL",
                       help="keep rooms in Redis at redis://HOST:PORT/DB, shared by every relay process given "
                            "the same URL (default: the --data folder, else memory)")
    parser.add_argument("--lease-seconds", type=_positive, default=5.0, metavar="S",
                       help="with --store: how long a relay's hold on a room outlives its last renewal, so how "
                            "soon another relay serves the rooms of one that died (default: 5)")
    parser.add_argument("--time-scale", type=_positive, default=1.0, metavar="X",
                       help="match seconds per real second, tests only (default: 1)")
    parser.add_argument("--trust-proxy", type=_ip, metavar="ADDR",
                       help="a reverse proxy's address: connections from it are keyed on the client address "
                            "its X-Forwarded-For (or X-Real-IP) header names (default: trust no header)")
    parser.add_argument("--node", type=_node, metavar="X",
                       help="this process's name in a fleet (1 or 2 letters of the room-code alphabet): every "
                            "room code it creates starts with it, so a proxy routes /ws/CODE by prefix, and it "
                            "refuses rooms of other nodes (default: none, one relay alone)")
    parser.add_argument("--fleet-secret-file", type=_secret_file, metavar="FILE",
                       help="with --store: a file holding a secret every relay of the fleet shares; a relay "
                            "then hands a connection for a room another relay serves on to that relay, which "
                            "trusts the client address it names (default: none, such a connection is told to "
                            "try again)")
    parser.add_argument("--peer-url", type=url_type(("ws", "wss"), "ws://10.0.0.2:8765"), metavar="URL",
                       help="with --fleet-secret-file: where the other relays reach this one (default: "
                            "ws://HOST:PORT of --host and --port, unless --host is 0.0.0.0 or ::)")
    parser.add_argument("--lag-probe", type=Path, metavar="FILE",
                       help="benchmarks: append a JSON line a second to FILE with how late the event loop "
                            "woke, the collector's pauses and the updates held for a byte budget (default: none)")
    from game.relay.config import ServerConfig  # light: no pygame, no websockets
    for option, name, kind, words in CAPS:
        default = getattr(ServerConfig, name)
        parser.add_argument(option, type=kind, default=default, dest=name, metavar="N",
                            help=f"{words} (default: {default:g}; an IPv6 address counts by its /64)"
                            if "address" in words else f"{words} (default: {default:g})")


def add_parsers(subparsers: Any, formatter: Any) -> None:
    """Add `serve` to the `market-hall` sub-command parser."""
    serve = subparsers.add_parser("serve", help="run an online server (relay) for friends' matches",
                                  formatter_class=formatter)
    add_serve_arguments(serve)


def build_parser() -> argparse.ArgumentParser:
    """The parser of `python -m game.relay` (exposed for tests)."""
    parser = argparse.ArgumentParser(prog="python -m game.relay", description="Market Hall's online server (relay)")
    add_serve_arguments(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    """`python -m game.relay [options]`: serve until interrupted."""
    return serve(build_parser().parse_args(argv))


def serve(args: argparse.Namespace) -> int:
    """Serve with the parsed `serve` options; prints one JSON line (the URLs, or the error)."""
    from game.relay.collector import Collector
    from game.relay.protocol import websocket_url
    from game.relay.server import run_server

    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # handshake noise; never secrets either way
    problem = _data_problem(args.data) or ("--store and --data name two places for rooms: give one"
                                           if args.store and args.data else None)
    if problem:
        print(json.dumps({"error": problem}))
        return 2
    config = config_from_args(args)

    def ready(url: str, server: Any) -> None:
        print(json.dumps({"url": url, "websocket": websocket_url(url)}), flush=True)

    Collector().install()  # this process is the relay alone: its long-lived heap is frozen between walks
    try:
        asyncio.run(run_server(config, ready))
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        print(json.dumps({"error": f"cannot listen on {args.host}:{args.port}: {listen_problem(exc)}"}))
        return 2
    return 0


def config_from_args(args: argparse.Namespace) -> Any:
    """The ServerConfig the parsed `serve` options describe."""
    from game.relay.config import ServerConfig

    caps = {name: getattr(args, name) for _, name, _, _ in CAPS}
    return ServerConfig(host=args.host, port=args.port, public_url=args.public_url, data=args.data,
                        scale=args.time_scale, trust_proxy=args.trust_proxy, store_url=args.store,
                        lease_seconds=args.lease_seconds, node=args.node, fleet_secret=args.fleet_secret_file,
                        peer_url=args.peer_url, lag_probe=args.lag_probe, **caps)


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
