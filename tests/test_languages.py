"""Every language's catalogue (game/text/locale/<lang>/*.po) is complete and reads as English does:
the same keys, the same placeholders and noun specs, every plural form its language needs."""

from __future__ import annotations

import pytest
from babel import Locale

from game.text import po, say, tr, use
from game.text.catalogue import Catalogue, specs
from game.text.locales import LANGUAGES, system_language
from game.text.persons import Person
from rules.night_market.legal import FEW_PORTERS

ENGLISH = po.load("en")
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def _keys(cat: Catalogue) -> set[str]:
    return {*("code:" + k for k in cat.templates), *("screen:" + k for k in cat.screens)}


def _noun_shape(cat: Catalogue) -> dict[str, bool]:
    """Each noun and whether it has plural forms."""
    return {f"{t}.{v}": not isinstance(n, str) for t, row in cat.nouns.items() for v, n in row.items()}


@pytest.mark.parametrize("lang", OTHERS)
def test_a_language_has_every_key_and_noun_english_has(lang: str) -> None:
    cat = po.load(lang)
    assert sorted(_keys(ENGLISH) - _keys(cat)) == [], f"{lang} lacks these keys"
    assert sorted(_keys(cat) - _keys(ENGLISH)) == [], f"{lang} has keys English lacks"
    assert _noun_shape(cat) == _noun_shape(ENGLISH), f"{lang}'s nouns differ from English's (or a plural is missing)"


@pytest.mark.parametrize("lang", OTHERS)
def test_a_translation_reads_the_same_placeholders_and_noun_specs(lang: str) -> None:
    cat = po.load(lang)
    for table, english in (("code", ENGLISH.templates), ("screen", ENGLISH.screens)):
        theirs = cat.templates if table == "code" else cat.screens
        for key, words in english.items():
            assert specs(theirs[key]) == specs(words), f"{lang} {table} {key}: {theirs[key]!r} vs {words!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plural_noun_has_a_form_for_each_category_of_its_language(lang: str) -> None:
    categories = Locale.parse(lang).plural_form.tags | {"other"}
    cat = po.load(lang)
    for table, row in cat.nouns.items():
        for value, noun in row.items():
            if not isinstance(noun, str):
                assert set(noun) == categories, f"{lang} {table}.{value}: {sorted(noun)} not {sorted(categories)}"


def test_plural_forms_follow_each_languages_rule() -> None:
    try:
        use("fr")
        assert say(FEW_PORTERS(count=0)) == "Vous n’avez que 0 porteur."  # French: 0 takes the singular
        use("de")
        assert say(FEW_PORTERS(count=2)) == "Du hast nur 2 Träger."
        assert tr("nm.does.sell", count=2, kind="spice", coins=1) == "2 Gewürze für 1 Münze verkaufen."
    finally:
        use("en")
    assert say(FEW_PORTERS(count=0)) == "You have only 0 porters."


def test_the_viewer_as_a_parameter_picks_the_second_person_in_each_language() -> None:
    try:
        for lang, mine, theirs in (("en", "You win the seal", "Ana wins the seal"),
                                   ("de", "Du gewinnst das Siegel", "Ana gewinnt das Siegel"),
                                   ("it", "Vinci il sigillo", "Ana vince il sigillo")):
            use(lang)
            assert tr("nm.end.wins_seal", name=Person("Ana", True)) == mine
            assert tr("nm.end.wins_seal", name=Person("Ana")) == theirs
    finally:
        use("en")


def test_the_system_language_comes_from_the_environment_else_english() -> None:
    assert system_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert system_language({"LANGUAGE": "fr:en", "LANG": "de_DE.UTF-8"}) == "fr"
    assert system_language({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}) == "es"
    assert system_language({"LANG": "pt_BR.UTF-8"}) == "en"
    assert system_language({}) in LANGUAGES


def test_a_key_in_two_po_files_of_one_language_is_refused(tmp_path, monkeypatch) -> None:
    """Each area's file may be revised alone; two files claiming one key would make one silently win."""
    folder = tmp_path / "xx"
    folder.mkdir()
    message = 'msgctxt "screen"\nmsgid "title.play"\nmsgstr "Play"\n'
    (folder / "a.po").write_text(message)
    (folder / "b.po").write_text(message)
    monkeypatch.setattr(po, "LOCALE_DIR", tmp_path)
    with pytest.raises(po.DuplicateKey, match="a.po and b.po"):
        po.parse(po.paths_of("xx"), "en")
