"""Packaging hygiene: a licence file, SPDX metadata, the asset licence note shipped, a quick start that works."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _pyproject() -> dict:  # type: ignore[type-arg]
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+; the metadata is the same on 3.10
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_licence_is_mit_in_spdx_form_and_its_files_exist():
    data = _pyproject()
    assert data["project"]["license"] == "MIT"
    for name in data["project"]["license-files"]:
        assert (ROOT / name).is_file(), name
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "2026 Market Hall contributors" in text
    (setuptools,) = [r for r in data["build-system"]["requires"] if r.startswith("setuptools")]
    assert tuple(int(n) for n in re.findall(r"\d+", setuptools)[:1]) >= (77,)


def test_the_art_and_sound_licence_note_ships_in_the_package():
    data = _pyproject()
    assert "CREDITS.md" in data["tool"]["setuptools"]["package-data"]["sprites"]
    assert "sprites/CREDITS.md" in data["project"]["license-files"]
    assert "sounds/" in (ROOT / "sprites" / "CREDITS.md").read_text(encoding="utf-8")


def _commands(markdown: str) -> list[str]:
    return [line for block in re.findall(r"```sh\n(.*?)```", markdown, re.S) for line in block.splitlines()]


def test_the_quick_start_is_one_line_to_play_and_one_to_test_each_in_a_venv():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    lines = _commands(quick)
    assert len(lines) == 2
    play, test = lines
    for line in lines:
        assert line.startswith("python3 -m venv .venv && . .venv/bin/activate && pip install -e ")
    assert play.endswith("pip install -e . && market-hall")
    assert test.endswith("pip install -e '.[test]' && pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert f"# README: {test}" in ci
    assert "pip install --quiet -e '.[test]'" in ci and "\npytest" in ci


@pytest.mark.parametrize("unit", ["market-hall-kiosk.service", "market-hall-relay.service"])
def test_each_systemd_unit_runs_the_app_of_a_venv_and_its_own_one_line_rewrites_that(unit, tmp_path):
    text = (ROOT / "packaging" / unit).read_text()
    exec_start = next(line for line in text.splitlines() if line.startswith("ExecStart="))
    assert exec_start.split()[0].endswith("/.venv/bin/market-hall")  # never `env market-hall`: no venv there
    one_line = next(line for line in text.splitlines() if "command -v market-hall" in line)
    script = re.search(r"sed [\"']([^\"']+)[\"']", one_line)
    assert script is not None, one_line
    mine = str(tmp_path / "venv" / "bin" / "market-hall")
    script = script.group(1).replace("$(command -v market-hall)", mine)  # what the shell substitutes
    written = subprocess.run(["sed", script], input=text, capture_output=True, text=True, check=True).stdout
    assert [line for line in written.splitlines() if line.startswith("ExecStart=")] == \
        [f"ExecStart={mine} {exec_start.split(' ', 1)[1]}"]  # the path is the venv's, the options stay
