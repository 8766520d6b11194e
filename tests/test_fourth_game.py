"""A fourth game is its own folders plus one registry line per side.

Last Counter (tests/last_counter/: rules, secret hooks, a catalogue entry and a bare table scene)
is registered with one line in rules/registry.py's GAME_MODULES and one in game/shell/catalog.py's
PACKAGES, here by monkeypatch. Nothing else is told about it, yet the title offers it, the command
line takes it, the relay hosts it and the conformance tests run over it.
"""

from __future__ import annotations

import inspect
import json

import pygame
import pytest

import tests.test_contract as contract_tests
import tests.test_table_conformance as table_tests
from game.cli import build_parser
from game.kiosk.config import KioskConfig
from game.scenes.title import TitleScene
from game.shell import catalog
from game.tools.autoplay import run_autoplay
from game.tools.online_autoplay import play_online
from rules.driver import play_match
from rules.registry import GAME_MODULES, get_game
from tests.conftest import make_player
from tests.online_helpers import FAST, WAIT, running_server, ws_url

NAME = "last-counter"


@pytest.fixture(autouse=True)
def fourth_game(monkeypatch):
    """The two registry lines, one per side."""
    monkeypatch.setitem(GAME_MODULES, NAME, "tests.last_counter")
    monkeypatch.setattr(catalog, "PACKAGES", (*catalog.PACKAGES, "tests.last_counter.client"))


def test_the_title_offers_the_fourth_game_as_playable():
    player = make_player(size=(1920, 1080))
    try:
        scene = player.top
        assert isinstance(scene, TitleScene)
        tile = next(t for t in scene.tiles if t.game == NAME)
        assert tile.entry.title == "Last Counter" and tile.playable
        player.frames(2)  # it draws (its missing tile art is the placeholder)
    finally:
        pygame.quit()


def test_the_command_line_takes_the_fourth_game(capsys):
    parser = build_parser()
    assert parser.parse_args(["autoplay", NAME]).game == NAME
    assert parser.parse_args(["play", NAME]).game == NAME
    assert parser.parse_args(["online-autoplay", NAME, "--server", "http://127.0.0.1:1"]).game == NAME
    assert run_autoplay(NAME, 3, 2, None, "easy", "easy") == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[-1]["matches"] == 2 and "winner" in lines[0]
    assert NAME in KioskConfig().games


def test_the_relay_hosts_the_fourth_game_and_plays_it_as_autoplay_does():
    with running_server() as server:
        line = play_online(ws_url(server), get_game(NAME), 5, ["easy", "easy"], None, timeout=3 * WAIT, **FAST)
    here = play_match(get_game(NAME), 5, ["easy", "easy"]).summary()
    keys = ("winner", "scores", "actions")
    assert {k: line[k] for k in keys} == {k: here[k] for k in keys}


def _conformance_tests() -> list[tuple[str, object]]:
    """Every test of the two conformance modules that runs over the registry by game name."""
    found = []
    for module in (contract_tests, table_tests):
        for attr, fn in vars(module).items():
            if attr.startswith("test_") and callable(fn) and "name" in inspect.signature(fn).parameters:
                found.append((f"{module.__name__}.{attr}", fn))
    return found


def test_the_conformance_tests_pass_over_the_fourth_game():
    tests = _conformance_tests()
    assert len(tests) >= 5
    for _, test in tests:
        params = inspect.signature(test).parameters
        for kind in ("local", "remote") if "kind" in params else (None,):  # both tables where a test takes either
            test(**{"name": NAME, **({"seed": 1} if "seed" in params else {}), **({"kind": kind} if kind else {})})


def test_every_art_module_declares_its_own_icons_and_tiles(monkeypatch):
    from sprites.make_sprites import _declared

    monkeypatch.setattr(catalog, "PACKAGES", catalog.PACKAGES[:-1])  # the three real games, which have art
    declared = _declared()
    assert {e.tile for e in catalog.entries()} <= declared.keys()
    assert declared["tile_night_market"][:2] == (500, 600) and declared["good_silk"][:2] == (128, 128)
