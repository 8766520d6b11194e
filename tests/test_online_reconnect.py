"""Reconnects never freeze a match: a move right behind a resume, and a relay restarted mid-match."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections import Counter
from typing import Any

import pytest

from game.match.remote import RemoteRoom
from game.relay.rooms import Room
from game.relay.server import ServerConfig, ServerThread
from game.relay.store import FileStore
from game.tools.online_autoplay import SeatPlayer, SeatRun, drive_seat, seat_clients
from rules.driver import play_match
from rules.registry import get_game
from tests.online_helpers import FAST, Raw, code, legal, raw_match, running_server, ws_url

CLIENT = {**FAST, "open_timeout": 1.0}


def _answer(client: Raw, seq: int) -> dict[str, Any]:
    """The answer to move `seq` (an update carrying it, or its refusal)."""
    deadline = time.monotonic() + 60
    while (left := deadline - time.monotonic()) > 0:
        msg = _next(client, left)
        if (msg["type"] == "update" and msg.get("answer") == seq) or (msg["type"] == "refused" and msg["seq"] == seq):
            return msg
    raise TimeoutError(f"move {seq} was never answered")


def _next(client: Raw, timeout: float) -> dict[str, Any]:
    msg = json.loads(client.ws.recv(timeout=timeout))
    client.seen.append(msg)
    return msg


def test_a_move_sent_right_behind_a_resume_is_always_answered_by_number_and_applied_once():
    with running_server() as server:
        url = ws_url(server)
        (host, guest), firsts = raw_match(url, "night-market", 2, options={"first_seat": 0})
        tokens = [next(m["token"] for m in c.seen if m["type"] == "joined") for c in (host, guest)]
        room = next(m["room"] for m in host.seen if m["type"] == "joined")
        clients, latest, seqs = [host, guest], dict(enumerate(firsts)), [0, 0]
        version = firsts[0]["version"]
        for turn in range(30):  # a resume and, at once, the pending move: thirty times over
            seat = latest[0]["waiting"][0]
            clients[seat].close()
            back = Raw(url)
            seqs[seat] += 1
            move = legal(latest[seat])[0]
            back.send("resume", room=room, token=tokens[seat])
            back.send("act", seq=seqs[seat], action=move)
            if turn % 3 == 0:  # and sometimes once more under the same number: answered again, applied once
                back.send("act", seq=seqs[seat], action=move)
            answer = _answer(back, seqs[seat])
            assert answer["type"] == "update" and answer["version"] == version + 1
            if turn % 3 == 0:
                assert _answer(back, seqs[seat])["version"] == version + 1
            version += 1
            clients[seat] = back
            other = 1 - seat
            latest[seat] = answer
            latest[other] = clients[other].until("update", lambda m, v=version: m["version"] == v)
            if latest[0]["outcome"] is not None:
                break
        assert server.hub is not None
        (task,) = server.hub.rooms.values()
        assert len(task.room.log) == version - firsts[0]["version"]  # every move once, none twice


def _restart(config: ServerConfig) -> ServerThread:
    server = ServerThread(config)
    server.start()
    return server


GAMES = [("night-market", 2, {"first_seat": 0}, 1.0), ("stamp-swap", 3, None, 1.0), ("swap-meet", 3, None, 60.0)]


@pytest.mark.slow
@pytest.mark.parametrize("game_name, seats, options, scale", GAMES)
def test_a_relay_restarted_at_random_points_lets_every_seat_play_to_the_end(tmp_path, game_name, seats, options,
                                                                         scale):
    game, seed = get_game(game_name), 21
    rng = random.Random(f"{game_name}-{seed}")
    config = ServerConfig(host="127.0.0.1", port=0, data=tmp_path, scale=scale, away_after=5.0, **FAST)
    server = _restart(config)
    port = config.port
    deadline = time.monotonic() + 60
    try:
        rooms = seat_clients(ws_url(server), game_name, [f"Bot {i + 1}" for i in range(seats)], deadline, seed,
                             options, **CLIENT)
        runs = [SeatRun() for _ in rooms]
        threads = [threading.Thread(target=drive_seat, args=(room, SeatPlayer(game, "normal", seed), deadline, runs[s]),
                                    daemon=True) for s, room in enumerate(rooms)]
        for t in threads:
            t.start()
        seen: list[list[dict[str, Any]]] = []
        for point in sorted(rng.sample(range(3, 25), 2)):  # two restarts, at seeded points of the match
            _wait(lambda p=point, s=server: _moves(s) >= p or _over(rooms), deadline)
            assert not _over(rooms)  # the restart falls in the middle of the match
            server.stop()
            seen += [[e.to_json() for e in room.table.history(None)] for room in rooms if room.table]
            server = _restart(ServerConfig(host="127.0.0.1", port=port, data=tmp_path, scale=scale, away_after=5.0,
                                           **FAST))
        for t in threads:
            t.join(max(1.0, deadline - time.monotonic()))
        assert all(r.error is None for r in runs), [r.error for r in runs]
        outcomes = {str(room.table.outcome()) for room in rooms if room.table}
        assert len(outcomes) == 1 and "None" not in outcomes
        (record,) = asyncio.run(FileStore(tmp_path).load_all())
        kept = Room.from_stored(record, game)  # the record ends on its last entry: a tick the timer made, too
        public = [game.redact(e, None).to_json() for e in kept.history]
        for saw in seen + [[e.to_json() for e in room.table.history(None)] for room in rooms if room.table]:
            assert public[:len(saw)] == saw  # nothing a seat saw was lost or rewritten
        numbered = Counter((e.seat, e.seq) for e in kept.log if e.seq is not None)
        assert numbered and max(numbered.values()) == 1  # no move applied twice
        if not game.realtime:  # turn-based: exactly the match the local driver plays
            local = play_match(game, seed, ["normal"] * seats, options).outcome
            assert (list(kept.outcome().winners), list(kept.outcome().scores)) == (list(local.winners),
                                                                                  list(local.scores))
        for room in rooms:
            room.close()
    finally:
        server.stop()


def _moves(server: ServerThread) -> int:
    hub = server.hub
    return 0 if hub is None else sum(len(t.room.log) for t in list(hub.rooms.values()))


def _over(rooms: list[RemoteRoom]) -> bool:
    return any(room.table is not None and room.table.outcome() is not None for room in rooms)


def _wait(test: Any, deadline: float) -> None:
    while not test():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_moves_behind_a_resume_that_fails_are_refused_by_number():
    with running_server() as server:
        (host, _guest), (first, _) = raw_match(ws_url(server), "night-market", 2, options={"first_seat": 0})
        room = next(m["room"] for m in host.seen if m["type"] == "joined")
        stranger = Raw(ws_url(server))
        stranger.send("resume", room=room, token="x" * 32)
        for seq in (7, 8):
            stranger.send("act", seq=seq, action=legal(first)[0])
        assert code(stranger.expect("error")) == "relay.bad_token"
        reasons = {code(stranger.expect("refused", seq=s)) for s in (7, 8)}  # behind the hello, or after it
        assert reasons <= {"relay.bad_token", "relay.hello_first"}
