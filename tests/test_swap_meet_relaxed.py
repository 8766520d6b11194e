"""Swap Meet's relaxed rounds: a longer clock and slower bots, and nothing else in the rules changes."""

from __future__ import annotations

from typing import Any

import pytest

from game.relay import lobby as lb
from game.relay.rooms import Room
from game.scenes.swap_meet.lobby import SwapMeetLobby
from game.shell import catalog
from rules.contract import MatchConfig, SeatConfig
from rules.errors import BadConfig
from rules.record import MatchRecord
from rules.referee import Referee
from rules.rng import Rng
from rules.swap_meet import GAME
from rules.swap_meet.data import RELAXED_BOTS, RELAXED_CLOCK, ROUND_SECONDS
from rules.swap_meet.state import Phase
from tests.support import wait_until

SEATS = tuple(SeatConfig(f"P{i}") for i in range(4))
STANDARD, RELAXED = MatchConfig(SEATS), MatchConfig(SEATS, {"pace": "relaxed"})


def _round(states: list[Any], rng: Rng) -> Rng:
    """The same random legal moves, at the same seconds into the round, in every state; then each
    state runs to its own deadline and summary."""
    for step in range(40):
        if states[0].phase is not Phase.TRADING:
            break
        seat, rng = rng.choice(range(4))
        legal = GAME.legal_actions(states[0], seat, states[0].round_start + 0.5 * step)
        if not legal:
            continue
        action, rng = rng.choice(legal)
        for k, state in enumerate(states):
            now = state.round_start + 0.5 * step
            assert GAME.check(state, seat, action, now) is None, "a move legal at one pace is legal at the other"
            states[k], _ = GAME.apply(state, seat, action, now)
    for k, state in enumerate(states):
        end = state.lock_time if state.lock_time is not None else state.deadline
        states[k], _ = GAME.tick(state, end + state.summary_seconds)
    return rng


@pytest.mark.parametrize("seed", [3, 11])
def test_relaxed_rounds_score_the_same_moves_the_same_and_only_the_clock_differs(seed):
    states = [GAME.new_match(seed, STANDARD)[0], GAME.new_match(seed, RELAXED)[0]]
    assert states[0].deadline == ROUND_SECONDS and states[1].deadline == ROUND_SECONDS * RELAXED_CLOCK
    rng = Rng.seeded(seed)
    while states[0].phase is not Phase.FINISHED:
        assert [s.stalls for s in states] == [states[0].stalls] * 2  # the same deals, round after round
        rng = _round(states, rng)
    standard, relaxed = (GAME.outcome(s) for s in states)
    assert standard is not None and relaxed is not None and standard.result() == relaxed.result()
    assert states[0].totals == states[1].totals and sum(states[0].totals) != 0
    assert [[(s.how, s.locker, s.stalls) for s in st.summaries] for st in states][0] == \
        [(s.how, s.locker, s.stalls) for s in states[1].summaries]


def test_relaxed_bots_react_slower_and_the_pace_is_checked():
    bots = tuple(SeatConfig(f"B{i}", "normal") for i in range(4))
    fast = Referee(GAME, MatchConfig(bots), 5)
    slow = Referee(GAME, MatchConfig(bots, {"pace": "relaxed"}), 5)
    due = [sorted(p.due for p in r.plan_bots(0.0)) for r in (fast, slow)]
    assert slow.pace == RELAXED_BOTS and fast.pace == 1.0
    assert due[1] == pytest.approx([d * RELAXED_BOTS for d in due[0]])
    kept = MatchRecord.from_text(slow.record().to_text())  # a save, a share code, a replay: the record
    assert kept.config.options == {"pace": "relaxed"} and Referee.from_record(kept).pace == RELAXED_BOTS
    with pytest.raises(BadConfig):
        GAME.new_match(1, MatchConfig(SEATS, {"pace": "lazy"}))


def test_the_relay_deals_a_relaxed_room():
    lobby = lb.Lobby(GAME.name, GAME.min_seats, GAME.max_seats, tuple(GAME.bot_levels))
    room = Room("ABCDEF", GAME, lobby, seed=2, options={"pace": "relaxed"}, clock=lambda: 100.0, wall=lambda: 1e3)
    lobby.open_room("P1")
    for k in range(1, 3):
        lobby.join_with_ticket(lobby.issue_ticket(0, 1000.0), f"P{k + 1}", 1000.0)
        lobby.set_ready(k, True)
    room.start(0)
    assert room.config is not None and room.config.options == {"pace": "relaxed"}
    view = room.update(0, None)["view"]
    assert view["deadline"] - view["round_start"] == ROUND_SECONDS * RELAXED_CLOCK


def test_seat_setup_offers_relaxed_rounds_by_a_click(player):
    player.app.update_settings(seen_briefings=("swap-meet",))
    player.app.stack.push(SwapMeetLobby(player.app, catalog.entry("swap-meet")))
    player.frames(2)
    setup = player.top
    assert "Standard" in setup.option_buttons["pace"].text and setup.config().options["pace"] == "standard"
    player.press_button(setup.option_buttons["pace"])
    assert "Relaxed" in setup.option_buttons["pace"].text and setup.config().options["pace"] == "relaxed"
    player.press_button(setup.start)
    wait_until(lambda: hasattr(player.top, "table"), "the relaxed match's floor", player.frames)
    table = player.top.table
    assert table.options["pace"] == "relaxed" and table.referee.pace == RELAXED_BOTS


def test_history_marks_a_relaxed_match():
    from game.scenes.history import _row_words
    from game.services.history import Kept

    referee, now = Referee(GAME, RELAXED, 4), 0.0
    while referee.outcome() is None:  # nobody trades: every round runs to its (longer) clock
        now += 60.0
        referee.tick(now)
    assert "Swap Meet (relaxed rounds) · " in _row_words(Kept(referee.record(), 0.0, 0, (0,)))
