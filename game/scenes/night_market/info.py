"""Details on demand at the Night Market table: a merchant, a coin pile, bonus piles, the ⋯ menu, Game info."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.scenes.night_market.overlays import GameInfoScene, InfoPanel, MenuScene
from rules.night_market.data import BONUS_SIZES, BONUS_VALUES, GOODS, NAMES, counted, plural

if TYPE_CHECKING:
    from game.match.table import Table
    from game.shell.app import App

SIZE_WORDS = {3: "3 cards", 4: "4 cards", 5: "5+ cards"}


class TableInfo:
    """Mixed into the scene: overlays built from the viewer's view only."""

    # what this mixin uses of the scene it is mixed into (NightMarketScene and its bases)
    app: App
    table: Table
    view: Any
    viewer: int | None
    last_move: dict[int, tuple[str, ...]]
    log_lines: list[str]

    if TYPE_CHECKING:
        def role_of(self, seat: int) -> str: ...
        def open_help(self, on_close: Callable[[], None] | None = None) -> None: ...
        def quit_to_title(self) -> None: ...

    def show_merchant(self, seat: int) -> None:
        """Tokens taken, bonus tokens held (counts), porters, hand size, seals."""
        sv = self.view.seats[seat]
        coins = ", ".join(str(c) for c in sv.coins_taken) or "none yet"
        held = Counter(size for _, size in sv.bonus_tokens)
        bonus = ", ".join(f"{held[s]} for {SIZE_WORDS[s]}" for s in BONUS_SIZES)
        lines = [f"Coins so far: {sv.coins}", f"Coin tokens: {coins}",
                 f"Bonus tokens: {bonus}", "(bonus values stay hidden until the round ends)",
                 f"Porters in the team: {len(sv.porters)}", f"Goods in hand: {sv.hand_count}",
                 f"Seals: {sv.seals} of 2"]
        if seat != self.viewer and sv.hand_known:
            known = Counter(k for _, k in sv.hand_known)
            lines.insert(6, "Seen in hand: " + ", ".join(f"{n} {plural(k, n)}" for k, n in known.items()))
        if seat in self.last_move:
            lines.append(f"Last move: {self.last_move[seat][0]}")
        self.app.stack.push(InfoPanel(self.app, f"{sv.name} · {self.role_of(seat)}", lines))

    def show_pile(self, index: int) -> None:
        """Every coin left in one good's pile, top first."""
        kind = GOODS[index]
        coins = dict(self.view.coins)[kind]
        lines = [f"{counted(len(coins), 'coin')} left, worth {sum(coins)} in all.",
                 "Top first: a sale takes coins from the left."]
        if kind in ("pearl", "amber", "jade"):
            lines.append(f"{NAMES[kind]} is precious: sell at least 2 at once.")
        self.app.stack.push(InfoPanel(self.app, f"{NAMES[kind]} coins", lines, f"good_{kind}", tuple(coins)))

    def show_bonus(self) -> None:
        """What is left in the bonus piles (values hidden)."""
        left = dict(self.view.bonus_piles)
        lines = [f"Sell {SIZE_WORDS[s]}: {counted(left[s], 'token')} left, worth {min(BONUS_VALUES[s])} to "
                 f"{max(BONUS_VALUES[s])} each" for s in BONUS_SIZES]
        lines.append("Values stay face down until the round ends.")
        self.app.stack.push(InfoPanel(self.app, "Bonus tokens", lines, "bonus_token"))

    def open_menu(self) -> None:
        """⋯: Game info, Help, Settings, Quit to title."""
        from game.scenes.settings import SettingsScene

        actions: dict[str, Callable[[], object]] = {
            "info": self.show_game_info,
            "help": self.open_help,
            "settings": lambda: self.app.go(lambda: self.app.stack.push(SettingsScene(self.app))),
            "quit": self.quit_to_title,
        }
        if self.table.can_pause:  # a match on this device: a friend online can take the Rival's place
            actions["online"] = self.play_friends_online
        self.app.stack.push(MenuScene(self.app, actions))

    def play_friends_online(self) -> None:
        """Leave this match (it stays paused) for an online room where a friend takes the Rival's seat."""
        from game.scenes.online import OnlineScene

        self.app.go(lambda: self.app.stack.reset(OnlineScene(self.app, "night-market")))

    def game_info_summary(self) -> list[tuple[str, str]]:
        """Label/value rows for Game info: coin piles, bonus tokens, deck, merchants."""
        rows: list[tuple[str, str]] = [("Coin piles (top first)", "")]
        for kind, coins in self.view.coins:
            rows.append((NAMES[kind], "  ".join(str(c) for c in coins) or "empty"))
        rows.append(("Bonus tokens left", ""))
        for size, left in self.view.bonus_piles:
            rows.append((SIZE_WORDS[size], f"{left} face down"))
        rows.append(("Table", ""))
        rows.append(("Deck", counted(self.view.deck_count, "card")))
        rows.append(("Sold", counted(len(self.view.sold), "card")))
        for sv in self.view.seats:
            rows.append((sv.name, f"{counted(sv.coins, 'coin')} · {len(sv.bonus_tokens)} bonus"
                                  f" · {counted(len(sv.porters), 'porter')} · {counted(sv.seals, 'seal')}"))
        return rows

    def show_game_info(self) -> None:
        """The full log, the coin piles, bonus tokens and the deck."""
        self.app.stack.push(GameInfoScene(self.app, self.game_info_summary(), list(self.log_lines)))
