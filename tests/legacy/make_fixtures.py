"""Writes the legacy fixtures in this folder with the code of main at bd69487 (before match records).

Kept to show how they were made; it only runs against that old tree:

    git archive bd69487 | tar -x -C /tmp/old && cd /tmp/old && PYTHONPATH=. python /path/to/make_fixtures.py OUT

A paused Night Market save and a paused Swap Meet save (save version 2), and three relay rooms as
today's FileStore writes them (record JSON + move-log lines): a Night Market match in progress, the
same kind of match claimed by the one who stayed, and a Swap Meet match in progress.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from game.match.clock import MatchClock
from game.match.local import LocalTable
from game.relay import lobby as lb
from game.relay.rooms import Room
from game.relay.store import FileStore
from rules.contract import MatchConfig, SeatConfig
from rules.registry import get_game


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def save(out: Path, name: str, seats: MatchConfig, moves: int) -> None:
    clock = Clock()
    table = LocalTable(get_game(name), seats, 11, MatchClock(clock), bot_threads=False, autosave=False)
    for _ in range(moves):
        clock.t += 1.5
        seat = next(s for s in table.referee.waiting() if s in table.here)
        table.referee.act(seat, table.referee.legal(seat, table.now())[0], table.now())
    data = table.to_save().to_json()
    data["saved_at"] = 1764900000.0
    (out / f"save-v2-{name}.json").write_text(json.dumps(data, indent=1) + "\n")


def room(out: Path, name: str, code: str, moves: int, claim: bool) -> None:
    game, clock = get_game(name), Clock()
    lobby = lb.Lobby(game.name, game.min_seats, game.max_seats, tuple(game.bot_levels))
    host, _ = lobby.open_room("Ana")
    seat, _ = lobby.join_with_ticket(lobby.issue_ticket(host, 0.0), "Ben", 1.0)
    lobby.set_ready(seat, True)
    if game.min_seats > 2:
        lobby.add_bot(host, "easy")
    r = Room(code, game, lobby, 21, None, 1.0, clock)
    r.connected(0)
    r.connected(1)
    r.start(host)
    store = FileStore(out / "relay")
    for n in range(moves):
        clock.t += 2.0 if n != moves // 2 else 2.0 + game.realtime * 120.0  # real time: past a round's end
        r.tick()
        mover = next((s for s in r.referee.waiting() if s < 2 and r.referee.legal(s, r.now())), None)
        if mover is None:
            continue
        action = r.referee.legal(mover, r.now())[0]
        r.act(mover, n + 1, game.action_to_json(action))
    if claim:
        r.disconnected(1)
        clock.t += 61.0
        r.mark_away(30.0)
        r.claim(0)
        print("live claim outcome:", r.outcome())
    rows, fresh = r.unsaved()
    store.save(code, r.record())
    store.append(code, r.match_no, rows, fresh)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    people = MatchConfig((SeatConfig("Ana"), SeatConfig("Ben")))
    save(out, "night-market", people, 9)
    save(out, "swap-meet", MatchConfig((SeatConfig("Ana"), SeatConfig("B2", "easy"), SeatConfig("B3", "easy"))), 4)
    room(out, "night-market", "NMP2AY", 8, False)
    room(out, "night-market", "NMC7AM", 6, True)
    room(out, "swap-meet", "SMP3AY", 8, False)


if __name__ == "__main__":
    main(Path(sys.argv[1]))
