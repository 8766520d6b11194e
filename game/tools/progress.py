"""Progress of long headless runs for a person watching: one line at a time on stderr, and only
when stderr is a terminal, so stdout's JSON lines and a redirected log stay exactly as they were."""

from __future__ import annotations

import sys


def progress(text: str) -> None:
    """Say `text` on stderr as `market-hall: text` when a person watches it."""
    if sys.stderr.isatty():
        print(f"market-hall: {text}", file=sys.stderr, flush=True)
