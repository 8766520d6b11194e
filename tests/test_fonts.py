"""A broken or missing font never crashes: pygame's built-in font is used, with one logged warning."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.draw.text import checked_font_file, usable_font
from game.services import paths
from tests.conftest import make_player

REAL = paths.gui_font_file


def _corrupt(tmp_path: Path) -> Path:
    bad = tmp_path / "Corrupt.ttf"
    bad.write_bytes(b"\x00\x01\x00\x00" + b"not a font " * 200)  # a TrueType magic number, then junk
    return bad


def _truncated(tmp_path: Path) -> Path:
    bad = tmp_path / "Truncated.ttf"
    bad.write_bytes(REAL("NotoSans-Bold.ttf").read_bytes()[:5000])
    return bad


def _start_and_play_a_little():  # type: ignore[no-untyped-def]
    p = make_player()
    assert p.top.name == "title" and p.app.running
    p.app.text.render("Market Hall", 40, bold=True)
    p.app.text.render("Market Hall", 24)
    p.frames(5)
    assert p.top.name == "title" and p.app.toasts.current is None  # nothing crashed and came back
    return p


@pytest.mark.parametrize("broken", [_corrupt, _truncated, lambda tmp: tmp / "missing.ttf", lambda tmp: tmp])
def test_a_broken_font_file_is_not_usable(tmp_path, broken, caplog):
    path = str(broken(tmp_path))
    assert usable_font(path) is False and usable_font(path) is False
    assert checked_font_file(path) is None
    assert sum("unusable" in r.message for r in caplog.records) == 1  # logged once, however often asked


def test_the_shipped_fonts_are_usable():
    for name in ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "FiraCode-Regular.ttf"):
        assert checked_font_file(REAL(name)) == str(REAL(name))
    assert usable_font(str(paths.builtin_font_path()))


@pytest.mark.parametrize("kind", ["corrupt", "missing"])
def test_the_app_starts_when_every_shipped_font_is_broken(tmp_path, monkeypatch, caplog, kind):
    bad = _corrupt(tmp_path) if kind == "corrupt" else tmp_path / "gone.ttf"
    monkeypatch.setattr(paths, "gui_font_file", lambda name: bad)
    try:
        p = _start_and_play_a_little()
        assert p.app.text.font(30).size("Ag")[0] > 0
    finally:
        pygame.quit()
    assert sum("unusable" in r.message for r in caplog.records) == 1


def test_a_missing_bold_font_falls_back_and_the_regular_one_is_kept(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(paths, "gui_font_file",
                        lambda name: tmp_path / "gone.ttf" if "Bold" in name else REAL(name))
    try:
        p = _start_and_play_a_little()
        builtin = pygame.font.Font(None, 30).size("Market Hall")
        assert p.app.text.font(30, bold=True).size("Market Hall") == builtin
        assert p.app.text.font(30).size("Market Hall") != builtin
        gui = p.top.ui.get_theme().get_font_dictionary()
        assert gui.known_font_paths["noto_sans"][1][0] == str(paths.builtin_font_path())
        assert gui.known_font_paths["noto_sans"][0][0] == str(REAL("NotoSans-Regular.ttf"))
    finally:
        pygame.quit()
    assert sum("unusable" in r.message for r in caplog.records) == 1
