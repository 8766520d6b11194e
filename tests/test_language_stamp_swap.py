"""A Stamp Swap table laid out in German and French at both window sizes with no text overflowing
its box or running into other text (the layout check of game/draw/layout_record.py): a turn of the
Collect with a pool item chosen, the split, the pile choice, the Show's contest choice and its day's
summary, and the Final Show."""

from __future__ import annotations

import pytest

from game import text
from game.draw.layout_record import recording
from game.scenes.stamp_swap.final import FinalShowScene
from game.scenes.stamp_swap.scene import StampSwapScene
from game.text import tr
from rules.contract import MatchConfig, SeatConfig
from tests.conftest import layout_problems, make_player
from tests.test_stamp_swap_helpers import choose_state, prep_state, show_state

SEATS = MatchConfig((SeatConfig("Ada"), SeatConfig("Basil", "hard")))


pytestmark = pytest.mark.usefixtures("english_after")




def _table(p, state=None) -> StampSwapScene:  # type: ignore[no-untyped-def]
    scene = StampSwapScene.new(p.app, SEATS, 2)  # Ada collects first: no bot move to wait for
    scene.table.speed = 0.0
    if state is not None:
        scene.table.load_position(state)
    p.app.stack.reset(scene)
    p.frames(2)
    return scene


def _until_acting(p, scene: StampSwapScene) -> None:  # type: ignore[no-untyped-def]
    """Frames until the bot has moved and it is Ada's turn; fails saying so when it never is."""
    for _ in range(600):
        if scene.acting and not scene.busy:
            return
        p.frames(1, dt=0.1)
    raise AssertionError("never came: Ada's turn to collect")


def _final_view(scene: StampSwapScene) -> dict:
    """The table's public view as a Final Show would get it: totals, album cells, the finale."""
    view = scene.table.view(None)
    seats = [{**s, "score": 40 - 9 * i, "grid": [[f"s{i}-{k}" if k < 12 - i else None for k in range(20)]]}
             for i, s in enumerate(view["seats"])]
    return {**view, "seats": seats, "final": [{"album": 14, "forever": 6, "finale": 8 - 4 * i} for i in range(2)]}


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_a_stamp_swap_table_fits_in_german_and_french(lang: str, size: tuple[int, int]) -> None:
    with recording():
        p = make_player(size, extra={"lang": lang})
        p.app.update_settings(seen_briefings=("stamp-swap",))
        assert text.language() == lang
        scene = _table(p)
        _until_acting(p, scene)
        p.tap_finger(scene.lay.rect_of(scene.v["pool"][0]["key"]).center)  # chosen: its words and Take
        p.frames(2)
        assert scene.selected is not None and scene.controls.take.visible
        assert layout_problems(p.app) == [], "Collect with an item chosen"
        _table(p, prep_state(2, token=0))
        assert layout_problems(p.app) == [], "the split"
        _table(p, choose_state(2, token=0))
        assert layout_problems(p.app) == [], "the pile choice"
        scene = _table(p, show_state(2, [(), ()]))
        assert "choose" in scene.lay.zones
        assert layout_problems(p.app) == [], "the Show's contest choice"
        scene.day_swaps = [tr("ss.swap.took", taker="Ada", owner="Basil", pile="A"),
                           tr("ss.swap.kept_both", who="Basil")]
        scene.ledger.days[0].show = [(tr("ss.ledger.token"), 2), (tr("ss.ledger.exhibitors_plain"), 3)]
        scene.ledger.days[1].discards = [(tr("ss.a_face_down"), -2)]
        scene._open_summary()
        p.frames(1)
        assert layout_problems(p.app) == [], "the day's summary"
        final = FinalShowScene(p.app, _final_view(scene), None, scene.table, lambda: None)
        p.app.stack.reset(final)
        p.frames(2)
        assert layout_problems(p.app) == [], "the Final Show"


def test_the_table_speaks_the_language_in_use() -> None:
    p = make_player(extra={"lang": "de"})
    p.app.update_settings(seen_briefings=("stamp-swap",))
    scene = _table(p)
    _until_acting(p, scene)
    assert scene.controls.help.text == "Hilfe"
    assert scene.prompt()[0].startswith("Ada, du bist dran")
    assert [s.heading for s in scene.description()][:2] == ["Auslage", "Deine Teile"]
    scene = _table(p, prep_state(2, token=0))
    assert scene.controls.auto.text.startswith("Schnell teilen")
