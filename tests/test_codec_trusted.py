"""The codec's trusted encoding (checked=False, the relay's own views and legal moves): the same
JSON as the checked way for whatever the rules make, and no way around the checks anywhere else."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

import pytest

from rules import codec
from rules.codec import OneOf, Range, Size, Unique
from rules.errors import MalformedData
from rules.night_market.view import View
from rules.registry import GAME_MODULES, get_game
from tests.support import config, playout


def _text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


@pytest.mark.parametrize("name", sorted(GAME_MODULES))
def test_trusted_encoding_writes_the_same_json_as_checked_over_seeded_playouts(name):
    game = get_game(name)
    cfg = config(game)
    compared = 0
    for seed in (1, 2):
        for n, step in enumerate(playout(game, seed, cfg, 300)):
            if (n + seed) % 4:
                continue  # every fourth step: each kind of moment, without a slow test
            for seat in (None, *range(len(cfg.seats))):
                view = game.view(step.state, seat)
                assert _text(game.view_to_json(view, checked=False)) == _text(game.view_to_json(view))
            for action in step.legal[::max(1, len(step.legal) // 8)]:  # a spread of them
                assert _text(game.action_to_json(action, checked=False)) == _text(game.action_to_json(action))
            compared += 1
    assert compared > 15


@dataclass(frozen=True)
class _Shapes:
    ids: Annotated[tuple[Annotated[int, Range(0, 9)], ...], Unique(), Size(0, 3)]
    kind: Annotated[str, OneOf(frozenset({"tea", "silk"}))]
    share: Fraction
    weight: float
    by_seat: dict[int, tuple[int, str]]
    maybe: int | None
    either: int | str | None
    tag: Literal["a", "b"]
    anything: Any


def _shapes(**changes: Any) -> _Shapes:
    base = dict(ids=(1, 2), kind="tea", share=Fraction(1, 3), weight=2, by_seat={0: (1, "x")}, maybe=None,
                either="w", tag="b", anything={"k": (1, [2.5])})
    return _Shapes(**{**base, **changes})


def test_every_wire_form_encodes_alike_checked_or_not():
    for value in (_shapes(), _shapes(maybe=4, either=7, weight=1.5, ids=()), _shapes(either=None)):
        assert _text(codec.encode(_Shapes, value, checked=False)) == _text(codec.encode(_Shapes, value))


@pytest.mark.parametrize("changes, said", [
    (dict(ids=(1, 12)), "outside 0..9"),
    (dict(ids=(1, 1)), "repeats"),
    (dict(ids=(1, 2, 3, 4)), "length 4"),
    (dict(kind="gold"), "names nothing"),
    (dict(maybe="4"), "fits none"),
])
def test_a_value_that_breaks_a_bound_still_fails_encoded_checked(changes, said):
    with pytest.raises(MalformedData, match=said):
        codec.encode(_Shapes, _shapes(**changes))
    codec.encode(_Shapes, _shapes(**changes), checked=False)  # trusted: the rules' own word is taken


def test_decoding_stays_strict_and_a_bad_view_is_still_refused_by_the_games_default():
    game = get_game("night-market")
    state, _ = game.new_match(3, config(game))
    data = game.view_to_json(game.view(state, 0), checked=False)
    data["hand"][0][0] = 99  # a card no deck holds
    with pytest.raises(MalformedData, match="outside"):
        codec.decode(View, data)
    broken = dataclasses.replace(game.view(state, 0), deck_count="many")
    with pytest.raises(MalformedData, match="expected int"):
        game.view_to_json(broken)  # checked unless the caller says the rules made it


def test_a_night_market_seat_view_made_beside_the_public_one_is_the_same_view_and_json():
    game = get_game("night-market")
    cfg = config(game)
    compared, unseen_shared = 0, set()
    for n, step in enumerate(playout(game, 3, cfg, 300)):
        if n % 3:
            continue
        public = game.view(step.state, None)
        public_json = game.view_to_json(public, checked=False)
        for seat in (0, 1):
            made = game.view_json_beside(step.state, seat, public, public_json)
            alone = game.view_to_json(game.view(step.state, seat), checked=False)
            assert list(made) == list(alone) and _text(made) == _text(alone)  # same keys, same order, same text
            assert made["market"] is public_json["market"]  # shared, not made again
            unseen_shared.add(made["unseen"] is public_json["unseen"])  # nothing of its own hidden
        compared += 1
    assert compared > 15 and unseen_shared == {True, False}  # both ways of counting the unseen kinds


def test_an_actions_trusted_json_is_one_tagged_dict_like_the_checked_one():
    game = get_game("night-market")
    cfg = config(game)
    step = next(s for s in playout(game, 5, cfg, 10) if s.legal)
    for action in step.legal:
        made = game.action_to_json(action, checked=False)
        assert list(made)[0] == "type" and _text(made) == _text(game.action_to_json(action))
