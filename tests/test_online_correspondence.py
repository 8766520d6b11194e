"""Correspondence rooms on a real loopback relay with a hand-moved clock: days per move, the move
clock and what may be done about a late seat, lazy loading by room code, the status message, and a
whole Night Market match between two apps never connected at once, across a relay restart."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from game.match.remote import RemoteRoom
from game.online.client import NetClient
from game.relay.correspondence import DAY
from game.relay.server import ServerConfig, ServerThread
from game.services import history
from rules.referee import Referee
from tests.online_helpers import (
    FAST,
    ManualClock,
    Raw,
    advance,
    advance_until,
    code,
    legal,
    said,
    seat_and_start,
    ws_url,
)
from tests.support import wait_until


@contextmanager
def relay(data: Path | None, clock: ManualClock) -> Iterator[ServerThread]:
    """A relay whose clocks (monotonic and calendar) are one hand-moved clock."""
    server = ServerThread(ServerConfig(host="127.0.0.1", port=0, away_after=0.5, data=data, clock=clock, wall=clock,
                                       **FAST))
    server.start()
    try:
        yield server
    finally:
        server.stop()


def corr_match(url: str, game: str = "night-market", days: int = 1, players: int = 2,
               **create: Any) -> tuple[list[Raw], list[str], str]:
    """A correspondence room with `players` people, started: (clients, tokens, room code)."""
    names = ("Ana", *(f"Ben{i}" for i in range(1, players)))
    return seat_and_start(url, game, players, names, days=days, **create)


def status(url: str, held: list[list[str]]) -> dict[str, Any]:
    asker = Raw(url)
    try:
        asker.send("status", rooms=held)
        return asker.expect("status")
    finally:
        asker.close()


def test_swap_meet_and_odd_days_are_refused_with_a_reason():
    with relay(None, ManualClock()) as server:
        for game, days, words in (("swap-meet", 1, "Swap Meet is played in real time"), ("night-market", 2, "1,3,7")):
            client = Raw(ws_url(server))
            client.send("create", game=game, name="Ana", days=days)
            assert words in said(client.expect("error"))
            client.close()


def test_the_move_clock_runs_out_then_the_waiting_player_claims():
    clock = ManualClock()
    with relay(None, clock) as server:
        clients, _, _ = corr_match(ws_url(server), options={"first_seat": 0})
        first = clients[1].expect("update")
        assert first["days"] == 1 and set(first["clocks"]) == {"0"} and first["clocks"]["0"] == DAY
        clients[1].send("claim")
        assert "Ana still has 1 d on the move clock" in said(clients[1].expect("error"))
        clients[1].send("replace_with_bot", seat=0)
        assert "still has" in said(clients[1].expect("error"))
        advance(server, DAY + 1)
        clients[1].send("claim")
        over = clients[1].until("update", lambda m: m["outcome"] is not None)
        assert over["outcome"]["winners"] == [1] and over["outcome"]["detail"] == "claimed"
        assert over["outcome"]["params"] == {"name": "Ben1"} == over["record"]["outcome"]["params"]
        assert over["record"]["outcome"]["detail"] == "claimed" and over["record"]["seed"] >= 0


def test_a_late_seat_handed_to_a_bot_plays_on_and_its_player_may_not_move_any_more():
    clock = ManualClock()
    with relay(None, clock) as server:
        clients, _, _ = corr_match(ws_url(server), options={"first_seat": 0})
        first = clients[0].expect("update")
        advance(server, DAY + 1)
        clients[1].send("replace_with_bot", seat=0)
        clients[1].until("lobby", lambda m: m["seats"][0]["bot"] is not None)
        moved = advance_until(server, clients[1], "update", lambda m: m["waiting"] == [1])
        assert list(moved["clocks"]) == ["1"] and moved["clocks"]["1"] > DAY - 120  # the bot moved; our clock runs
        clients[0].send("act", seq=1, action=legal(first)[0])
        assert code(clients[0].expect("refused", seq=1)) == "relay.bot_seat"


def test_a_status_message_is_checked_like_any_other():
    with relay(None, ManualClock()) as server:
        for rooms in ([], [["ABCDEF"]], [["not a code", "t" * 32]], [["ABCDEF", "t" * 32]] * 65):
            client = Raw(ws_url(server))
            client.send("status", rooms=rooms)
            assert said(client.expect("error")) == "The request status has a bad rooms."
            client.close()


def test_stamp_swap_runs_a_clock_for_everyone_who_still_has_to_choose():
    clock = ManualClock()
    with relay(None, clock) as server:
        clients, _, _ = corr_match(ws_url(server), "stamp-swap", players=3)
        latest, seq = [c.expect("update") for c in clients], 0
        while len(latest[0]["waiting"]) < 3:  # collecting goes seat by seat: one clock at a time
            assert list(latest[0]["clocks"]) == [str(s) for s in latest[0]["waiting"]]
            seat, seq = latest[0]["waiting"][0], seq + 1
            clients[seat].send("act", seq=seq, action=latest[seat]["legal"][0])
            latest = [c.until("update", lambda m, v=latest[i]["version"]: m["version"] > v)
                      for i, c in enumerate(clients)]
        assert sorted(latest[0]["clocks"]) == ["0", "1", "2"]  # a simultaneous step: every clock runs
        advance(server, 3600)
        clients[0].send("act", seq=seq + 1, action=latest[0]["legal"][0])
        after = clients[0].until("update", lambda m: m.get("answer") == seq + 1)
        assert "0" not in after["clocks"] and after["clocks"]["1"] == DAY - 3600  # the others' clocks ran on


def test_a_correspondence_room_is_loaded_only_when_a_seat_asks(tmp_path):
    clock = ManualClock()
    with relay(tmp_path, clock) as server:
        clients, tokens, code = corr_match(ws_url(server), options={"first_seat": 0})
        clients[0].expect("update")
        for client in clients:
            client.close()
    assert (tmp_path / "correspondence" / f"{code}.json").is_file()
    advance_by = 30 * DAY  # nobody online for a month: a match being played never expires
    clock.t += advance_by
    with relay(tmp_path, clock) as server:
        assert server.hub is not None and code not in server.hub.rooms  # not loaded at boot
        answer = status(ws_url(server), [[code, tokens[1]], [code, "x" * 32], ["ZZZZZZ", tokens[0]]])
        mine, wrong, unknown = answer["rooms"]
        assert mine["seat"] == 1 and mine["to_move"] == [0] and mine["names"] == ["Ana", "Ben1"]
        assert mine["left"] == {"0": round(DAY - advance_by)} and wrong["gone"] and unknown["gone"]
        assert code not in server.hub.rooms  # the status read the record alone
        back = Raw(ws_url(server))
        back.send("resume", room=code, token=tokens[1])
        assert back.expect("joined")["seat"] == 1 and back.expect("update")["clocks"]["0"] < 0
        assert code in server.hub.rooms
        back.send("claim")  # a month late: the waiting player may claim
        assert back.until("update", lambda m: m["outcome"] is not None)["outcome"]["winners"] == [1]
        back.close()
        task = server.hub.rooms[code]
        wait_until(lambda: not task.conns, "the relay to see the claimant's link close")
        advance(server, 20 * 60)  # nobody connected: out of memory (at a sweep after its last save), still stored
        wait_until(lambda: code not in server.hub.rooms, "the room to leave memory",  # type: ignore[union-attr]
                   step=lambda: (advance(server, 60), time.sleep(0.005)))
        assert (tmp_path / "correspondence" / f"{code}.json").is_file()
        clock.t += 8 * DAY  # the grace after the end is over: the next look deletes it
        assert status(ws_url(server), [[code, tokens[1]]])["rooms"][0]["outcome"]["winners"] == [1]
        closer = Raw(ws_url(server))
        closer.send("resume", room=code, token=tokens[1])
        assert "No room" in said(closer.expect("error"))
        assert not (tmp_path / "correspondence" / f"{code}.json").exists()


def _visit(url: str, hello: dict[str, Any], seed: int, task: Any) -> tuple[RemoteRoom, bool]:
    """One app session: connect, see the table, move once if it is this seat's move (an Easy bot
    chooses from the seat's own view), wait for the answer, close. (room, moved)."""
    room = RemoteRoom(NetClient(url, hello, **FAST).start())
    try:
        wait_until(lambda: room.table is not None and room.table.version > 0, "the table's view",
                   step=lambda: room.wait(0.05))
        table = room.table
        assert table is not None and room.seat is not None
        seat = room.seat
        if table.outcome() is not None or seat not in table.waiting():
            return room, False
        bot = table.game.make_bot("easy", seat, seed + table.version)
        table.act(seat, bot.choose(table.view(seat), table.legal(seat), table.now()))
        wait_until(lambda: not table.pending(seat), "the relay's answer to the move", step=lambda: room.wait(0.05))
        assert not table.take_refusals()
        return room, True
    finally:
        room.close()
        if task is not None:
            wait_until(lambda: not task().conns, "the relay to see the app's link close")


def test_two_apps_never_online_together_play_a_whole_match_across_a_restart(tmp_path):
    clock = ManualClock()
    hello: dict[str, Any] = {"type": "create", "game": "night-market", "name": "Ana", "days": 3}
    with relay(tmp_path, clock) as server:
        host = RemoteRoom(NetClient(ws_url(server), hello, **FAST).start())
        wait_until(lambda: (host.poll(), host.invite is not None)[1], "the room's first invite")
        assert host.invite is not None and host.lobby is not None and host.lobby["days"] == 3
        code, tokens = host.invite["room"], [host.client.token]
        host.close()
        guest = RemoteRoom(NetClient(ws_url(server), {"type": "join", "room": code, "name": "Ben",
                                                      "ticket": host.invite["ticket"]}, **FAST).start())
        wait_until(lambda: (guest.poll(), guest.lobby is not None)[1], "the guest's lobby")
        guest.ready()
        wait_until(lambda: (guest.poll(), guest.lobby["seats"][1]["ready"])[1], "the guest's ready mark")  # type: ignore[index]
        tokens.append(guest.client.token)
        guest.close()
        starter = RemoteRoom(NetClient(ws_url(server), {"type": "resume", "room": code, "token": tokens[0]},
                                       **FAST).start())
        wait_until(lambda: (starter.poll(), starter.lobby is not None)[1], "the host's lobby again")
        starter.start()
        wait_until(lambda: (starter.poll(), starter.table is not None)[1], "the first deal")
        starter.close()
        assert server.hub is not None
        visits = _play(server, code, tokens, clock, until=lambda n: n >= 12)
    with relay(tmp_path, clock) as server:  # the relay restarts in the middle of the match
        assert server.hub is not None and code not in server.hub.rooms
        visits += _play(server, code, tokens, clock, until=lambda n: False)
        finished = server.hub.rooms[code].room.outcome()
        for seat in (0, 1):  # each app opens the finished room once more: kept in History once per seat
            _visit(ws_url(server), {"type": "resume", "room": code, "token": tokens[seat]}, 7, None)
    assert finished is not None and visits > 12
    kept, problems = history.matches()
    assert not problems and sorted(k.viewer for k in kept) == [0, 1]  # both apps kept it (one data folder here)
    for match in kept:
        assert match.record.outcome == finished and match.people == (match.viewer,)
        assert Referee.from_record(match.record).outcome() == finished  # it replays to the same end


def _play(server: ServerThread, code: str, tokens: list[str], clock: ManualClock, until: Any) -> int:
    """Visits of each app in turn, a few hours apart, until `until(visits)` or the match is over."""
    visits = 0
    while not until(visits):
        for seat in (0, 1):
            clock.t += 5 * 3600  # nobody is online between visits
            assert server.hub is not None
            rooms = server.hub.rooms
            room, _ = _visit(ws_url(server), {"type": "resume", "room": code, "token": tokens[seat]}, 7,
                             lambda: rooms[code])  # noqa: B023 (called before the loop moves on)
            visits += 1
            assert room.table is not None
            if room.table.outcome() is not None:
                return visits
    return visits
