"""Stamp Swap's guided match: Friday against Basil, from the first pick to the Show's scores.

Seed 3136 deals a quiet Friday (no special rule) whose pool has no specialists, a Framer, a
face-down Red Mountain 1x2 and the stamps for the story: the learner collects the Framer, peeks at
the face-down stamp, reserves the Framer, splits the rest, takes Basil's pile with a tall 3x1,
fills album row 2 for the Framer so the 3x1 fits nowhere (a discard for its value), and scores the
Framer, the Alpinist, the token and Long Lines with a ticket. Basil's moves are all scripted.
About 21 steps x 8 s of reading plus 15 scripted beats: under four minutes.
"""

from __future__ import annotations

from typing import Any

from game.text import tr
from game.tutorial.script import Guide, Step, Words, happened, scene_says, w
from rules.contract import MatchConfig, SeatConfig
from rules.stamp_swap.actions import ChooseContest, Place, Prepare, Take, TakePile

SEED = 3136
BASIL = 1
RESERVE = "framer"
PILE_A = ("blue-bird-3", "hidden-1")  # kept: Basil takes pile B
PILE_B = ("green-train-1", "yellow-mountain-1", "forever-blue-flower")
BASIL_TAKES = ("blue-bird-1", "yellow-flower-3", "alpinist", "blue-mountain-1", "forever-red-bird", "mariner")
BASIL_SPLIT = Prepare("blue-bird-1", ("yellow-flower-3", "alpinist"),
                      ("blue-mountain-1", "forever-red-bird", "mariner"))
BASIL_SHOW = (Place("blue-mountain-1", 0, 0), Place("forever-red-bird", 0, 1), Place("green-train-1", 0, 2),
              Place("yellow-mountain-1", 1, 1), Place("forever-blue-flower", 1, 2), Place("blue-bird-1", 1, 3))
CONTEST = "contest-long"
TAKE = "collect:take"  # the Collect phase's Take button (its key), shown once an item is chosen
TAKE_WORDS = w("guide.ss.button.take")  # the button's words as the lesson says them
READY_WORDS = w("guide.ss.button.ready")


def _name(item: str) -> Words:
    """How the lesson calls an item."""
    return w(f"guide.ss.name.{item}")


def _basil(*actions: Any) -> tuple[tuple[int, Any], ...]:
    return tuple((BASIL, a) for a in actions)


def _take(item: str, basil: str, lines: tuple[Words, ...], space: int, shows: tuple[str, ...] = ()) -> Step:
    """Basil takes `basil`, then the learner takes `item` from the pool into Daily Collection `space`
    (by a second tap on it or by Take, as the hint says: Take is the step's `also`)."""
    return Step(lines, target=(f"item:{item}",), also=(TAKE,), allow=lambda a: a == Take(item),
                opponents=_basil(Take(basil)), shows=(f"zone:space{space}", *shows),
                hint=w("guide.ss.take.hint", name=_name(item), button=TAKE_WORDS))


def _split(zones: dict[str, str]) -> Any:
    """Over when the learner's split screen holds these items in these boxes."""
    return scene_says(lambda scene: all(scene.split.get(k) == z for k, z in zones.items()))


def _into(items: tuple[str, ...], zone: str, plan: dict[str, str], lines: tuple[Words, ...], hint: Words) -> Step:
    """Drag `items` into a split box; over when the whole plan so far holds."""
    return Step(lines, target=(*(f"item:{k}" for k in items), f"zone:{zone}"), drag_to=f"zone:{zone}",
                done=_split(plan), hint=hint)


def _place(item: str, row: int, col: int, lines: tuple[Words, ...], name: str, basil: tuple[Any, ...]) -> Step:
    spot = f"spot:{item}@{row},{col}"
    return Step(lines, target=(f"item:{item}", spot), drag_to=spot, allow=lambda a: a == Place(item, row, col),
                opponents=_basil(*basil), hint=w("guide.ss.place.hint", name=_name(name)))


def _prepared(action: Any) -> bool:
    return (isinstance(action, Prepare) and action.reserve == RESERVE and set(action.pile_a) == set(PILE_A)
            and set(action.pile_b) == set(PILE_B))


def _collect() -> tuple[Step, ...]:
    takes = iter(BASIL_TAKES)
    return (
        _take("framer", next(takes), (w("guide.ss.collect"), w("guide.ss.framer"),
                                      w("guide.ss.one_tap", button=TAKE_WORDS)), 0, shows=("zone:myalbum",)),
        _take("hidden-1", next(takes), (w("guide.ss.face_down"), w("guide.ss.face_down.take")), 1),
        Step((w("guide.ss.peeked"), w("guide.ss.peeked.all")), shows=("item:hidden-1",)),
        _take("blue-bird-3", next(takes), (w("guide.ss.blue_bird"),), 2),
        _take("green-train-1", next(takes), (w("guide.ss.green_train"),), 3),
        _take("yellow-mountain-1", next(takes), (w("guide.ss.yellow_mountain"),), 4),
        _take("forever-blue-flower", next(takes), (w("guide.ss.last_pick"),), 5),
        Step((w("guide.ss.token"), w("guide.ss.the_swap")), shows=("seat:0", "zone:reserve", "zone:a", "zone:b")),
    )


def _swap() -> tuple[Step, ...]:
    plan = {RESERVE: "reserve"}
    reserve = Step((w("guide.ss.reserve"),), target=(f"item:{RESERVE}", "zone:reserve"), drag_to="zone:reserve",
                   done=_split(plan), opponents=_basil(BASIL_SPLIT), hint=w("guide.ss.reserve.hint"))
    plan_a = {**plan, **dict.fromkeys(PILE_A, "a")}
    plan_b = {**plan_a, **dict.fromkeys(PILE_B, "b")}
    return (
        reserve,
        _into(PILE_A, "a", plan_a, (w("guide.ss.pile_a.why"), w("guide.ss.pile_a")), w("guide.ss.pile_a.hint")),
        _into(PILE_B, "b", plan_b, (w("guide.ss.pile_b"),), w("guide.ss.pile_b.hint")),
        Step((w("guide.ss.ready", button=READY_WORDS),), target=("split:ready",), allow=_prepared,
             hint=w("guide.tap", button=READY_WORDS)),
        Step((w("guide.ss.choose"),), target=("pile:1.0",), allow=lambda a: a == TakePile(BASIL, 0),
             hint=w("guide.ss.choose.hint")),
        Step((w("guide.ss.basil_takes"),), opponents=_basil(TakePile(0, 1)), done=happened("pile_taken", seat=BASIL),
             hint=w("guide.ss.basil_takes.hint")),
    )


def _show() -> tuple[Step, ...]:
    return (
        Step((w("guide.ss.pile_back"), w("guide.ss.the_show")), shows=("zone:album", "zone:pending")),
        _place("blue-bird-3", 1, 0, (w("guide.ss.upright"), w("guide.ss.upright.drag")), "blue-bird", BASIL_SHOW[:3]),
        _place("hidden-1", 1, 3, (w("guide.ss.row_full"),), "red-mountain", BASIL_SHOW[3:]),
        Step((w("guide.ss.discard"), w("guide.ss.faded")), shows=("zone:pending",)),
        Step((w("guide.ss.score"), w("guide.ss.contest")), target=(f"contest:{CONTEST}",), shows=("seat:0",),
             allow=lambda a: a == ChooseContest(CONTEST), opponents=_basil(ChooseContest(CONTEST)),
             hint=w("guide.ss.contest.hint")),
        Step((w("guide.ss.friday"), w("guide.ss.final_show"))),
    )


def guide() -> Guide:
    """Friday of Stamp Swap, the learner against Basil."""
    steps = (
        Step((w("guide.ss.welcome"), w("guide.ss.welcome.friday"))),
        *_collect(),
        *_swap(),
        *_show(),
    )
    seats = (SeatConfig(tr("guide.seat.you")), SeatConfig("Basil", "normal"))  # as the lesson opens
    return Guide("stamp-swap", SEED, MatchConfig(seats), steps, minutes=4)
