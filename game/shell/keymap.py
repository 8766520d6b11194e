"""The keys: one remappable binding per table command (issue 35), read by the focus ring, the tables
and the key list in Settings.

A binding is a command's name and one key. The defaults are below; the player's own choices are
kept in the settings file as "command=key name" pairs (pygame's key names, "d", "tab", "return"),
and only the ones that differ from a default. Every key a table reads comes from `keys_of(settings)`,
so a remap drives the focus ring, the describe key and the move letters alike. Two commands never
share a key: `KeyMap.rebind` refuses one already bound. Space and keypad Enter always act too, and
Shift with the next-target key goes back, so a remap never leaves the ring without them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame


@dataclass(frozen=True)
class Command:
    """A table command that has a key: its name, its words in the key list, its default key."""

    name: str
    words: str
    default: int
    scope: str = ""  # "": every screen; a game's name: its table only (the same letter may serve two games)


COMMANDS: tuple[Command, ...] = (
    Command("next", "Next target (Shift: the one before)", pygame.K_TAB),
    Command("left", "Focus left", pygame.K_LEFT),
    Command("right", "Focus right", pygame.K_RIGHT),
    Command("up", "Focus up", pygame.K_UP),
    Command("down", "Focus down", pygame.K_DOWN),
    Command("act", "Act on the focused target", pygame.K_RETURN),
    Command("back", "Back", pygame.K_ESCAPE),
    Command("describe", "Describe the table in words", pygame.K_d),
    Command("undo", "Undo your last move (with Ctrl or Cmd)", pygame.K_z),
    # the letters for each game's main moves, shown on their buttons ("Sell 2 Pearls  [S]")
    Command("night-market.take", "Night Market: take", pygame.K_t, "night-market"),
    Command("night-market.sell", "Night Market: sell", pygame.K_s, "night-market"),
    Command("night-market.exchange", "Night Market: exchange", pygame.K_x, "night-market"),
    Command("swap-meet.open", "Swap Meet: open offer", pygame.K_o, "swap-meet"),
    Command("swap-meet.pull", "Swap Meet: pull your offer", pygame.K_p, "swap-meet"),
    Command("swap-meet.cash", "Swap Meet: cash out", pygame.K_c, "swap-meet"),
    Command("stamp-swap.take", "Stamp Swap: take", pygame.K_t, "stamp-swap"),
    Command("stamp-swap.ready", "Stamp Swap: ready", pygame.K_r, "stamp-swap"),
    Command("stamp-swap.split", "Stamp Swap: quick split", pygame.K_q, "stamp-swap"),
)
BY_NAME = {c.name: c for c in COMMANDS}
ALSO_ACT = (pygame.K_SPACE, pygame.K_KP_ENTER)  # always act as well, whatever "act" is bound to
MOVES = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
LETTER = re.compile(r"  \[[^\[\]]{1,12}\]")  # a button's key, after its words (before a closing "  ›")


def overlap(a: str, b: str) -> bool:
    """Can commands of scopes `a` and `b` be pressed on the same screen (so never share a key)?"""
    return not a or not b or a == b


def plain(words: str) -> str:
    """A button's words without its key ("Sell 2 Pearls  [S]" → "Sell 2 Pearls"): what lessons name."""
    return LETTER.sub("", words)


def key_name(key: int) -> str:
    """How a key reads in the key list ("D", "Tab", "Return")."""
    name = pygame.key.name(key)
    return name.upper() if len(name) == 1 else name.title()


class KeyMap:
    """Which key each command has now."""

    def __init__(self, bound: Mapping[str, int] | None = None) -> None:
        self.bound = {c.name: c.default for c in COMMANDS}
        self.bound.update(bound or {})

    def key(self, command: str) -> int:
        """The key bound to `command`."""
        return self.bound[command]

    def command(self, key: int, scope: str = "") -> str | None:
        """The command `key` is bound to that can be pressed with `scope`'s (None: none)."""
        return next((c for c, k in self.bound.items() if k == key and overlap(BY_NAME[c].scope, scope)), None)

    def label(self, words: str, command: str) -> str:
        """A button's words with its command's key shown after them."""
        shown = f"  [{key_name(self.bound[command])}]"
        return words[:-3] + shown + words[-3:] if words.endswith("  ›") else words + shown

    def means(self, event: pygame.event.Event, command: str) -> bool:
        """True for a key press of `command`'s key (Space and keypad Enter also mean "act")."""
        if event.type != pygame.KEYDOWN:
            return False
        return event.key == self.bound[command] or (command == "act" and event.key in ALSO_ACT
                                                    and self.command(event.key) is None)

    def undoes(self, event: pygame.event.Event) -> bool:
        """True for Ctrl (Cmd on a Mac) with the undo key: a plain letter must stay free for typing."""
        return (event.type == pygame.KEYDOWN and event.key == self.bound["undo"]
                and bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META)))

    def move(self, event: pygame.event.Event) -> tuple[int, int] | None:
        """The way an arrow command moves the focus (None: not one)."""
        found = self.command(event.key) if event.type == pygame.KEYDOWN else None
        return MOVES.get(found) if found is not None else None

    def rebind(self, command: str, key: int) -> KeyMap:
        """A copy with `command` on `key`; ValueError naming the command that already has it."""
        holder = next((c for c, k in self.bound.items() if k == key and c != command
                       and overlap(BY_NAME[c].scope, BY_NAME[command].scope)), None)
        if holder is not None:
            raise ValueError(holder)
        return KeyMap({**self.bound, command: key})

    def to_settings(self) -> tuple[str, ...]:
        """The bindings that differ from the defaults, as the settings file keeps them."""
        return tuple(f"{c.name}={pygame.key.name(self.bound[c.name])}" for c in COMMANDS
                     if self.bound[c.name] != c.default)


@lru_cache(maxsize=1)
def _codes() -> dict[str, int]:
    """pygame's key names to their codes (its constants; key_code() wants pygame initialised)."""
    codes = (getattr(pygame, n) for n in dir(pygame) if n.startswith("K_"))
    return {pygame.key.name(k): k for k in codes if pygame.key.name(k)}


def parse(pairs: tuple[str, ...]) -> KeyMap:
    """The key map kept as "command=key name" pairs; ValueError for a damaged one (an unknown command
    or key, or two commands on one key)."""
    bound: dict[str, int] = {}
    for pair in pairs:
        command, _, name = pair.partition("=")
        if command not in BY_NAME or command in bound:
            raise ValueError(f"no command {command!r}, or twice")
        if name not in _codes():
            raise ValueError(f"no key {name!r}")
        bound[command] = _codes()[name]
    keys = KeyMap(bound)
    for command, key in keys.bound.items():
        keys.rebind(command, key)  # raises when another command that can be pressed with it has the key
    return keys


def valid(value: Any) -> bool:
    """A settings value that is a key map (services/settings.py checks the file with it)."""
    if not isinstance(value, tuple) or len(value) > len(COMMANDS) or not all(isinstance(x, str) for x in value):
        return False
    try:
        parse(value)
    except ValueError:
        return False
    return True


@lru_cache(maxsize=4)
def _parsed(pairs: tuple[str, ...]) -> KeyMap:
    return parse(pairs)


def keys_of(settings: Any) -> KeyMap:
    """The key map the player chose (settings.keys), parsed once per change."""
    return _parsed(tuple(getattr(settings, "keys", ())))
