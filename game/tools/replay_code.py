"""`market-hall replay CODE --headless --to-end`: open a share code (rules/sharecode.py) or a record
file and print how the match ended, as one JSON line with autoplay's `winner` and `scores` fields."""

from __future__ import annotations

import json

from game.match.replay import CannotOpen, load_record


def run_replay(code: str) -> int:
    """0 and the outcome line; 2 and one line saying why for a code that opens no match here."""
    try:
        record = load_record(code)
    except CannotOpen as exc:
        print(json.dumps({"error": exc.reason}))
        return 2
    if record.outcome is None:
        print(json.dumps({"error": "the match in this code has not ended"}))
        return 2
    winners = list(record.outcome.winners)
    print(json.dumps({
        "game": record.game, "seed": record.seed,
        "winner": winners[0] if len(winners) == 1 else winners,
        "scores": [round(s, 2) for s in record.outcome.scores],
        "actions": len(record.moves), "reason": record.outcome.reason.value, "detail": record.outcome.detail,
    }, ensure_ascii=False))
    return 0
