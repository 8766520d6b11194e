"""`--record`: a measuring command appends its result to the results log (docs/results.md), dated,
with the commit it measured, the command line, the seeds and the machine's load, so figures live in
docs/ rather than in code or the README. The command still prints exactly what it prints without it."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

RESULTS = "docs/results.md"
CHECKOUT = Path(__file__).resolve().parents[2]  # the folder holding game/, a checkout when it has .git
DEFAULT = ""  # `--record` without a file: see default_results()


def add_record(parser: argparse.ArgumentParser) -> None:
    """`--record [FILE]` on a measuring command."""
    parser.add_argument("--record", nargs="?", const=DEFAULT, metavar="FILE",
                        help=f"append the result with date, commit and seeds to FILE, or to the checkout's {RESULTS} "
                             "(an installed copy: results.md in the data folder) (default: off)")


def default_results(checkout: Path | None = None) -> Path:
    """Where `--record` alone writes: the project's results log when this code runs from a checkout
    of it, else results.md in the player's data folder (never into whatever folder the shell is in)."""
    checkout = checkout or CHECKOUT
    if (checkout / ".git").exists() and (checkout / RESULTS).parent.is_dir():
        return checkout / RESULTS
    from game.services import paths

    return paths.data_dir() / "results.md"


class _Tee(io.TextIOBase):
    """Writes through to the real stdout and keeps a copy."""

    def __init__(self, out: Any) -> None:
        self.out, self.kept = out, io.StringIO()

    def write(self, text: str) -> int:
        self.kept.write(text)
        return int(self.out.write(text))

    def flush(self) -> None:
        self.out.flush()


def commit() -> str:
    """The short commit of the checkout this code runs from, or "unknown" (an installed copy)."""
    here = Path(__file__).resolve().parent
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=here, capture_output=True,
                              text=True, timeout=5, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=here,
                               capture_output=True, text=True, timeout=5).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return done.stdout.strip() + (" (with uncommitted changes)" if dirty else "")


def last_json(printed: str) -> dict[str, Any] | None:
    """The last line of `printed` that is a JSON object (the command's summary), if any."""
    for line in reversed(printed.splitlines()):
        with contextlib.suppress(ValueError):
            value = json.loads(line)
            if isinstance(value, dict):
                return value
    return None


def section(argv: list[str], figures: dict[str, Any] | None, when: float, seeds: str) -> str:
    """One dated section of the results log."""
    day = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(when))
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    body = ("{\n" + ",\n".join(f" {json.dumps(k)}: {json.dumps(v)}" for k, v in figures.items()) + "\n}"
            if figures is not None else "(no JSON result)")
    return (f"\n## {day}, commit {commit()}: `market-hall {shlex.join(argv)}`\n"
            f"Recorded by `--record`. Machine: {os.cpu_count()} cores, load average {load}. Seeds: {seeds}.\n\n"
            f"```json\n{body}\n```\n")


def seeds_of(figures: dict[str, Any] | None, seed: int | None) -> str:
    """The seeds a run used, from its summary when it names them."""
    if figures and isinstance(figures.get("seeds"), list) and len(figures["seeds"]) == 2:
        first, last = figures["seeds"]
        return f"{first}–{last}" if first != last else str(first)
    return str(seed) if seed is not None else "the command's defaults"


@contextlib.contextmanager
def recording(path: str | None, argv: list[str], seed: int | None) -> Iterator[None]:
    """Run the body with stdout kept; afterwards append its last JSON line to `path` (if given)."""
    if path is None:
        yield
        return
    tee, real = _Tee(sys.stdout), sys.stdout
    sys.stdout = tee
    try:
        yield
    finally:
        sys.stdout = real
    figures = last_json(tee.kept.getvalue())
    target = Path(path) if path != DEFAULT else default_results()
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("a", encoding="utf-8") as log:
        log.write(section(argv, figures, time.time(), seeds_of(figures, seed)))
    print(f"market-hall: recorded in {target}", file=sys.stderr)
