"""Swap Meet's guided match: round 1 on a fixed deal, with two scripted bots.

Seed 33, three seats: you hold Dockside Haul (5 Crate, 3 Sack) with 3 Crate, 1 Sack, 2 Coin,
2 Rack and Inside Trading. Basil (Pedlar's Pack) holds 4 Crates and needs Coins; Cobalt (Rack
Yard) holds 3 Sacks and needs Racks. You open and pull an offer, swap your Coins for Basil's
Crates (the market heats), pin Crate, peek at Cobalt, list your Racks for Cobalt to take with
Sacks, and cash out on the exact match. The summary and a slam are explained, then round 2 is
free trading with easy bots on a 60 s clock; the lesson ends when that round's summary closes
(its Next round button or its countdown), so the learner sees how their own round scored.
About 17 steps × 8 s of reading, three 1.1 s beats and up to 60 s of free play: about 3½ minutes.
"""

from __future__ import annotations

from typing import Any

from game.text import tr
from game.tutorial.script import Guide, Step, happened, scene_says, w
from rules.contract import MatchConfig, SeatConfig
from rules.swap_meet.actions import CashOut, NextRound, OpenOffer, Peek, PinBank, Pull, Swap
from rules.swap_meet.data import INSIDE

SEED = 33
YOU, BASIL, COBALT = 0, 1, 2
# Offer ids count up through the match: your first offer (pulled) is 1, Basil's is 2, your second 3.
BASIL_OFFER, YOUR_RACKS = 2, 3


def _picked(kind: str, count: int) -> Any:
    """Over when your selection is `count` cards of `kind`."""
    return scene_says(lambda scene: (scene.sel[YOU].kind, scene.sel[YOU].count) == (kind, count))


def _is(cls: type, **fields: Any) -> Any:
    """Allow only a `cls` move with these field values."""
    return lambda a: isinstance(a, cls) and all(getattr(a, k) == v for k, v in fields.items())


OPEN, PULL, CASH = w("guide.sm.button.open"), w("guide.sm.button.pull"), w("guide.sm.button.cash")
SWAP, PEEK, NEXT_ROUND = w("guide.sm.button.swap"), w("guide.sm.button.peek"), w("guide.sm.button.next")


def _steps() -> tuple[Step, ...]:
    return (
        Step((w("guide.sm.welcome"), w("guide.sm.clock_stopped"))),
        Step((w("guide.sm.contract"), w("guide.sm.contract.trade")), target=("contract",), shows=("hand",),
             hint=w("guide.sm.contract.hint")),
        Step((w("guide.sm.offer"),), target=("card:rack",), shows=("hint",), done=_picked("rack", 2),
             hint=w("guide.sm.racks.hint")),
        Step((w("guide.sm.open", button=OPEN),), target=("button:open",), shows=("hint",),
             allow=_is(OpenOffer, kind="rack", count=2), hint=w("guide.tap", button=OPEN)),
        Step((w("guide.sm.pull", button=PULL),), target=("button:pull",), shows=("hint",), allow=_is(Pull),
             hint=w("guide.tap", button=PULL)),
        Step((w("guide.sm.basil_offers"), w("guide.sm.coins")), target=("card:coin",),
             shows=("hint", f"rival:{BASIL}"), opponents=((BASIL, OpenOffer("crate", 2)),), done=_picked("coin", 2),
             hint=w("guide.sm.coins.hint")),
        Step((w("guide.sm.swap", button=SWAP),), target=(f"swap:{BASIL}",), shows=("hint",),
             allow=_is(Swap, target=BASIL), hint=w("guide.sm.swap.hint", button=SWAP)),
        Step((w("guide.sm.heat"), w("guide.sm.heat.pay")), target=("meter:crate", "meter:coin"), shows=("contract",),
             hint=w("guide.sm.heat.hint")),
        Step((w("guide.sm.bank"), w("guide.sm.pin")), target=("meter:crate",), allow=_is(PinBank, kind="crate"),
             hint=w("guide.sm.pin.hint")),
        Step((w("guide.sm.inside"), w("guide.sm.peek", button=PEEK)), target=(f"peek:{COBALT}",),
             shows=(f"action:{INSIDE}",), allow=_is(Peek, target=COBALT), hint=w("guide.sm.peek.hint", button=PEEK)),
        Step((w("guide.sm.rack_yard"), w("guide.sm.pick_racks")), target=("card:rack",),
             shows=(f"rival:{COBALT}", "hand", "hint"), done=_picked("rack", 2), hint=w("guide.sm.racks.hint")),
        Step((w("guide.sm.open_again", button=OPEN),), target=("button:open",), shows=(f"rival:{COBALT}", "hint"),
             allow=_is(OpenOffer, kind="rack", count=2), hint=w("guide.tap", button=OPEN)),
        Step((w("guide.sm.cobalt_takes"), w("guide.sm.cash", button=CASH)), target=("button:cash",),
             shows=("contract", "hand"), allow=_is(CashOut), opponents=((COBALT, Swap(YOU, "sack", YOUR_RACKS)),),
             hint=w("guide.tap", button=CASH)),
        Step((w("guide.sm.scores"), w("guide.sm.scores.missed")), target=("summary:scores",),
             hint=w("guide.sm.scores.hint")),
        Step((w("guide.sm.slam"), w("guide.sm.slam.locks"), w("guide.sm.slam.stray"))),
        Step((w("guide.sm.next", button=NEXT_ROUND),), target=("round:next",), allow=_is(NextRound),
             hint=w("guide.tap", button=NEXT_ROUND)),
        Step((w("guide.sm.round2"), w("guide.sm.round2.crash")), free=True, shows=("market", "clock"),
             done=happened("round_start")),  # over once its summary is read and closed
    )


def guide() -> Guide:
    """Swap Meet's guided match (three seats, easy bots, a 60 s round for the free finish)."""
    seats = (SeatConfig(tr("guide.seat.you")), SeatConfig("Basil", "easy"), SeatConfig("Cobalt", "easy"))
    return Guide("swap-meet", SEED, MatchConfig(seats, {"round_seconds": 60}), _steps(), minutes=4)
