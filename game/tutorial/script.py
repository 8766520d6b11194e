"""What a guided match is made of: steps, and the checks that say a step is over."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.text import tr
from rules.contract import Event, MatchConfig

if TYPE_CHECKING:
    from game.match.guided import GuidedTable
    from game.shell.scene import Scene


@dataclass
class Watch:
    """What a step's check may look at: the table, the scenes, and the events since the step began
    (redacted for the learner's seat, like everything the screen shows)."""

    table: GuidedTable
    scenes: list[Scene]
    seat: int
    events: list[Event] = field(default_factory=list)
    acted: int = 0  # moves the learner made (and the table accepted) during this step
    refused: int = 0  # moves the rules refused during this step

    @property
    def scene(self) -> Scene:
        """The table scene of the guided match."""
        return self.scenes[0]


Check = Callable[[Watch], bool]


@dataclass(frozen=True)
class Words:
    """A key of the guided matches' words (game/text/locale/<lang>/guided.po) and its parameters,
    worded only when shown: a step reads in the language of the moment. A parameter may be Words
    too (a button's own words, a stamp's name)."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return tr(self.key, **{k: str(v) if isinstance(v, Words) else v for k, v in self.params})


def w(key: str, **params: Any) -> Words:
    """Words for `key` with `params`."""
    return Words(key, tuple(params.items()))


Text = str | Words  # a plain str is shown as it is (tests' own steps)


def worded(text: Text) -> str:
    """What the player reads."""
    return str(text)


@dataclass(frozen=True)
class Step:
    """One thing to do (or read) and why.

    - An explanation has no `allow` or `done`: a Next button ends it, offered once its scripted
      moves are made and what it talks about is on screen. Its `target` (if any) is only
      spotlit, to show what the words are about; taps on it get the hint too.
    - A step with `allow` lets the learner make only moves that pass it; the table refuses the
      rest with `hint`. It is over when `done` holds, or (no `done`) after one allowed move.
    - A step with only `done` (e.g. "select these two cards") refuses every move.
    - `target` names what to spotlight, as the scenes' `tutorial_target` knows it, by a name that is the
      same in every language (a button by its key: "move:sell", never its words); taps elsewhere
      get `hint` and do nothing. `drag_to` is where the autopilot drops a dragged target.
    - `opponents` are scripted moves of bot seats, made one per beat when the step starts.
    - `free` is a stretch of free play: any legal move, bots think, the real-time clock runs.
    - `shows` names what the lines talk about (a line that says why, a coin pile): lit without a
      ring and kept clear of the panel, but never a target.
    - `also` names another way to do it that shows only at times (Take, once an item is chosen): lit
      with a ring and tappable while on screen, kept clear of the panel, never waited for.
    """

    lines: tuple[Text, ...]
    target: tuple[str, ...] = ()
    allow: Callable[[Any], bool] | None = None
    done: Check | None = None
    hint: Text = ""
    opponents: tuple[tuple[int, Any], ...] = ()
    drag_to: str = ""
    free: bool = False
    shows: tuple[str, ...] = ()
    also: tuple[str, ...] = ()

    @property
    def named(self) -> tuple[str, ...]:
        """Everything the step lights: its targets, the other ways to do it, what its words name."""
        return (*self.target, *self.also, *self.shows)

    @property
    def is_explanation(self) -> bool:
        """Read it and tap Next."""
        return self.allow is None and self.done is None and not self.free

    def permits(self, action: Any) -> bool:
        """May the learner make this move now?"""
        if self.free:
            return True
        return self.allow is not None and self.allow(action)

    def hint_text(self) -> str:
        """What a tap off the script is told, in the player's language."""
        if self.hint:
            return worded(self.hint)
        return tr("guide.hint.next") if self.is_explanation else tr("guide.hint.lit")

    def words(self) -> tuple[str, ...]:
        """The step's lines in the player's language."""
        return tuple(worded(line) for line in self.lines)


@dataclass(frozen=True)
class Guide:
    """One game's guided match: the deal (seed + seats, the learner in seat 0) and its steps."""

    game: str
    seed: int
    config: MatchConfig
    steps: tuple[Step, ...]
    minutes: int = 4  # what the offer promises

    def __post_init__(self) -> None:
        if self.config.seats[0].bot is not None or any(s.bot is None for s in self.config.seats[1:]):
            raise ValueError("a guide seats the learner in seat 0 and bots everywhere else")


# checks ------------------------------------------------------------------------------------------
def happened(*kinds: str, seat: int | None = None) -> Check:
    """Over once an event of one of `kinds` (by `seat`, if given) happened during the step."""
    def check(watch: Watch) -> bool:
        return any(e.kind in kinds and (seat is None or e.seat == seat) for e in watch.events)
    return check


def moved(times: int = 1) -> Check:
    """Over once the learner made `times` allowed moves during the step."""
    return lambda watch: watch.acted >= times


def refused(times: int = 1) -> Check:
    """Over once the rules refused a move of the learner's (a lesson about a reason)."""
    return lambda watch: watch.refused >= times


def both(*checks: Check) -> Check:
    """Over when every check holds."""
    return lambda watch: all(c(watch) for c in checks)


def scene_says(test: Callable[[Any], bool]) -> Check:
    """Over when `test(table_scene)` holds (a selection made, a panel open)."""
    return lambda watch: bool(test(watch.scene))
