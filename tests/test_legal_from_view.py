"""`legal_from_view(view(state, seat))` is `legal_actions(state, seat)`, in the same order, for every
game that offers it (rules/contract.py LegalFromView): the relay sends such a game's seats no legal
list, and the client lists the moves from the view it was sent, decoded from its JSON."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support import playout

from rules.contract import AnyGame
from rules.driver import seat_config
from rules.night_market.scenario import place
from rules.registry import GAME_MODULES, get_game

SEATS = {"night-market": 2}


def _offering() -> list[str]:
    return [name for name in GAME_MODULES if hasattr(get_game(name), "legal_from_view")]


def _agree(game: Any, state: Any, now: float) -> int:
    """Every seat's list from its view (as the client decodes it) against the rules' own; how many
    seats had moves. A spectator's view lists none."""
    moving = 0
    for seat in range(SEATS[game.name]):
        expected = list(game.legal_actions(state, seat, now))
        view = game.view(state, seat)
        if expected:  # the mover's view as the client holds it (decoding is most of this test's time)
            view = game.view_from_json(game.view_to_json(view, checked=False))
        assert list(game.legal_from_view(view, now)) == expected, (seat, state)
        moving += bool(expected)
    assert list(game.legal_from_view(game.view(state, None), now)) == []
    return moving


def test_night_market_offers_it_and_the_others_do_not_yet():
    assert _offering() == ["night-market"]


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_the_list_from_the_view_is_the_rules_list_over_random_playouts(seed: int):
    for name in _offering():
        game: AnyGame = get_game(name)
        steps = movers = 0
        for step in playout(game, seed, seat_config(["easy"] * SEATS[name]), 400):
            movers += _agree(game, step.state, step.now)
            steps += 1
        assert movers == steps - 1  # one seat moves at every step but the last (over: nobody)


def test_night_market_positions_playouts_rarely_reach():
    game = get_game("night-market")
    full = place(["porter", "silk", "jade", "pearl", "porter"], (["silk"] * 7, ["jade", "jade"]), porters=(2, 0))
    no_porters = place(["silk", "jade", "pearl", "amber", "spice"], (["pearl", "amber"], []), turn=1)
    only_porters = place(["porter"] * 5, (["silk", "silk"], ["jade"]), porters=(3, 1))
    for state in (full, no_porters, only_porters):
        assert _agree(game, state, 0.0) == 1
