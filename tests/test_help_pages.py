"""The help pages say what the rules do: their numbers come from the data constants."""

from __future__ import annotations

import importlib
import re
from dataclasses import replace

import pytest
from test_stamp_swap_helpers import PLAIN, RARE, prep_state, show_state

from game import text
from game.scenes.night_market import ENTRY as NM
from game.scenes.stamp_swap import ENTRY as SS
from game.scenes.swap_meet import ENTRY as SM
from game.text.pages import Pages
from rules.night_market import data as nm_data
from rules.night_market import help as nm_help
from rules.stamp_swap.cards import FINALE_AWARDS, FOREVER_AWARDS
from rules.stamp_swap.setup import final_breakdown
from rules.stamp_swap.stamps import STAMPS, TICKETS, TOKEN_POINTS
from rules.stamp_swap.state import Placement
from rules.stamp_swap.swap import reservable
from rules.swap_meet import data as sm_data


def _text(pages: list[tuple[str, str]]) -> str:
    return "\n".join(body for _, body in pages)


def test_night_market_help_has_the_same_page_shape_as_the_other_games() -> None:
    assert [title for title, _ in NM.help_pages][:3] == [
        "How to play", "On your turn, do exactly one thing", "End of a round"]
    assert all(isinstance(t, str) and isinstance(b, str) and b for t, b in NM.help_pages)


def test_night_market_help_numbers_are_the_data_constants() -> None:
    text = _text(list(NM.help_pages))
    porters = dict(nm_data.DECK_COUNTS)[nm_data.PORTER]
    assert f"The first to {nm_data.SEALS_TO_WIN} seals wins" in text
    assert f"Porters ({porters} cards)" in text
    assert f"starts with {nm_data.MARKET_START_PORTERS} porters and " \
           f"{nm_data.MARKET_SIZE - nm_data.MARKET_START_PORTERS} cards" in text
    assert f"dealt {nm_data.DEAL_SIZE} cards" in text and f"at most {nm_data.HAND_LIMIT} goods" in text
    assert f"Porter token ({nm_data.PORTER_TOKEN} coins)" in text
    assert f"when {nm_data.EMPTY_PILES_TO_END} coin piles are empty" in text
    for size in nm_data.BONUS_SIZES:
        values = nm_data.BONUS_VALUES[size]
        assert f"{min(values)}–{max(values)}" in text
    assert "Pearl, Amber and Jade are precious: sell at least 2" in text


def test_night_market_help_follows_a_changed_constant() -> None:
    old = nm_data.HAND_LIMIT
    pages = [(f"{key}.heading", f"{key}.body") for key in nm_help.HELP_PAGES]
    try:
        nm_data.HAND_LIMIT = 9
        assert "at most 9 goods" in _text(list(Pages.of(pages, importlib.reload(nm_help).NUMBERS)))
    finally:
        nm_data.HAND_LIMIT = old
        importlib.reload(nm_help)
    assert f"at most {old} goods" in _text(list(Pages.of(pages, nm_help.NUMBERS)))


def test_night_market_help_and_cards_read_in_the_language_in_use() -> None:
    try:
        text.use("de")
        assert [title for title, _ in NM.help_pages][0] == "Spielanleitung"
        assert f"höchstens {nm_data.HAND_LIMIT} Waren" in _text(list(NM.help_pages))
        assert "Perle, Bernstein und Jade sind wertvoll" in _text(list(NM.help_pages))
        assert NM.cards[0][0] == "Spielanleitung" and f"{nm_data.SEALS_TO_WIN} Siegel" in NM.cards[0][1]
        text.use("fr")
        assert NM.cards[2][0] == "Fin d’une manche" and "+5" in NM.cards[2][1]
    finally:
        text.use("en")
    assert NM.cards[0][0] == "How to play"


def test_stamp_swap_final_show_text_matches_the_awards_and_two_player_rule() -> None:
    final = dict(SS.help_pages)["Final Show"]
    assert f"most {FOREVER_AWARDS[0]}, second {FOREVER_AWARDS[1]}" in final
    assert f"most {FINALE_AWARDS[0]}, second {FINALE_AWARDS[1]}" in final
    assert "in 2-player games only the most scores" in final
    forevers = [s.id for s in STAMPS.values() if s.forever]
    albums = [tuple(Placement(forevers[i], 0, i) for i in range(3)), (Placement(forevers[5], 0, 0),), ()]
    two = replace(show_state(2, [(), ()], album=albums[:2]), finale="finale-full")
    three = replace(show_state(3, [(), (), ()], album=albums), finale="finale-full")
    assert [p["finale"] for p in final_breakdown(two)] == [FINALE_AWARDS[0], 0]
    assert [p["finale"] for p in final_breakdown(three)] == [FINALE_AWARDS[0], FINALE_AWARDS[1], 0]


def test_stamp_swap_help_names_every_way_to_reserve_a_rare_and_the_rules_agree() -> None:
    text = _text(list(SS.help_pages))
    assert "can never be reserved" not in text and "never a rare stamp" not in text
    assert "unless Hinge Maker is in your area or the top event is Open Reserve" in text
    dc = (RARE[0], *PLAIN[:5])
    plain = prep_state(2, 0, [dc, PLAIN[6:12]])
    assert RARE[0] not in reservable(plain, 0)
    assert RARE[0] in reservable(replace(plain, splay=("ev-open", *plain.splay[1:])), 0)
    hinge = replace(plain, seats=(replace(plain.seats[0], dc=(*dc[:5], "hinge")), plain.seats[1]))
    assert RARE[0] in reservable(hinge, 0)


def test_stamp_swap_album_text_uses_tickets_and_token_points() -> None:
    album = dict(SS.help_pages)["Album"]
    assert f"You have {TICKETS} tickets" in album and f"+{TOKEN_POINTS} if you hold" in album


def _numbers(pages: list[tuple[str, str]]) -> list[str]:
    return sorted(re.findall(r"\d+(?:\.\d+)?", "\n".join(f"{h}\n{b}" for h, b in pages)))


@pytest.mark.parametrize("entry", [NM, SS, SM], ids=lambda e: e.name)
def test_each_games_help_reads_in_german_with_the_same_pages_and_numbers(entry) -> None:
    english = list(entry.help_pages), list(entry.cards)
    try:
        text.use("de")
        german = list(entry.help_pages), list(entry.cards)
    finally:
        text.use("en")
    for en, de in zip(english, german, strict=True):
        assert len(de) == len(en) and all(h and b for h, b in de)
        assert [h for h, _ in de] != [h for h, _ in en]  # worded, not the English
        assert _numbers(de) == _numbers(en)  # every number of the rules' data, none typed in or lost


def test_swap_meet_help_numbers_are_the_data_constants_and_buttons_are_the_tables_words() -> None:
    text_en = _text(list(SM.help_pages))
    assert f"({sm_data.ROUND_SECONDS:g} s; tables may set" in text_en and f"after {sm_data.ROUNDS} rounds" in text_en
    assert f"at least {sm_data.SLAM_MIN} ({sm_data.HAND_SIZE} unless" in text_en
    assert f"base {sm_data.CONTRACTS[0].base}" in text_en
    try:
        text.use("de")
        german = _text(list(SM.help_pages))
    finally:
        text.use("en")
    assert "<b>Kassieren</b> leuchtet auf" in german and "5 Kisten, 3 Säcke" in german
    assert "Marktcrash — halbiere" in german
