"""The kiosk in the visitors' languages: its cards and screens from the catalogue (kiosk.po), the
languages the config offers as chips on the attract banner, a tap on one switching the whole app
for that visitor, and the idle reset bringing back the kiosk's own language."""

from __future__ import annotations

import pytest

from game import text
from game.draw.layout_record import judge, recording
from game.kiosk import cards
from game.kiosk.attract import BANNER, banner_rect, chip_rects, howto_card, offered
from game.kiosk.config import from_json
from game.shell import catalog
from game.text import po, tr
from game.tools.layout_walk import record_frame
from rules.night_market.data import SEALS_TO_WIN
from tests import test_kiosk as base
from tests.conftest import make_player
from tests.test_catalogue_check import KIOSK_SCREENS
from tests.test_kiosk import idle

kiosk_file = base.kiosk_file


pytestmark = pytest.mark.usefixtures("english_after")


def _labels(scene) -> set[str]:  # type: ignore[no-untyped-def]
    return {b.text for b in scene.ui.get_sprite_group().sprites() if hasattr(b, "text") and b.visible}


def test_every_how_to_card_of_every_game_has_its_key() -> None:
    screens = po.load("en").screens  # every language has every English key: tests/test_languages.py
    for entry in catalog.entries():
        assert all(cards.key(entry.name, n) in screens for n in range(len(entry.cards))), entry.name


def test_the_config_lists_the_languages_to_offer_and_the_kiosks_own_comes_first() -> None:
    problems: list[str] = []
    cfg = from_json({"languages": ["fr", "xx", "de", "fr"]}, problems)
    assert cfg.languages == ("fr", "de") and len(problems) == 1
    assert from_json({}, []).languages == () and offered((), "en") == () and banner_rect(()) == BANNER  # the default
    assert offered(cfg.languages, "en") == ("en", "fr", "de") and offered(cfg.languages, "de") == ("de", "fr")


def test_a_french_kiosk_fits_and_a_chip_switches_a_visitor_to_german_until_idle_brings_french_back(kiosk_file):  # type: ignore[no-untyped-def]
    with recording():  # French words run longest: each kiosk screen in French passes the layout check
        p = make_player(kiosk=True, extra={"kiosk_config": kiosk_file(languages=["de", "it"]), "lang": "fr"})
        found = {}
        for name, step in KIOSK_SCREENS:
            step(p)
            problems = [f"{x.kind}: {x.why} {[m.words for m in x.marks]}" for x in judge(record_frame(p.app))]
            if problems:
                found[name] = problems
    assert found == {}
    k = p.app.kiosk
    k.resume_visitors()  # the walk ended in the operator's touch test
    idle(p, 7)
    assert k.attract.active and k.attract.languages() == ("fr", "de", "it") and text.language() == "fr"
    assert p.top.keep_clear.contains(banner_rect(k.attract.languages()))  # the demo keeps its rows off the chips
    p.tap_finger(chip_rects(k.attract.languages())["de"].center)
    assert p.top.name == "title" and text.language() == "de"
    assert {tr("title.howto"), "Spielanleitung"} <= _labels(p.top)
    card = howto_card(p.app, "night-market", 0)  # the cards speak it too, with the rules' numbers
    assert card.heading_text == "So spielt man Night Market"
    assert card.lines[0][0].startswith("Zwei Händler") and f"{SEALS_TO_WIN} Siegel hat" in card.lines[0][0]
    idle(p, 7)  # the visitor has gone: attract again, in the kiosk's own language
    assert k.attract.active and text.language() == "fr"
    assert k.attract.banner_words()[0] == "Touchez pour jouer"
    p.app.update_settings(language="es")  # what the operator's Settings does (its button: test_language_screens.py)
    k.resume_visitors()
    k.end_session()  # the next visitor starts in the language the operator chose
    assert k.language == text.language() == "es"

