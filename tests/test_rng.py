"""The seeded generator's weighted draw: the bots' samplers lean on it for every world they draw."""

from hypothesis import given
from hypothesis import strategies as st

from rules.rng import Rng

weights = st.lists(st.sampled_from([0.0, 0.5, 1.0, 3.0, 27.0]), min_size=1, max_size=8).filter(
    lambda ws: sum(ws) > 0)


@given(weights, st.integers(min_value=0, max_value=2**40))
def test_a_weighted_draw_never_picks_a_zero_weight_and_walks_the_cumulative_odds(ws: list[float], seed: int) -> None:
    rng = Rng.seeded(seed)
    pick, after = rng.weighted(ws)
    x, same = rng.random()
    assert after == same  # one draw, the same as random() consumes
    assert ws[pick] > 0
    below = sum(ws[:pick])
    assert below <= x * sum(ws) < below + ws[pick] or pick == max(i for i, w in enumerate(ws) if w > 0)


def test_weighted_draws_follow_the_odds() -> None:
    rng = Rng.seeded(7)
    counts = [0, 0, 0]
    for _ in range(4000):
        pick, rng = rng.weighted([1.0, 0.0, 3.0])
        counts[pick] += 1
    assert counts[1] == 0
    assert 0.70 < counts[2] / 4000 < 0.80
