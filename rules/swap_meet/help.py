"""The pit briefing: (title, body) pages the UI shows on first play and from Help."""

from __future__ import annotations

from rules.swap_meet.data import (
    CONTRACTS,
    DEAL_MAX_OF_TYPE,
    DEAL_MIN_MISSING,
    HAND_SIZE,
    ROUND_SECONDS,
    ROUNDS,
    SLAM_MIN,
    SUMMARY_SECONDS,
)


def _contracts() -> str:
    rows = [
        f"{c.name}: " + ", ".join(f"{n} {kind.title()}" for kind, n in c.recipe) + f" — base {c.base}"
        for c in CONTRACTS
    ]
    return "\n".join(rows)


HELP_PAGES: list[tuple[str, str]] = [
    (
        "Goal",
        "Fill your secret contract or slam one resource. No turns: everyone trades at once. A round "
        f"locks on Cash Out, a slam or the timer ({ROUND_SECONDS:g} s; tables may set 60–180 s). "
        f"Every stall scores. Most points after {ROUNDS} rounds wins.",
    ),
    (
        "The deal",
        f"Every round is a fresh deal: {HAND_SIZE} resources, 1 action card and a secret contract each. "
        "The deck holds 2 × players + 2 of each resource (10 each at 4 players); the rest is set "
        f"aside. Nobody gets more than {DEAL_MAX_OF_TYPE} of one type, and everyone starts at least "
        f"{DEAL_MIN_MISSING} cards short of their contract. The market starts each round at 1.0×.",
    ),
    (
        "Offers and swaps",
        "Select cards of one type (any number you hold) and Open offer: they stay in your hand until "
        "someone swaps. Pull takes the offer down; a new offer replaces it. To swap, select the same "
        "count of another type and tap Swap on their row. If two swaps hit one offer at once the first "
        "wins; the other is told \"that offer is gone\" and loses nothing. You give cards that are not "
        "in your own offer first.",
    ),
    (
        "Cash out and slam",
        "Cash out lights up when your resources match the contract exactly: extra resources block it, "
        f"leftover action cards do not. A slam is a hand whose resources are all one type, at least "
        f"{SLAM_MIN} ({HAND_SIZE} unless an audit or takeover changed your count). It locks the round "
        "the moment your hand turns pure, even through someone else's swap or card. If one move makes "
        "several hands pure, the mover locks if pure, else the next pure seat clockwise.",
    ),
    (
        "Market",
        "Every trade heats both resources by +0.05 per card (cap 3.0×). Market Crash halves one "
        "(floor 0.25×). A contract scores base × the average multiplier of its recipe's types; slams "
        "and banking use the banked type's multiplier.",
    ),
    (
        "Scoring",
        "Locker (cash or slam): that path's score + 10. A timer lock has no bonus.\n"
        "Exact contract that did not lock: base × average market.\n"
        "Everyone else: count(banked type) × market × 10 − 5 per extra resource (any resource not of "
        "your banked type; action cards are never extras).",
    ),
    (
        "Bank pin",
        "Tap the market to pin the type you bank if you miss the contract. Only you see it. Without a "
        "pin you bank the type you hold most; on a tie, the one with the higher multiplier, then "
        "Crate, Sack, Coin, Rack in that order. Each meter shows what banking that type would score "
        "now; a type you hold none of scores a loss, so pinning it asks for a second tap.",
    ),
    (
        "Action cards",
        "A button while you hold one; used up when played.\n"
        "Market Crash — halve a resource's multiplier.\n"
        "Inside Trading — Peek on a rival's row: their contract and its recipe are shown to you alone.\n"
        "Tax Audit — everyone, you included, discards one random loose resource (one not in their "
        "open offer). Fewer resources means an exact contract is out of reach unless you get one back.\n"
        "Hostile Takeover — steal a random resource from the current high score: the other player "
        "with the most match points; ties go to the one holding more resources, then the first "
        "clockwise from you.",
    ),
    (
        "Rounds",
        "After a lock the summary shows every stall's score and the market chart. On one device it "
        "waits until everyone there has tapped Next round; online the next round deals after "
        f"{SUMMARY_SECONDS:g} s, or at once when the host taps Next round. After round "
        f"{ROUNDS} the final standings show. Pausing a local game stops the clock.",
    ),
    ("Contracts", _contracts()),
    (
        "How to play well",
        "Offer extras, not cards you need, unless you are dumping toward a slam. Heat the markets you "
        "need; crash the ones you don't, or a rival's slam. Pin a bank type. Cash out on a match for "
        "the +10, or slam if you can go pure first.",
    ),
]
