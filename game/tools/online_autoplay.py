"""`market-hall online-autoplay`: whole matches over a real server, one websocket client per seat.

Each seat is a bot that decides only from the view and legal actions its own connection received;
to the relay every seat is a person's connection, so the relay's own bot plans never run here.
Turn-based games: a seat's bot decides as the referee's plans decide (`turn_bot`: fresh from the
match seed and the moves it made, on the view it was sent) and acts when the server names it first
among the seats it waits for, which keeps a simultaneous step in one order whatever the network
does; so the same seeds and levels give the same winners, scores and move count as
`market-hall autoplay` (tests/test_online_play.py). Real-time bots wake on their own `wake_after`
beats against the server's clock and move at once: a match over a network cannot equal the
simulated clock's, so only that it finishes is compared. Prints one JSON line per match (with
network figures), then a summary.
"""

from __future__ import annotations

import json
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.match.remote import RemoteRoom, RemoteTable
from game.online.client import NetClient
from game.relay.protocol import websocket_url
from game.tools.autoplay import autoplay_seats
from game.tools.progress import progress
from rules.contract import AnyGame, Bot
from rules.referee import MIN_WAKE, bot_seed, turn_bot

OPEN_TIMEOUT = 5.0  # seconds for a connection to come up: a dead relay is reported well within 10 s


class OnlineMatchFailed(RuntimeError):
    """A match did not finish in time or a seat could not join."""


@dataclass
class SeatRun:
    """What one seat's client did."""

    acts: int = 0
    refused: int = 0
    error: BaseException | None = None
    answers: list[float] = field(default_factory=list)


def server_ws(server: str) -> str:
    """A websocket URL from either the server's http(s) URL or its ws(s) endpoint."""
    return server if server.startswith(("ws://", "wss://")) else websocket_url(server)


def _until(room: RemoteRoom, test: Callable[[], bool], deadline: float, what: str) -> None:
    while not test():
        if room.client.unreachable:
            raise OnlineMatchFailed(str(room.client.failure))
        if time.monotonic() > deadline:
            raise OnlineMatchFailed(f"timed out waiting for {what}")
        if room.errors:
            raise OnlineMatchFailed(room.errors[-1])
        room.wait(0.05)


def seat_clients(url: str, game: str, names: list[str], deadline: float, seed: int | None = None,
                 options: dict[str, Any] | None = None, **client: Any) -> list[RemoteRoom]:
    """Create a room, join every other name by invite, ready them, start; the rooms, by seat
    (all closed again if any step fails)."""
    hello: dict[str, Any] = {"type": "create", "game": game, "name": names[0], "options": options or {}}
    if seed is not None:
        hello["seed"] = seed
    rooms = [RemoteRoom(NetClient(url, hello, **client).start())]
    try:
        _seat_guests(rooms, url, names, deadline, client)
        host = rooms[0]
        _until(host, lambda: host.lobby is not None and len(host.lobby["seats"]) == len(names)
               and all(s["ready"] for s in host.lobby["seats"][1:]), deadline, "everyone ready")
        host.start()
        for room in rooms:
            _until(room, lambda r=room: r.table is not None and r.table.version > 0,  # type: ignore[misc]
                   deadline, "the first view")
    except BaseException:
        for room in rooms:
            room.close()
        raise
    return rooms


def _seat_guests(rooms: list[RemoteRoom], url: str, names: list[str], deadline: float,
                 client: dict[str, Any]) -> None:
    """Join every name after the host's by a fresh invite, each ready (appended to `rooms`)."""
    host = rooms[0]
    for name in names[1:]:
        _until(host, lambda: host.invite is not None, deadline, "an invite")
        assert host.invite is not None
        ticket, code = host.invite["ticket"], host.invite["room"]
        host.invite = None
        if len(rooms) < len(names) - 1:
            host.new_invite()
        guest = RemoteRoom(NetClient(url, {"type": "join", "room": code, "name": name, "ticket": ticket},
                                     **client).start())
        rooms.append(guest)
        _until(guest, lambda g=guest: g.seat is not None, deadline, "a seat")  # type: ignore[misc]
        guest.ready(True)


@dataclass
class _Turn:
    """The last move a turn-based seat made, kept to resend it unchanged after a refusal."""

    version: int = -1
    action: Any = None
    made: int = 0  # decisions so far (the referee's decision seed counts them)


@dataclass
class SeatPlayer:
    """The bot side of one seat: its game, level and the match seed its bots derive from."""

    game: AnyGame
    level: str
    seed: int
    realtime_bot: Bot[Any, Any] | None = None  # real-time games keep one bot for the whole match


def _turn(table: RemoteTable, seat: int, player: SeatPlayer, last: _Turn, refused: bool) -> None:
    """Act if the server waits for this seat first, with a bot seeded as the referee's plans seed it
    for this seat's next decision (a refused move is sent again unchanged, never re-chosen)."""
    if table.waiting()[:1] != (seat,) or table.pending(seat):
        return
    if refused and last.version == table.version:
        table.act_anyway(seat, last.action)
    elif table.version != last.version:
        bot = turn_bot(player.game, player.level, player.seed, seat, last.made)
        last.version, last.action = table.version, bot.choose(table.view(seat), table.legal(seat), 0.0)
        last.made += 1
        table.act(seat, last.action)


def _realtime(table: RemoteTable, seat: int, player: SeatPlayer) -> float:
    """Decide once; returns real seconds until the bot wants to decide again."""
    if player.realtime_bot is None:
        player.realtime_bot = player.game.make_bot(player.level, seat, bot_seed(player.seed, seat))
    bot = player.realtime_bot
    view, now = table.view(seat), table.now()
    if seat in table.waiting() and not table.pending(seat):
        action = bot.choose(view, table.legal(seat), now)
        if action is not None and table.reason(seat, action) is None:
            table.act(seat, action)
    return max(MIN_WAKE, bot.wake_after(view, now)) / table.scale


def drive_seat(room: RemoteRoom, player: SeatPlayer, deadline: float, run: SeatRun) -> None:
    """Play one seat until the match has an outcome (or the deadline passes)."""
    try:
        last, wake = _Turn(), 0.0
        while time.monotonic() < deadline:
            table = room.table
            assert table is not None and room.seat is not None
            refused = len(table.take_refusals())
            run.refused += refused
            if table.outcome() is not None:
                break
            if table.info.realtime:
                if time.monotonic() >= wake:
                    wake = time.monotonic() + _realtime(table, room.seat, player)
            else:
                if refused:
                    time.sleep(0.05)  # a refusal for speed: let the server's rate bucket refill first
                _turn(table, room.seat, player, last, refused > 0)
            room.wait(0.02 if table.info.realtime else 0.2)
        table = room.table
        assert table is not None
        run.answers = list(table.answer_seconds)
        run.acts = len(run.answers)
    except BaseException as exc:  # reported by the caller: a seat thread must never die silently
        run.error = exc


def _ms(samples: list[float]) -> dict[str, float]:
    if not samples:
        return {"median": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return {"median": round(statistics.median(ordered) * 1000, 3), "p99": round(p99 * 1000, 3),
            "max": round(ordered[-1] * 1000, 3)}


def play_online(url: str, game: AnyGame, seed: int, levels: list[str], options: dict[str, Any] | None = None,
                timeout: float = 600.0, seated: Callable[[list[RemoteRoom]], None] | None = None,
                **client: Any) -> dict[str, Any]:
    """One match over the server; the autoplay line plus network figures. `seated` is called once
    every seat has its first view, before anyone acts (the bench measures the room at rest there)."""
    started = time.monotonic()
    deadline = started + timeout
    names = [f"Bot {i + 1}" for i in range(len(levels))]
    rooms = seat_clients(url, game.name, names, deadline, seed, options, **client)
    runs = [SeatRun() for _ in rooms]
    try:
        if seated is not None:
            seated(rooms)
        play_started, received = time.monotonic(), [room.client.bytes_in for room in rooms]
        threads = [threading.Thread(target=drive_seat, daemon=True,
                                    args=(room, SeatPlayer(game, level, seed), deadline, run))
                   for room, level, run in zip(rooms, levels, runs, strict=True)]
        for t in threads:
            t.start()
        _join(threads, rooms, deadline)
        line = _line(rooms, runs, seed, time.monotonic() - started)
        played = max(time.monotonic() - play_started, 1e-3)
        line["net"]["received_per_s"] = [round((room.client.bytes_in - before) / played)
                                         for room, before in zip(rooms, received, strict=True)]
        return line
    finally:
        for room in rooms:
            room.close()


PROGRESS_EVERY = 15.0  # seconds between progress lines while a match plays (a Swap Meet match takes minutes)


def _join(threads: list[threading.Thread], rooms: list[RemoteRoom], deadline: float) -> None:
    """Wait for the seats' threads (until the deadline), saying now and then how far the match is."""
    for t in threads:
        while t.is_alive() and time.monotonic() < deadline + 1.0:
            t.join(min(PROGRESS_EVERY, max(0.0, deadline + 1.0 - time.monotonic())))
            if t.is_alive():
                moves = sum(len(room.table.answer_seconds) for room in rooms if room.table is not None)
                progress(f"online match still playing: {moves} moves answered so far")


def _line(rooms: list[RemoteRoom], runs: list[SeatRun], seed: int, seconds: float) -> dict[str, Any]:
    for run in runs:
        if run.error is not None:
            raise OnlineMatchFailed(f"a seat failed: {run.error!r}") from run.error
    table = rooms[0].table
    outcome = None if table is None else table.outcome()
    if outcome is None:
        raise OnlineMatchFailed(f"seed {seed}: no outcome in time")
    winners = list(outcome.winners)
    answers = [a for run in runs for a in run.answers]
    clients = [room.client for room in rooms]
    return {
        "seed": seed,
        "winner": winners[0] if len(winners) == 1 else winners,
        "scores": [round(s, 2) for s in outcome.scores],
        "actions": sum(run.acts - run.refused for run in runs),
        "seconds": round(seconds, 3),
        "net": {"messages": sum(c.messages_in + c.messages_out for c in clients),
                "bytes": sum(c.bytes_in + c.bytes_out for c in clients),
                "refused": sum(run.refused for run in runs), "answer_ms": _ms(answers)},
    }


def run_online_autoplay(game_name: str, server: str, seed: int, matches: int, players: int | None,
                        bot: str, vs: str) -> int:
    """Play `matches` matches (match k uses seed+k) on `server`; JSON lines, then a summary."""
    seats = autoplay_seats(game_name, seed, players, bot, vs)  # the same checks and words as autoplay
    if isinstance(seats, str):
        print(json.dumps({"error": seats}))
        return 2
    game, levels = seats
    if matches < 1:
        print(json.dumps({"error": "--matches must be at least 1"}))
        return 2
    lines = []
    for k in range(matches):
        options = {"first_seat": k % 2} if game.max_seats == 2 else None  # as `market-hall autoplay`
        try:
            line = play_online(server_ws(server), game, seed + k, levels, options, open_timeout=OPEN_TIMEOUT)
        except OnlineMatchFailed as exc:
            print(json.dumps({"seed": seed + k, "error": str(exc)}), flush=True)
            return 1
        print(json.dumps(line), flush=True)
        progress(f"online-autoplay {game_name}: match {k + 1} of {matches} played")
        lines.append(line)
    print(json.dumps(_summary(game_name, levels, seed, lines)), flush=True)
    return 0


def _summary(game_name: str, levels: list[str], seed: int, lines: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(levels)
    wins = [0.0] * n
    for line in lines:
        winners = line["winner"] if isinstance(line["winner"], list) else [line["winner"]]
        for w in winners:
            wins[w] += 1 / len(winners)
    return {
        "summary": True, "game": game_name, "matches": len(lines), "players": n, "levels": levels,
        "seeds": [seed, seed + len(lines) - 1], "wins": [round(w, 2) for w in wins],
        "mean_scores": [round(statistics.fmean(line["scores"][s] for line in lines), 2) for s in range(n)],
        "messages": sum(line["net"]["messages"] for line in lines),
        "bytes": sum(line["net"]["bytes"] for line in lines),
        "answer_ms_median_of_matches": round(statistics.median(line["net"]["answer_ms"]["median"]
                                                               for line in lines), 3),
        "answer_ms_max": max(line["net"]["answer_ms"]["max"] for line in lines),
    }
