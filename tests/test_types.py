"""The rules package type-checks under `mypy --strict`, and game/ under the project settings (both in pyproject.toml),
in one run.

mypy runs in a process of its own: in the test worker's it left ~800k objects alive, and every full
collection after it (the app's `give_back` makes one per table) walked them: ~0.6 s each.

The rules are pure Python that the client, the server and the bots all lean on, so a wrong
annotation there is a bug waiting for a caller. The client (game/) keeps zero errors too, so a scene
mixin that uses an attribute its scene no longer has is caught here. A few seconds (no cache).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]')")

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_rules_pass_mypy_strict_and_game_passes_mypy() -> None:
    # One run over both (each module under its own settings: rules.* strict): two runs checked the rules
    # twice, since game/ imports them, and paid mypy's start-up twice.
    run = subprocess.run([
        sys.executable, "-m", "mypy",
        "--config-file", str(ROOT / "pyproject.toml"),
        "--cache-dir", os.devnull,
        "--no-color-output",
        "--no-error-summary",
        str(ROOT / "rules"),
        str(ROOT / "game"),
    ], capture_output=True, text=True, timeout=300, cwd=ROOT)
    problems = run.stdout + run.stderr
    assert run.returncode == 0, f"mypy found problems in rules/ or game/ (each line names its file):\n{problems}"
