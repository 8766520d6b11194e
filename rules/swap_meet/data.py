"""Swap Meet data tables and the design decisions the seed leaves open.

Time: every `now` is *match clock seconds* — a clock the client keeps and stops while a local
game is paused (autoplay uses a simulated clock). The rules never read a clock themselves.

Decisions (also shown in-game, see help.py):
- Deck: per resource type 2 × seats + 2 cards (3 seats: 8 of each, 4: 10, 6: 14). Every round is
  a fresh deal of the whole deck: each seat gets HAND_SIZE (8) resources, the rest of the
  resources are set aside face down and take no part in the round. The deck is reshuffled until
  no hand holds more than DEAL_MAX_OF_TYPE (4) of one type; then, in a freshly shuffled contract
  order, each seat in turn takes the first unused contract its hand is at least DEAL_MIN_MISSING
  (4) cards short of (if a seat has none left, the whole deal is redone). So a round never starts
  near a slam or a cash out: everyone needs at least two trades, which keeps a round long enough
  for people to read the table. The market restarts at 1.0x every round.
- Action cards: the action deck holds ACTION_COPIES of each card (doubled for 5–6 seats); each
  seat is dealt exactly one action card per round, the rest are set aside. Used action cards go
  to the discard pile.
- Contracts: every recipe totals 8 resources, the hand size, so an unaudited hand can match it
  exactly (an audited hand cannot until a takeover brings its count back). Concentrated recipes
  are harder and pay more (see CONTRACTS). Each seat gets a different contract each round.
- Offers: 1 to all the cards you hold of one type (the seed's "1–N cards of the same type"). A
  seat has at most one open offer; opening a new one replaces it. A swapper gives its loose cards
  (not in its own offer) of the chosen type first, lowest ids first.
- Bank type default: the type you hold most of; ties go to the higher current multiplier, then
  to the table order Crate, Sack, Coin, Rack.
- Extra resource: every resource in your hand that is not of your banked type.
- Loose resource (Tax Audit): a resource that is not listed in your open offer. Tax Audit hits
  every seat, the auditor too (the seed: "everyone discards"), the auditor first, then clockwise;
  a seat with no loose resource discards nothing.
- Hostile Takeover steals one random resource (from anywhere in the hand; an offer shrinks if
  needed) from the current high score: the other seat with the highest match total from the
  rounds already played; ties go to the seat holding more resources, then to the first tied
  seat clockwise from the taker.
- Slam locks automatically the moment a hand becomes pure (no tap). If one action makes several
  hands pure, the acting seat locks if it is pure, else the first pure seat clockwise from it.
- Pace (bots.py): bots wake every 1.0–2.5 s (hard and normal 1.0–2.0, easy 1.4–2.5), spend the
  first 5–6 s of a round reading the deal, let most wake-ups pass "thinking" (about 80% at 4
  seats, scaled so the pit's pace holds at 3–6 seats), take only swaps that clearly help, and list
  another spare type when an offer sits untaken, so every end path (cash out, slam, timer) stays
  live in a round of under a minute. Big offers feed slams, and an audit leaves every hand at 7
  cards, so no contract can cash out after it until a takeover. `rules.swap_meet.balance`
  measures the end paths; its runs are logged in docs/results.md.
- Rounds: after a lock the table shows the summary for SUMMARY_SECONDS (option
  "summary_seconds", 0–60) and then the next round starts automatically in `tick`; the
  NextRound action (any seat; the UI gives it to the host) skips the wait. The match ends the
  moment round ROUNDS locks. On one device with people at it the client holds the match clock
  while a summary shows (game/scenes/swap_meet/gate.py), so this timer never runs out there and
  the round deals when every person has pressed Next; online (and in a demo) the timer stands.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

CRATE, SACK, COIN, RACK = "crate", "sack", "coin", "rack"
RESOURCES: tuple[str, ...] = (CRATE, SACK, COIN, RACK)

CRASH, INSIDE, AUDIT, TAKEOVER = "market_crash", "inside_trading", "tax_audit", "hostile_takeover"
ACTION_CARDS: tuple[str, ...] = (CRASH, INSIDE, AUDIT, TAKEOVER)
ACTION_TITLES: Mapping[str, str] = {
    CRASH: "Market Crash",
    INSIDE: "Inside Trading",
    AUDIT: "Tax Audit",
    TAKEOVER: "Hostile Takeover",
}

MIN_SEATS, MAX_SEATS = 3, 6
HAND_SIZE = 8
DEAL_MAX_OF_TYPE = 4  # no hand is dealt more of one resource type
DEAL_MIN_MISSING = 4  # every seat is dealt at least this many cards short of its contract
SLAM_MIN = 6
ROUNDS = 3
MAX_OFFER_ID = 2**31 - 1  # offer ids count up from 1 through a match; no match comes near this
LOCKER_BONUS = 10
EXTRA_PENALTY = 5
CONSOLATION_PER_CARD = 10

ROUND_SECONDS = 90.0
ROUND_SECONDS_RANGE = (60.0, 180.0)
PACES = ("standard", "relaxed")  # the "pace" option: relaxed rounds run a longer clock against slower bots
RELAXED_CLOCK = 1.5  # a relaxed round's clock is the table's round timer times this
RELAXED_BOTS = 1.5  # and the bots' reaction times are this much longer
SUMMARY_SECONDS = 20.0  # long enough to read the summary: a visible countdown of 15 s and more
SUMMARY_SECONDS_RANGE = (0.0, 60.0)

MULT_START = Fraction(1)
MULT_HEAT = Fraction(1, 20)  # +0.05 per card traded
MULT_CAP = Fraction(3)
MULT_FLOOR = Fraction(1, 4)


@dataclass(frozen=True)
class Contract:
    """A secret contract: exact resource counts and a base value."""

    name: str
    recipe: tuple[tuple[str, int], ...]
    base: int

    def needs(self) -> dict[str, int]:
        """Count needed of every resource type (0 for types not in the recipe)."""
        out = dict.fromkeys(RESOURCES, 0)
        out.update(dict(self.recipe))
        return out

    def types(self) -> tuple[str, ...]:
        """The resource types the recipe needs."""
        return tuple(kind for kind, _ in self.recipe)


CONTRACTS: tuple[Contract, ...] = (
    Contract("Dockside Haul", ((CRATE, 5), (SACK, 3)), 88),
    Contract("Grain Hoard", ((SACK, 5), (COIN, 3)), 88),
    Contract("Coin Vault", ((COIN, 5), (RACK, 3)), 88),
    Contract("Rack Yard", ((RACK, 5), (CRATE, 3)), 88),
    Contract("Harbour Pair", ((CRATE, 4), (COIN, 4)), 84),
    Contract("Mill Pair", ((SACK, 4), (RACK, 4)), 84),
    Contract("Counting House", ((COIN, 4), (SACK, 2), (CRATE, 2)), 80),
    Contract("Stall Row", ((RACK, 4), (COIN, 2), (SACK, 2)), 80),
    Contract("Three Stalls", ((CRATE, 3), (SACK, 3), (RACK, 2)), 76),
    Contract("Bazaar Mix", ((SACK, 3), (COIN, 3), (CRATE, 2)), 76),
    Contract("Pedlar's Pack", ((COIN, 3), (RACK, 3), (SACK, 2)), 76),
    Contract("Full Market", ((CRATE, 2), (SACK, 2), (COIN, 2), (RACK, 2)), 70),
)
CONTRACTS_BY_NAME: Mapping[str, Contract] = {c.name: c for c in CONTRACTS}
NEEDS_BY_NAME: Mapping[str, Mapping[str, int]] = {c.name: c.needs() for c in CONTRACTS}  # read-only


def resources_per_type(seats: int) -> int:
    """How many cards of each resource the deck holds for `seats` players."""
    return 2 * seats + 2


# The most cards of one type any hand can hold (every card of that type at the biggest table), so
# the most an offer can hold: the bound the JSON form checks; the rules check what you hold.
MAX_OFFER_COUNT = resources_per_type(MAX_SEATS)


ACTION_COPIES: Mapping[str, int] = {CRASH: 2, INSIDE: 2, AUDIT: 1, TAKEOVER: 1}


def action_deck(seats: int) -> tuple[str, ...]:
    """Action cards in the deck: ACTION_COPIES each, doubled for 5 or more seats."""
    factor = 2 if seats >= 5 else 1
    return tuple(kind for kind in ACTION_CARDS for _ in range(ACTION_COPIES[kind] * factor))


def deck_kinds(seats: int) -> tuple[str, ...]:
    """Every card kind in the full deck, in id order (card id = index)."""
    per = resources_per_type(seats)
    return tuple(kind for kind in RESOURCES for _ in range(per)) + action_deck(seats)
