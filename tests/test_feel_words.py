"""Words the tables say: real plurals (never "row(s)") and the grammar of the viewer addressed as "You"
(who is viewing is data: a `Person` marked as the viewer, never a name compared with "You")."""

from __future__ import annotations

import ast
from pathlib import Path

from game.scenes.stamp_swap import story
from game.scenes.stamp_swap.art import details, points_text
from game.text.persons import Person, people, verb, whom, whose
from rules.contract import Event
from rules.words import counted

GAME = Path(__file__).resolve().parent.parent / "game"


def test_counted_uses_the_singular_only_for_one() -> None:
    assert counted(1, "row") == "1 row"
    assert counted(0, "row") == "0 rows"
    assert counted(3, "attendee") == "3 attendees"
    assert counted(2, "box", "boxes") == "2 boxes"


def test_the_viewer_is_spoken_to_in_the_second_person() -> None:
    you = Person("Mira", you=True)
    assert you == "You" and (verb(you, "takes", "take"), whose(you), whom(you)) == ("take", "your", "you")
    assert (verb("Basil", "takes", "take"), whose("Basil"), whom("Basil")) == ("takes", "Basil's", "Basil")


def test_a_player_who_is_called_you_is_not_the_viewer_by_name() -> None:
    named = Person("You")  # someone typed "You" as their name on another device
    assert (verb(named, "takes", "take"), whose(named), whom(named)) == ("takes", "You's", "You")
    assert people(["Ana", "Bo"], 1) == ["Ana", "You"] and people(["Ana", "Bo"], None) == ["Ana", "Bo"]


def test_no_text_on_screen_hedges_a_plural_with_s_in_brackets() -> None:
    """Every string literal of the client: "(s)" is never shown (URLs' "http(s)" in help texts aside)."""
    found = []
    for path in GAME.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                words = node.value.replace("http(s)", "").replace("ws(s)", "")
                if "(s)" in words:
                    found.append(f"{path.name}: {node.value!r}")
    assert not found


def test_a_stamps_shape_is_said_with_real_plurals() -> None:
    stamp = {"known": True, "kind": "stamp", "name": "Blue Bird", "rows": 1, "cols": 3, "colour": "blue",
             "theme": "bird", "value": 4, "condition": "mint"}
    assert "Shape: 3 wide × 1 tall (in album cells), always upright" in details(stamp)  # which is height, in words
    assert points_text(1) == "+1 point" and points_text(-3) == "\u22123 points"


def test_story_lines_follow_you_grammar() -> None:
    names = people(["Mira", "Basil"], 0)
    took = Event("pile_taken", 1, {"owner": 0, "pile": 1, "items": ["a"]})
    assert story.line(took, names, lambda k: None) == "Basil took your Pile B (1 item); you keep Pile A"
    joined = Event("attendees_joined", 0, {"items": ["x", "y"]})
    assert story.line(joined, names, lambda k: None) == "You add 2 attendees to your collection"
    token = Event("token_claimed", 1, {"how": "last"})
    assert story.line(token, names, lambda k: None) == "Basil claims the first-player token (took the last item)"
