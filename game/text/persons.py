"""Players as the screens name them, with who is viewing as data.

A `Person` is a seat's name as shown, marked when it is the viewer's own seat (then it reads "You"
and the grammar is the second person: "You offer", "your pile"). The grammar asks the mark, never
compares a name with "You": a player may be called anything, and another language's catalogue
will need the mark, not a name test (issue 35, step 3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.text import tr

YOU = "You"  # the seat name a lesson or a tool gives the viewer (the screens say it in the player's language)


class Person(str):
    """A seat's name as shown; `you` when it is the viewer's own (it then reads "You")."""

    you: bool

    def __new__(cls, name: str, you: bool = False) -> Person:
        person = super().__new__(cls, tr("person.you") if you else name)
        person.you = you
        return person


def people(names: Sequence[str], you: int | None) -> list[str]:
    """Every seat's name (each a `Person`), seat `you` (the viewer addressed directly; None: nobody) as "You"."""
    return [Person(name, seat == you) for seat, name in enumerate(names)]


def at_table(seats: Sequence[Any], here: Sequence[int]) -> list[str]:
    """The names a table scene uses: the one person at this device is addressed as you when a lesson
    or a tool seats them as "You" (a scene may also choose to: Swap Meet's one person against bots)."""
    alone = here[0] if len(here) == 1 else None
    you = alone if alone is not None and seats[alone].name == YOU else None
    return people([seat.name for seat in seats], you)


def is_you(name: str) -> bool:
    """True for the viewer's own name."""
    return isinstance(name, Person) and name.you


def verb(name: str, third: str, plain: str) -> str:
    """`third` after another player's name ("Basil offers"), `plain` after the viewer's ("You offer")."""
    return plain if is_you(name) else third


def whose(name: str) -> str:
    """A player's possessive: "Basil's", or "your" for the viewer."""
    return "your" if is_you(name) else f"{name}'s"


def whom(name: str) -> str:
    """A player as an object: "Basil", or "you"."""
    return "you" if is_you(name) else name


def their(name: str) -> str:
    """A player's own, after their name: "their", or "your" for the viewer."""
    return "your" if is_you(name) else "their"
