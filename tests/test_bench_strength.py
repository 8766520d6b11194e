"""`bench --part strength`: every level against every weaker one, on fixed seeds."""

from __future__ import annotations

import pytest

from game.tools.bench_strength import pairing, pairings, seats
from rules.registry import get_game


def test_every_stronger_level_meets_every_weaker_one_at_a_fair_table_size():
    night, swap = get_game("night-market"), get_game("swap-meet")
    assert pairings(night) == [("normal", "easy"), ("hard", "easy"), ("hard", "normal")]
    assert (seats(night), seats(get_game("stamp-swap")), seats(swap)) == (2, 2, 4)


@pytest.mark.parametrize("name", ["night-market", "stamp-swap"])
def test_a_pairing_counts_the_first_seats_wins_on_the_same_seeds_every_run(name):
    game = get_game(name)
    runs = [pairing(game, "normal", "easy", 1, seed=5) for _ in range(2)]
    assert runs[0]["seeds"] == [5, 5] and runs[0]["wins"] in (0, 0.5, 1) and runs[0]["fair_share"] == 0.5
    assert {k: v for k, v in runs[0].items() if k != "think_ms_median"} == {
        k: v for k, v in runs[1].items() if k != "think_ms_median"}
