"""`market-hall online-autoplay` and `bench --part online`: the command line of the online tools.

These drive a relay as clients do (bots playing through a server, benchmarks); the relay's own
command (`serve`) lives with the relay, in game/relay/cli.py.
"""

from __future__ import annotations

import argparse
import contextlib
from typing import Any

from game.relay.cli import at_least_one, url_type
from game.tools.record import add_record
from rules.registry import GAME_MODULES, GameUnavailable, get_game


def bot_levels() -> str:
    """The bot levels the registered games offer, for help texts (from each game's rules)."""
    levels: dict[str, None] = {}
    for name in GAME_MODULES:
        with contextlib.suppress(GameUnavailable):
            levels.update(dict.fromkeys(get_game(name).bot_levels))
    return ", ".join(levels)


def add_levels(parser: argparse.ArgumentParser) -> None:
    """`--bot` and `--vs`, whose help lists the levels."""
    levels = bot_levels()
    parser.add_argument("--bot", default="normal", metavar="LEVEL",
                        help=f"level of the first seat: {levels} (default: normal)")
    parser.add_argument("--vs", default="normal", metavar="LEVEL",
                        help=f"level of every other seat: {levels} (default: normal)")

COMMANDS = ("online-autoplay",)


def add_parsers(subparsers: Any, formatter: Any) -> None:
    """Add `online-autoplay` to the `market-hall` sub-command parser."""
    games = tuple(GAME_MODULES)
    auto = subparsers.add_parser("online-autoplay", help="bots play whole matches through a server",
                                 formatter_class=formatter)
    auto.add_argument("game", choices=games, metavar="GAME", help=f"one of {', '.join(games)}")
    auto.add_argument("--server", required=True, metavar="URL",
                      type=url_type(("http", "https", "ws", "wss"), "http://127.0.0.1:8765"),
                      help="the server: http://HOST:PORT or ws://HOST:PORT/ws (required)")
    auto.add_argument("--matches", type=at_least_one, default=1, metavar="M", help="matches to play (default: 1)")
    auto.add_argument("--players", type=int, metavar="P", help="seats at the table (default: the game's usual)")
    add_levels(auto)
    add_record(auto)


def run(args: argparse.Namespace) -> int:
    """Run `online-autoplay`, `bench --part online` or `bench --part fleet-load`."""
    if args.command == "bench" and args.part == "fleet-load":
        from game.tools.fleet_load import run_fleet_load

        return run_fleet_load(args.rooms, args.seconds, args.store)
    if args.command == "bench":
        from game.tools.online_bench import run_online_bench, run_paced_bench

        if args.pace == "human":
            return run_paced_bench(args.rooms, args.seconds, args.game, args.store)
        return run_online_bench(args.rooms, args.store)
    from game.tools.online_autoplay import run_online_autoplay

    seed = 1 if args.seed is None else args.seed
    return run_online_autoplay(args.game, args.server, seed, args.matches, args.players, args.bot, args.vs)
