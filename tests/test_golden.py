"""Golden playouts: whole seeded matches of every game replayed and compared, as text, with tests/golden/.

Each file is one match, a line per move with its events (tests/golden/regen.py says what a line
holds and how the matches are chosen). A failing test prints the first lines of the diff, so it
shows which move changed first. After a deliberate rules or bot change, regenerate the files with
`python -m tests.golden.regen --write` and read their diff before committing it.
"""

from __future__ import annotations

import difflib

import pytest

from rules.record import MatchRecord
from rules.referee import Referee
from tests.golden.regen import PLAYOUTS, Playout, text

SHOWN = 40  # diff lines a failure prints


@pytest.mark.parametrize("playout", PLAYOUTS, ids=lambda p: p.file.stem)
def test_the_match_is_move_for_move_its_golden_text(playout: Playout) -> None:
    expected, got = playout.file.read_text(encoding="utf-8"), text(playout)
    if got != expected:
        diff = difflib.unified_diff(expected.splitlines(keepends=True), got.splitlines(keepends=True),
                                    f"tests/golden/{playout.file.name}", "this run", n=2)
        shown = "".join(line[:300].rstrip("\n") + "\n" for line in list(diff)[:SHOWN])
        pytest.fail(f"{playout.file.name} changed (regenerate: python -m tests.golden.regen --write):\n{shown}")


@pytest.mark.parametrize("playout", PLAYOUTS[::4], ids=lambda p: p.file.stem)
def test_a_golden_file_is_a_record_that_rebuilds_to_its_outcome(playout: Playout) -> None:
    record = MatchRecord.from_text(playout.file.read_text(encoding="utf-8"))
    assert record.game == playout.game and record.seed == playout.seed and record.outcome is not None
    assert Referee.from_record(record).outcome() == record.outcome
