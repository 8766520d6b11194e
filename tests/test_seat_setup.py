"""Seat setup: the Person / Bot toggle lights the current choice, and each bot level is explained."""

from __future__ import annotations

import pytest

from game.scenes.seat_setup import NOTE_H, NOTES_PAD, PANEL, SeatSetupScene
from game.shell import catalog
from rules.registry import get_game


def _open(player, game: str) -> SeatSetupScene:  # type: ignore[no-untyped-def]
    player.app.stack.push(SeatSetupScene(player.app, catalog.entry(game)))
    player.frames(2)
    return player.top


def _lit(element) -> bool:  # type: ignore[no-untyped-def]
    return "#toggle_on" in element.object_ids


@pytest.mark.slow
def test_the_lit_half_of_person_bot_is_the_current_choice(player):
    setup = _open(player, "stamp-swap")
    first, second = setup.seat_buttons[0], setup.seat_buttons[1]
    assert setup.people[0] and _lit(first.person) and not _lit(first.bot) and first.level is None
    assert not setup.people[1] and _lit(second.bot) and not _lit(second.person) and second.level is not None
    player.press_button(setup.seat_buttons[1].bot)  # the lit half: nothing changes
    assert setup.people[1] is False
    player.press_button(setup.seat_buttons[1].person)
    row = setup.seat_buttons[1]
    assert setup.people[1] is True and _lit(row.person) and not _lit(row.bot) and row.level is None
    assert setup.config().seats[1].bot is None
    player.press_button(setup.seat_buttons[1].bot)
    assert setup.config().seats[1].bot == "easy" and _lit(setup.seat_buttons[1].bot)  # a first match: Easy


@pytest.mark.parametrize("game", ["night-market", "stamp-swap", "swap-meet"])
def test_every_bot_level_has_one_short_plain_line(player, game):
    setup = _open(player, game)
    notes = setup.notes()
    assert [level for level, _ in notes] == [lvl.capitalize() for lvl in get_game(game).bot_levels]
    for _, note in notes:
        assert "\n" not in note and len(note) <= 90
        width = player.app.text.render(note, 26, (255, 255, 255), False).get_width()
        assert PANEL.x + 200 + width <= PANEL.right - 30  # one line inside the panel


@pytest.mark.parametrize("game", ["night-market", "stamp-swap", "swap-meet"])
def test_the_most_seats_still_leave_room_for_the_notes(player, game):
    setup = _open(player, game)
    while setup.more is not None and setup.count < setup.max_seats:
        player.press_button(setup.more)
    last = setup.seat_buttons[-1].person.rect
    notes_top = PANEL.bottom - NOTES_PAD - NOTE_H * len(setup.notes())
    assert last.bottom <= notes_top


def test_the_three_setups_share_one_layout(player):
    """Start, Back, How to play, the seat rows, the level chooser and the seat count in the same places."""
    screens = {}
    for game in ("night-market", "swap-meet", "stamp-swap"):
        screen = catalog.entry(game).setup_scene(player.app)
        player.app.stack.push(screen)
        player.frames(2)
        screens[game] = screen
        player.app.stack.pop()
    shapes = {game: (tuple(s.back.rect), tuple(s.help.rect), tuple(s.start.rect), s.help.text,
                     tuple(s.seat_buttons[1].person.rect), tuple(s.seat_buttons[1].bot.rect),
                     tuple(s.seat_buttons[1].level.rect)) for game, s in screens.items()}
    assert len(set(shapes.values())) == 1, shapes
    counts = {game: (tuple(s.fewer.rect), tuple(s.more.rect)) for game, s in screens.items() if s.fewer}
    assert len(set(counts.values())) == 1 and len(counts) == 2


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
@pytest.mark.parametrize("game", ["night-market", "stamp-swap", "swap-meet"])
def test_at_the_most_seats_rows_keep_apart_and_their_words_clear_of_each_other(game, size):
    from tests.conftest import make_player

    player = make_player(size=size)
    setup = _open(player, game)
    while setup.more is not None and setup.count < setup.max_seats:
        player.press_button(setup.more)
    said: list = []
    draw = player.app.text.draw
    player.app.text.draw = lambda canvas, words, *a, **k: said.append(draw(canvas, words, *a, **k)) or said[-1]
    setup.invalidate()
    player.frames(2)
    rows = [row.person.rect for row in setup.seat_buttons]
    assert all(min(r.h, r.w) >= 64 for r in rows)
    assert all(b.top - a.bottom >= 12 for a, b in zip(rows, rows[1:]))
    band = range(rows[0].top - 40, rows[-1].bottom + 12)
    words = list({tuple(r): r for r in said if PANEL.x < r.x < PANEL.x + 330 and r.y in band}.values())
    words += [f.rect for f in setup.name_fields.values()]  # a person's name is a field under its "Seat N"
    assert len(words) >= 2 * setup.count
    for i, a in enumerate(words):
        assert not any(a.inflate(0, -8).colliderect(b.inflate(0, -8)) for b in words[i + 1:])


def test_a_first_match_against_bots_starts_on_easy_and_the_level_started_with_is_remembered(player):
    player.app.update_settings(seen_briefings=("swap-meet",))
    setup = _open(player, "swap-meet")
    assert {s.bot for s in setup.config().seats if s.bot} == {"easy"}
    player.press_button(setup.seat_buttons[1].level)  # Easy › Normal
    assert setup.config().seats[1].bot == "normal"
    player.press_button(setup.start)
    player.frames(10)
    assert "swap-meet=normal" in player.app.settings.bot_levels
    again = SeatSetupScene(player.app, catalog.entry("swap-meet"))  # the next visit to the setup
    assert again.config().seats[1].bot == "normal"
    other = SeatSetupScene(player.app, catalog.entry("night-market"))
    assert other.config().seats[1].bot == "easy"  # each game has its own first match
