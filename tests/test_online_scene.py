"""A table scene cannot tell a RemoteTable from a local one: Night Market played headless against a
live server, the person's moves made through the table while frames run, a server bot opposite (held,
as at a local table, while the scene animates or shows a round's summary)."""

from __future__ import annotations

import time

import pygame
import pytest

from game.match.remote import RemoteRoom
from game.online.client import NetClient
from game.scenes.night_market.ceremony import Ceremony
from game.scenes.night_market.scene import NightMarketScene
from game.tools.online_autoplay import seat_clients
from rules.referee import turn_bot
from rules.registry import get_game
from tests.conftest import make_player
from tests.online_helpers import FAST, running_server, ws_url
from tests.support import WAIT, wait_until


@pytest.mark.slow
def test_night_market_scene_plays_a_whole_match_online():
    game = get_game("night-market")
    with running_server(scale=50.0) as server:
        hello = {"type": "create", "game": game.name, "name": "Ana", "seed": 21, "options": {"first_seat": 0}}
        room = RemoteRoom(NetClient(ws_url(server), hello, **FAST).start())
        step = lambda: room.wait(0.05)  # noqa: E731
        wait_until(lambda: room.lobby is not None and room.seat is not None, "the lobby", step)
        room.add_bot("easy")
        wait_until(lambda: len(room.lobby["seats"]) == 2, "the bot's seat", step)  # type: ignore[index]
        room.start()
        wait_until(lambda: room.table is not None and room.table.version > 0, "the deal", step)
        deadline = time.monotonic() + 2 * WAIT  # a whole match
        player = make_player()
        player.app.update_settings(seen_briefings=("night-market",))  # no help sheet over the table: it would hold it
        try:
            table = room.table
            scene = NightMarketScene(player.app, table)
            player.app.stack.push(scene)
            made, acted = 0, -1
            while table.outcome() is None:
                assert time.monotonic() < deadline, "the match did not finish"
                player.frames(1)
                scene.anim.finish_all()  # as the local scene tests do: the table holds the bot while it animates
                top = player.app.stack.top
                if isinstance(top, Ceremony) and top.match_winner is None:
                    top.on_back()  # the round's summary is read (skipped, then next round): the table holds till then
                if table.waiting()[:1] == (0,) and not table.pending(0) and table.version != acted:
                    bot = turn_bot(game, "easy", 21, 0, made)
                    table.act(0, bot.choose(table.view(0), table.legal(0), 0.0))
                    made, acted = made + 1, table.version
                time.sleep(0.002)
            player.frames(120)
            assert player.app.stack.top is not None
            assert len(table.history(0)) > 20 and scene.log_lines
        finally:
            room.close()
            pygame.quit()


def test_seat_clients_gives_one_table_per_seat():
    with running_server() as server:
        rooms = seat_clients(ws_url(server), "stamp-swap", ["A", "B", "C"], time.monotonic() + 60, 5, None, **FAST)
        try:
            assert [r.seat for r in rooms] == [0, 1, 2]
            assert all(r.table is not None and r.table.here == (r.seat,) for r in rooms)
        finally:
            for r in rooms:
                r.close()
