"""The table's beats: what arrives at once is shown one decision at a time.

A batch of events (one move and everything it set off: a pile choice that ends the Swap also
returns piles, lets a seat keep both of its own, reveals stamps and starts the Show) is cut into
stages. Each stage has a length; every stage but the last shows a view folded from the one on
screen by that stage's events (the table's own view is already at the end of the chain), and a
stage that ends the day keeps the Show's table under the summary.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.contract import Event

View = dict[str, Any]

# Seconds each kind of event holds the table (times the bot speed); the longest in a stage counts.
BEATS = {"take": 0.6, "token_claimed": 0.8, "ready": 0.4, "piles_shown": 1.4, "pile_taken": 1.8,
         "kept_both": 2.2, "revealed": 0.8, "phase": 1.2, "placed": 0.7, "discarded": 1.6,
         "show_scored": 1.2, "day_start": 2.0, "specialist": 1.0, "points": 0.8}
POINT = 1.0  # seconds a chosen pile is pointed at (who takes it) before it moves
OPENS = {"piles_shown", "pile_taken", "kept_both", "phase", "day_start", "final_show"}  # each starts a new stage


@dataclass
class Stage:
    """Events shown together: `fold` means show the folded view, `freeze` means the day is over."""

    public: list[Event] = field(default_factory=list)
    mine: list[Event] = field(default_factory=list)
    fold: bool = False
    freeze: bool = False
    pointed: bool = False  # its chosen pile has been pointed at already

    def seconds(self, speed: float) -> float:
        """How long this stage holds the table."""
        return max([BEATS.get(e.kind, 0.0) for e in self.public] + [0.0]) * speed


def stages(public: list[Event], mine: list[Event]) -> list[Stage]:
    """Cut one batch into stages (public words and the shown seat's events side by side)."""
    paired = len(public) == len(mine)
    out: list[Stage] = []
    for k, event in enumerate(public):
        if not out or event.kind in OPENS or out[-1].freeze:
            out.append(Stage())
        stage = out[-1]
        stage.public.append(event)
        if paired:
            stage.mine.append(mine[k])
        stage.freeze = stage.freeze or event.kind == "day_end"
    if not out:
        return []
    if not paired:
        out[-1].mine = list(mine)
    for stage, nxt in zip(out, out[1:]):
        stage.fold = True  # the table's view is already past it: fold the one on screen instead
        nxt.mine = [e for e in stage.mine if e.kind == "revealed"] + nxt.mine  # flipped where the face is known
        stage.mine = [e for e in stage.mine if e.kind != "revealed"]
    return out


def pile_choice(stage: Stage) -> tuple[int, int, int] | None:
    """(owner, pile, taker) when this stage is a pile being taken."""
    event = next((e for e in stage.public if e.kind == "pile_taken" and e.seat is not None), None)
    if event is None or event.seat is None:
        return None
    return int(event.data["owner"]), int(event.data["pile"]), event.seat


def day_moment(stage: Stage) -> dict[str, Any] | None:
    """The new day's banner for a stage that starts a day (its name and what the pool holds)."""
    event = next((e for e in stage.public if e.kind == "day_start"), None)
    if event is None:
        return None
    return {"day": event.data["day_name"], "items": len(event.data["pool"])}


def _seat(view: View, i: int) -> dict[str, Any]:
    seat = dict(view["seats"][i])
    view["seats"][i] = seat
    return seat


def fold(view: View, events: list[Event]) -> View:
    """The shown view moved on by pile choices, kept piles and Show scores (nothing else changes)."""
    out = {**view, "seats": list(view["seats"]), "waiting": [], "turn": None, "contests": list(view["contests"])}
    for event in events:
        d = event.data
        if event.kind == "pile_taken" and event.seat is not None:
            owner = _seat(out, d["owner"])
            piles = owner.get("piles") or [[], []]
            taken, other = piles[d["pile"]], piles[1 - d["pile"]]
            owner.update(piles=None, offered=False, holding=[*owner["holding"], *other])
            taker = _seat(out, event.seat)
            taker.update(holding=[*taker["holding"], *taken], chosen=True)
        elif event.kind == "kept_both" and event.seat is not None:
            seat = _seat(out, event.seat)
            piles = seat.get("piles") or []
            seat.update(piles=None, offered=False, chosen=True,
                        holding=[*seat["holding"], *(i for p in piles for i in p)])
        elif event.kind == "show_scored" and event.seat is not None:
            seat = _seat(out, event.seat)
            seat.update(show_done=True, pending=[], tickets=[*seat["tickets"], d["contest"]],
                        score=seat["score"] + sum(d["points"].values()))
            out["contests"] = [{**c, "tickets": [*c["tickets"], event.seat]} if c["id"] == d["contest"] else c
                               for c in out["contests"]]
    return out
