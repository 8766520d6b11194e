"""Balance measurement: how Swap Meet rounds end when bots play.

Plays whole matches on the simulated clock (rules.driver) from seeds 0, 1, 2, ... until at least
`rounds` rounds have locked, and reports the share of each end path (cash out / slam / timer), the
median round length and the average score per scoring path. Its runs are logged in
docs/results.md (four Normal bots, summary 0 s; the rules stay pure, so no command-line code here):
    PYTHONPATH=$PWD python -c "from rules.swap_meet.balance import end_paths; print(end_paths(1000))"
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from typing import Any

from rules.driver import play_match
from rules.swap_meet.game import GAME


def end_paths(rounds: int = 1000, seats: int = 4, level: str = "normal") -> dict[str, Any]:
    """End-path shares (percent), median round seconds and mean score per path over `rounds`+ rounds."""
    hows: Counter[str] = Counter()
    lengths: list[float] = []
    scores: defaultdict[str, list[float]] = defaultdict(list)
    seed = 0
    while len(lengths) < rounds:
        record = play_match(GAME, seed, [level] * seats, {"summary_seconds": 0})
        for summary in record.final_state.summaries:
            hows[summary.how] += 1
            lengths.append(summary.lock_time - summary.history[0][0])
            for row in summary.stalls:
                scores[row.path].append(float(row.score))
        seed += 1
    total = len(lengths)
    return {"rounds": total, "matches": seed, "seeds": [0, seed - 1], "seats": seats, "level": level,
            "share_pct": {how: round(100 * hows[how] / total, 1) for how in ("cash", "slam", "timer")},
            "median_round_s": round(statistics.median(lengths), 1),
            "mean_score": {path: round(statistics.fmean(v), 1) for path, v in sorted(scores.items())}}
