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

from game.tutorial.script import Guide, Step, happened, scene_says
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
TAKE = "button:Take  ›"  # the Collect phase's Take button, shown once an item is chosen


def _basil(*actions: Any) -> tuple[tuple[int, Any], ...]:
    return tuple((BASIL, a) for a in actions)


def _take(item: str, basil: str, lines: tuple[str, ...], name: str, space: int, shows: tuple[str, ...] = ()) -> Step:
    """Basil takes `basil`, then the learner takes `item` from the pool into Daily Collection `space`
    (by a second tap on it or by Take, as the hint says: Take is the step's `also`)."""
    return Step(lines, target=(f"item:{item}",), also=(TAKE,), allow=lambda a: a == Take(item),
                opponents=_basil(Take(basil)), shows=(f"zone:space{space}", *shows),
                hint=f"Tap the lit {name} in the pool, then tap it again (or Take).")


def _split(zones: dict[str, str]) -> Any:
    """Over when the learner's split screen holds these items in these boxes."""
    return scene_says(lambda scene: all(scene.split.get(k) == z for k, z in zones.items()))


def _into(items: tuple[str, ...], zone: str, plan: dict[str, str], lines: tuple[str, ...], hint: str) -> Step:
    """Drag `items` into a split box; over when the whole plan so far holds."""
    return Step(lines, target=(*(f"item:{k}" for k in items), f"zone:{zone}"), drag_to=f"zone:{zone}",
                done=_split(plan), hint=hint)


def _place(item: str, row: int, col: int, lines: tuple[str, ...], name: str, basil: tuple[Any, ...]) -> Step:
    spot = f"spot:{item}@{row},{col}"
    return Step(lines, target=(f"item:{item}", spot), drag_to=spot, allow=lambda a: a == Place(item, row, col),
                opponents=_basil(*basil), hint=f"Drag the {name} onto the lit spot in your album.")


def _prepared(action: Any) -> bool:
    return (isinstance(action, Prepare) and action.reserve == RESERVE and set(action.pile_a) == set(PILE_A)
            and set(action.pile_b) == set(PILE_B))


def _collect() -> tuple[Step, ...]:
    takes = iter(BASIL_TAKES)
    return (
        _take("framer", next(takes), (
            "Collect: Basil and you take turns, one pool item each, until you both have six.",
            "Take the Framer: an exhibitor scores at every Show, this one 2 per full album row.",
            "One tap chooses an item (point at it for details), a second tap or Take takes it."), "Framer", 0,
              shows=("zone:myalbum",)),
        _take("hidden-1", next(takes), (
            "A face-down stamp is a surprise for the others, not for you: whoever takes one may look at it.",
            "Take the lit face-down stamp."), "face-down stamp", 1),
        Step(("You peeked: it is a Red Mountain 1x2 worth +1. The small mark in its corner means Basil still "
              "sees only its back.", "Everyone sees it once the pile choice is complete."),
             shows=("item:hidden-1",)),
        _take("blue-bird-3", next(takes), (
            "Take the Blue Bird 1x3 (+4): a long stamp fills most of an album row.",), "Blue Bird 1x3", 2),
        _take("green-train-1", next(takes), (
            "Take the Green Train 1x3. Its printed value (+2) counts at the Final Show, after Sunday.",),
            "Green Train 1x3", 3),
        _take("yellow-mountain-1", next(takes), (
            "Take the Yellow Mountain 2x1 (+3). Stamps stay upright: a 2x1 is two squares tall.",),
            "Yellow Mountain 2x1", 4),
        _take("forever-blue-flower", next(takes), (
            "Last pick: the Blue Flower Forever (+2). Most 1x1 forever stamps wins a bonus at the Final Show.",),
            "Blue Flower Forever", 5),
        Step(("You took the last item, so the first-player token is yours: +2 at the Show, and you choose a "
              "pile first.", "The Swap: you both reserve one item and split the other five into two piles."),
             shows=("seat:0", "zone:reserve", "zone:a", "zone:b")),
    )


def _swap() -> tuple[Step, ...]:
    plan = {RESERVE: "reserve"}
    reserve = Step(("Reserve one item: it stays yours whatever happens. Drag the Framer into Reserve.",),
                   target=(f"item:{RESERVE}", "zone:reserve"), drag_to="zone:reserve", done=_split(plan),
                   opponents=_basil(BASIL_SPLIT),
                   hint="Drag the Framer into the Reserve box (or tap it, then the box).")
    plan_a = {**plan, **dict.fromkeys(PILE_A, "a")}
    plan_b = {**plan_a, **dict.fromkeys(PILE_B, "b")}
    return (
        reserve,
        _into(PILE_A, "a", plan_a, ("Basil will take one of your piles and leave you the other.",
                                    "Put the Blue Bird and the Red Mountain in Pile A."),
              "Drag the lit stamps into Pile A."),
        _into(PILE_B, "b", plan_b, ("Put the other three in Pile B: split so that you would be glad to keep "
                                    "either pile.",), "Drag the lit items into Pile B."),
        Step(("Tap Ready. Basil split his six at the same time, without seeing yours.",),
             target=("button:Ready  ›",), allow=_prepared, hint="Tap Ready."),
        Step(("Both splits are shown. You hold the token, so you choose first: take Basil's Pile A, the Yellow "
              "Flower 3x1 (+2) and the Alpinist (1 per mountain stamp at every Show).",),
             target=("pile:1.0",), allow=lambda a: a == TakePile(BASIL, 0), hint="Tap Basil's lit Pile A."),
        Step(("Basil gets his other pile back, and now takes one of yours ...",),
             opponents=_basil(TakePile(0, 1)), done=happened("pile_taken", seat=BASIL),
             hint="Wait a moment: Basil is choosing."),
    )


def _show() -> tuple[Step, ...]:
    return (
        Step(("Basil took your Pile B, so Pile A came back to you. Face-down stamps are now shown to all.",
              "The Show: every stamp you hold must go into your 4 × 5 album."),
             shows=("zone:album", "zone:pending")),
        _place("blue-bird-3", 1, 0, ("Stamps go upright into empty squares and never move again.",
                                     "Drag the Blue Bird onto the lit spot."), "Blue Bird", BASIL_SHOW[:3]),
        _place("hidden-1", 1, 3, ("Now the Red Mountain beside it: the row is full, and your Framer scores 2 "
                                  "for every full row.",), "Red Mountain", BASIL_SHOW[3:]),
        Step(("The tall Yellow Flower 3x1 now fits nowhere. A stamp that cannot be placed is discarded at once "
              "for its printed value: +2 for you.", "A faded stamp (a minus value) would cost you instead."),
             shows=("zone:pending",)),
        Step(("Score the Show: your exhibitors (Framer 2, Alpinist 1), the token (2) and one contest.",
              "Tap Long Lines: your ticket goes on it, so you cannot score it again on a later day."),
             target=(f"contest:{CONTEST}",), shows=("seat:0",), allow=lambda a: a == ChooseContest(CONTEST),
             opponents=_basil(ChooseContest(CONTEST)), hint="Tap the lit Long Lines card."),
        Step(("Friday is scored. Saturday and Sunday bring new pools and go the same way.",
              "After Sunday, the Final Show adds album values, forever majorities and the finale: most points "
              "wins. (This lesson ends here.)")),
    )


def guide() -> Guide:
    """Friday of Stamp Swap, the learner against Basil."""
    steps = (
        Step(("Welcome to Stamp Swap! Over three days you collect stamps, swap some away, and show them in "
              "your album for points.", "This guided match plays Friday against Basil, one phase at a time."),),
        *_collect(),
        *_swap(),
        *_show(),
    )
    return Guide("stamp-swap", SEED, MatchConfig((SeatConfig("You"), SeatConfig("Basil", "normal"))), steps,
                 minutes=4)
