"""Swap Meet and Stamp Swap table scenes online, over real loopback sockets (the server on a thread at
127.0.0.1:0): a whole match each, a cut link that reconnects to the same seat in the middle, the
host's Next round (a guest sees a waiting line instead), a move shown as pending until its answer,
the away strip's bot and claim buttons, and a Rematch that keeps the room. Every loop is bounded
in count and time."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.match.remote import RemoteRoom, RemoteTable
from game.online.client import NetClient
from game.relay import policy
from game.relay.protocol import parse_invite
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.online import OnlineLobbyScene, OnlineScene, join_room
from game.scenes.stamp_swap.final import FinalShowScene
from game.scenes.stamp_swap.scene import StampSwapScene
from game.scenes.swap_meet.scene import SwapMeetScene
from game.scenes.swap_meet.summary import SummaryOverlay
from rules.contract import Bot
from rules.referee import MIN_WAKE
from rules.registry import get_game
from rules.swap_meet.actions import NextRound
from tests.conftest import Player, make_player
from tests.netproxy import NetProxy
from tests.online_helpers import FAST, WAIT, live_frame, running_server, ws_url

SCALE = 12.0  # match seconds per real second: a Swap Meet round of 90 s takes under 8 s


ROOM_OPTIONS = {"swap-meet": {"round_seconds": 60, "summary_seconds": 60}}


def app_player(**hosting: Any) -> Player:
    player = make_player(size=(1280, 720), extra={"hosting": {"bind": "127.0.0.1", **hosting},
                                                  "room_options": ROOM_OPTIONS})
    player.app.update_settings(seen_briefings=("night-market", "swap-meet", "stamp-swap"))
    return player


@pytest.fixture
def p():
    player = app_player(scale=SCALE)
    yield player
    pygame.quit()


@pytest.fixture
def short_grace(monkeypatch):
    short = {name: dataclasses.replace(pol, replace_grace=min(pol.replace_grace, 0.3))
             for name, pol in policy.POLICIES.items()}
    monkeypatch.setattr(policy, "POLICIES", short)


def pump(p: Player, until: Callable[[], bool], rooms: tuple[RemoteRoom, ...] = ()) -> None:
    deadline = time.monotonic() + WAIT
    while not until():
        assert time.monotonic() < deadline, f"timed out: top={p.top.name}, toasts={list(p.app.toasts.queue)}"
        live_frame(p)
        for room in rooms:
            room.poll()
        time.sleep(0.004)


def host_room(p: Player, game: str) -> OnlineLobbyScene:
    p.app.stack.reset(OnlineScene(p.app, game))
    p.frames(2)
    p.press_button(p.top.host, settle=2)
    pump(p, lambda: isinstance(p.top, OnlineLobbyScene) and p.top.room.invite is not None and p.app._fade is None)
    return p.top


def guest_of(lobby: OnlineLobbyScene, via: NetProxy | None = None) -> RemoteRoom:
    invite = parse_invite(lobby.room.invite["link"])
    assert invite is not None and invite.server is not None
    hello = {"type": "join", "room": invite.room, "name": "Friend", "ticket": invite.ticket}
    return RemoteRoom(NetClient(via.url if via else invite.server, hello, **FAST).start())


def lobby_button(lobby: OnlineLobbyScene, key: str) -> Any:
    return next(b for b, (k, _) in lobby.buttons.items() if k == key)


def start_with(p: Player, lobby: OnlineLobbyScene, guest: RemoteRoom, seats: int, cls: type) -> Any:
    pump(p, lambda: guest.seat is not None, (guest,))
    guest.ready(True)
    for _ in range(seats - 2):
        p.press_button(lobby_button(lobby, "bot"), settle=2)
    pump(p, lambda: len(lobby.room.lobby["seats"]) == seats and lobby.room.lobby["seats"][1]["ready"], (guest,))
    p.press_button(lobby_button(lobby, "start"), settle=2)
    pump(p, lambda: isinstance(p.top, cls) and guest.table is not None, (guest,))
    return p.top


class Trader:
    """A real-time bot for one seat of a RemoteTable, deciding only from that seat's view."""

    def __init__(self, table: RemoteTable, seat: int, level: str = "easy") -> None:
        self.table, self.seat = table, seat
        self.bot: Bot[Any, Any] = get_game(table.info.name).make_bot(level, seat, 11 + seat)
        self.wake = 0.0

    def step(self) -> bool:
        """Act if the bot wants to now; True when a move went out."""
        t = self.table
        if time.monotonic() < self.wake or t.outcome() is not None:
            return False
        if self.seat not in t.waiting() or t.pending(self.seat):
            return False
        view, now = t.view(self.seat), t.now()
        self.wake = time.monotonic() + max(MIN_WAKE, self.bot.wake_after(view, now)) / t.scale
        action = self.bot.choose(view, t.legal(self.seat), now)
        if action is None or t.reason(self.seat, action) is not None:
            return False
        t.act(self.seat, action)
        return True


@pytest.mark.slow
def test_swap_meet_online_host_pending_cut_link_next_round_away_bot_and_rematch(p):
    lobby = host_room(p, "swap-meet")
    port = int(lobby.hosting.public_url.rsplit(":", 1)[1])
    proxy = NetProxy(port)
    guest = guest_of(lobby, proxy)
    try:
        scene = start_with(p, lobby, guest, 3, SwapMeetScene)
        assert scene.table.here == (0,) and scene.viewer == 0
        host, friend = Trader(scene.table, 0), Trader(guest.table, 1)
        seen_pending = cut = left = replaced = False
        nexts = 0
        deadline = time.monotonic() + 150
        for _ in range(60000):
            if scene.table.outcome() is not None or time.monotonic() > deadline:
                break
            if host.step() and not seen_pending:  # before any poll the move is in flight: shown as pending
                scene._pending_step()
                seen_pending = scene.pending_note in scene.movers and "waiting for the answer" in \
                    scene.pending_note.words
            if not left:
                friend.step()
            top = p.top
            if isinstance(top, SummaryOverlay) and top.stage == "summary" and "next" in top.buttons:
                p.press_button(top.buttons["next"], settle=1)
                nexts += 1
            round_no = scene.view.round_no
            if round_no >= 2 and not cut:  # the friend's link drops; the client reconnects to the same seat
                proxy.cut()
                cut = True
                pump(p, lambda: guest.link == "reconnecting", (guest,))
                pump(p, lambda: guest.link == "online" and guest.seat == 1, (guest,))
            if round_no >= 3 and not left and scene.view.phase == "trading":
                proxy.close()  # gone for good this time: the host hands the seat to a bot
                guest.close()
                left = True
                pump(p, lambda: "bot" in scene.table.away_choices(1))
                pump(p, lambda: scene.away_bar in scene.movers and bool(scene.away_bar.buttons))
                p.press_button(next(b for b, k in scene.away_bar.buttons.items() if k == "bot"), settle=2)
                pump(p, lambda: scene.table.is_bot(1) and scene.away_bar not in scene.movers)
                replaced = True
            live_frame(p)
            if not left:
                guest.poll()
            time.sleep(0.003)
        assert scene.table.outcome() is not None, f"no outcome: round {scene.view.round_no}"
        assert seen_pending and cut and replaced and nexts >= 1
        pump(p, lambda: isinstance(p.top, SummaryOverlay) and p.top.stage == "summary" and p.top.final)
        p.press_button(p.top.buttons["standings"], settle=2)
        p.press_button(p.top.buttons["rematch"], settle=2)
        pump(p, lambda: isinstance(p.top, OnlineLobbyScene) and p.app._fade is None)
        room = p.top.room
        pump(p, lambda: room.lobby["phase"] == "lobby")
        assert room.client.online and room.lobby["seats"][1]["bot"] is not None  # the same room, its bot kept
    finally:
        guest.close()
        proxy.close()


@pytest.mark.slow
def test_a_swap_meet_guest_sees_a_waiting_line_where_the_host_has_next_round():
    player = app_player()
    try:
        with running_server(scale=SCALE) as server:
            host = RemoteRoom(NetClient(ws_url(server), {"type": "create", "game": "swap-meet", "name": "Hana",
                                                         "options": ROOM_OPTIONS["swap-meet"]}, **FAST).start())
            pump(player, lambda: host.invite is not None, (host,))
            host.add_bot("easy")
            join_room(player.app, ws_url(server), host.invite["room"], host.invite["ticket"])
            pump(player, lambda: isinstance(player.top, OnlineLobbyScene) and player.top.room.seat == 2, (host,))
            lobby = player.top
            pump(player, lambda: "ready" in {k for k, _ in lobby.buttons.values()}, (host,))
            player.press_button(lobby_button(lobby, "ready"), settle=2)
            pump(player, lambda: len(host.lobby["seats"]) == 3 and host.lobby["seats"][2]["ready"], (host,))
            host.start()
            pump(player, lambda: isinstance(player.top, SwapMeetScene) or bool(host.errors), (host,))
            assert not host.errors
            scene = player.top
            assert NextRound() not in scene.table.legal(2) and not scene.can_next_round()
            pump(player, lambda: isinstance(player.top, SummaryOverlay) and player.top.stage == "summary",
                 (host,))
            summary = player.top
            assert "next" not in summary.buttons  # only the host deals the next round
            # the host's own copy of the locked round may arrive a moment after the guest's
            pump(player, lambda: host.table is not None and NextRound() in host.table.legal(0), (host,))
            host.table.act(0, NextRound())
            pump(player, lambda: scene.view.round_no == 2 and scene.summary is None, (host,))
            host.close()
    finally:
        pygame.quit()


@pytest.mark.slow
def test_stamp_swap_online_whole_match_with_a_cut_link_and_a_rematch_that_keeps_the_room():
    player = app_player(scale=4.0)
    p = player
    try:
        lobby = host_room(p, "stamp-swap")
        proxy = NetProxy(int(lobby.hosting.public_url.rsplit(":", 1)[1]))
        guest = guest_of(lobby, proxy)
        try:
            scene = start_with(p, lobby, guest, 2, StampSwapScene)
            game = get_game("stamp-swap")
            bots = {0: game.make_bot("easy", 0, 3), 1: game.make_bot("easy", 1, 4)}
            cut = False
            p.app.loop.max_steps = 30  # every fixed step runs; only the drawing between them is skipped
            deadline = time.monotonic() + 120
            for _ in range(40000):
                if guest.table.outcome() is not None or time.monotonic() > deadline:
                    break
                if scene.summary is not None:
                    scene.close_summary()
                for table, seat in ((scene.table, 0), (guest.table, 1)):
                    if seat in table.waiting() and not table.pending(seat) and table.legal(seat):
                        table.act(seat, bots[seat].choose(table.view(seat), table.legal(seat), table.now()))
                if not cut and len(guest.table.history(1)) > 40:
                    proxy.cut()
                    cut = True
                    pump(p, lambda: guest.link == "online" and guest.seat == 1 and not guest.table.pending(1),
                         (guest,))
                p.frames(1, dt=0.5)  # half a second of animation per drawn frame; the relay keeps real time
                guest.poll()
                time.sleep(0.003)
            assert cut and guest.table.outcome() is not None

            def final_show() -> bool:
                if scene.summary is not None:  # the last Show's scores, then the Final Show
                    scene.close_summary()
                return isinstance(p.top, FinalShowScene) and p.app._fade is None
            pump(p, final_show, (guest,))
            assert p.top.table.outcome() == guest.table.outcome()
            assert lobby.room.client.online  # the Final Show took the table over: the room is still open
            p.press_button(p.top.rematch, settle=2)
            pump(p, lambda: isinstance(p.top, OnlineLobbyScene) and p.app._fade is None, (guest,))
            pump(p, lambda: guest.lobby["phase"] == "lobby" and p.top.room.lobby["phase"] == "lobby", (guest,))
            assert p.top.room is lobby.room and p.top.room.client.online
        finally:
            guest.close()
            proxy.close()
    finally:
        pygame.quit()


def test_night_market_away_strip_offers_claim_after_the_grace(short_grace):
    player = app_player()
    p = player
    try:
        lobby = host_room(p, "night-market")
        guest = guest_of(lobby)
        scene = start_with(p, lobby, guest, 2, NightMarketScene)
        guest.close()  # the friend's app is gone
        pump(p, lambda: scene.away_bar in scene.movers)
        pump(p, lambda: {"bot", "claim"} <= set(scene.away_bar.buttons.values()))
        claim = next(b for b, k in scene.away_bar.buttons.items() if k == "claim")
        p.press_button(claim, settle=2)
        pump(p, lambda: scene.table.outcome() is not None)
        assert scene.table.outcome().winners == (0,) and scene.away_bar not in scene.movers
    finally:
        pygame.quit()
