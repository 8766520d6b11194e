"""No file in the player's folders can stop or hang the app: strict JSON reading, set-aside, settings types."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.services import settings as settings_mod
from game.services.files import BadFile, NoFile, read_json, set_aside, write_json
from game.services.settings import Settings, load, settings_path
from tests.conftest import make_player

DEEP = "[" * 100_000 + "]" * 100_000


def _text(text: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(text, encoding="utf-8")


def _bytes(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


def _pipe(path: Path) -> None:
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("the player's, not ours to delete")


def _sparse(path: Path) -> None:
    with path.open("wb") as out:
        out.truncate(10**10)  # 10 GB that take no disk: only the size check keeps us from reading it


BAD_FILES: dict[str, Callable[[Path], None]] = {
    "infinite seed": _text('{"seed": 1e999}'),
    "nested 100,000 deep": _text(DEEP),
    "nested objects": _text('{"a": ' * 100_000 + "1" + "}" * 100_000),
    "huge volume": _text('{"volume": 1' + "0" * 400 + "}"),
    "more digits than int() prints": _text('{"volume": ' + "9" * 5000 + "}"),
    "invalid UTF-8": _bytes(b'{"bot_speed": "\xff\xfe"}'),
    "NaN": _text('{"volume": NaN}'),
    "Infinity": _text('{"volume": -Infinity}'),
    "duplicate keys": _text('{"mute": false, "mute": true}'),
    "empty": _text(""),
    "binary garbage": _bytes(b"\x00\x01garbage"),
    "not an object": _text("[1, 2, 3]"),
    "too large": _text('{"pad": "' + "x" * 70_000 + '"}'),
    "sparse 10 GB": _sparse,
    "named pipe": _pipe,
    "folder": _folder,
    "link to a device": lambda path: path.symlink_to("/dev/zero"),
    "link to nothing": lambda path: path.symlink_to(path.with_name("gone.json")),
    "lone surrogate and control bytes": _text('{"bot_speed": "\\ud800", "mute": "\\u0000"}'),
}
NOT_DAMAGED = {"lone surrogate and control bytes"}  # valid JSON with refused values: handled per value
NOT_OBJECTS = {"not an object"}  # valid JSON: only settings refuse it


def _read_in_thread(path: Path, max_bytes: int) -> BaseException | object:
    """read_json in a thread so a blocking open fails the test instead of hanging it."""
    box: list[BaseException | object] = []

    def work() -> None:
        try:
            box.append(read_json(path, max_bytes))
        except BaseException as exc:  # the test inspects whatever escaped, RecursionError included
            box.append(exc)

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join(5)
    assert not thread.is_alive(), "read_json blocked"
    return box[0]


@pytest.mark.parametrize("kind", [k for k in BAD_FILES if k not in NOT_OBJECTS | NOT_DAMAGED])
def test_every_bad_file_is_one_bad_file_error_with_a_reason(tmp_path, kind):
    path = tmp_path / "file.json"
    BAD_FILES[kind](path)
    result = _read_in_thread(path, 64_000)
    assert isinstance(result, BadFile) and not isinstance(result, NoFile), result
    assert result.reason and "\n" not in result.reason


def test_a_missing_file_is_no_file(tmp_path):
    with pytest.raises(NoFile):
        read_json(tmp_path / "nothing.json")


def test_a_dangling_link_is_a_bad_file_not_a_missing_one(tmp_path):
    (tmp_path / "link.json").symlink_to(tmp_path / "gone.json")
    with pytest.raises(BadFile) as info:
        read_json(tmp_path / "link.json")
    assert not isinstance(info.value, NoFile)


def test_good_json_reads_and_a_bom_is_accepted(tmp_path):
    path = tmp_path / "ok.json"
    path.write_bytes(b'\xef\xbb\xbf{"a": [1, 2.5, "x", null, true], "seed": 18446744073709551615}')
    assert read_json(path) == {"a": [1, 2.5, "x", None, True], "seed": 2**64 - 1}


def test_write_json_is_atomic_and_says_whether_it_worked(tmp_path):
    path = tmp_path / "out.json"
    assert write_json(path, {"a": [1, 2]}) is True
    assert read_json(path) == {"a": [1, 2]}
    assert write_json(path, {"a": float("nan")}) is False  # would not read back
    assert write_json(path, {"a": object()}) is False
    assert read_json(path) == {"a": [1, 2]}  # a failed write leaves the old file whole
    assert write_json(tmp_path / "missing" / "out.json", {}) is False
    (tmp_path / "dir.json").mkdir()
    assert write_json(tmp_path / "dir.json", {}) is False
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir.json", "out.json"]  # no temp files left


@pytest.mark.parametrize("kind", ["infinite seed", "named pipe", "folder"])
def test_set_aside_renames_files_folders_and_pipes(tmp_path, kind):
    path = tmp_path / "current.json"
    BAD_FILES[kind](path)
    first = set_aside(path)
    BAD_FILES[kind](path)
    second = set_aside(path)
    assert (first.name, second.name) == ("current.json.corrupt-1", "current.json.corrupt-2")
    assert not os.path.lexists(path) and os.path.lexists(first) and os.path.lexists(second)
    if kind == "folder":
        assert (first / "inside.txt").exists()


def test_settings_keeps_offering_set_aside():
    assert settings_mod.set_aside is set_aside


# --- settings: refused, never coerced ---------------------------------------------------------------------

WRONG_TYPES = [
    ({"mute": "false"}, "mute", False),
    ({"fullscreen": "no"}, "fullscreen", False),
    ({"reduced_motion": 1}, "reduced_motion", False),
    ({"colour_patterns": None}, "colour_patterns", False),
    ({"seen_briefings": "night-market"}, "seen_briefings", ()),
    ({"seen_briefings": ["night-market", 3]}, "seen_briefings", ()),
    ({"seen_briefings": {"night-market": True}}, "seen_briefings", ()),
    ({"volume": "0.5"}, "volume", 0.8),
    ({"volume": True}, "volume", 0.8),
    ({"volume": -0.1}, "volume", 0.8),
    ({"volume": 7}, "volume", 0.8),
    ({"volume": [0.5]}, "volume", 0.8),
    ({"bot_speed": "warp"}, "bot_speed", "normal"),
    ({"bot_speed": 2}, "bot_speed", "normal"),
    ({"seen_briefings": [f"game-{i}" for i in range(65)]}, "seen_briefings", ()),
    ({"seen_briefings": ["x" * 65]}, "seen_briefings", ()),
]


@pytest.mark.parametrize(("raw", "name", "default"), WRONG_TYPES)
def test_a_value_of_the_wrong_type_is_refused_not_coerced(raw, name, default):
    settings_path().write_text(json.dumps({**raw, "bot_speed": raw.get("bot_speed", "fast")}))
    settings, warning = load()
    assert getattr(settings, name) == default
    assert warning and name.replace("_", " ") in warning
    if name != "bot_speed":
        assert settings.bot_speed == "fast"  # the good values are kept


def test_refused_values_are_reported_once_and_the_original_kept():
    settings_path().write_text(json.dumps({"mute": "false", "volume": 0.3}))
    _, first = load()
    settings, second = load()
    assert first and second is None
    assert settings.volume == 0.3 and settings.mute is False
    kept = list(settings_path().parent.glob("settings.json.corrupt-*"))
    assert len(kept) == 1 and json.loads(kept[0].read_text())["mute"] == "false"


def test_good_values_of_every_kind_load_exactly():
    good = {"volume": 1, "mute": True, "fullscreen": False, "reduced_motion": True, "colour_patterns": True,
            "bot_speed": "slow", "seen_briefings": ["swap-meet"], "from_a_newer_version": {"x": 1}}
    settings_path().write_text(json.dumps(good))
    settings, warning = load()
    assert warning is None
    assert settings == Settings(1.0, True, False, True, True, "slow", ("swap-meet",))
    assert isinstance(settings.volume, float)


def test_code_cannot_store_a_wrong_type_either():
    with pytest.raises(ValueError):
        Settings().with_(mute="false")
    with pytest.raises(ValueError):
        Settings().with_(volume=float("nan"))
    assert Settings().with_(volume=1, seen_briefings=("a",)).volume == 1.0


@pytest.mark.parametrize("kind", [k for k in BAD_FILES if k not in NOT_DAMAGED])
def test_a_damaged_settings_file_is_set_aside_with_defaults(kind):
    BAD_FILES[kind](settings_path())
    settings, warning = load()
    assert settings == Settings()
    assert warning and "set aside" in warning
    assert not os.path.lexists(settings_path())
    assert os.path.lexists(settings_path().with_name("settings.json.corrupt-1"))


def test_a_file_where_the_config_folder_belongs_does_not_stop_loading(market_home):
    market_home.mkdir(parents=True, exist_ok=True)
    (market_home / "config").write_text("not a folder")
    settings, warning = load()
    assert settings == Settings() and warning
    assert settings_mod.save(settings) is False


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(BAD_FILES) + ["wrong types"])
def test_the_app_starts_with_each_bad_settings_file_and_says_so_once(kind):
    if kind == "wrong types":
        settings_path().write_text(json.dumps({"mute": "false", "fullscreen": "no"}))
    else:
        BAD_FILES[kind](settings_path())
    p = make_player()
    try:
        assert p.top.name == "title" and p.app.running
        assert not p.app.settings.fullscreen and not p.app.settings.mute
        messages = [m for m, *_ in p.app.toasts.queue]
        assert len([m for m in messages if "settings" in m.lower()]) == 1, messages
        shown = p.app.toasts.current or ""
        assert "set aside" in shown or "not understood" in shown
        p.frames(3)
    finally:
        pygame.quit()
    again = make_player()
    try:
        assert not any("settings" in m.lower() for m, *_ in again.app.toasts.queue)
    finally:
        pygame.quit()
