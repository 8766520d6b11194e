"""What a screen offers to act on: one list per scene that every input reads.

A scene's `targets()` lists what is on screen now, topmost first. Pointer taps act on the first
target whose zone holds the point, the guided match's coach spotlights a target by name, the
autopilot taps or keys its way to one, and the keyboard focus ring walks the ones that act.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame
import pygame_gui

from game.shell.keymap import plain

Point = tuple[float, float]
Act = Callable[[Point], object]  # what a tap at the point does (the keyboard passes the rect's centre)


@dataclass
class Target:
    """One thing on the canvas: `name` as lessons know it ("card:12", "button:Take Pearl", "market"),
    `rect` where it is drawn (spotlight and focus ring), `act` what it does (None: it is only pointed
    at), `label` a few words for the focus ring, `zone` the area a tap takes (default: the rect).
    `widget`: a pygame-gui button, which takes its own pointer taps; `lit` False: tappable but not
    pointed at (a card still in flight); `command` the scene's own word for what it does. `key`: a
    second name that stays the same in every language ("move:sell", "button:open"), for a button whose
    `name` is its words; by default the command's words joined by colons."""

    name: str
    rect: pygame.Rect
    act: Act | None = None
    label: str = ""
    zone: pygame.Rect | None = None
    widget: bool = False
    lit: bool = True
    command: tuple[object, ...] | None = None  # the UI command it stands for, where a scene routes its own
    key: str = ""

    def __post_init__(self) -> None:
        if not self.key and self.command:
            self.key = ":".join(str(word) for word in self.command)

    def called(self, name: str) -> bool:
        """Does a lesson's `name` mean this target (its name or its key)?"""
        return name in (self.name, self.key)

    @property
    def area(self) -> pygame.Rect:
        """Where a tap lands on it."""
        return self.zone if self.zone is not None else self.rect

    def run(self, at: Point | None = None) -> object:
        """Do what it does, as a tap at `at` (its centre when None)."""
        assert self.act is not None, f"{self.name} only shows"
        return self.act(at if at is not None else self.rect.center)


def does(fn: Callable[..., object], *args: object) -> Act:
    """An act that calls `fn(*args)` wherever it was tapped."""
    return lambda _at: fn(*args)


def named(targets: Iterable[Target], name: str) -> Target | None:
    """The first (topmost) target a lesson may point at by this name."""
    return next((t for t in targets if t.lit and t.called(name)), None)


def tapped(targets: Iterable[Target], pos: Point) -> Target | None:
    """The topmost target a pointer tap at `pos` acts on (widgets take their own taps)."""
    return next((t for t in targets if t.act is not None and not t.widget and t.area.collidepoint(pos)), None)


KEY = "target_key"  # the attribute `keyed` gives a pygame-gui button


def keyed(made: pygame_gui.elements.UIButton, key: str) -> pygame_gui.elements.UIButton:
    """Give a button a target key that stays the same in every language (a lesson points at it by that)."""
    setattr(made, KEY, key)
    return made


def button_targets(ui: pygame_gui.UIManager) -> list[Target]:
    """The visible, enabled pygame-gui buttons as targets named "button:LABEL" (acting presses one; a
    `keyed` one also answers to its key) and
    text entries as "entry:HINT" (acting puts the typing cursor in it). The buttons inside a composite
    widget (a scroll bar's arrows, a slider's) act on their own, not by a press event, so they are left out."""
    found = []
    for sprite in ui.get_sprite_group().sprites():
        if not isinstance(sprite, pygame_gui.core.UIElement) or not sprite.visible or not sprite.is_enabled \
                or sprite.parent_element is not None:
            continue
        if isinstance(sprite, pygame_gui.elements.UIButton):
            found.append(Target(f"button:{plain(sprite.text)}", pygame.Rect(sprite.rect), _press(sprite),
                                label=str(sprite.text), widget=True, key=getattr(sprite, KEY, "")))
        elif isinstance(sprite, pygame_gui.elements.UITextEntryLine):
            hint = str(sprite.placeholder_text or "")
            found.append(Target(f"entry:{hint}", pygame.Rect(sprite.rect), _type_in(ui, sprite),
                                label=hint, widget=True))
    return found


def typing_in(ui: pygame_gui.UIManager) -> pygame_gui.elements.UITextEntryLine | None:
    """The text entry that has the typing cursor (None: keys are the screen's)."""
    return next((e for e in ui.get_focus_set() or () if isinstance(e, pygame_gui.elements.UITextEntryLine)), None)


def _type_in(ui: pygame_gui.UIManager, entry: pygame_gui.elements.UITextEntryLine) -> Act:
    def act(_at: Point) -> None:
        ui.set_focus_set(entry)
    return act


def _press(button: pygame_gui.elements.UIButton) -> Act:
    def act(_at: Point) -> None:
        pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button,
                                             ui_object_id=button.most_specific_combined_id))
    return act
