"""The table in words (issue 35 step 6): the right facts for the seat at the device, and nothing
it may not know — the description is the same in every world that differs only in what is hidden."""

from __future__ import annotations

import importlib

import pygame
import pytest

from game.match.clock import MatchClock
from game.match.local import LocalTable
from game.scenes.describe import DescribeScene, plain
from game.scenes.night_market.scene import NightMarketScene
from game.shell.loop import FakeClock
from game.text.persons import at_table
from rules.contract import MatchConfig, SeatConfig
from rules.registry import get_game
from rules.rng import Rng
from tests.support import PERTURB

SEATS = {"night-market": 2, "swap-meet": 3, "stamp-swap": 3}


def _played(name: str, moves: int = 12) -> LocalTable:
    seats = tuple(SeatConfig(f"P{i}") for i in range(SEATS[name]))
    table = LocalTable.start(get_game(name), MatchConfig(seats), 5, MatchClock(FakeClock()), bot_threads=False,
                             autosave=False)
    rng = Rng.seeded(1)
    for _ in range(moves):
        seat, rng = rng.choice(table.waiting())
        legal = table.legal(seat)
        if legal:
            action, rng = rng.choice(legal)
            table.act(seat, action)
    return table


def _text(table: LocalTable, viewer: int) -> str:
    module = importlib.import_module(f"game.scenes.{table.info.name.replace('-', '_')}.describe")
    return plain(module.describe(table, viewer, at_table(table.seats, (viewer,))))


@pytest.mark.parametrize("name", sorted(SEATS))
def test_the_description_leaks_nothing_hidden_from_the_seat(name):
    table = _played(name)
    for viewer in range(SEATS[name]):
        told = _text(table, viewer)
        truth = table.referee.state
        table.referee.state = PERTURB[name](truth, viewer)  # everything this seat may not know, changed
        try:
            assert _text(table, viewer) == told, f"seat {viewer}'s description depends on hidden things"
        finally:
            table.referee.state = truth


def test_night_market_names_the_market_the_hand_the_scores_and_the_turn():
    table = _played("night-market")
    view, told = table.view(0), _text(table, 0)
    market = sorted(k.capitalize() for _, k in view.market)
    assert all(k in told.split("Your hand")[0] for k in market)
    assert all(k.capitalize() in told.split("Your hand")[1].split("Scores")[0] for _, k in view.hand)
    assert f"{view.deck_count} cards in the deck" in told
    assert f"P{view.turn}'s turn" in told and "P0: " in told and "P1: " in told
    assert told.count("Swapped") + told.count("Took") + told.count("Sold") >= 3  # the last moves


def test_swap_meet_names_offers_the_contract_prices_and_the_clock():
    table = _played("swap-meet")
    view, told = table.view(0), _text(table, 0)
    assert view.contract in told and "everyone trades at once, 1:30 left" in told
    assert all(f"{k.title()} {m:.2f}×" in told for k, m in view.market.items())
    offered = [o for o in view.offers if o is not None]
    assert offered and all(f"P{o.seat} offers {o.count} " in told for o in offered)
    rivals = [table.view(s).contract for s in (1, 2)]
    assert not any(c in told for c in rivals if c != view.contract)  # never a rival's contract


def test_stamp_swap_names_the_pool_your_items_and_whose_turn():
    table = _played("stamp-swap", 6)
    view, told = table.view(0), _text(table, 0)
    assert view["day_name"] in told and "Taken today:" in told
    names = [i["name"] for i in view["seats"][0]["dc"] if i.get("known")]
    assert names and all(n in told for n in names)
    assert f"P{view['turn']}'s turn" in told and told.count(" took ") >= 3


def test_the_describe_key_opens_the_panel_over_the_table_and_closes_it(player):
    player.app.update_settings(seen_briefings=("night-market",))
    scene = NightMarketScene.new(player.app, MatchConfig((SeatConfig("Ada"), SeatConfig("Basil", "easy"))), 11)
    player.app.stack.reset(scene)
    player.frames(2)
    player.key(pygame.K_d)
    panel = player.top
    assert isinstance(panel, DescribeScene) and [s.heading for s in panel.sections] == \
        ["Market", "Your hand", "Scores", "Turn", "Last moves"]
    player.key(pygame.K_d)
    assert player.top is scene
