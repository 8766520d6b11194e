"""One match under the rules: the referee that every door into a match drives.

A `Referee` holds the rules state, the action log, a version that counts changes and the raw
events; it checks and applies moves, ticks, gives each viewer its events redacted by the contract's
rule, plans the bots' moves, takes back a move (rules/undo.py) and rebuilds a match from its
record (rules/record.py: seed + config + entries, the referee's own ticks and claims among them).
It never reads a clock: every call that needs time takes `now` (match seconds).
The doors wrap it: `LocalTable` (game/match/local.py: a worker thread, autosave, a pausable
clock), the relay's `Room` (game/relay/rooms.py: a socket, a store) and `rules/driver.py` (a
simulated clock). So local and online play agree by construction on bot pacing, refusals and rebuild.

Bot pacing: a waiting bot seat gets a `Plan`: its beat is `max(MIN_WAKE, wake_after(view, now))`
times the door's speed and the match's pace (`Paced` in rules/contract.py: relaxed rounds); it
decides (on any thread: `decide` touches only the plan) from the view of that moment and the
legal actions at the end of the beat, and its move is applied only after the beat and only if the
rules still allow it. Turn-based bots land one move per `bot_moves` call (a screen can show each
before the next); in real time every ready move lands, and a person's move makes every real-time
bot plan again (the table it planned against has changed).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, cast, overload

from rules.contract import AnyGame, Bot, EndReason, Event, MatchConfig, Outcome
from rules.errors import IllegalAction
from rules.record import TICK, Entry, MatchRecord, claim_action, require_rules
from rules.refusal import MATCH_OVER, Refusal, declare
from rules.undo import undo_refusal, why_final

MIN_WAKE = 0.05  # seconds: the shortest wait between one bot's decisions, so a bot can never spin
# A record that no longer replays under these rules; `why` names what did not fit ("outcome", "tick",
# "claim", "entry", or the refusal code the rules gave its move).
DIVERGED = declare("replay_diverged", "why")
CLAIMED = declare("claimed", "name")  # an outcome's detail: the one left at the table claimed the match


T = TypeVar("T")


class Kept(Protocol[T]):
    """What a referee keeps its events and its log in: a list, or a door's own form (the relay keeps
    them as JSON text, which the cyclic collector does not walk: game/relay/kept.py)."""

    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __iter__(self) -> Iterator[T]: ...
    def append(self, item: T) -> None: ...
    def extend(self, items: Iterable[T]) -> None: ...
    def clear(self) -> None: ...


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at `seat` in a match started from `seed` (saves replay bots exactly)."""
    return seed * 7919 + seat


def decision_seed(seed: int, seat: int, made: int) -> int:
    """The seed of a turn-based bot's next decision after it made `made` moves.

    Derived only from what a save holds (seed + log), so a resumed match's bots decide exactly as
    they would have without the pause: a bot's running random state is never needed.
    """
    return (bot_seed(seed, seat) * 1_000_003 + made) % 2**63


def turn_bot(game: AnyGame, level: str, seed: int, seat: int, made: int) -> Any:
    """The bot that makes `seat`'s next decision in a turn-based match."""
    return game.make_bot(level, seat, decision_seed(seed, seat, made))


@dataclass
class Plan:
    """A move a bot is preparing."""

    seat: int
    due: float  # match seconds when it may be applied
    view: Any
    legal: list[Any]
    bot: Bot[Any, Any]
    decided: bool = False
    action: Any = None


class BotPlans:
    """The bots of one match and the moves they are preparing."""

    def __init__(self, game: AnyGame, seed: int) -> None:
        self.game, self.seed = game, seed
        self.bots: dict[int, Bot[Any, Any]] = {}
        self.levels: dict[int, str] = {}
        self.plans: dict[int, Plan] = {}

    def seat(self, seat: int, level: str) -> None:
        """A bot of `level` plays `seat` from now on."""
        self.bots[seat] = self.game.make_bot(level, seat, bot_seed(self.seed, seat))
        self.levels[seat] = level

    def drop(self, seat: int) -> None:
        """The seat's person is back: the stand-in stops (its pending move is dropped)."""
        self.bots.pop(seat, None)
        self.levels.pop(seat, None)
        self.plans.pop(seat, None)

    def _bot(self, seat: int, made: int) -> Bot[Any, Any]:
        if self.game.realtime:
            return self.bots[seat]
        return cast("Bot[Any, Any]", turn_bot(self.game, self.levels[seat], self.seed, seat, made))

    def plan(self, state: Any, now: float, made: Counter[int], speed: float) -> list[Plan]:
        """New plans for waiting bots that are not already preparing a move."""
        fresh = []
        for seat in sorted(set(self.game.waiting(state)) & set(self.bots)):
            if seat in self.plans:
                continue
            view = self.game.view(state, seat)
            bot = self._bot(seat, made[seat])
            due = now + max(MIN_WAKE, bot.wake_after(view, now)) * speed
            plan = Plan(seat, due, view, list(self.game.legal_actions(state, seat, due)), bot)
            self.plans[seat] = plan
            fresh.append(plan)
        return fresh

    @staticmethod
    def decide(plan: Plan) -> None:
        """Run the bot (on any thread: it touches only the plan)."""
        plan.action = plan.bot.choose(plan.view, plan.legal, plan.due)
        plan.decided = True

    def next_due(self) -> float | None:
        """The earliest beat still running."""
        return min((p.due for p in self.plans.values()), default=None)


class Referee:
    """One match: state, log, version, events, bot plans; every change goes through here."""

    def __init__(self, game: AnyGame, config: MatchConfig, seed: int, *, now: float = 0.0,
                 speed: float = 1.0, version: int = 0, events: Callable[[], Kept[Event]] = list,
                 entries: Callable[[], Kept[Entry]] = list) -> None:
        self.game, self.config, self.seed, self.speed = game, config, seed, speed
        self._kept = events, entries  # how this door keeps them (`truncate` keeps them the same way)
        paced = getattr(game, "bot_pace", None)  # rules/contract.py Paced: an optional capability
        self.pace = float(paced(config)) if paced is not None else 1.0
        self.state, setup = game.new_match(seed, config, now=now)
        self.events: Kept[Event] = events()  # raw: redacted per viewer on the way out
        self.events.extend(setup)
        self.log: Kept[Entry] = entries()  # the record's entries: moves, and ticks that changed the match
        self.version = version
        self.bots = BotPlans(game, seed)
        self.made: Counter[int] = Counter()  # moves per seat (turn-based decision seeds)
        self.claimed: Outcome | None = None  # a claim ends the match outside the game's rules
        self._last: tuple[Any, int, Any, Any, list[Event]] | None = None  # for undo's answer
        for seat, info in enumerate(config.seats):
            if info.bot:
                self.bots.seat(seat, info.bot)

    @classmethod
    def from_record(cls, record: MatchRecord, game: AnyGame | None = None, *, upto: int | None = None,
                    speed: float = 1.0, version: int = 0) -> Referee:
        """The match of `record` after its first `upto` entries (all: None), exactly.

        UnknownRules when this build does not have the record's rules; IllegalAction when the
        entries no longer fit, or a whole record does not reach its recorded outcome. `game`: a
        wrapper of the record's game (the golden transcript), else the registry's.
        """
        found = require_rules(record)
        referee = cls(game or found, record.config, record.seed, speed=speed, version=version)
        referee.replay(record.entries[:upto])
        reached, recorded = referee.outcome(), record.outcome  # the result must match; the detail is words
        if upto is None and recorded is not None and (reached is None or reached.result() != recorded.result()):
            raise IllegalAction(DIVERGED(why="outcome"))
        return referee

    def record(self) -> MatchRecord:
        """The match so far as one value (its outcome once over)."""
        return MatchRecord(self.game.name, self.game.rules_version, self.seed, self.config, tuple(self.log),
                           self.outcome())

    def replay(self, entries: Sequence[Entry]) -> None:
        """Apply recorded entries as they happened (each checked: entries that no longer fit raise).

        The one replay loop. An entry of a log written before ticks were recorded simply gains the
        tick entry its move's `tick(now)` now logs.
        """
        for entry in entries:
            if entry.seat is None:
                self._referee_entry(entry)
                continue
            action = self.game.action_from_json(entry.action)
            self.tick(entry.now)
            refusal = self.check(entry.seat, action, entry.now)
            if refusal is not None:
                raise IllegalAction(DIVERGED(why=refusal.code))
            self.apply(entry.seat, action, entry.now, entry.seq)

    def _referee_entry(self, entry: Entry) -> None:
        if entry.action == TICK:
            if not self.tick(entry.now):
                raise IllegalAction(DIVERGED(why="tick"))
            return
        if isinstance(entry.action, dict) and entry.action.get("type") == "claim":
            by = entry.action.get("by")
            if type(by) is not int or not 0 <= by < len(self.config.seats) or self.outcome() is not None:
                raise IllegalAction(DIVERGED(why="claim"))
            self.claim(by, entry.now)
            return
        raise IllegalAction(DIVERGED(why="entry"))

    # what anyone may ask ---------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """The result once the match is over (a claimed match included)."""
        return self.claimed or self.game.outcome(self.state)

    def waiting(self) -> tuple[int, ...]:
        """Seats that may act now (public)."""
        return tuple(self.game.waiting(self.state))

    def view(self, seat: int | None) -> Any:
        """What `seat` may know (None: the public view)."""
        return self.game.view(self.state, seat)

    def legal(self, seat: int, now: float) -> list[Any]:
        """The actions `seat` may take at `now`."""
        return list(self.game.legal_actions(self.state, seat, now))

    def check(self, seat: int, action: Any, now: float) -> Refusal | None:
        """None when `action` is allowed at `now`, else why not."""
        return MATCH_OVER() if self.outcome() is not None else self.game.check(self.state, seat, action, now)

    def redacted(self, viewer: int | None, start: int = 0) -> list[Event]:
        """The events from index `start` as `viewer` may see them."""
        return [self.game.redact(e, viewer) for e in self.events[start:]]

    # changes ---------------------------------------------------------------------------------
    def tick(self, now: float) -> list[Event]:
        """Let match time pass to `now` (real-time rounds end here); the events it caused."""
        if self.outcome() is not None:
            return []
        self.state, events = self.game.tick(self.state, now)
        if events:  # a round or the match ended (or began) by the clock: the record must say when
            self.log.append(Entry(now, None, dict(TICK)))
            self.events.extend(events)
            self.version += 1
        return list(events)

    def claim(self, by: int, now: float) -> None:
        """The seat left at the table takes the match (the door decided a claim is allowed)."""
        if self.outcome() is not None:
            raise IllegalAction(MATCH_OVER())
        scores = tuple(1.0 if s == by else 0.0 for s in range(len(self.config.seats)))
        self.claimed = Outcome.said((by,), scores, EndReason.ABANDONED, CLAIMED(name=self.config.seats[by].name))
        self.log.append(Entry(now, None, claim_action(by)))
        self.bots.plans.clear()
        self.version += 1

    def act(self, seat: int, action: Any, now: float, seq: int | None = None) -> list[Event]:
        """A person's move at `now`: applied, or refused with IllegalAction and the reason (a move
        that lost a race to the table's change is refused here, like any other)."""
        self.tick(now)
        refusal = self.check(seat, action, now)
        if refusal is not None:
            raise IllegalAction(refusal)
        events = self.apply(seat, action, now, seq)
        self.bots.plans.pop(seat, None)
        if self.game.realtime:
            self.bots.plans.clear()  # bots planned against a table that just changed: they think again
        return events

    def apply(self, seat: int, action: Any, now: float, seq: int | None = None) -> list[Event]:
        """Apply a move already checked and log it (with the relay's `seq` for a person's move)."""
        before = self.state
        self.state, events = self.game.apply(before, seat, action, now)
        self._last = (before, seat, action, self.state, events)
        self.log.append(Entry(now, seat, self.game.action_to_json(action), seq))
        self.made[seat] += 1
        self.events.extend(events)
        self.version += 1
        return events

    # bots ------------------------------------------------------------------------------------
    def plan_bots(self, now: float) -> list[Plan]:
        """Plans for bots that should start deciding now (the door runs `BotPlans.decide` on each)."""
        if self.outcome() is not None:
            return []
        return self.bots.plan(self.state, now, self.made, self.speed * self.pace)

    def bot_moves(self, now: float) -> list[int]:
        """Apply decided bot moves whose beat is over and that the rules still allow; the seats that
        moved (turn-based: at most one, so a screen can show each move before the next)."""
        moved: list[int] = []
        for plan in list(self.bots.plans.values()):
            if not plan.decided or plan.due > now:
                continue
            del self.bots.plans[plan.seat]
            if self._bot_move(plan, now):
                moved.append(plan.seat)
                if not self.game.realtime:
                    break
        return moved

    def _bot_move(self, plan: Plan, now: float) -> bool:
        if plan.action is None or plan.seat not in self.bots.bots or plan.seat not in self.waiting():
            return False
        if self.check(plan.seat, plan.action, now) is not None:
            return False  # the table moved on while it thought (real time): it will plan again
        self.apply(plan.seat, plan.action, now)
        return True

    # taking a move back ------------------------------------------------------------------------
    def undo_refusal(self, seat: int) -> Refusal | None:
        """None when `seat` may take back the log's last entry now, else why not (rules/undo.py)."""
        if self.outcome() is not None:
            return MATCH_OVER()
        final = None if self._last is None else why_final(self.game, *self._last)
        return undo_refusal(self.game, self.log, seat, final)

    def undo(self, seat: int) -> None:
        """Take back `seat`'s last move: the match as seed + config + the log without it."""
        reason = self.undo_refusal(seat)
        if reason is not None:
            raise IllegalAction(reason)
        self.truncate(len(self.log) - 1)
        self.version += 1

    def truncate(self, count: int) -> list[Entry]:
        """Keep the first `count` log entries (rebuilt from the seed); the entries dropped. Bots plan again."""
        kept, dropped = self.log[:count], self.log[count:]
        events, entries = self._kept
        again = Referee(self.game, self.config, self.seed, speed=self.speed, events=events, entries=entries)
        again.replay(kept)
        self.state, self.events, self.log = again.state, again.events, again.log
        self.made, self._last, self.claimed = again.made, again._last, again.claimed
        self.bots.plans.clear()
        return dropped
