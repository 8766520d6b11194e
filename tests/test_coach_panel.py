"""The coach's panel never covers what it lights: wherever a clear place exists it takes one. The three
guided matches are checked step by step at both window sizes by the autopilot (a covered target or
named thing is one of its problems); here the placement rule itself and Night Market's named steps."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.shell.display import LOGICAL_H, LOGICAL_W
from game.tutorial.coach import PANEL_W, place_panel
from game.tutorial.night_market import guide


@settings(max_examples=150, deadline=None)
@given(data=st.data(), height=st.integers(160, 340), band_top=st.integers(0, LOGICAL_H - 40))
def test_the_panel_is_on_screen_and_clear_whenever_a_strip_of_its_height_is_free(data, height, band_top):
    band_bottom = data.draw(st.integers(band_top + 20, LOGICAL_H))
    xs, ys = st.integers(0, LOGICAL_W - 20), st.integers(band_top, band_bottom - 10)
    keep = data.draw(st.lists(st.builds(lambda x, y: pygame.Rect(x, y, 200, 10).clip(0, band_top, LOGICAL_W,
                                                                                       band_bottom - band_top),
                                        xs, ys), max_size=6))
    place = place_panel((PANEL_W, height), keep, [])
    assert pygame.Rect(0, 0, LOGICAL_W, LOGICAL_H).contains(place)
    if band_top - 24 >= height or LOGICAL_H - 24 - band_bottom >= height:
        assert place.collidelist(keep) == -1


def test_a_free_bottom_is_preferred_and_a_button_pushes_the_panel_aside():
    assert place_panel((PANEL_W, 200), [], []).bottom == LOGICAL_H - 24
    button = pygame.Rect(400, LOGICAL_H - 150, 100, 80)  # under the centred place, clear of the right one
    aside = place_panel((PANEL_W, 200), [], [button])
    assert aside.bottom == LOGICAL_H - 24 and not aside.colliderect(button)


def test_night_market_names_what_steps_six_seven_and_fourteen_talk_about():
    steps = guide().steps
    assert {"chip:1", "pile:pearl"} <= set(steps[5].shows)  # the Rival's move, the coin numbers
    assert {"line", "chip:0", "chip:1"} <= set(steps[6].shows)  # the line under the players
    assert "ceremony:verdict" in steps[13].shows  # where "wins the seal" appears
