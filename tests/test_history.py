"""Match history (game/services/history.py, game/scenes/history.py): finished matches kept as records,
listed newest first with per-name totals, opened as replays; a damaged file is set aside alone."""

from __future__ import annotations

import dataclasses

import pygame

from game.match.clock import MatchClock
from game.match.local import LocalTable
from game.scenes.history import CODE_AT, HistoryScene
from game.services import history, saves
from game.shell.display import LOGICAL_W
from rules.contract import MatchConfig, SeatConfig
from rules.referee import Referee
from rules.registry import get_game
from tests.conftest import make_player
from tests.test_replay import recorded


def _with_person(name: str, person: str = "Ana"):  # type: ignore[no-untyped-def]
    """The seeded bot match of `name` with seat 0 played by a person."""
    record = recorded(name)
    seats = (SeatConfig(person), *record.config.seats[1:])
    renamed = dataclasses.replace(record, config=MatchConfig(seats, record.config.options), outcome=None)
    return Referee.from_record(renamed).record()  # the outcome's words name the person


def test_a_local_match_that_ends_is_kept_before_its_save_is_cleared():
    record = _with_person("night-market")
    last = record.entries[-1]
    assert last.seat is not None
    referee = Referee.from_record(record, upto=len(record.entries) - 1)
    game = get_game(record.game)
    table = LocalTable(game, record.config, record.seed, MatchClock(lambda: last.now, last.now), bot_threads=False,
                       referee=referee)
    table._save()
    assert saves.load(record.game)[0] is not None
    if last.seat == 0:
        table.act(0, game.action_from_json(last.action))
    else:
        table.scripted(last.seat, game.action_from_json(last.action))
    kept, problems = history.matches()
    assert problems == [] and len(kept) == 1 and saves.load(record.game) == (None, None)
    assert kept[0].record.outcome == record.outcome and kept[0].viewer == 0 and kept[0].people == (0,)


def test_a_kiosk_keeps_no_history_unless_the_operator_turns_it_on():
    from game.match.local import keeps_history

    class Cfg:
        keep_history = False

    class Kiosk:
        config = Cfg()

    class App:
        class options:
            kiosk = True
        kiosk = Kiosk()
    assert not keeps_history(App)
    Cfg.keep_history = True
    assert keeps_history(App)


def test_totals_count_matches_wins_and_best_scores_per_name_and_game():
    for name, when in (("night-market", 1.0), ("stamp-swap", 2.0), ("night-market", 3.0)):
        assert history.keep(_with_person(name), (0,), now=when)
    kept, _ = history.matches()
    assert [k.ended_at for k in kept] == [3.0, 2.0, 1.0]
    ana = history.totals(kept)["Ana"]
    nm, ss = _with_person("night-market").outcome, _with_person("stamp-swap").outcome
    assert ana.matches == 3 and ana.wins == 2 * (0 in nm.winners) + (0 in ss.winners)
    assert ana.best == {"night-market": nm.scores[0], "stamp-swap": ss.scores[0]}
    assert "Bot 2" not in history.totals(kept)  # bots' names are not people of this device


def _history_screen():  # type: ignore[no-untyped-def]
    p = make_player()
    p.app.update_settings(reduced_motion=True)
    p.press_button(p.top.buttons["history"])
    assert isinstance(p.top, HistoryScene)
    return p


def test_the_history_screen_lists_filters_and_opens_a_replay_as_the_seat_played_here():
    history.keep(_with_person("night-market"), (0,), now=10.0)
    history.keep(_with_person("swap-meet"), (0,), now=20.0)
    p = _history_screen()
    try:
        screen = p.top
        rows = list(screen.rows.values())
        assert [k.record.game for k in rows] == ["swap-meet", "night-market"]
        nm = next(b for b, key in screen.filters.items() if key == "night-market")
        p.press_button(nm)
        assert [k.record.game for k in screen.rows.values()] == ["night-market"]
        p.press_button(next(iter(screen.rows)))
        p.frames(3)
        bar = p.app.replay_bar
        assert bar is not None and bar.table.viewer == 0 and type(p.top).__name__ == "NightMarketScene"
        p.press_button(bar.buttons["leave"])
        assert isinstance(p.top, HistoryScene) and p.app.replay_bar is None
    finally:
        pygame.quit()


def test_a_damaged_history_file_is_set_aside_and_nothing_else_is_lost():
    history.keep(_with_person("night-market"), (0,), now=10.0)
    broken = history.folder() / "000000000020000-stamp-swap.json"
    broken.write_text('{"version": 1, "ended_at": 20.0, "record": ')
    p = _history_screen()
    try:
        assert [k.record.game for k in p.top.rows.values()] == ["night-market"]
        assert not broken.exists() and (broken.parent / (broken.name + ".corrupt-1")).exists()
        assert any("set aside" in item[0] for item in p.app.toasts.queue)
    finally:
        pygame.quit()


def test_a_pasted_code_that_opens_nothing_gets_one_clear_line():
    p = _history_screen()
    try:
        screen = p.top
        screen.code.set_text("not-a-code")
        p.press_button(screen.open_b)
        assert screen.code_line and "\n" not in screen.code_line and p.top is screen
        drawn: list[tuple[str, tuple[int, int], int]] = []
        draw = p.app.text.draw
        p.app.text.draw = lambda canvas, words, pos, size, *a, **k: drawn.append((words, pos, size)) or \
            draw(canvas, words, pos, size, *a, **k)
        screen.draw_scene(pygame.Surface((LOGICAL_W, 1080)))
        said = [(w, pos, size) for w, pos, size in drawn if pos[1] > CODE_AT.bottom]  # the lines under the entry
        assert " ".join(w for w, _, _ in said) == screen.code_line, "the reason was cut"
        assert all(pos[0] + p.app.text.font(size).size(w)[0] <= CODE_AT.right for w, pos, size in said)
    finally:
        pygame.quit()
