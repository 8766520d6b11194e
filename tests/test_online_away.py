"""Away seats: Swap Meet pulls their offers, Night Market waits then offers bot or claim, Stamp Swap
lets a stand-in bot take the step, and the host hands an away seat to a bot."""

from __future__ import annotations

import dataclasses
import time

import pytest

from game.relay import policy
from game.tools.online_autoplay import SeatPlayer, SeatRun, drive_seat, seat_clients
from rules.registry import get_game
from tests.online_helpers import (
    FAST,
    WAIT,
    ManualClock,
    advance,
    advance_until,
    code,
    raw_match,
    running_server,
    said,
    ws_url,
)

GRACE = policy.POLICIES["night-market"].replace_grace  # seconds away before the seat may be claimed


@pytest.fixture
def short_grace(monkeypatch):
    """Grace periods of a fraction of a second, for a match played through on the real clock."""
    short = {name: dataclasses.replace(p, replace_grace=min(p.replace_grace, 0.3),
                                       stand_in_after=None if p.stand_in_after is None else 0.3)
             for name, p in policy.POLICIES.items()}
    monkeypatch.setattr(policy, "POLICIES", short)


def test_swap_meet_pulls_an_away_seats_offer_at_once():
    with running_server() as server:
        clients, firsts = raw_match(ws_url(server), "swap-meet", 3)
        offer = next(a for a in firsts[1]["legal"] if a["type"] == "open_offer")
        clients[1].send("act", seq=1, action=offer)
        clients[0].until("update", lambda m: m["view"]["offers"][1] is not None)
        clients[1].close()
        update = clients[0].until("update", lambda m: m["view"]["offers"][1] is None)
        assert [e["seat"] for e in update["events"] if e["kind"] == "offer_pulled"] == [1]
        lobby = clients[0].until("lobby", lambda m: m["seats"][1]["presence"] != "online")
        assert lobby["seats"][1]["presence"] in ("reconnecting", "away")


def test_swap_meet_next_round_is_the_hosts():
    with running_server() as server:
        clients, firsts = raw_match(ws_url(server), "swap-meet", 3)
        clients[1].send("act", seq=1, action={"type": "next_round"})
        assert code(clients[1].expect("refused", seq=1)) == "relay.host_only"


def test_night_market_waits_then_the_one_left_may_claim():
    with running_server(clock=ManualClock()) as server:
        (host, guest), _ = raw_match(ws_url(server), "night-market", 2, options={"first_seat": 1})
        guest.close()
        host.until("lobby", lambda m: m["seats"][1]["presence"] != "online")
        advance(server, GRACE - 1.0)
        host.send("claim")
        assert said(host.expect("error")) == "Wait 1 s more for P2."
        advance(server, 1.0)
        host.send("claim")
        update = host.until("update", lambda m: m["outcome"] is not None)
        assert update["outcome"]["winners"] == [0] and update["outcome"]["reason"] == "abandoned"


def test_night_market_hands_the_away_seat_to_a_bot():
    with running_server(clock=ManualClock()) as server:
        (host, guest), (first, _) = raw_match(ws_url(server), "night-market", 2, options={"first_seat": 1})
        assert first["waiting"] == [1]
        guest.close()
        host.until("lobby", lambda m: m["seats"][1]["presence"] != "online")
        host.send("replace_with_bot", seat=1, level="easy")
        assert said(host.expect("error")).startswith("Wait ")  # the grace is not over yet
        advance(server, GRACE)
        host.send("replace_with_bot", seat=1, level="easy")
        assert host.until("lobby", lambda m: m["seats"][1]["bot"] == "easy")
        advance_until(server, host, "update", lambda m: m["waiting"] == [0])  # the bot moved for seat 1


def test_stamp_swap_stand_in_decides_for_an_away_collector(short_grace):
    game = get_game("stamp-swap")
    with running_server(scale=50.0) as server:
        deadline = time.monotonic() + WAIT
        rooms = seat_clients(ws_url(server), game.name, ["Ana", "Ben"], deadline, 3, None, **FAST)
        rooms[1].close()  # Ben's link is gone for good; the stand-in takes his steps
        run = SeatRun()
        drive_seat(rooms[0], SeatPlayer(game, "normal", 3), deadline, run)
        try:
            assert run.error is None and rooms[0].table is not None
            assert rooms[0].table.outcome() is not None
            assert rooms[0].lobby is not None and rooms[0].lobby["seats"][1]["bot"] is None  # a stand-in only
        finally:
            rooms[0].close()
