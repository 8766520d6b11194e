"""Monkey tests on the Night Market table.

The wild monkey sends thousands of random taps, drags and keys with several fingers. The playing
monkey aims most of its taps at what is drawn and actionable (the cards of a move the table allows,
then its button; Next round, Ready, a way back from any overlay) with random raw events in between,
so it plays whole matches to the end screen, solo against a bot and pass-and-play.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pygame
import pytest

from game.scenes.curtain import CurtainScene
from game.scenes.night_market import layout as L
from game.scenes.night_market.ceremony import Ceremony
from game.scenes.night_market.scene import NightMarketScene
from game.scenes.night_market.story import MOVES
from rules.contract import MatchConfig, SeatConfig
from rules.night_market.actions import Exchange, Sell, Take, TakePorters
from tests.conftest import Player, make_player
from tests.test_monkey_shell import monkey, random_event

SAFE_WORDS = ("Close", "Back to the table", "Keep playing", "Done", "Back")  # ways back to the table


def seats(people: int) -> tuple[SeatConfig, SeatConfig]:
    return SeatConfig("Ada"), SeatConfig("Bo") if people == 2 else SeatConfig("Basil", "easy")


def fail(exc: Exception) -> None:
    """The error boundary must not hide what the monkey found."""
    raise exc


@pytest.mark.slow
@pytest.mark.parametrize("people", [1, 2])
def test_monkey_survives_the_night_market_table(people):
    player = make_player(size=(1280, 720))
    player.app.update_settings(seen_briefings=("night-market",), bot_speed="fast")
    player.app.stack.reset(NightMarketScene.new(player.app, MatchConfig(seats(people)), 20 + people))
    player.frames(2)
    monkey(player, seed=people * 101, events=3000)
    assert player.app.stack.top is not None
    pygame.quit()


def tap(player: Player, pos: tuple[float, float]) -> None:
    """A mouse tap at a logical point."""
    window = player.window_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window, button=1))
    player.frames(1)


def card_spots(scene: NightMarketScene) -> dict[int, tuple[int, int]]:
    """Where each market and hand card is drawn."""
    spots = {c: L.market_pos(i) for i, (c, _) in enumerate(scene.view.market)}
    spots.update({c: pos for c, _, pos in L.hand_layout(scene.view.hand)})
    return spots


def move_taps(scene: NightMarketScene, action: Any) -> list[tuple[int, int]]:
    """The taps that select `action` on the table (its button is pressed afterwards)."""
    spots = card_spots(scene)
    if isinstance(action, Take):
        return [spots[action.card]]
    if isinstance(action, TakePorters):
        return [next(spots[c] for c, k in scene.view.market if k == "porter")]
    if isinstance(action, Sell):
        return [spots[c] for c in action.cards]
    assert isinstance(action, Exchange)
    return [spots[c] for c in (*action.take, *action.give)] + [L.PORTER_POS] * action.porters


def table_step(player: Player, scene: NightMarketScene, rng: random.Random) -> None:
    """On the table: press a move button if one shows, else select a move the table allows (or a random card)."""
    moves = [b for b, a in scene._action_buttons.items() if a is not None]
    if moves and rng.random() < 0.8:
        tap(player, rng.choice(moves).rect.center)
    elif scene._action_buttons:
        tap(player, next(b for b, a in scene._action_buttons.items() if a is None).rect.center)  # Clear
    elif scene.legal and not scene.anim.busy and rng.random() < 0.85:
        for pos in move_taps(scene, rng.choice(scene.legal)):
            tap(player, pos)
    else:
        spots = [*card_spots(scene).values(), L.PORTER_POS, *(L.CHIPS[s].center for s in (0, 1))]
        tap(player, rng.choice(spots))
    for _ in range(40):  # let the move land and the Rival answer
        if not scene.anim.busy and scene.viewer == scene.view.turn or player.top is not scene:
            break
        player.frames(1, dt=0.1)


def overlay_step(player: Player, rng: random.Random) -> None:
    """Anywhere else: the way forward (Next round, Ready) or back to the table."""
    top = player.top
    if isinstance(top, CurtainScene):
        tap(player, top.ready.rect.center)
        return
    if isinstance(top, Ceremony):
        if top.stage < 6:
            tap(player, (rng.randrange(1920), rng.randrange(1080)))  # any tap skips the reveal
        else:
            tap(player, next(b for b, key in top.buttons.items() if key == "next").rect.center)
        player.frames(3, dt=0.1)
        return
    widgets = [w for w in top.ui.get_sprite_group().sprites() if w is not top.ui.get_root_container()]
    safe = [w for w in widgets if getattr(w, "text", "") in SAFE_WORDS]
    if safe:
        tap(player, rng.choice(safe).rect.center)
    else:
        player.key(pygame.K_ESCAPE)
        player.frames(2, dt=0.25)


def match_over(player: Player) -> bool:
    top = player.top
    return isinstance(top, Ceremony) and top.match_winner is not None and top.stage >= 6


@pytest.mark.slow
@pytest.mark.parametrize("people", [1, 2])
def test_playing_monkey_plays_whole_matches_to_the_end_screen(people):
    player = make_player(size=(960, 540))  # a small window: scaling the canvas is most of a frame's cost
    player.app._crashed = fail
    player.app.update_settings(seen_briefings=("night-market",), bot_speed="fast", reduced_motion=True)
    scene = NightMarketScene.new(player.app, MatchConfig(seats(people)), 40 + people)
    player.app.stack.reset(scene)
    player.frames(30, dt=0.1)
    rng = random.Random(people * 7)
    # CPU time: the bound holds on a busy machine too. A pass-and-play match takes about 19 s of
    # it on this 2-core machine (curtains between turns), so 45 s leaves room for a slow runner.
    start, steps = time.process_time(), 0
    while not match_over(player) and steps < 2500 and time.process_time() - start < 45:
        steps += 1
        if rng.random() < 0.3:  # a random raw event in between (not Escape: that only opens the menu)
            event = random_event(rng, player)
            if not (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                pygame.event.post(event)
            player.frames(1)
        if player.top is scene:
            table_step(player, scene, rng)
        else:
            overlay_step(player, rng)
        player.app.running = True
        assert player.top is not None and player.app.stack.scenes[0] is scene  # still at this table
    moves = sum(e.kind in MOVES for e in scene.table.history(None))
    assert match_over(player), f"{steps} steps, {moves} moves in {time.process_time() - start:.1f} s"
    assert scene.table.outcome() is not None and moves > 30
    pygame.quit()
