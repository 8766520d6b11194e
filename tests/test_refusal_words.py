"""Every refusal code the rules, the tables and the relay can give has English words that read exactly
its parameters (rules/refusal.py declares them; game/text/locale/en/ words them)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from game.text import UNKNOWN, refusal_of, say
from game.text.catalogue import COUNT, fields
from game.text.po import load
from rules.errors import MalformedData
from rules.night_market.data import GOODS, PORTER
from rules.refusal import DECLARED, Refusal, declare
from rules.registry import GAME_MODULES, get_game
from rules.swap_meet.data import ACTION_CARDS, RESOURCES

ENGLISH = load("en")
ROOT = Path(__file__).resolve().parent.parent
# Every module that declares refusal codes (the scan below fails on one missing here).
DECLARING = (
    "rules.refusal", "rules.referee", "rules.undo", "rules.night_market.legal", "rules.night_market.selection",
    "rules.night_market.undo", "rules.night_market.outcome", "rules.stamp_swap.legality", "rules.stamp_swap.undo",
    "rules.stamp_swap.game", "rules.swap_meet.check", "rules.swap_meet.game",
    "game.match.refusals", "game.relay.refusals",
)


def _declared() -> dict[str, frozenset[str]]:
    for name in DECLARING:
        importlib.import_module(name)
    for name in GAME_MODULES:
        get_game(name)
    # tests/last_counter (a test's fourth game) declares codes the catalogue need not word
    return {code: params for code, params in DECLARED.items() if not code.startswith("last-counter.")}


def test_every_module_that_declares_codes_is_listed() -> None:
    found = set()
    for path in [*ROOT.joinpath("rules").rglob("*.py"), *ROOT.joinpath("game").rglob("*.py")]:
        if re.search(r"\bdeclare\(\"", path.read_text(encoding="utf-8")):
            found.add(".".join(path.relative_to(ROOT).with_suffix("").parts))
    assert found == set(DECLARING)


def test_every_code_has_english_words_with_exactly_its_parameters() -> None:
    declared = _declared()
    assert len(declared) > 100
    missing = sorted(set(declared) - set(ENGLISH.templates))
    assert not missing, f"no English words for {missing}"
    stale = sorted(set(ENGLISH.templates) - set(declared))
    assert not stale, f"English words for codes nobody gives: {stale}"
    for code, params in declared.items():
        names, tables = fields(ENGLISH.templates[code])
        assert names == params, f"{code}: the words read {sorted(names)}, the code gives {sorted(params)}"
        for table in tables:
            head, _, entry = table.partition(".")
            assert head in ENGLISH.nouns and (not entry or entry in ENGLISH.nouns[head]), (code, table)


def test_the_noun_tables_cover_every_value_the_rules_pass() -> None:
    nouns = ENGLISH.nouns
    assert set(nouns["good"]) == {*GOODS, PORTER}
    assert set(nouns["resource"]) == set(RESOURCES) and set(nouns["action_card"]) == set(ACTION_CARDS)
    assert set(nouns["game"]) == set(GAME_MODULES)
    assert {"card", "porter"} <= set(nouns[COUNT])


def test_words_read_their_parameters() -> None:
    from game.relay.refusals import CLOCK_LEFT
    from rules.night_market.legal import FEW_PORTERS, SAME_KIND_BACK
    from rules.swap_meet.check import NEED

    assert say(FEW_PORTERS(count=1)) == "You have only 1 porter."
    assert say(FEW_PORTERS(count=2)) == "You have only 2 porters."
    assert say(SAME_KIND_BACK(kind="silk")) == "You can't put back Silk: you are taking that kind."
    assert say(NEED(count=1, kind="rack")) == "You need 1 rack to swap."
    assert say(NEED(count=3, kind="coin")) == "You need 3 coins to swap."
    assert say(CLOCK_LEFT(name="Ana", minutes=26 * 60)) == "Ana still has 1 d 2 h on the move clock."
    assert say(CLOCK_LEFT(name="Ana", minutes=12)) == "Ana still has 12 min on the move clock."


def test_a_code_or_parameters_this_build_does_not_know_get_the_fallback() -> None:
    assert say(Refusal("relay.from_a_newer_build")) == ENGLISH.fallback
    assert say(Refusal("night-market.few_porters", {"other": 1})) == ENGLISH.fallback
    assert say(UNKNOWN) == ENGLISH.fallback


def test_a_refusal_round_trips_through_json_and_rejects_anything_else() -> None:
    refusal = Refusal("night-market.sell_two", {"kind": "pearl", "count": 2})
    assert Refusal.from_json(refusal.to_json()) == refusal
    assert hash(Refusal.from_json(refusal.to_json())) == hash(refusal)
    for bad in (None, "match_over", {"params": {}}, {"code": 3}, {"code": "x", "params": {"a": [1]}},
                {"code": "x", "params": {"a": 1.5}}, {"code": "x", "params": []}):
        with pytest.raises(MalformedData):
            Refusal.from_json(bad)
    assert refusal_of({"type": "error", "reason": "prose from an old relay"}) == UNKNOWN


def test_a_code_is_called_with_exactly_its_parameters_and_declared_once() -> None:
    from rules.night_market.legal import HAND_FULL

    with pytest.raises(TypeError):
        HAND_FULL()
    with pytest.raises(TypeError):
        HAND_FULL(limit=7, extra=1)
    with pytest.raises(ValueError):
        declare("night-market.hand_full", "other")
