"""Attendees (specialists, exhibitors), contests, the finale and the event deck, as data.

Counters are (name, arg) pairs understood by counters.py; specialist effects are tuples of the
primitives in effects.py. Nothing here is copied from the published game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

Counter = tuple[str, Any]

# Event symbols and the supply each one draws from (later kinds are fallbacks when one runs dry).
SYMBOLS = {"S": "stamp", "H": "hidden", "F": "forever", "R": "rare", "A": "attendee"}
SUPPLY_KINDS = ("common", "forever", "rare", "attendee")
SYMBOL_SUPPLY = {
    "stamp": ("common", "forever", "attendee"),
    "hidden": ("common", "forever", "attendee"),
    "forever": ("forever", "common", "attendee"),
    "rare": ("rare", "common", "forever", "attendee"),
    "attendee": ("attendee", "common", "forever"),
}


@dataclass(frozen=True)
class Specialist:
    """An attendee whose ability is live anywhere in its owner's area."""

    id: str
    name: str
    text: str
    trigger: str  # collect | taken | choose_turn | choice_done | passive
    effects: tuple[tuple[Any, ...], ...]


@dataclass(frozen=True)
class Exhibitor:
    """An attendee that scores `per` points for each `counter` at every Show."""

    id: str
    name: str
    text: str
    counter: Counter
    per: int


@dataclass(frozen=True)
class Contest:
    """A contest card: points by tier for how many of `counter` your album shows."""

    id: str
    name: str
    kind: str  # colour | theme | size | cancelled | finale
    text: str
    counter: Counter
    tiers: tuple[int, ...] = ()


@dataclass(frozen=True)
class EventCard:
    """An event: pool symbols and the instruction that rules the round when it is on top."""

    id: str
    name: str
    symbols: str
    instruction: str
    rules: tuple[tuple[str, Any], ...] = ()


SPECIALISTS = (
    Specialist(
        "appraiser",
        "Appraiser",
        "On collecting: privately view every face-down stamp in the pool.",
        "collect",
        (("view", "owner", "pool"),),
    ),
    Specialist(
        "postmaster",
        "Postmaster",
        "On collecting: claim the first-player token if it is in the pool.",
        "collect",
        (("claim_token", "owner"),),
    ),
    Specialist(
        "courier",
        "Courier",
        "When a pile holding me is taken: both owners gain 2.",
        "taken",
        (("points", "both", 2),),
    ),
    Specialist(
        "insurer",
        "Insurer",
        "When a pile holding me is taken: my former owner gains 3.",
        "taken",
        (("points", "owner", 3),),
    ),
    Specialist(
        "auctioneer",
        "Auctioneer",
        "When a pile holding me is taken: both owners gain 1 per rare in it.",
        "taken",
        (("points_per", "both", ("pile_rares", None), 1),),
    ),
    Specialist(
        "hinge",
        "Hinge Maker",
        "While in your area: you may reserve a rare stamp.",
        "passive",
        (("flag", "reserve_rare"),),
    ),
    Specialist(
        "tweezers",
        "Tweezers",
        "While in your area: discarding a faded stamp costs you nothing.",
        "passive",
        (("flag", "faded_free"),),
    ),
    Specialist(
        "scout",
        "Scout",
        "When you are to choose a pile: privately view face-down stamps on offer.",
        "choose_turn",
        (("view", "owner", "offered"),),
    ),
    Specialist(
        "curator",
        "Curator",
        "On collecting: gain 1 per other attendee in your area.",
        "collect",
        (("points_per", "owner", ("area_attendees", None), 1),),
    ),
    Specialist(
        "dealer",
        "Dealer",
        "When you complete your pile choice: gain 1 per face-down stamp you hold.",
        "choice_done",
        (("points_per", "owner", ("held_hidden", None), 1),),
    ),
)

EXHIBITORS = (
    Exhibitor(
        "ornithologist", "Ornithologist", "Each Show: 1 per bird stamp in your album.", ("theme", "bird"), 1
    ),
    Exhibitor("mariner", "Mariner", "Each Show: 1 per ship stamp in your album.", ("theme", "ship"), 1),
    Exhibitor("botanist", "Botanist", "Each Show: 1 per flower stamp in your album.", ("theme", "flower"), 1),
    Exhibitor("railfan", "Railfan", "Each Show: 1 per train stamp in your album.", ("theme", "train"), 1),
    Exhibitor(
        "alpinist", "Alpinist", "Each Show: 1 per mountain stamp in your album.", ("theme", "mountain"), 1
    ),
    Exhibitor(
        "miniaturist", "Miniaturist", "Each Show: 1 per forever stamp in your album.", ("forever", None), 1
    ),
    Exhibitor("goldsmith", "Goldsmith", "Each Show: 2 per rare stamp in your album.", ("rare", None), 2),
    Exhibitor(
        "archivist", "Archivist", "Each Show: 1 per cancelled stamp in your album.", ("value_eq", 0), 1
    ),
    Exhibitor(
        "patron", "Patron", "Each Show: 1 per attendee you have (this one too).", ("attendees", None), 1
    ),
    Exhibitor("framer", "Framer", "Each Show: 2 per completely filled album row.", ("full_rows", None), 2),
)

COLOUR_TIERS = (0, 2, 4, 7, 10, 13)
THEME_TIERS = (0, 2, 4, 7, 10, 13)


def _colour_contests() -> tuple[Contest, ...]:
    names = {
        "red": "Red Letter Day",
        "blue": "Blue Riband",
        "green": "Green Fields",
        "yellow": "Yellow Pages",
        "purple": "Royal Purple",
    }
    return tuple(
        Contest(f"contest-{c}", n, "colour", f"Stamps that are {c}.", ("colour", c), COLOUR_TIERS)
        for c, n in names.items()
    )


def _theme_contests() -> tuple[Contest, ...]:
    names = {
        "bird": "Birdwatch",
        "ship": "Tall Ships",
        "flower": "In Bloom",
        "train": "All Aboard",
        "mountain": "Summit",
    }
    return tuple(
        Contest(f"contest-{t}", n, "theme", f"Stamps showing a {t}.", ("theme", t), THEME_TIERS)
        for t, n in names.items()
    )


CONTESTS = (
    *_colour_contests(),
    *_theme_contests(),
    Contest(
        "contest-big", "Big Frames", "size", "Stamps of 4 cells or more.", ("area_ge", 4), (0, 3, 6, 10, 14)
    ),
    Contest(
        "contest-long", "Long Lines", "size", "Stamps of exactly 3 cells.", ("area_eq", 3), (0, 2, 5, 8, 11)
    ),
    Contest(
        "contest-tiny", "Tiny Gems", "size", "Forever (1x1) stamps.", ("forever", None), (0, 2, 4, 6, 9, 12)
    ),
    Contest(
        "contest-postmark",
        "Postmark Club",
        "cancelled",
        "Cancelled (0) stamps.",
        ("value_eq", 0),
        (0, 3, 6, 9, 12),
    ),
    Contest(
        "contest-faded",
        "Faded Glory",
        "cancelled",
        "Faded (negative) stamps.",
        ("value_lt", 0),
        (0, 3, 6, 10, 14),
    ),
    Contest(
        "contest-ash",
        "Ink and Ash",
        "cancelled",
        "Stamps worth 0 or less.",
        ("value_le", 0),
        (0, 2, 4, 7, 10, 13),
    ),
)
CONTEST_KINDS = ("colour", "theme", "size", "cancelled")

FINALES = (
    Contest("finale-full", "Full House", "finale", "Most album cells filled.", ("filled_cells", None)),
    Contest(
        "finale-rainbow",
        "Rainbow",
        "finale",
        "Most different colours (gold excluded).",
        ("distinct_colours", None),
    ),
    Contest("finale-tour", "World Tour", "finale", "Most different themes.", ("distinct_themes", None)),
    Contest("finale-patron", "Grand Patron", "finale", "Most attendees.", ("attendees", None)),
)
FINALE_AWARDS = (8, 4)
FOREVER_AWARDS = (6, 3)

EVENTS = (
    EventCard("ev-quiet", "Quiet Morning", "SSSHFAA", "No special rule today."),
    EventCard(
        "ev-double",
        "Double Ticket",
        "SSHHFAR",
        "Contest points at this Show are doubled.",
        (("contest_mult", 2),),
    ),
    EventCard(
        "ev-token",
        "Token Day",
        "SSSHFFA",
        "The first-player token is worth +4 at this Show.",
        (("token_points", 4),),
    ),
    EventCard(
        "ev-amnesty",
        "Amnesty",
        "SSHHFAR",
        "Discarding a faded stamp costs nothing today.",
        (("faded_free", True),),
    ),
    EventCard(
        "ev-crowd", "Big Crowd", "SSHFAAA", "Exhibitors score double at this Show.", (("exhibitor_mult", 2),)
    ),
    EventCard(
        "ev-gold",
        "Gold Rush",
        "SSHFFAR",
        "At this Show, +1 per rare stamp in your album.",
        (("show_bonus", ("rare", None)),),
    ),
    EventCard(
        "ev-open", "Open Reserve", "SSSHFAR", "Rare stamps may be reserved today.", (("reserve_rare", True),)
    ),
    EventCard(
        "ev-clear",
        "Clear Skies",
        "SSSHHFA",
        "Every stamp in the pool is face up today.",
        (("all_face_up", True),),
    ),
    EventCard(
        "ev-sport",
        "Good Sport",
        "SSHHFFA",
        "When an opponent takes one of your piles, gain 1.",
        (("pile_taken_points", 1),),
    ),
    EventCard(
        "ev-late",
        "Late Post",
        "SSSHFAR",
        "Stamps that do not fit are discarded for double value.",
        (("discard_mult", 2),),
    ),
    EventCard(
        "ev-postmark",
        "Postmark Fair",
        "SSHHFAA",
        "At this Show, +1 per cancelled stamp in your album.",
        (("show_bonus", ("value_eq", 0)),),
    ),
    EventCard(
        "ev-tiny",
        "Tiny Treasures",
        "SHHFFAR",
        "At this Show, +1 per forever stamp in your album.",
        (("show_bonus", ("forever", None)),),
    ),
    EventCard(
        "ev-frames",
        "Full Frames",
        "SSSHFFA",
        "At this Show, +1 per filled row of your album.",
        (("show_bonus", ("full_rows", None)),),
    ),
    EventCard(
        "ev-early",
        "Early Bird",
        "SSHHFAR",
        "Whoever claims the first-player token gains 1 at once.",
        (("token_claim_points", 1),),
    ),
)

SPECIALIST_BY_ID = {c.id: c for c in SPECIALISTS}
EXHIBITOR_BY_ID = {c.id: c for c in EXHIBITORS}
ATTENDEE_IDS = tuple(c.id for c in (*SPECIALISTS, *EXHIBITORS))
CONTEST_BY_ID = {c.id: c for c in (*CONTESTS, *FINALES)}
EVENT_BY_ID = {e.id: e for e in EVENTS}
