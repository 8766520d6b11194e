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
        "Fill your secret contract or slam one resource. There are no turns: everyone trades at "
        f"once. A round locks on Cash Out, a mono slam or the timer ({ROUND_SECONDS:g} s unless the "
        f"table set 60–180 s). Every stall scores. Most points after {ROUNDS} rounds wins.",
    ),
    (
        "The deal",
        f"Each round is a fresh deal. You get {HAND_SIZE} resources and 1 action card, plus a secret "
        "contract. The deck holds 2 × players + 2 of each resource (10 each with 4 players); what is "
        f"not dealt is set aside. Nobody is dealt more than {DEAL_MAX_OF_TYPE} of one type, and "
        f"everyone starts at least {DEAL_MIN_MISSING} cards short of their contract. The market "
        "starts every round at 1.0×.",
    ),
    (
        "Offers and swaps",
        "Select any number of cards of one type (up to all you hold of it) and Open offer: they stay "
        "in your hand until someone swaps. Pull takes the offer down; opening another replaces it. To "
        "swap, select the same count of a different type and tap Swap on their row — it happens at "
        "once. If two people swap on the same offer at the same instant the first one wins; the other "
        "is told \"that offer is gone\" and loses nothing. You give your cards that are not in your own "
        "offer first.",
    ),
    (
        "Cash out and slam",
        "Cash out lights up when your resources match the contract exactly. Extra resources block it; "
        f"leftover action cards do not. A slam is every resource in your hand of one type, at least "
        f"{SLAM_MIN} (a full hand of {HAND_SIZE} unless an audit or takeover changed your count). A slam "
        "locks the round by itself the moment your hand becomes pure — even if someone else's swap or "
        "card made it pure. If one move makes several hands pure, the mover locks if pure, else the "
        "next pure seat clockwise.",
    ),
    (
        "Market",
        "Every completed trade heats both resources by +0.05 per card (cap 3.0×). Market Crash halves "
        "one resource (floor 0.25×). A contract scores base × the average multiplier of the types its "
        "recipe needs. Slams and banking use the banked type's multiplier.",
    ),
    (
        "Scoring",
        "Locker (cash or slam): that path's score + 10. A timer lock has no bonus.\n"
        "Exact contract that did not lock: base × average market.\n"
        "Everyone else: count(banked type) × market × 10 − 5 per extra resource. An extra resource "
        "is any resource not of your banked type; action cards are never extras.",
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
        "Each appears as a button only while you hold it, and is used up when played.\n"
        "Market Crash — halve a resource's multiplier.\n"
        "Inside Trading — Peek on a rival's row: their contract and its recipe are shown to you alone.\n"
        "Tax Audit — everyone, you included, discards one random loose resource (one not in their "
        "open offer). Fewer resources means an exact contract is out of reach unless you get one back.\n"
        "Hostile Takeover — steal a random resource from the current high score: the other player "
        "with the most match points; on a tie the one holding more resources, then the first "
        "clockwise from you.",
    ),
    (
        "Rounds",
        f"After a lock the summary shows every stall's score and the market chart; the next round "
        f"deals by itself after {SUMMARY_SECONDS:g} s, or at once when the host taps Next round. "
        f"After round {ROUNDS} the final standings show. Pausing a local game stops the clock.",
    ),
    ("Contracts", _contracts()),
    (
        "How to play well",
        "Offer extras, not cards you still need — unless you are dumping toward a slam. Heat the "
        "markets you need; crash the ones you don't, or a rival's slam. Pin a bank type. Cash out when "
        "you match to take the +10, or slam if you can go pure first.",
    ),
]
