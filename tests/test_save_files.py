"""No save file can stop or hang the app: each bad one is reported once on the title and set aside."""

from __future__ import annotations

import json
import os

import pygame
import pytest

from game.services import saves
from tests.conftest import make_player

GOOD = {"version": 2, "game": "night-market", "seed": 3, "log": [], "rules_version": 1, "saved_at": 0,
        "config": {"seats": [{"name": "Ada", "bot": None}, {"name": "Basil", "bot": "easy"}], "options": {}}}


def _text(**changes: object) -> str:
    return json.dumps({**GOOD, **changes})


BAD = {
    "infinite seed": '{"version": 2, "game": "night-market", "seed": 1e999, "config": {}, "log": []}',
    "100,000 levels deep": "[" * 100_000 + "]" * 100_000,
    "a huge number": '{"version": 2, "seed": 1' + "0" * 400 + "}",
    "NaN in the log": _text().replace('"log": []', '"log": [[NaN, 0, {}]]'),
    "a string seed": _text(seed="3"),
    "a bool seed": _text(seed=True),
    "a negative seed": _text(seed=-1),
    "another game's save in this slot": _text(game="stamp-swap"),
    "not JSON at all": "\x00\xff garbage",
    "an old version": _text(version=99),
    "a broken log entry": _text(log=[[0.0, "seat", {}]]),
}


@pytest.fixture
def p():
    player = make_player()
    yield player
    pygame.quit()


def _title(p):  # type: ignore[no-untyped-def]
    scene = p.app.title()
    p.app.stack.reset(scene)
    p.frames(3)
    return scene


def _said(p, words: str) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for item in p.app.toasts.queue if words in item[0])


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(BAD))
def test_a_damaged_save_is_reported_once_and_set_aside(p, case):
    saves.slot("night-market").write_bytes(BAD[case].encode("utf-8", "surrogateescape"))
    home = _title(p)
    assert p.app.running and not home.continues
    assert _said(p, "set aside") == 1
    assert not os.path.lexists(saves.slot("night-market"))
    assert list(saves.folder().glob("night-market.json.corrupt-*"))
    _title(p)
    assert _said(p, "set aside") == 1  # said once: the next title has nothing left to say


def test_a_save_of_an_unknown_game_is_set_aside(p):
    (saves.folder() / "chess.json").write_text(_text(game="chess"))
    _title(p)
    assert _said(p, "a game this version does not have") == 1
    assert list(saves.folder().glob("chess.json.corrupt-*"))


def test_a_directory_where_a_save_belongs_is_set_aside(p):
    saves.slot("swap-meet").mkdir()
    _title(p)
    assert _said(p, "set aside") == 1 and not saves.slot("swap-meet").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_named_pipe_where_a_save_belongs_never_hangs_start_up(p):
    os.mkfifo(saves.slot("stamp-swap"))
    _title(p)  # opening a pipe for reading would block forever: it is never opened
    assert _said(p, "set aside") == 1 and not os.path.lexists(saves.slot("stamp-swap"))


def test_a_good_save_beside_bad_ones_is_still_offered(p):
    saves.slot("night-market").write_text(_text())
    saves.slot("swap-meet").write_text("{ broken")
    home = _title(p)
    assert list(home.continues.values()) == ["night-market"]


def test_a_version_one_save_in_the_old_shared_slot_moves_to_its_game(p):
    (saves.folder() / saves.LEGACY).write_text(_text(version=1))
    home = _title(p)
    assert list(home.continues.values()) == ["night-market"] and not (saves.folder() / saves.LEGACY).exists()
