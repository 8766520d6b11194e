"""Two app processes play one online match from an invite link, every step by a tap.

`python -m tests.two_apps GAME [--shots DIR] [--window]` starts a host process and a guest
process, each a real Market Hall app with its own home folder:
- the host taps Play online, the game's tile and Host a room, and hands on the invite link its
  lobby shows (written to a file, the way a person pastes it into a chat); it adds a bot where
  the game needs a third seat, and taps Start once the guest is ready;
- the guest opens the app straight into the room with that link (what `market-hall join LINK`
  does) and taps I am ready;
- both then play by tapping what their own screen shows (the playing monkeys' aim, no noise);
- in the middle the guest process is killed outright (SIGKILL) and started again on the same
  home folder, with no link: it taps Back to room on its title and plays on from its seat;
- at the end each prints what its final screen says, and the parent checks that they agree.

With `--window` the apps open real windows (run it under Xvfb); `--shots DIR` saves what each
screen showed at the deal, before the kill, after the rejoin and at the end. Every wait is
bounded; only 127.0.0.1 is used. tests/test_online_two_apps.py runs it for every game.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCALE = 12.0  # match seconds per real second on the host's server: Swap Meet's rounds take seconds
ROOM_OPTIONS = {"swap-meet": {"round_seconds": 60, "summary_seconds": 30}}
KILL_AFTER = {"night-market": 16, "swap-meet": 30, "stamp-swap": 14}  # public events before the kill
SECONDS = 300.0  # a whole run, at most
SIZE = (960, 540)  # a small window: scaling the canvas is most of a frame


# one app process -----------------------------------------------------------------------------
class Hands:
    """A person at one app: taps what is on screen, in real time (the network does not wait)."""

    def __init__(self, role: str, game: str, ctl: Path, shots: Path | None, link: str | None) -> None:
        window = os.environ.get("SDL_VIDEODRIVER")
        from tests.conftest import Player  # it asks for the dummy driver: a --window run keeps its own

        if window is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = window
        from game.compose import compose_app
        from game.shell.app import AppOptions
        from game.shell.loop import FakeClock

        self.role, self.game, self.ctl, self.shots = role, game, ctl, shots
        clock = FakeClock()
        hosting = {"bind": "127.0.0.1", "scale": SCALE}
        app = compose_app(AppOptions(size=SIZE, pace=False, seed=7, mute=True, join=link,
                             extra={"hosting": hosting, "room_options": ROOM_OPTIONS}), clock=clock)
        app.update_settings(seen_briefings=("night-market", "swap-meet", "stamp-swap"), bot_speed="fast")
        self.p = Player(app, clock)
        self.rng = random.Random(f"{role}-{game}")
        self.deadline = time.monotonic() + SECONDS
        self.taken: set[str] = set()
        self.started = self._said = time.monotonic()
        self._want: Any = None  # the move this person is putting together
        self.p.frames(2)

    # waiting and tapping
    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.p.frames(1, dt=0.1)  # animations at three times a real pace: the network is real time
            time.sleep(0.005)  # the network threads run meanwhile
            if time.monotonic() > self.deadline:
                raise SystemExit(f"{self.role}: out of time on {self.p.top.name}")

    def until(self, test: Any, what: str, seconds: float = 60.0) -> None:
        limit = time.monotonic() + seconds
        while not test():
            if time.monotonic() > limit:
                on = [s.name for s in self.p.app.stack.scenes]
                raise SystemExit(f"{self.role}: waited {seconds:.0f} s for {what} (on {on})")
            self.frames(1)

    def press(self, element: Any) -> None:
        self.until(lambda: self.p.app._fade is None, "a fade to end")
        self.p.press_button(element, settle=2)

    def shot(self, name: str) -> None:
        if self.shots is not None and name not in self.taken:
            self.taken.add(name)
            self.p.app.display.screenshot(str(self.shots / f"{self.game}-{self.role}-{name}.png"))

    # the way in
    def host(self) -> None:
        from game.scenes.online import OnlineLobbyScene, OnlineScene

        self.press(self.p.top.buttons["online"])
        self.until(lambda: isinstance(self.p.top, OnlineScene), "the online screen")
        online = self.p.top
        self.press(next(b for b, name in online.game_buttons.items() if name == self.game))
        self.press(self.p.top.host)
        self.until(lambda: isinstance(self.p.top, OnlineLobbyScene) and self.p.top.room.invite is not None, "a room")
        lobby = self.p.top
        (self.ctl / "link").write_text(lobby.room.invite["link"])
        if self.game == "swap-meet":
            self.press(self._lobby_button(lobby, "bot"))
        people = 2
        self.until(lambda: sum(s["ready"] for s in lobby.room.lobby["seats"] if not s["bot"]) >= people - 1
                   and len([s for s in lobby.room.lobby["seats"] if not s["bot"]]) == people, "the guest", 90)
        self.shot("lobby")
        self.press(self._lobby_button(lobby, "start"))

    def guest(self) -> None:
        from game.scenes.online import OnlineLobbyScene

        self.until(lambda: isinstance(self.p.top, OnlineLobbyScene) and self.p.top.room.seat is not None, "a seat")
        lobby = self.p.top
        self.until(lambda: "ready" in {k for k, _ in lobby.buttons.values()}, "the Ready button")
        self.press(self._lobby_button(lobby, "ready"))

    def rejoin(self) -> None:
        from game.scenes.title import TitleScene

        self.until(lambda: isinstance(self.p.top, TitleScene) and "rejoin" in self.p.top.buttons, "Back to room")
        self.press(self.p.top.buttons["rejoin"])

    @staticmethod
    def _lobby_button(lobby: Any, key: str) -> Any:
        return next(b for b, (k, _) in lobby.buttons.items() if k == key)

    # the match
    def play(self, kill_after: int | None) -> dict[str, Any]:
        from game.scenes.match import MatchScene

        def table() -> Any:  # the host's table sits over its title (it went title, online, lobby, table)
            return next((s for s in self.p.app.stack.scenes if isinstance(s, MatchScene)), None)

        self.until(lambda: table() is not None, "the table", 90)
        scene = table()
        self.frames(10)
        self.shot("deal" if kill_after is not None or self.role == "host" else "rejoined")
        step = {"night-market": self._night_market, "swap-meet": self._swap_meet,
                "stamp-swap": self._stamp_swap}[self.game]
        while not self._finished(scene):
            if kill_after is not None and self._midway(scene, kill_after):
                self.shot("before-kill")
                (self.ctl / "killed").write_text(str(len(scene.table.history(None))))
                os.kill(os.getpid(), signal.SIGKILL)  # the process dies mid-match: no leave, no goodbye
            step(scene)
            self.p.app.running = True
            if time.monotonic() > self._said + 10:  # progress in the player's log
                self._said = time.monotonic()
                print(f"{time.monotonic() - self.started:6.1f} s  {len(scene.table.history(None))} events  "
                      f"top={self.p.top.name} waiting={scene.table.waiting()} "
                      f"legal={len(scene.table.legal(scene.table.here[0]))} "
                      f"pending={len(scene.table.pending(scene.table.here[0]))} "
                      f"phase={getattr(scene, 'v', {}).get('phase')} acting={getattr(scene, 'acting', None)}",
                      flush=True)
                if self.shots is not None:
                    self.p.app.display.screenshot(str(self.shots / f"{self.game}-{self.role}-now.png"))
        self.frames(20)
        self.shot("end")
        outcome = scene.table.outcome()
        assert outcome is not None
        return {"role": self.role, "seat": scene.table.here[0], "winners": list(outcome.winners),
                "scores": list(outcome.scores), "moves_seen": len(scene.table.history(None)),
                "answer_ms_median": round(1000 * statistics.median(scene.table.answer_seconds or [0.0]), 1),
                "answer_ms_max": round(1000 * max(scene.table.answer_seconds or [0.0]), 1)}

    def _midway(self, scene: Any, events: int) -> bool:
        """Time for the kill: `events` public events, or (Swap Meet, whose rounds end by the clock
        however few moves a slow machine makes) the second round under way."""
        if len(scene.table.history(None)) >= events:
            return True
        return self.game == "swap-meet" and scene.view.round_no >= 2 and scene.view.phase == "trading"

    def _finished(self, scene: Any) -> bool:
        top = self.p.top
        outcome = scene.table.outcome()
        if outcome is None:
            return False
        if self.game == "night-market":
            return getattr(top, "match_winner", None) is not None and top.stage >= 6
        if self.game == "swap-meet":
            return getattr(top, "final", False) and top.stage == "final"
        return top.name == "stamp_swap_final"

    def _night_market(self, scene: Any) -> None:
        """Like a person who wants the round over: sells what it can, else takes a card, and taps
        the move's button; any overlay gets its way forward."""
        from rules.night_market.actions import Sell
        from tests.test_night_market_scene_monkey import move_taps, overlay_step, tap

        if self.p.top is not scene:
            overlay_step(self.p, self.rng)
        elif buttons := [b for b, a in scene._action_buttons.items() if a is not None]:
            tap(self.p, next((b for b in buttons if scene._action_buttons[b] == self._want), buttons[0]).rect.center)
        elif scene.legal and not scene.anim.busy and scene.viewer == scene.view.turn:
            sells = sorted((a for a in scene.legal if isinstance(a, Sell)), key=lambda a: -len(a.cards))
            self._want = sells[0] if sells and self.rng.random() < 0.7 else self.rng.choice(scene.legal)
            for pos in move_taps(scene, self._want):
                tap(self.p, pos)
        self.frames(2)

    def _swap_meet(self, scene: Any) -> None:
        from tests.test_swap_meet_scene_monkey import PlayingMonkey

        hands = getattr(self, "_sm", None) or PlayingMonkey(self.p, scene, 5)
        self._sm = hands
        target = hands.overlay_target() or (hands.floor_target() if self.rng.random() < 0.8 else None)
        if target is not None:
            hands.tap(target)
        self.frames(3)

    def _stamp_swap(self, scene: Any) -> None:
        from tests.stamp_swap_play import gestures, perform

        options = gestures(self.p)
        if options:
            perform(self.p, self.rng.choice(options), self.rng)
        self.frames(3)


def run_app(role: str, game: str, ctl: Path, shots: Path | None, link: str | None) -> int:
    hands = Hands(role, game, ctl, shots, link)
    if role == "host":
        hands.host()
    elif link is not None:
        hands.guest()
    else:
        hands.rejoin()
    kill_after = KILL_AFTER[game] if role == "guest" and link is not None else None
    result = hands.play(kill_after)
    (ctl / f"{role}.json").write_text(json.dumps(result))
    if role == "host":  # stay up (the guests' server lives in this app) until the guest is done too
        hands.until(lambda: (ctl / "guest.json").exists(), "the guest to finish", 60)
    return 0


# the parent ----------------------------------------------------------------------------------
def _spawn(role: str, game: str, run_dir: Path, shots: Path | None, window: bool, link: str | None) -> Any:
    env = dict(os.environ, MARKET_HALL_HOME=str(run_dir / role), PYTHONPATH=str(ROOT))
    env.update(SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "x11") if window else "dummy",
               SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, "-m", "tests.two_apps", game, "--role", role, "--ctl", str(run_dir)]
    if shots is not None:
        cmd += ["--shots", str(shots)]
    if link is not None:
        cmd += ["--link", link]
    log = open(run_dir / f"{role}.log", "ab")  # noqa: SIM115 (the child writes it until it ends)
    return subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)


def _wait_for(path: Path, procs: list[Any], seconds: float) -> None:
    limit = time.monotonic() + seconds
    while not path.exists():
        if time.monotonic() > limit:
            raise TimeoutError(f"no {path.name} within {seconds:.0f} s")
        for proc in procs:
            if proc.poll() not in (None, 0, -signal.SIGKILL):
                raise RuntimeError(f"a player process ended with {proc.returncode}")
        if all(proc.poll() is not None for proc in procs) and not path.exists():
            raise RuntimeError(f"both player processes ended with no {path.name} (see the logs in {path.parent})")
        time.sleep(0.1)


def run_pair(game: str, run_dir: Path, shots: Path | None = None, window: bool = False) -> dict[str, Any]:
    """Host and guest processes play one match; returns what both final screens said."""
    run_dir.mkdir(parents=True, exist_ok=True)
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    host = _spawn("host", game, run_dir, shots, window, None)
    procs = [host]
    try:
        _wait_for(run_dir / "link", procs, 60)
        link = (run_dir / "link").read_text()
        guest = _spawn("guest", game, run_dir, shots, window, link)
        procs.append(guest)
        _wait_for(run_dir / "killed", procs, SECONDS)
        guest.wait(10)
        assert guest.returncode == -signal.SIGKILL
        again = _spawn("guest", game, run_dir, shots, window, None)  # same home folder, no link
        procs.append(again)
        _wait_for(run_dir / "guest.json", procs, SECONDS)
        _wait_for(run_dir / "host.json", procs, SECONDS)
        for proc in (host, again):
            proc.wait(60)
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    results = {role: json.loads((run_dir / f"{role}.json").read_text()) for role in ("host", "guest")}
    results["seconds"] = round(time.monotonic() - started, 1)
    results["killed_after_events"] = int((run_dir / "killed").read_text())
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=sorted(KILL_AFTER))
    parser.add_argument("--role", choices=("host", "guest"))
    parser.add_argument("--ctl", type=Path, help="the run folder (kept, with each player's log)")
    parser.add_argument("--link")
    parser.add_argument("--shots", type=Path)
    parser.add_argument("--window", action="store_true", help="real windows (run under Xvfb or a desktop)")
    args = parser.parse_args(argv)
    if args.role is not None:
        return run_app(args.role, args.game, args.ctl, args.shots, args.link)
    import tempfile

    if args.ctl is not None:  # keep the run folder (the players' logs) to look at
        results = run_pair(args.game, args.ctl, args.shots, args.window)
    else:
        with tempfile.TemporaryDirectory(prefix="two-apps-") as tmp:
            results = run_pair(args.game, Path(tmp), args.shots, args.window)
    print(json.dumps(results))
    same = results["host"]["winners"] == results["guest"]["winners"] and \
        results["host"]["scores"] == results["guest"]["scores"]
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
