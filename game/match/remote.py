"""The online side of the table interface: `RemoteTable`, and `RemoteRoom` for the lobby screens.

A `RemoteTable` is a second implementation of game/match/table.py's `Table`, so the table scenes
cannot tell it from the local one. It holds only what the server sent this seat: its view, the
public view, its redacted events and legal actions. `act` sends the move with a sequence number
(answered by that number, once); until the answer comes the move is pending (a refusal arrives through
`take_refusals`). The match clock is the server's last word plus the time since it arrived.
Nothing here blocks: `poll` drains the network thread's inbox; `poll(bots=False)` keeps the updates
buffered while the scene animates (game/match/table.py says how both tables hold).
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from game.match.refusals import CLAIM_ONLY_AWAY, NOT_NOW, NOT_YOURS_TO_HAND, ON_ITS_WAY, ONLINE_NO_UNDO
from game.match.table import GameInfo, NotYourSeat
from game.online import rejoin
from game.online.client import NetClient
from game.relay.policy import policy_for
from game.services import history
from game.text import refusal_of, say, tr
from rules.contract import EndReason, Event, LegalFromView, Outcome, SeatConfig
from rules.errors import IllegalAction
from rules.record import MatchRecord
from rules.refusal import MATCH_OVER, Refusal
from rules.registry import get_game

log = logging.getLogger(__name__)
def link_notice(state: str) -> str:
    """The toast for a change of the link to the relay, in the player's language."""
    return tr(f"notice.link.{state}")


def outcome_from_json(data: Mapping[str, Any] | None) -> Outcome | None:
    """Inverse of game.relay.policy.outcome_json."""
    if data is None:
        return None
    return Outcome(tuple(data["winners"]), tuple(data["scores"]), EndReason(data["reason"]), data.get("detail", ""),
                   dict(data.get("params", {})))


class RemoteRoom:
    """One seat in an online room: the lobby picture, requests, and the table of the current match."""

    def __init__(self, client: NetClient, clock: Callable[[], float] = time.monotonic) -> None:
        self.client, self.clock = client, clock
        self.seat: int | None = None
        self.code: str | None = None
        self.lobby: dict[str, Any] | None = None
        self.invite: dict[str, Any] | None = None  # {"room", "ticket", "link"} for the Copy link button
        self.knocking: int | None = None  # our own request id while the host decides
        self.errors: list[str] = []
        self.link = "connecting"
        self.table: RemoteTable | None = None
        self.gone: dict[int, float] = {}  # seat -> when this device first saw its person's link down
        self.last_seq = 0  # the highest move number this seat used (the relay says it in `joined`)
        self._notices: list[str] = []

    # requests (all return at once) ---------------------------------------------------------------
    def ready(self, ready: bool = True) -> None:
        """Mark this guest ready (or not)."""
        self.client.send("ready", ready=ready)

    def add_bot(self, level: str) -> None:
        """The host seats a bot."""
        self.client.send("add_bot", level=level)

    def start(self) -> None:
        """The host starts the match."""
        self.client.send("start")

    def new_invite(self) -> None:
        """Ask for a fresh single-use invite link (arrives in `invite`)."""
        self.client.send("invite")

    def admit(self, request: int, accept: bool) -> None:
        """The host's answer to someone knocking with the room code."""
        self.client.send("admit", request=request, accept=accept)

    def replace_with_bot(self, seat: int, level: str | None = None) -> None:
        """Hand an away seat to a bot."""
        fields: dict[str, Any] = {"seat": seat}
        if level is not None:
            fields["level"] = level
        self.client.send("replace_with_bot", **fields)

    def claim(self) -> None:
        """Claim the match after the other player has been away long enough (Night Market)."""
        self.client.send("claim")

    def rematch(self) -> None:
        """Back to the lobby of the same room after a match."""
        self.client.send("rematch")

    def leave(self) -> None:
        """Leave the room for good."""
        self.client.send("leave")

    def close(self) -> None:
        """Stop the network thread."""
        self.client.close()

    # what arrived --------------------------------------------------------------------------------
    @property
    def is_host(self) -> bool:
        """True when this seat hosts the room."""
        return self.lobby is not None and self.lobby.get("host") == self.seat

    def take_notices(self) -> list[str]:
        """Link and error messages for the player since the last call."""
        out, self._notices = self._notices, []
        return out

    def poll(self) -> None:
        """Take in everything the network thread received (never blocks)."""
        while True:
            try:
                msg = self.client.inbox.get_nowait()
            except queue.Empty:
                return
            self._dispatch(msg)

    def wait(self, timeout: float) -> None:
        """Block up to `timeout` for a message, then take in all (headless tools, never a frame loop)."""
        try:
            self._dispatch(self.client.inbox.get(timeout=timeout))
        except queue.Empty:
            return
        self.poll()

    def _dispatch(self, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "joined":
            self.seat, self.code, self.knocking = msg["seat"], msg["room"], None
            self.last_seq = max(self.last_seq, int(msg.get("seq", 0)))
        elif kind == "lobby":
            if self._rematch_called(msg):
                self._notices.append(tr("notice.rematch"))
            self.lobby = msg
            self._presence(msg.get("seats", []))
        elif kind == "invite":
            self.invite = msg
        elif kind == "knocking":
            self.knocking = msg["request"]
        elif kind in ("error", "turned_away"):
            words = say(refusal_of(msg))  # the relay sends a code; this device words it
            self.errors.append(words)
            self._notices.append(words)
        elif kind == "link":
            self._on_link(msg["state"])
        elif kind == "update":
            self._on_update(msg)
        elif kind == "refused" and self.table is not None:
            self.table.on_refused(msg)

    def _rematch_called(self, msg: dict[str, Any]) -> bool:
        """True when someone else took the room back to its lobby while this seat sits at the final screen
        (our own Rematch drops the table first)."""
        table = self.table
        was = (self.lobby or {}).get("phase")
        return table is not None and table.outcome() is not None and was != "lobby" and msg.get("phase") == "lobby"

    def _presence(self, seats: list[dict[str, Any]]) -> None:
        now = self.clock()
        down = {i for i, s in enumerate(seats) if s.get("bot") is None and s.get("presence") != "online"}
        self.gone = {i: self.gone.get(i, now) for i in sorted(down)}

    def _on_link(self, state: str) -> None:
        first = self.link == "connecting" and state == "online"  # the first connection is no news
        self.link = state
        if not first:
            self._notices.append(link_notice(state))
        if self.table is not None:
            self.table.on_link(state)

    def _on_update(self, msg: dict[str, Any]) -> None:
        if self.table is None or self.table.match != msg["match"]:
            if self.lobby is None:
                return  # the lobby picture always comes first; a stray update is dropped
            self.table = RemoteTable(self, msg["match"])
        self.table.on_update(msg)


class RemoteTable:
    """The `Table` of one online match, seen from this device's one seat."""

    can_pause = False
    paused = False
    guided = False
    read_only = False
    speed = 1.0  # the relay's bots keep the normal beat

    def __init__(self, room: RemoteRoom, match: int) -> None:
        assert room.lobby is not None and room.seat is not None
        self.room, self.match = room, match
        self.game = get_game(room.lobby["game"])
        self.info = GameInfo.of(self.game)
        self.seats = tuple(SeatConfig(s["name"], s["bot"]) for s in room.lobby["seats"])
        self.options: Mapping[str, Any] = dict(room.lobby.get("options", {}))
        self.here = (room.seat,)
        self.scale = float(room.lobby.get("scale", 1.0))
        self.version = 0
        self._view: Any = None
        self._public: Any = None
        self._legal: list[Any] = []
        self._held_legal: list[Any] = []  # a turn's legal moves while its move awaits an answer
        self._waiting: tuple[int, ...] = ()
        self._outcome: Outcome | None = None
        self._history: dict[int | None, list[Event]] = {room.seat: [], None: []}  # decoded when first asked for
        self._raw: dict[int | None, list[Any]] = {room.seat: [], None: []}  # every event as the relay sent it
        self._taken: dict[int | None, int] = {room.seat: 0, None: 0}
        self._server_now = 0.0
        self._heard_at = room.clock()
        self._pending: dict[int, Any] = {}
        self._sent_at: dict[int, float] = {}
        self._refusals: list[tuple[int, Refusal]] = []
        self._holding = False  # the scene holds other seats' moves (poll(bots=False))
        self._held: list[dict[str, Any]] = []  # updates kept back meanwhile, in arrival order
        self._detached = False  # after a rematch the room lives on in its lobby: close leaves it open
        self.days: int | None = room.lobby.get("days")  # days per move: a correspondence match (None: live)
        self._clocks: dict[int, float] = {}  # seat -> seconds left on its move clock when last heard
        self.answer_seconds: list[float] = []  # send to answer, per move (latency figures)
        self._kept = False  # the finished record is in History

    # the Table interface -------------------------------------------------------------------------
    def now(self) -> float:
        """The server's match clock, estimated from its last word."""
        return self._server_now + (self.room.clock() - self._heard_at) * self.scale

    def _mine(self, seat: int | None) -> None:
        if seat is not None and seat not in self.here:
            raise NotYourSeat(f"seat {seat} does not sit at this device")

    def view(self, seat: int | None) -> Any:
        """This seat's view, or the public view for None."""
        self._mine(seat)
        return self._public if seat is None else self._view

    def legal(self, seat: int) -> Sequence[Any]:
        """The legal actions the server sent with the latest view."""
        self._mine(seat)
        return list(self._legal)

    def reason(self, seat: int, action: Any) -> Refusal | None:
        """None for an action in the latest legal list, else why not (from the view)."""
        self._mine(seat)
        if action in self._legal:
            return None
        if self._view is not None:
            refusal: Refusal | None = self.game.why_not(self._view, action, self.now())
            if refusal is not None:
                return refusal
        if self._outcome is not None:
            return MATCH_OVER()
        if self._pending:  # a tap while our move is on the wire: say what we wait for, not "no"
            return ON_ITS_WAY()
        return NOT_NOW()

    def undo_reason(self, seat: int) -> Refusal | None:
        """Never online: the others have seen the move at once, and taking it back would need their
        agreement in a dialog on every device while the server holds the match; undo stays local."""
        self._mine(seat)
        return ONLINE_NO_UNDO()

    def can_undo(self, seat: int) -> bool:
        """Never online (see `undo_reason`)."""
        return False

    def undo(self, seat: int) -> None:
        """Refused: online play has no undo (see `undo_reason`)."""
        raise IllegalAction(ONLINE_NO_UNDO())

    def act(self, seat: int, action: Any) -> None:
        """Send a move; raises IllegalAction when it is plainly not allowed; pending until answered."""
        refusal = self.reason(seat, action)
        if refusal is not None:
            raise IllegalAction(refusal)
        self.act_anyway(seat, action)
        if not self.info.realtime:  # one move per turn: nothing else until the server answers
            self._held_legal, self._legal = self._legal, []

    def act_anyway(self, seat: int, action: Any) -> None:
        """Send a move without the local legality check (a resend after the server refused it)."""
        self._mine(seat)
        self.room.last_seq += 1  # numbers go on across matches and app sessions (the relay remembers them)
        seq = self.room.last_seq
        self._pending[seq] = action
        self._sent_at[seq] = self.room.clock()
        self._send_act(seq, action)

    def _send_act(self, seq: int, action: Any) -> None:
        self.room.client.send("act", seq=seq, action=self.game.action_to_json(action))

    def pending(self, seat: int) -> list[Any]:
        """Moves sent and not yet answered (a contested move shows as pending)."""
        self._mine(seat)
        return list(self._pending.values())

    def poll(self, bots: bool = True) -> None:
        """Take in the network inbox; with `bots=False` its updates wait (see game/match/table.py)."""
        self._holding = not bots
        self.room.poll()
        if bots:
            self._release()

    def _release(self) -> None:
        held, self._held = self._held, []
        for msg in held:
            self._take(msg)

    def take_events(self, viewer: int | None) -> list[Event]:
        """Events since `viewer` last asked."""
        self._mine(viewer)
        history = self._events(viewer)
        events = history[self._taken[viewer]:]
        self._taken[viewer] = len(history)
        return events

    def history(self, viewer: int | None, start: int = 0) -> list[Event]:
        """Every event so far from index `start`, as `viewer` may see it."""
        self._mine(viewer)
        return self._events(viewer)[start:]

    def _events(self, viewer: int | None) -> list[Event]:
        """`viewer`'s events, decoded only when asked for (opening a long match decodes once, not per update)."""
        decoded, raw = self._history[viewer], self._raw[viewer]
        decoded.extend(Event.from_json(e) for e in raw[len(decoded):])
        return decoded

    def take_refusals(self) -> list[tuple[int, Refusal]]:
        """(seat, refusal) for moves the server refused (its code, worded by the scene)."""
        out, self._refusals = self._refusals, []
        return out

    def take_notices(self) -> list[str]:
        """Lost link, reconnecting, back online, errors."""
        return self.room.take_notices()

    def outcome(self) -> Outcome | None:
        """The result once the server says the match is over."""
        return self._outcome

    def is_bot(self, seat: int) -> bool:
        """True for a seat a bot plays (bots may take over away seats)."""
        lobby = self.room.lobby or {}
        seats = lobby.get("seats", [])
        return seat < len(seats) and seats[seat].get("bot") is not None

    def thinking(self, seat: int) -> bool:
        """True while the server waits for another seat's move."""
        return seat not in self.here and seat in self._waiting and self._outcome is None

    def pause(self, why: str) -> None:
        """An online match never stops its clock."""

    def resume(self, why: str) -> None:
        """An online match never stops its clock."""

    def leave_note(self) -> str:
        """What leaving means online: the seat waits (or a bot may take it), the match goes on."""
        if self._outcome is not None:
            return tr("leave.note.room_open")
        return tr("leave.note.online")

    def rematch(self) -> None:
        """Ask for a rematch in the same room: it begins in the room's lobby (None: no table yet)."""
        self.room.rematch()
        self.room.table = None
        self._detached = True

    def close(self) -> None:
        """Stop the network thread (not after a rematch: the room's lobby still uses it). Leaving a
        finished match lets the room go from this app's title; mid-match the seat is kept to go back to."""
        if self.days is not None and self.room.code is not None:  # the next recap starts after what was seen
            rejoin.saw(self.room.code, len(self._raw[self.here[0]]))
        if not self._detached:
            self.room.close()
            if self._outcome is not None and self.room.code is not None:
                rejoin.forget(self.room.code)

    # the move clock (correspondence) -------------------------------------------------------------
    def move_clocks(self) -> dict[int, float]:
        """Seconds left on each running move clock (negative: late), estimated from the relay's last word."""
        passed = self.room.clock() - self._heard_at
        return {seat: left - passed for seat, left in self._clocks.items()}

    # away seats ----------------------------------------------------------------------------------
    def away(self) -> dict[int, float]:
        """People whose link is down, with the seconds this device has seen them gone (by
        correspondence: people late on their move clock, with the seconds they are late)."""
        if self._outcome is not None:
            return {}
        if self.days is not None:
            return {s: -left for s, left in self.move_clocks().items() if left <= 0 and s not in self.here}
        now = self.room.clock()
        return {seat: now - since for seat, since in self.room.gone.items() if seat not in self.here}

    def away_choices(self, seat: int) -> tuple[str, ...]:
        """"bot" and/or "claim" once the game's grace is over (the server checks again)."""
        gone = self.away().get(seat)
        policy = policy_for(self.info.name)
        if self.days is not None:  # late on the move clock: any player may hand it over or claim
            others = [s for s in range(len(self.seats)) if s not in self.here and not self.is_bot(s)]
            late = gone is not None and gone >= 0
            return ("bot", "claim") if late and all(s in self.away() for s in others) else ("bot",) if late else ()
        if gone is None or gone < policy.replace_grace:
            return ()
        choices: list[str] = []
        if self.room.is_host or policy.anyone_may_replace:
            choices.append("bot")
        others = [s for s in range(len(self.seats)) if s not in self.here and not self.is_bot(s)]
        if policy.claimable and others and all(self.away().get(s, 0.0) >= policy.replace_grace for s in others):
            choices.append("claim")
        return tuple(choices)

    def replace_with_bot(self, seat: int) -> None:
        """Ask the server to hand an away seat to a bot (a refusal arrives as a notice)."""
        if "bot" not in self.away_choices(seat):
            raise IllegalAction(NOT_YOURS_TO_HAND())
        self.room.replace_with_bot(seat)

    def claim(self) -> None:
        """Ask the server to end the match with this seat as the winner."""
        if not any("claim" in self.away_choices(s) for s in self.away()):
            raise IllegalAction(CLAIM_ONLY_AWAY())
        self.room.claim()

    def waiting(self) -> tuple[int, ...]:
        """Seats the server is waiting for."""
        return self._waiting

    def forget_if_unplayed(self) -> None:
        """Nothing is saved on this device for an online match."""

    # from the network ----------------------------------------------------------------------------
    def on_update(self, msg: dict[str, Any]) -> None:
        """A new full view (and the events since the last one this connection was sent); kept back
        while the scene holds, unless it answers a move of ours (then it and all before it land)."""
        self._held.append(msg)
        ours = any(seq in self._pending for seq in msg.get("answers", [msg.get("answer")]))
        if not self._holding or ours:
            self._release()

    def _take(self, msg: dict[str, Any]) -> None:
        self.version = msg["version"]
        self._server_now, self._heard_at = float(msg["now"]), self.room.clock()
        self._view = self.game.view_from_json(msg["view"])
        self._public = self.game.view_from_json(msg["public"])
        self._legal = self._listed(msg)
        self._waiting = tuple(msg["waiting"])
        self._clocks = {int(seat): float(left) for seat, left in msg.get("clocks", {}).items()}
        self._outcome = outcome_from_json(msg.get("outcome"))
        if "record" in msg and not self._kept:  # the match is over: keep it in History to replay
            self._kept = True
            self._keep(msg["record"])
        self._merge(self.here[0], msg["from"], msg["events"])
        self._merge(None, msg["from"], msg["public_events"])
        self.room.client.holding = (msg["match"], min(len(self._raw[self.here[0]]), len(self._raw[None])))
        for seq in msg.get("answers", [msg["answer"]] if "answer" in msg else []):
            self._answered(seq)  # an update that stood for several held back answers them all
        if self._pending and not self.info.realtime:
            self._legal = []

    def _listed(self, msg: dict[str, Any]) -> list[Any]:
        """This seat's legal moves: the update's list, or, when it has none (protocol 4: a game whose
        moves follow from a seat's view, rules/contract.py LegalFromView), listed from our own view."""
        if "legal" in msg:
            return [self.game.action_from_json(a) for a in msg["legal"]]
        if not hasattr(self.game, "legal_from_view"):  # no relay leaves such a game's list out
            return []
        return list(cast(LegalFromView[Any], self.game).legal_from_view(self._view, self._server_now))

    def _keep(self, raw: Any) -> None:
        try:
            record = MatchRecord.from_json(raw)
        except ValueError as exc:  # MalformedData, or rules this build does not have
            log.warning("the finished record from the relay is not kept: %s", exc)
            return
        history.keep_online(record, self.here[0])

    def _merge(self, viewer: int | None, start: int, raw: list[dict[str, Any]]) -> None:
        held = self._raw[viewer]
        if start > len(held):
            self.room.client.send("sync", have=len(held))  # a gap: ask for what we miss
            return
        held[start:] = raw
        del self._history[viewer][start:]  # decoded again from the resent events when asked for

    def on_refused(self, msg: dict[str, Any]) -> None:
        """The server refused a move (a race lost, or the table moved on)."""
        action = self._pending.get(msg["seq"])
        self._answered(msg["seq"])
        if action is not None:
            self._refusals.append((self.here[0], refusal_of(msg)))
            if not self._pending and not self._legal:
                self._legal = self._held_legal  # the turn is still ours: offer its moves again

    def _answered(self, seq: int) -> None:
        self._pending.pop(seq, None)
        sent = self._sent_at.pop(seq, None)
        if sent is not None:
            self.answer_seconds.append(self.room.clock() - sent)

    def on_link(self, state: str) -> None:
        """Back online: moves still unanswered are sent again with the same numbers."""
        if state == "online":
            for seq, action in sorted(self._pending.items()):
                self._send_act(seq, action)
