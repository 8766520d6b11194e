"""Two app processes play a whole online match of each game from an invite link, every step a tap,
with the guest's process killed mid-match and started again (it gets back in from its title).
The processes and their server use 127.0.0.1 only; each run is bounded (tests/two_apps.py)."""

from __future__ import annotations

import pytest

from tests.two_apps import KILL_AFTER, run_pair


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(KILL_AFTER))
def test_two_app_processes_play_a_whole_match_with_a_guest_restart_in_the_middle(game, tmp_path):
    results = run_pair(game, tmp_path / "run")
    host, guest = results["host"], results["guest"]
    assert (host["seat"], guest["seat"]) != (0, 0) and host["seat"] != guest["seat"]
    assert host["winners"] == guest["winners"] and host["scores"] == guest["scores"]  # one match, one result
    least = 1 if game == "swap-meet" else KILL_AFTER[game]  # Swap Meet's kill comes in round 2 at the latest
    assert results["killed_after_events"] >= least  # the guest died mid-match ...
    assert guest["moves_seen"] > results["killed_after_events"]  # ... and its new process saw it through
