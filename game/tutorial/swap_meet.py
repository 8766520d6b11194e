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

from game.tutorial.script import Guide, Step, happened, scene_says
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


def _steps() -> tuple[Step, ...]:
    return (
        Step(("Welcome to Swap Meet: no turns, everyone trades at once.",
              "The round clock is stopped while you learn; it runs at the end.")),
        Step(("Your secret contract, Dockside Haul: exactly 5 Crates and 3 Sacks.",
              "You hold 3 and 1. Trade your spare Coins and Racks for the rest."),
             target=("contract",), shows=("hand",), hint="Read the contract, then tap Next."),
        Step(("An offer shows cards of one type. Tap + on your Racks twice to pick both.",),
             target=("card:rack",), shows=("hint",), done=_picked("rack", 2), hint="Tap + beside your Racks."),
        Step(("Open offer lists your 2 Racks; they stay in your hand until a swap.",),
             target=("button:Open offer",), shows=("hint",), allow=_is(OpenOffer, kind="rack", count=2),
             hint="Tap Open offer."),
        Step(("Changed your mind? Pull takes your offer down.",),
             target=("button:Pull",), shows=("hint",), allow=_is(Pull), hint="Tap Pull."),
        Step(("Basil offers 2 Crates. A swap pays the same count of another type.",
              "Tap + on your Coins twice: your contract needs none."),
             target=("card:coin",), shows=("hint", f"rival:{BASIL}"), opponents=((BASIL, OpenOffer("crate", 2)),),
             done=_picked("coin", 2),
             hint="Tap + beside your Coins."),
        Step(("Now tap Swap on Basil's row: 2 Coins for 2 Crates.",),
             target=(f"swap:{BASIL}",), shows=("hint",), allow=_is(Swap, target=BASIL),
             hint="Tap Swap on Basil's row."),
        Step(("A trade heats both types, +0.05× a card: Crate and Coin are 1.10×.",
              "Contracts pay base × their types' average: heat what you need."),
             target=("meter:crate", "meter:coin"), shows=("contract",), hint="Look at the meters, then tap Next."),
        Step(("Miss the contract and you bank a secret type: count × market × 10.",
              "Other resources cost 5 each. Tap the Crate meter to pin Crate."),
             target=("meter:crate",), allow=_is(PinBank, kind="crate"), hint="Tap the Crate meter."),
        Step(("Your action card, Inside Trading, shows one rival's contract.",
              "Tap Peek on Cobalt's row."),
             target=(f"peek:{COBALT}",), shows=(f"action:{INSIDE}",), allow=_is(Peek, target=COBALT),
             hint="Tap Peek on Cobalt's row."),
        Step(("Cobalt's Rack Yard needs 5 Racks — and your 2 Racks are spare.",
              "Tap + on your Racks twice to pick them."),
             target=("card:rack",), shows=(f"rival:{COBALT}", "hand", "hint"), done=_picked("rack", 2),
             hint="Tap + beside your Racks."),
        Step(("Open the offer: Cobalt should want it.",),
             target=("button:Open offer",), shows=(f"rival:{COBALT}", "hint"),
             allow=_is(OpenOffer, kind="rack", count=2), hint="Tap Open offer."),
        Step(("Cobalt takes your Racks for 2 Sacks: now 5 Crates, 3 Sacks, exactly.",
              "Cash out locks the round on an exact match, +10 to the locker. Tap it."),
             target=("button:Cash out",), shows=("contract", "hand"), allow=_is(CashOut),
             opponents=((COBALT, Swap(YOU, "sack", YOUR_RACKS)),), hint="Tap Cash out."),
        Step(("Every stall scores. You: base 88 × average market, +10 for locking.",
              "Basil and Cobalt missed: each banked a type, −5 per other card."),
             target=("summary:scores",), hint="Read the scores, then tap Next."),
        Step(("The other lock is a slam: 6 or more of one type, no other resource.",
              "It locks the moment a hand turns pure, +10.",
              "Action cards may stay; one stray resource blocks it."),),
        Step(("Tap Next round: this time you trade on your own.",),
             target=("button:Next round  ›",), allow=_is(NextRound), hint="Tap Next round."),
        Step(("Round 2 is yours: 60 s on the clock, and the bots trade too.",
              "New contract, new cards. Market Crash halves a type you don't need."),
             free=True, shows=("market", "clock"),
             done=happened("round_start")),  # over once its summary is read and closed
    )


def guide() -> Guide:
    """Swap Meet's guided match (three seats, easy bots, a 60 s round for the free finish)."""
    seats = (SeatConfig("You"), SeatConfig("Basil", "easy"), SeatConfig("Cobalt", "easy"))
    return Guide("swap-meet", SEED, MatchConfig(seats, {"round_seconds": 60}), _steps(), minutes=4)
