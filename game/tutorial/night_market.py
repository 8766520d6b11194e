"""Night Market's guided match: one short round on a stacked deal, won by the Porter token.

The deal (the rules' "stack" option) puts a Pearl in the market, Pearl + three Jades + a porter in
your hand and Pearls and Ambers in the Rival's, then the cards the story needs on top of the deck.
You take a good, take the porters, sell a precious pair (after trying one Pearl alone and reading
why not), exchange porters for two Jades (Exchange fills the gap with porters) and sell five Jades
for the big bonus token. The Rival's scripted sales empty the Pearl and Amber piles, so the round
ends on three empty piles; seed 2 makes the hidden bonus tokens fall so that your Porter token
decides the seal, 54 to 51. About 16 steps × 8 s + 5 beats + the ceremony: under 3 minutes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.tutorial.script import Check, Guide, Step, Watch
from rules.contract import MatchConfig, SeatConfig
from rules.night_market.data import CARD_KIND, MARKET_START_PORTERS, PORTER_IDS
from rules.night_market.legal import SELL_TWO
from rules.refusal import Code
from rules.registry import get_game

GAME = "night-market"
SEED = 2  # the bonus tokens: yours 10, the Rival's 1 and 8 (a 3-point win that the Porter token decides)
STACK = (
    "pearl", "silk",  # the market, beside its three porters
    "pearl", "jade", "jade", "jade", "porter",  # your hand (the porter joins your team)
    "pearl", "pearl", "amber", "amber", "amber",  # the Rival's hand
    "pearl", "leather", "amber", "jade", "jade", "amber", "spice",  # the deck's top, in refill order
)


def stack_ids(stack: tuple[str, ...]) -> list[int]:
    """The card ids the stacked deal uses: of each kind the lowest id still free (as the rules pick)."""
    used, ids = set(PORTER_IDS[:MARKET_START_PORTERS]), []
    for kind in stack:
        card = next(c for c, k in enumerate(CARD_KIND) if k == kind and c not in used)
        used.add(card)
        ids.append(card)
    return ids


(M_PEARL, _SILK, MY_PEARL, J1, J2, J3, _PORTER, R_PEARL1, R_PEARL2, R_AMBER1, R_AMBER2, R_AMBER3,
 D_PEARL, _LEATHER, D_AMBER1, D_JADE1, D_JADE2, D_AMBER2, _SPICE) = stack_ids(STACK)
MARKET_PORTERS = PORTER_IDS[:MARKET_START_PORTERS]
MY_JADES = (J1, J2, J3, D_JADE1, D_JADE2)


def _move(data: dict[str, Any]) -> Callable[[Any], bool]:
    """Allow exactly this move (the selection builds its card lists sorted)."""
    want = get_game(GAME).action_from_json(data)
    return lambda action: bool(action == want)


def _selected(market: tuple[int, ...] = (), hand: tuple[int, ...] = ()) -> Check:
    """Over when the table's selection is exactly these cards (no porters added by hand)."""
    def check(watch: Watch) -> bool:
        scene: Any = watch.scene
        return scene.sel_market == set(market) and scene.sel_hand == set(hand) and not scene.sel_porters
    return check


def _refused(code: Code) -> Check:
    """Over when the selection is refused with `code` (the line words it in the player's language)."""
    return lambda watch: getattr(getattr(getattr(watch.scene, "selection", None), "refusal", None), "code", None) \
        == code.code


def _next_round(watch: Watch) -> bool:
    """The round-end ceremony was closed: the table shows round 2."""
    scene: Any = watch.scene
    return bool(scene.view.round_no == 2 and len(watch.scenes) == 1)


def _sell(*cards: int) -> dict[str, Any]:
    return {"type": "sell", "cards": sorted(cards)}


def _take(card: int) -> dict[str, Any]:
    return {"type": "take", "card": card}


RIVAL = 1
STEPS = (
    Step(("Welcome to the Night Market! You and the Rival collect goods from the market and sell them "
          "for coins.", "When the round ends, the richer merchant wins a seal. Two seals win the match."),
         shows=("chip:0", "chip:1")),
    Step(("Take a good: tap the Pearl in the market.",), target=(f"card:{M_PEARL}",),
         done=_selected(market=(M_PEARL,)), hint="Tap the lit Pearl in the market."),
    Step(("Press Take Pearl. It goes to your hand (up to 7 goods), and the deck refills the market.",),
         target=("button:Take Pearl",), allow=_move(_take(M_PEARL)), hint="Press Take Pearl."),
    Step(("The Rival takes the other Pearl.", "Now the porters: tap one, and all three are chosen."),
         target=(f"card:{MARKET_PORTERS[0]}",), shows=(*(f"card:{c}" for c in MARKET_PORTERS[1:]), "chip:1"),
         opponents=((RIVAL, _take(D_PEARL)),), done=_selected(market=MARKET_PORTERS),
         hint="Tap the lit porter in the market."),
    Step(("Press Take 3 Porters. They join your team, left of your hand: they are not goods, and they "
          "pay for exchanges.",), target=("button:Take 3 Porters",), allow=_move({"type": "take_porters"}),
         hint="Press Take 3 Porters."),
    Step(("The Rival takes an Amber.", "Pearl, Amber and Jade are precious: they sell 2 or more at a time. "
          "Tap just one of your Pearls."), target=(f"card:{M_PEARL}",), opponents=((RIVAL, _take(D_AMBER1)),),
         shows=("chip:1", "market", "pile:pearl", "pile:amber", "pile:jade"),
         done=_refused(SELL_TWO), hint="Tap the lit Pearl in your hand."),
    Step(("The line under the players says why not. Tap your other Pearl.",), target=(f"card:{MY_PEARL}",),
         shows=("line", "chip:0", "chip:1"), done=_selected(hand=(M_PEARL, MY_PEARL)), hint="Tap the lit Pearl."),
    Step(("Press Sell 2 Pearls: you get the Pearl pile's top coins, 7 + 7.",), target=("button:Sell 2 Pearls",),
         shows=("line", "pile:pearl"), allow=_move(_sell(M_PEARL, MY_PEARL)), hint="Press Sell 2 Pearls."),
    Step(("The Rival sells 3 Pearls for 5 + 5 + 5. Selling 3 or more also earns a bonus token: "
          "its coins stay hidden until the round ends.",),
         shows=("bonus:3", "chip:1"), opponents=((RIVAL, _sell(R_PEARL1, R_PEARL2, D_PEARL)),)),
    Step(("Exchange: take 2 or more goods and give back as many cards. Tap both Jades in the market.",),
         target=(f"card:{D_JADE1}", f"card:{D_JADE2}"), done=_selected(market=(D_JADE1, D_JADE2)),
         hint="Tap the two lit Jades."),
    Step(("You chose nothing to give back, so Exchange fills the gap with porters: the line says so. "
          "Press Exchange 2.",), target=("button:Exchange 2",),
         shows=("line", "porters", f"card:{D_JADE1}", f"card:{D_JADE2}"),
         allow=_move({"type": "exchange", "take": sorted((D_JADE1, D_JADE2)), "give": [], "porters": 2}),
         hint="Press Exchange 2."),
    Step(("The Rival takes an Amber.", "Tap all five Jades in your hand: selling 5 at once earns the "
          "biggest bonus token."), target=tuple(f"card:{c}" for c in MY_JADES),
         shows=("chip:1", "bonus:5"), opponents=((RIVAL, _take(D_AMBER2)),), done=_selected(hand=MY_JADES),
         hint="Tap the lit Jades."),
    Step(("Press Sell 5 Jades: 25 coins and a bonus token, and the Jade pile is empty.",),
         target=("button:Sell 5 Jades",), shows=("line", "pile:jade"), allow=_move(_sell(*MY_JADES)),
         hint="Press Sell 5 Jades."),
    Step(("The Rival sells 5 Ambers. Now three coin piles are empty (Pearl, Jade, Amber): "
          "that ends the round.",), shows=("ceremony:why", "ceremony:scores", "ceremony:verdict"),
         opponents=((RIVAL, _sell(R_AMBER1, R_AMBER2, R_AMBER3, D_AMBER1, D_AMBER2)),)),
    Step(("You have more porters (2 to 0): the Porter token's 5 coins win you the seal, 54 to 51. "
          "Press Next round.",), target=("button:Next round  ›",),
         shows=("ceremony:scores",), done=_next_round, hint="Press Next round."),
    Step(("That is Night Market: your seal is on your chip. The loser starts the next round, and the "
          "first to 2 seals wins the match.",), shows=("chip:0",)),
)


def guide() -> Guide:
    """Night Market's guided match."""
    seats = (SeatConfig("Player 1"), SeatConfig("Rival", "normal"))
    return Guide(GAME, SEED, MatchConfig(seats, {"first_seat": 0, "stack": list(STACK)}), STEPS, minutes=3)
