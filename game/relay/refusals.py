"""Every refusal the relay itself sends (the rules' refusals it forwards are declared in rules/),
and the one place its refusal messages are built: a code with parameters, never a sentence; the
client words them (game/text). docs/online.md lists the messages."""

from __future__ import annotations

from typing import Any

from rules.refusal import Refusal, declare

# the wire (game/relay/protocol.py)
TOO_BIG = declare("relay.too_big", "limit")
NOT_JSON = declare("relay.not_json")
NOT_OBJECT = declare("relay.not_object")
VERSION = declare("relay.version", "speaks")  # "update Market Hall": old clients also get a `reason` (protocol.py)
UNKNOWN_TYPE = declare("relay.unknown_type")
UNKNOWN_FIELD = declare("relay.unknown_field", "field")
MISSING_FIELD = declare("relay.missing_field", "type", "field")
BAD_FIELD = declare("relay.bad_field", "type", "field")
NOT_SERVER = declare("relay.not_server")  # read by the client only: a message no relay sent
# connections and hellos (hub.py, roomtask.py)
SERVER_CLOSING = declare("relay.server_closing")
HOST_QUIT = declare("relay.host_quit")  # the app that hosted the room quit
HOST_CLOSED = declare("relay.host_closed")  # its host closed the room
KIOSK_HOST_LEFT = declare("relay.kiosk_host_left")  # the kiosk visitor who hosted it left
SERVER_ERROR = declare("relay.server_error")
SLOW_DOWN = declare("relay.slow_down")
TOO_MANY_SYNCS = declare("relay.too_many_syncs")
WAIT_FOR_HOST = declare("relay.wait_for_host")
NO_SEAT = declare("relay.no_seat")
HELLO_BACKLOG = declare("relay.hello_backlog")
NO_ROOM = declare("relay.no_room")
HELLO_FIRST = declare("relay.hello_first")
SAVE_FAILED = declare("relay.save_failed")
ROOM_ELSEWHERE = declare("relay.room_elsewhere")  # another relay process serves the room: try again soon
ALREADY_IN_ROOM = declare("relay.already_in_room")
TURNED_AWAY = declare("relay.turned_away")
ROOM_PATH = declare("relay.room_path", "room")  # a hello for another room than its URL's `/ws/ROOM`
ELSEWHERE = declare("relay.elsewhere", "room")  # a fleet's room kept by another node (hub.may_serve)
# the lobby (lobby.py) and the room (rooms.py)
STARTED = declare("relay.started")
TABLE_FULL = declare("relay.table_full")
INVITE_USED = declare("relay.invite_used")
BOT_SEAT = declare("relay.bot_seat")
TOO_MANY_KNOCKING = declare("relay.too_many_knocking")
TOO_MANY_INVITES = declare("relay.too_many_invites")  # a host asking for tickets faster than a table fills
NO_REQUEST = declare("relay.no_request")
BAD_TOKEN = declare("relay.bad_token")
HOST_ONLY = declare("relay.host_only")
BOT_LEVELS = declare("relay.bot_levels", "levels")  # the game's level names, comma-separated
BOTS_IN_LOBBY = declare("relay.bots_in_lobby")
BAD_OPTIONS = declare("relay.bad_options")
STILL_GOING = declare("relay.still_going")
NO_SUCH_SEAT = declare("relay.no_such_seat")
NOT_AWAY = declare("relay.not_away")
NOTHING_TO_CLAIM = declare("relay.nothing_to_claim")
NOBODY_TO_CLAIM_FROM = declare("relay.nobody_to_claim_from")
STILL_HERE = declare("relay.still_here", "name")
NOT_THEIR_MOVE = declare("relay.not_their_move", "name")
CLOCK_LEFT = declare("relay.clock_left", "name", "minutes")
WAIT_GRACE = declare("relay.wait_grace", "name", "seconds")
NOT_STARTED = declare("relay.not_started")
NO_GAME = declare("relay.no_game")  # a game this relay does not have
REALTIME_ONLY = declare("relay.realtime_only", "game")
DAYS_PER_MOVE = declare("relay.days_per_move", "days")  # the choices, comma-separated
ROOMS_PER_MINUTE = declare("relay.rooms_per_minute", "count")
ROOMS_PER_ADDRESS = declare("relay.rooms_per_address", "count")
SEATS_NEEDED = declare("relay.seats_needed", "least", "most")
WAITING_READY = declare("relay.waiting_ready", "names")  # the names not ready yet, comma-separated


def refused(seq: int, refusal: Refusal, version: int = -1) -> dict[str, Any]:
    """A move's refusal, by its number."""
    return {"type": "refused", "seq": seq, **refusal.to_json(), "version": version}


def error(refusal: Refusal, kind: str = "error") -> dict[str, Any]:
    """Any other request's refusal (`kind` "turned_away" for a knock the host declined)."""
    return {"type": kind, **refusal.to_json()}
