"""The local table is the trust boundary for every registered game: seeded random play through
`LocalTable` only, and every view and event a seat receives is JSON-ready, round-trips, and
holds nothing of another seat's secrets (the per-game SECRETS hook, rules/<game>/hidden.py)."""

from __future__ import annotations

import json

import pytest

from game.match.clock import MatchClock
from game.match.local import LocalTable
from game.shell.loop import FakeClock
from rules.contract import Event
from rules.registry import GAME_MODULES, get_game
from rules.rng import Rng
from tests.support import SECRETS, config


def _round_trip_event(event: Event) -> None:
    again = Event.from_json(json.loads(json.dumps(event.to_json())))
    assert again == event


@pytest.mark.parametrize("name", sorted(GAME_MODULES))
@pytest.mark.parametrize("seed", [1, 2])
def test_what_each_seat_receives_from_the_table_is_its_own(name, seed):
    game = get_game(name)
    fake = FakeClock()
    table = LocalTable.start(game, config(game), seed, MatchClock(fake), bot_threads=False, autosave=False)
    viewers = (*table.here, None)
    taken: dict[int | None, list[Event]] = {v: [] for v in viewers}
    rng = Rng.seeded(seed)
    for _ in range(120):
        if table.outcome() is not None:
            break
        before = {v: SECRETS[name](table._state, v) for v in viewers}  # test-only look at the truth
        fake.advance(0.5)
        table.poll()
        waiting = table.waiting()
        if waiting:
            seat, rng = rng.choice(list(waiting))
            legal = table.legal(seat)
            if legal:
                action, rng = rng.choice(list(legal))
                assert table.reason(seat, action) is None
                table.act(seat, action)
        for viewer in viewers:
            view = table.view(viewer)
            assert game.view_from_json(json.loads(json.dumps(game.view_to_json(view)))) == view
            events = table.take_events(viewer)
            hidden = before[viewer] & SECRETS[name](table._state, viewer)  # secret before and after this step
            for event in events:
                _round_trip_event(event)
                text = json.dumps(event.to_json())
                assert not [s for s in hidden if s in text], (viewer, event.kind)
            taken[viewer] += events
    for viewer in viewers:
        assert taken[viewer] == table.history(viewer)  # each event came once, in order
