"""The rules package type-checks under `mypy --strict` (the settings live in pyproject.toml).

The rules are pure Python that the client, the server and the bots all lean on, so a wrong
annotation there is a bug waiting for a caller. Runs in about a second (no cache is written).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api", reason="mypy is not installed (pip install -e '.[test]')")

ROOT = Path(__file__).resolve().parent.parent


def test_rules_pass_mypy_strict() -> None:
    stdout, stderr, status = api.run([
        "--config-file", str(ROOT / "pyproject.toml"),
        "--cache-dir", os.devnull,
        "--no-color-output",
        "--no-error-summary",
        str(ROOT / "rules"),
    ])
    assert status == 0, f"mypy found problems in rules/:\n{stdout}{stderr}"
