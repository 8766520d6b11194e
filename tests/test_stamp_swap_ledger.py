"""The day summary's ledger: each seat's rows add up to its real score change for the day, in words."""

from __future__ import annotations

from typing import Any

from game.scenes.stamp_swap.ledger import DayLedger, SeatDay, show_parts, source_words
from rules.contract import Event
from rules.driver import seat_config
from rules.referee import turn_bot
from rules.rng import Rng
from rules.stamp_swap import GAME

LEVELS = (("easy", "normal"), ("normal", "easy", "normal"), ("easy", "easy", "normal", "easy"),
          ("normal", "easy", "easy", "normal", "easy"))


def _day_checks(state: Any, events: list[Event], ledger: DayLedger, start: list[int], top: str | None) -> int:
    """Book a batch of events (`top`: the event ruling the day they happened on); at each day's end
    compare every seat's summary with its score change."""
    checks = 0
    for event in events:
        public = GAME.redact(event, None)
        ledger.note(public, top)
        if event.kind != "day_end":
            continue
        final = next((e for e in events if e.kind == "final_show"), None)
        later = [sum(p.values()) for p in final.data["breakdown"]] if final else [0] * state.players
        scores = [s.score - extra for s, extra in zip(state.seats, later)]
        rows = ledger.close()
        assert [r.total for r in rows] == [now - was for now, was in zip(scores, start)]
        assert all(r.show for r in rows)  # every seat scored the Show
        start[:] = scores
        checks += 1
    return checks


def _bot_match(seed: int, levels: tuple[str, ...]) -> int:
    state, events = GAME.new_match(seed, seat_config(levels))
    ledger, start, made, checks = DayLedger(len(levels)), [0] * len(levels), [0] * len(levels), 0
    checks += _day_checks(state, events, ledger, start, None)
    for _ in range(2000):
        if GAME.outcome(state) is not None:
            break
        ledger.learn(GAME.view(state, None))
        seat = GAME.waiting(state)[0]
        bot = turn_bot(GAME, levels[seat], seed, seat, made[seat])
        made[seat] += 1
        action = bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat), 0.0)
        top = state.splay[0]
        state, events = GAME.apply(state, seat, action)
        checks += _day_checks(state, events, ledger, start, top)
    assert GAME.outcome(state) is not None
    return checks


def test_every_seats_summary_adds_up_to_its_score_change_in_seeded_bot_matches():
    checks = sum(_bot_match(seed, levels) for seed, levels in enumerate(LEVELS * 2, start=11))
    assert checks == 3 * len(LEVELS) * 2  # three days in every match


def test_every_seats_summary_adds_up_in_random_playouts():
    """Random legal play reaches discards, specialists and events the bots steer away from."""
    checks = 0
    for seed in range(5):
        players = 2 + seed % 4
        state, events = GAME.new_match(seed, seat_config(("easy",) * players))
        ledger, start = DayLedger(players), [0] * players
        checks += _day_checks(state, events, ledger, start, None)
        rng = Rng.seeded(seed)
        for _ in range(3000):
            if GAME.outcome(state) is not None:
                break
            ledger.learn(GAME.view(state, None))
            seat, rng = rng.choice(GAME.waiting(state))
            action, rng = rng.choice(GAME.legal_actions(state, seat))
            top = state.splay[0]
            state, events = GAME.apply(state, seat, action)
            checks += _day_checks(state, events, ledger, start, top)
    assert checks == 15


def test_earlier_points_and_discards_are_named_with_their_cause():
    ledger = DayLedger(2)
    ledger.note(Event("points", 0, {"points": 1, "source": "ev-sport"}), "ev-sport")
    ledger.note(Event("points", 0, {"points": 1, "source": "ev-sport"}), "ev-sport")
    ledger.note(Event("points", 1, {"points": 2, "source": "courier"}), "ev-sport")
    ledger.note(Event("discarded", 1, {"item": "hidden-3", "value": -1, "points": -1}), "ev-sport")
    ledger.note(Event("revealed", 0, {"stamps": {"hidden-4": "red-bird-1"}}), "ev-sport")
    ledger.note(Event("discarded", 0, {"item": "hidden-4", "value": -2, "points": 0}), "ev-amnesty")
    ledger.note(Event("discarded", 0, {"item": "hidden-5", "value": 3, "points": 6}), "ev-late")
    days = ledger.close()
    assert days[0].earlier == [("Good Sport (today's event) \u00d72", 2)]
    assert days[0].discards == [("Red Bird 1x2 (free: Amnesty)", 0), ("a face-down stamp", 6)]
    assert days[0].sentences()[-1].startswith("Fitted nowhere, discarded (\u00d72 by Late Post): Red Bird 1x2")
    assert days[1].earlier == [("Courier (specialist)", 2)] and days[1].discards == [("a face-down stamp", -1)]
    assert days[0].total == 8 and days[1].total == 1
    assert source_words("ev-early") == "Early Bird (today's event)"


def test_the_show_parts_say_what_each_number_counts():
    parts = show_parts({"contest": "contest-big", "points": {"exhibitors": 4, "token": 4, "event": 0, "contest": 6},
                        "exhibitors": ["curator", "ornithologist", "framer"]}, "ev-token")
    assert parts == [("contest Big Frames", 6), ("exhibitors Ornithologist + Framer", 4),
                     ("first-player token (Token Day)", 4)]
    day = SeatDay(0, [("Courier (specialist)", 2)], parts)
    assert day.total == 16 and day.sentences()[1] == "Earlier today: Courier (specialist)\u00a0+2."

