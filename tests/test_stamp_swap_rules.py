"""Stamp Swap: round setup, Collect, Show, round transition and the Final Show, one test per rule."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_stamp_swap_helpers import PLAIN, config, fresh, show_state

from rules.contract import Event
from rules.errors import BadConfig, IllegalAction, MalformedAction, UnknownBotLevel
from rules.registry import get_game
from rules.rng import Rng
from rules.stamp_swap import GAME, HELP_PAGES
from rules.stamp_swap import legality as L_
from rules.stamp_swap.actions import ChooseContest, Place, Take, TakeToken, action_from_json, action_to_json
from rules.stamp_swap.cards import CONTESTS, EVENT_BY_ID, EVENTS, EXHIBITORS, SPECIALISTS
from rules.stamp_swap.counters import rank_awards
from rules.stamp_swap.setup import final_show
from rules.stamp_swap.stamps import STAMPS
from rules.stamp_swap.state import Phase, Placement


def test_game_object_and_component_counts():
    assert get_game("stamp-swap") is GAME
    assert (GAME.min_seats, GAME.max_seats, GAME.realtime) == (2, 5, False)
    assert len(EVENTS) >= 12 and len(SPECIALISTS) >= 8 and len(EXHIBITORS) >= 8
    for kind in ("colour", "theme", "size", "cancelled"):
        assert sum(c.kind == kind for c in CONTESTS) >= 3
    values = {s.value for s in STAMPS.values()}
    assert min(values) < 0 and 0 in values and max(values) > 0
    assert all(s.colour == "gold" and s.theme is None for s in STAMPS.values() if s.rare)
    assert max(s.value for s in STAMPS.values() if s.rare) > max(s.value for s in STAMPS.values() if not s.rare)
    pages = ("stamps", "events", "specialists", "exhibitors", "contests", "album")
    assert set(HELP_PAGES) >= {f"ssh.{page}" for page in pages}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_round_setup_one_event_per_player_and_one_item_per_symbol(n):
    state = fresh(n)
    assert len(state.splay) == n and state.day == 0 and state.phase is Phase.COLLECT
    assert len(state.pool) == sum(len(EVENT_BY_ID[e].symbols) for e in state.splay)
    assert state.token_holder is None  # the token lies in the pool
    view = GAME.view(state, 0)
    assert [e["top"] for e in view["events"]] == [True] + [False] * (n - 1)
    assert view["instruction"] == EVENT_BY_ID[state.splay[0]].instruction


def test_only_the_top_event_instruction_applies():
    state = show_state(2, [(), ()])
    state = replace(state, splay=("ev-quiet", "ev-token"))
    state, events = GAME.apply(state, 0, ChooseContest(state.contests[0]))
    assert events[0].data["points"]["token"] == 2
    state = replace(show_state(2, [(), ()]), splay=("ev-token", "ev-quiet"))
    state, events = GAME.apply(state, 0, ChooseContest(state.contests[0]))
    assert events[0].data["points"]["token"] == 4


def test_collect_goes_clockwise_from_the_first_player_into_numbered_spaces():
    state = replace(fresh(3), first_player=2, turn=2)
    order = []
    for _ in range(4):
        seat = GAME.waiting(state)[0]
        order.append(seat)
        state, events = GAME.apply(state, seat, Take(state.pool[0]))
        assert events[0].data["space"] == len(state.seats[seat].dc)
    assert order == [2, 0, 1, 2]


def test_face_down_stamp_viewed_privately_by_its_taker():
    state = fresh(2)
    hidden = next(k for k in state.pool if k.startswith("hidden-"))
    seat = state.turn
    state, events = GAME.apply(state, seat, Take(hidden))
    assert hidden in state.seats[seat].viewed
    mine = GAME.view(state, seat)["seats"][seat]["dc"][-1]
    theirs = GAME.view(state, 1 - seat)["seats"][seat]["dc"][-1]
    assert mine["known"] and not theirs["known"] and "colour" not in theirs
    viewed = next(e for e in events if e.kind == "viewed")
    assert GAME.redact(viewed, seat).data["stamps"] == {hidden: state.hidden[int(hidden.split("-")[1])]}
    assert "stamps" not in GAME.redact(viewed, 1 - seat).data and not GAME.redact(viewed, seat).secret


def _collect_all(state, token_pick=None):
    while state.phase is Phase.COLLECT:
        seat = GAME.waiting(state)[0]
        action = TakeToken() if seat == token_pick and state.token_holder is None else Take(state.pool[0])
        state, _ = GAME.apply(state, seat, action)
    return state


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_last_taker_claims_a_token_left_in_the_pool(n):
    state = replace(fresh(n), pool=tuple(PLAIN[: 6 * n + 2]))
    last = None
    while state.phase is Phase.COLLECT:
        last = GAME.waiting(state)[0]
        state, events = GAME.apply(state, last, Take(state.pool[0]))
    assert state.token_holder == last
    assert any(e.kind == "token_claimed" and e.data["how"] == "last" for e in events)
    assert all(len(s.dc) == 6 for s in state.seats)  # the token is not one of the six


def test_taking_the_token_uses_a_pick_but_not_a_space():
    state = replace(fresh(2), pool=tuple(PLAIN[:14]), first_player=0, turn=0)
    state, _ = GAME.apply(state, 0, TakeToken())
    assert state.token_holder == 0 and state.seats[0].dc == () and GAME.waiting(state) == (1,)
    assert GAME.check(state, 1, TakeToken()) == L_.TOKEN_GONE()
    state = _collect_all(state)
    assert [len(s.dc) for s in state.seats] == [6, 6] and state.token_holder == 0


def test_postmaster_claims_the_token_the_moment_it_is_collected():
    state = replace(fresh(2), pool=("postmaster", *PLAIN[:13]), first_player=1, turn=1)
    state, _ = GAME.apply(state, 1, Take("postmaster"))
    assert state.token_holder == 1


def test_collect_refuses_out_of_turn_and_missing_items():
    state = fresh(2)
    other = 1 - state.turn
    assert GAME.check(state, other, Take(state.pool[0])) == L_.NOT_YOUR_COLLECT()
    with pytest.raises(IllegalAction):
        GAME.apply(state, state.turn, Take("nope"))


def test_show_attendees_join_beside_the_others():
    state = fresh(2)
    seat0 = replace(state.seats[0], attendees=("patron",), holding=("botanist", PLAIN[0]))
    from rules.stamp_swap.show import start_show

    state, _ = start_show(replace(state, seats=(seat0, state.seats[1])))
    assert state.seats[0].attendees == ("patron", "botanist") and state.seats[0].pending == (PLAIN[0],)


def _stamp(rows, cols, sign=1):
    return next(s.id for s in STAMPS.values() if (s.rows, s.cols) == (rows, cols) and not s.rare
                and (s.value > 0 if sign > 0 else s.value < 0))


def test_stamp_that_fits_must_be_placed_upright_without_overlap():
    wide = _stamp(1, 3)
    state = show_state(2, [(wide,), ()])
    assert GAME.check(state, 0, ChooseContest(state.contests[0])) == L_.PLACE_FIRST()
    assert all(a.col <= 2 for a in GAME.legal_actions(state, 0))  # 1x3 upright in a 5-wide album
    state, _ = GAME.apply(state, 0, Place(wide, 0, 0))
    assert L_.DOES_NOT_FIT() == GAME.check(replace(state, seats=(replace(state.seats[0], pending=(wide,)),
                                                               state.seats[1])), 0, Place(wide, 0, 2))


def _full_album_but(cells_free: int):
    """Placements of 1x1 stamps filling the album except the last `cells_free` cells of row 3."""
    forevers = [s.id for s in STAMPS.values() if s.forever]
    cells = [(r, c) for r in range(4) for c in range(5)][: 20 - cells_free]
    return tuple(Placement(forevers[i], r, c) for i, (r, c) in enumerate(cells))


def test_stamp_that_fits_nowhere_is_discarded_for_its_value_at_once():
    big, faded = _stamp(2, 2), _stamp(1, 2, sign=-1)
    state = show_state(2, [(big,), ()], album=[_full_album_but(2), ()])
    from rules.stamp_swap.show import start_show

    state = replace(state, phase=Phase.SWAP_CHOOSE)
    seat0 = replace(state.seats[0], pending=(), holding=(big, faded))
    state, events = start_show(replace(state, seats=(seat0, state.seats[1])))
    discards = [e for e in events if e.kind == "discarded"]
    assert [e.data["item"] for e in discards] == [big]
    assert state.seats[0].score == STAMPS[big].value and state.seats[0].pending == (faded,)
    state, events = GAME.apply(state, 0, Place(faded, 3, 3))
    assert state.seats[0].score == STAMPS[big].value


def test_faded_discard_loses_points_unless_tweezers_or_amnesty():
    faded = _stamp(2, 2, sign=-1)
    album = [_full_album_but(2), ()]
    from rules.stamp_swap.show import start_show

    for attendees, splay, expected in ((), "ev-quiet", STAMPS[faded].value), (("tweezers",), "ev-quiet", 0), (
        (), "ev-amnesty", 0), ((), "ev-late", 2 * STAMPS[faded].value):
        state = show_state(2, [(), ()], album=album)
        seat0 = replace(state.seats[0], holding=(faded,), attendees=attendees)
        state = replace(state, seats=(seat0, state.seats[1]), splay=(splay,))
        state, _ = start_show(state)
        assert state.seats[0].score == expected


def test_show_scores_exhibitors_token_and_one_contest_then_a_ticket():
    bird = next(s.id for s in STAMPS.values() if s.theme == "bird" and s.forever)
    state = show_state(2, [(), ()], album=[(Placement(bird, 0, 0),), ()])
    state = replace(state, seats=(replace(state.seats[0], attendees=("ornithologist",)), state.seats[1]),
                    contests=("contest-bird", "contest-red", "contest-big", "contest-postmark"))
    state, events = GAME.apply(state, 0, ChooseContest("contest-bird"))
    assert events[0].data["points"] == {"exhibitors": 1, "token": 2, "event": 0, "contest": 2}
    assert state.seats[0].score == 5 and state.seats[0].tickets == ("contest-bird",)
    assert GAME.waiting(state) == (1,)


def test_contest_already_ticketed_is_refused():
    state = show_state(2, [(), ()])
    seat0 = replace(state.seats[0], tickets=(state.contests[0],))
    state = replace(state, seats=(seat0, state.seats[1]))
    assert GAME.check(state, 0, ChooseContest(state.contests[0])) == L_.TICKET_THERE()
    assert ChooseContest(state.contests[0]) not in GAME.legal_actions(state, 0)


def test_round_transition_discards_top_event_and_pool_and_returns_the_rest():
    state = show_state(3, [(), (), ()])
    splay, deck_size = state.splay, len(state.event_deck)
    state = replace(state, pool=(PLAIN[30],))
    for seat in range(3):
        state, _ = GAME.apply(state, seat, ChooseContest(state.contests[0]))
    assert state.day == 1 and state.phase is Phase.COLLECT
    assert state.event_discard == (splay[0],) and PLAIN[30] in state.discard
    assert len(state.event_deck) == deck_size + len(splay) - 1 - 3  # three new events revealed
    assert state.first_player == 0  # the token holder collects first the next day


def test_final_show_after_sunday():
    state = show_state(2, [(), ()])
    state = replace(state, day=2)
    state, _ = GAME.apply(state, 0, ChooseContest(state.contests[0]))
    state, events = GAME.apply(state, 1, ChooseContest(state.contests[0]))
    assert state.phase is Phase.OVER and events[-1].kind == "final_show"
    assert GAME.outcome(state) is not None and GAME.waiting(state) == ()


def test_final_show_scores_album_values_forever_majority_and_finale():
    forevers = [s.id for s in STAMPS.values() if s.forever]
    album0 = tuple(Placement(forevers[i], 0, i) for i in range(3))
    album1 = (Placement(forevers[5], 0, 0),)
    state = replace(show_state(2, [(), ()], album=[album0, album1]), finale="finale-full")
    state, _ = final_show(state)
    parts = [dict(f) for f in state.final]
    assert parts[0] == {"album": sum(STAMPS[f].value for f in forevers[:3]), "forever": 6, "finale": 8}
    assert parts[1] == {"album": STAMPS[forevers[5]].value, "forever": 0, "finale": 0}
    assert rank_awards([3, 3, 1], (6, 3)) == [6, 6, 0]  # tied firsts push the next to third
    assert rank_awards([3, 1, 1, 0], (6, 3)) == [6, 3, 3, 0]


def test_actions_round_trip_through_json():
    for action in (Take("red-bird-1"), TakeToken(), Place("hidden-3", 1, 2), ChooseContest("contest-red")):
        assert action_from_json(action_to_json(action)) == action
    with pytest.raises(MalformedAction):
        action_from_json({"type": "place", "item": "x", "row": "1", "col": 0})
    with pytest.raises(UnknownBotLevel):
        GAME.make_bot("grandmaster", 0, 1)


def test_seat_count_is_checked():
    with pytest.raises(BadConfig, match="Stamp Swap is for 2 to 5 players, not 6"):
        GAME.new_match(1, config(6))


def test_view_lights_up_every_spot_a_pending_stamp_fits():
    wide = _stamp(1, 3)
    state = show_state(2, [(wide,), ()])
    view = GAME.view(state, 0)
    assert len(view["me"]["fits"][wide]) == 4 * 3
    assert view["waiting"] == [0, 1] and view["seats"][0]["pending"][0]["key"] == wide


@pytest.mark.parametrize("seed, players", [(3, 2), (8, 4), (21, 5)])
def test_events_are_the_values_event_normalises_to(seed, players):
    # the rules build their move events with rules.events.plain_event (no normalisation walk); a
    # tuple slipping into one would make it differ from the event Event() builds from its parts
    state, _ = GAME.new_match(seed, config(players))
    rng = Rng.seeded(seed)
    while GAME.outcome(state) is None:
        seat, rng = rng.choice(GAME.waiting(state))
        action, rng = rng.choice(GAME.legal_actions(state, seat))
        state, events = GAME.apply(state, seat, action)
        for e in events:
            assert e == Event(e.kind, e.seat, e.data, e.secret, e.visible_to)
