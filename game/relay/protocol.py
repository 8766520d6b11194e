"""The wire between a Market Hall client and an online server: versioned JSON, checked on arrival.

Every message is one JSON object with "v" (the protocol version) and "type". What a client may
send is listed in CLIENT_MESSAGES with the type of each field; anything else is refused before it
reaches a room. Clients send intentions (an action with its sequence number: the relay answers
every number exactly once, by number, and applies a number at most once, so a resend is safe);
the server judges each action against the room's current state with the rules (there is no
stale-view refusal: `act` carries no view version); it answers with views, redacted events and legal
actions for that seat only. Times travel as match seconds or remaining milliseconds, never as wall-clock instants.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from game.relay import refusals as r
from rules import names
from rules.refusal import Refusal

# 2: `act` lost its `version`, joins carry a key, tokens come from the relay.
# 3: refusals (`refused`, `error`, `turned_away`) carry `code` + `params`, never a `reason` sentence;
#    a client of an older protocol is answered in its own version, with a `reason` it can show.
# 4: while a match plays, an update to a seat of a game that lists moves from a view (rules/contract.py
#    LegalFromView: Night Market) has no `legal`: the client lists its moves from its own view.
PROTOCOL_VERSION = 4
MAX_MESSAGE = 16 * 1024  # bytes a client may send in one message
MAX_SERVER_MESSAGE = 4 * 1024 * 1024  # what a client accepts (full views, legal lists, history)

# No 0/O, 1/I/L: a code read aloud or copied by hand survives.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
MAX_NODE = 2  # letters of a fleet node's name, which starts every room code it creates
DAYS_PER_MOVE = (1, 3, 7)  # a correspondence room's move clock, in days
WS_PATH = "/ws"  # the websocket endpoint; `/ws/ROOM` for a connection that names its room
STATUS_ROOMS = 64  # rooms one `status` message may ask about
_CODE_RE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")


class ProtocolError(ValueError):
    """A message that is not part of the protocol; `refusal` is safe to send back; `legacy` is the
    older protocol version a client spoke, when that was the problem (it is answered in it)."""

    def __init__(self, refusal: Refusal, legacy: int | None = None) -> None:
        super().__init__(str(refusal))
        self.refusal, self.legacy = refusal, legacy


# -- field checks ---------------------------------------------------------------------------

def _str(limit: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and 0 < len(v) <= limit


def _int(lo: int, hi: int) -> Callable[[Any], bool]:
    return lambda v: type(v) is int and lo <= v <= hi


def _is_bool(v: Any) -> bool:
    return type(v) is bool


def is_code(v: Any) -> bool:
    return isinstance(v, str) and normalise_code(v) is not None


def _is_options(v: Any) -> bool:
    return isinstance(v, dict) and len(v) <= 16 and all(
        isinstance(k, str) and len(k) <= 40 and (type(x) in (int, float, bool, str)) for k, x in v.items())


def _is_seats_held(v: Any) -> bool:
    """[[room code, seat token], ...]: the seats a device holds, for one `status` message."""
    return isinstance(v, list) and 0 < len(v) <= STATUS_ROOMS and all(
        isinstance(p, list) and len(p) == 2 and is_code(p[0]) and TOKEN(p[1]) for p in v)


def _anything(v: Any) -> bool:
    return True  # the rules' action_from_json judges actions


NAME = names.valid  # a player's name: short, one line, letters and a little punctuation (rules/names.py)
TOKEN = _str(64)
JOIN_KEY = lambda v: isinstance(v, str) and 16 <= len(v) <= 64  # noqa: E731 (names a join, never a seat token)
SEQ = _int(0, 2**31)
SEAT = _int(0, 15)
LEVEL = _str(16)
GAME_NAME = _str(24)

# type -> {field: (check, required)}
CLIENT_MESSAGES: dict[str, dict[str, tuple[Callable[[Any], bool], bool]]] = {
    "create": {"game": (GAME_NAME, True), "name": (NAME, True), "options": (_is_options, False),
               "seed": (_int(0, 2**53), False), "days": (_int(1, 7), False)},
    # Seat tokens come from the relay only. A join may carry a key of the client's own: the same
    # join sent again (its answer lost with the link) gets the same seat back, with a new token.
    "join": {"room": (is_code, True), "name": (NAME, True), "ticket": (TOKEN, False), "key": (JOIN_KEY, False)},
    # A resume may say how much of its match the client holds (the match number and its events):
    # only the rest is sent, not the whole history on every reconnect.
    "resume": {"room": (is_code, True), "token": (TOKEN, True), "match": (_int(0, 2**31), False),
               "have": (_int(0, 2**31), False)},
    # Instead of a hello: how every room a device sits in stands (whose move, the move clock); the
    # relay answers once and closes the connection.
    "status": {"rooms": (_is_seats_held, True)},
    "invite": {},
    "admit": {"request": (_int(0, 2**31), True), "accept": (_is_bool, True)},
    "ready": {"ready": (_is_bool, True)},
    "add_bot": {"level": (LEVEL, True)},
    "start": {},
    "act": {"seq": (SEQ, True), "action": (_anything, True)},
    "sync": {"have": (_int(0, 2**31), False)},  # events the client holds (a gap): resend from there
    "replace_with_bot": {"seat": (SEAT, True), "level": (LEVEL, False)},
    "claim": {},
    "rematch": {},
    "leave": {},
}


def decode_client(raw: str | bytes) -> dict[str, Any]:
    """A client message checked against its schema; raises ProtocolError with the reason."""
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(r.TOO_BIG(limit=MAX_MESSAGE))
    try:
        msg = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError(r.NOT_JSON()) from None
    if not isinstance(msg, dict):
        raise ProtocolError(r.NOT_OBJECT())
    if type(msg.get("v")) is not int or msg["v"] != PROTOCOL_VERSION:
        older = msg["v"] if type(msg.get("v")) is int and 1 <= msg["v"] < PROTOCOL_VERSION else None
        raise ProtocolError(r.VERSION(speaks=PROTOCOL_VERSION), older)
    kind = msg.get("type")
    schema = CLIENT_MESSAGES.get(kind) if isinstance(kind, str) else None
    if schema is None:
        raise ProtocolError(r.UNKNOWN_TYPE())
    extra = set(msg) - {"v", "type"} - set(schema)
    if extra:
        raise ProtocolError(r.UNKNOWN_FIELD(field=sorted(extra)[0][:40]))
    for name, (check, required) in schema.items():
        if name not in msg:
            if required:
                raise ProtocolError(r.MISSING_FIELD(type=msg["type"], field=name))
        elif not check(msg[name]):
            raise ProtocolError(r.BAD_FIELD(type=msg["type"], field=name))
    return msg


def _no_constant(name: str) -> Any:
    """NaN and Infinity are not JSON; Python would read them, and a NaN option could stall a room."""
    raise ValueError(name)


def encode(kind: str, **fields: Any) -> str:
    """One message as JSON text; a field made by `spliced` or `sharing` goes in as its own text."""
    plain = {k: v for k, v in fields.items() if not isinstance(v, _Once)}
    head = _dumps({"v": PROTOCOL_VERSION, "type": kind, **plain})
    if len(plain) == len(fields):
        return head
    parts = [f",{_key(k)}:{v.text()}" for k, v in fields.items() if isinstance(v, _Once)]
    return head[:-1] + "".join(parts) + "}"


def _compact() -> Callable[[Any], str]:
    """json.dumps(value, separators=(",", ":")) with one encoder made once: json.dumps builds its
    C encoder again on every call, which was most of what a small part cost. No circular check
    (the relay encodes data it made: JSON data, never a cycle)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # a Python without the C accelerator: the library's own way
        return json.JSONEncoder(separators=(",", ":")).encode
    refuse = json.JSONEncoder().default  # what JSON cannot hold: json.dumps's TypeError
    chunks = make(None, refuse, json.encoder.encode_basestring_ascii, None, ":", ",", False, False, True)
    return lambda value: "".join(chunks(value, 0))


_dumps = _compact()
dumps = _dumps  # the relay's compact JSON: what it keeps as text is written exactly as it is sent
_key = functools.lru_cache(maxsize=1024)(_dumps)  # field names: a few dozen, written again and again
_ABSENT = object()  # a key the public view does not have


class _Once:
    """JSON whose text is made once, on first use, and spliced into every message that carries it
    (a part every seat of one change is sent: never changed after)."""

    _text: str | None

    def text(self) -> str:
        if self._text is None:
            self._text = self._make()
        return self._text

    def _make(self) -> str:
        return _dumps(self)


class _SplicedList(_Once, list[Any]):
    def __init__(self, value: list[Any]) -> None:
        super().__init__(value)
        self._text = None


class _TextList(_Once, Sequence[Any]):
    """A list kept as the JSON texts of its items (game/relay/kept.py): its text is theirs joined,
    and it is decoded only if something reads its items (the relay never does; tests may)."""

    def __init__(self, texts: list[str]) -> None:
        self._text = "[" + ",".join(texts) + "]"
        self._items: list[Any] | None = None

    def _read(self) -> list[Any]:
        if self._items is None:
            self._items = json.loads(self.text())
        return self._items

    def __len__(self) -> int:
        return len(self._read())

    def __getitem__(self, index: Any) -> Any:
        return self._read()[index]

    def __eq__(self, other: object) -> bool:
        return self._read() == (other._read() if isinstance(other, _TextList) else other)

    __hash__ = None  # type: ignore[assignment]  # a list: unhashable

    def __repr__(self) -> str:
        return repr(self._read())


def spliced_texts(texts: list[str]) -> Sequence[Any]:
    """`spliced` of the list of the items whose JSON texts are `texts`: written as their texts
    joined (never decoded and encoded again on the relay's way out)."""
    return _TextList(texts)


class _SplicedDict(_Once, dict[str, Any]):
    """An object (a public view) a seat's own object shares most fields with (`sharing`): the fields
    every seat sees alike are written once per change, as one text (`rest`), and the object's own
    text is those fields' text with the rest in front (one C encoder call each)."""

    def __init__(self, value: dict[str, Any]) -> None:
        super().__init__(value)
        self._text = None
        self._rest: dict[frozenset[str], str] = {}  # `rest`'s texts, by the keys left out

    def field(self, key: str) -> str:
        """`"key":value` as text."""
        return f"{_key(key)}:{_dumps(self[key])}"

    def rest(self, skip: frozenset[str]) -> str:
        """Every field but those in `skip`, in order, as text without braces (made once: each seat's
        view differs from the public one in the same few fields)."""
        text = self._rest.get(skip)
        if text is None:
            text = self._rest[skip] = _dumps({k: v for k, v in self.items() if k not in skip})[1:-1]
        return text

    def _make(self) -> str:
        if not self._rest:  # no seat's object was written beside it
            return _dumps(self)
        skip, rest = next(iter(self._rest.items()))  # the fields a seat shares, written once already
        head = _dumps({k: v for k, v in self.items() if k in skip})[1:-1]
        return "{" + ",".join(part for part in (head, rest) if part) + "}"


class _Sharing(_Once, dict[str, Any]):
    """One seat's object, whose fields equal to `base`'s (a public view's) are spliced from its text."""

    def __init__(self, value: dict[str, Any], base: _SplicedDict) -> None:
        super().__init__(value)
        self._text, self._base = None, base

    def _make(self) -> str:
        base = self._base
        # ==: both objects come from one type table, so equal fields have equal JSON (no field of a
        # view mixes bool with int or int with float: the codec writes each declared type one way)
        # `is` first: a part the game made beside the public view is its very object (ViewsBeside)
        own = {k: v for k, v in self.items() if (b := base.get(k, _ABSENT)) is not v and (b is _ABSENT or b != v)}
        head = _dumps(own)
        if len(own) == len(self):
            return head
        if list(self) == list(base):  # the same keys in the same order: the rest as one text
            shared = base.rest(frozenset(own))
        else:
            shared = ",".join(base.field(k) for k in self if k not in own)
        return ("{" if len(own) == 0 else head[:-1] + ",") + shared + "}"


def spliced(value: Any) -> Any:
    """`value` (a dict or list of JSON data, else as it is) marked to be encoded once as text and
    spliced into each message that carries it, instead of being encoded again per seat. It still
    reads as the dict or list it was."""
    if isinstance(value, dict):
        return _SplicedDict(value)
    if isinstance(value, list):
        return _SplicedList(value)
    return value


def sharing(value: dict[str, Any], base: Any) -> dict[str, Any]:
    """A seat's own `value` whose fields equal to those of `base` (made by `spliced`) reuse their
    text: a seat's view repeats most of the public view."""
    return _Sharing(value, base) if isinstance(base, _SplicedDict) else value


def encode_for_older(exc: ProtocolError) -> str:
    """The version refusal in the client's own older protocol, which shows `reason` and knows no
    codes: the one message that carries a sentence (English; an old client has no catalogue)."""
    reason = f"this relay speaks protocol {PROTOCOL_VERSION}: update Market Hall on both ends"
    return json.dumps({"v": exc.legacy, "type": "error", "reason": reason, **exc.refusal.to_json()},
                      separators=(",", ":"))


def decode_server(raw: str | bytes) -> dict[str, Any]:
    """A server message (the client trusts its server's shape but still checks the envelope).

    An older relay's error (it refuses this client's newer protocol in its own) becomes the version
    refusal, in this client's words."""
    msg = json.loads(raw)
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise ProtocolError(r.NOT_SERVER())
    older = msg.get("v")
    if older != PROTOCOL_VERSION:
        if type(older) is int and older < PROTOCOL_VERSION and msg["type"] == "error":
            return {"v": PROTOCOL_VERSION, "type": "error", **r.VERSION(speaks=older).to_json()}
        raise ProtocolError(r.NOT_SERVER())
    return msg


# -- rate limit -----------------------------------------------------------------------------

class RateLimit:
    """A token bucket: `rate` tokens a second on average, bursts up to `burst`. Refusals are
    counted in a leaky bucket that forgives `forgive` of them a second (flood detection)."""

    def __init__(self, rate: float = 30.0, burst: float = 60.0, clock: Callable[[], float] = time.monotonic,
                 forgive: float = 0.0) -> None:
        self.rate, self.burst, self.clock, self.forgive = rate, burst, clock, forgive
        self.tokens = burst
        self.stamp = clock()
        self.refused = 0.0

    def refill(self) -> float:
        """The tokens there are now (the time since the last look refilled them)."""
        now = self.clock()
        elapsed, self.stamp = max(0.0, now - self.stamp), now
        self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
        self.refused = max(0.0, self.refused - elapsed * self.forgive)
        return self.tokens

    def allow(self) -> bool:
        """Take one token if there is one."""
        if self.refill() >= 1.0:
            self.tokens -= 1.0
            return True
        self.refused += 1
        return False

    def spend(self, amount: float) -> None:
        """Take `amount` tokens, into debt if need be (a message is never cut in two)."""
        self.refill()
        self.tokens -= amount

    def wait(self) -> float:
        """Seconds until the bucket is out of debt (0 when it is)."""
        return max(0.0, -self.refill() / self.rate) if self.rate > 0 else 0.0


class Buckets:
    """Token buckets drawn on together (a seat's and its address's): short when any one is."""

    def __init__(self, *buckets: RateLimit) -> None:
        self.buckets = buckets

    def refill(self) -> float:
        """The tokens the emptiest bucket has now."""
        return min(b.refill() for b in self.buckets)

    def allow(self) -> bool:
        """Take one token from each, if each has one."""
        if self.refill() < 1.0:
            return False
        for b in self.buckets:
            b.tokens -= 1.0
        return True

    def spend(self, amount: float) -> None:
        """Take `amount` from each, into debt if need be."""
        for b in self.buckets:
            b.spend(amount)

    def wait(self) -> float:
        """Seconds until every bucket is out of debt."""
        return max(b.wait() for b in self.buckets)


# -- codes, tickets, tokens -----------------------------------------------------------------

def new_code(taken: Callable[[str], bool], node: str = "") -> str:
    """A fresh room code not yet `taken`, starting with `node` (a fleet's node name: a proxy routes
    the room to its home node by that prefix)."""
    while True:
        code = node + "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH - len(node)))
        if not taken(code):
            return code


def node_name(text: str) -> str | None:
    """A fleet node's name (one or two letters of the code alphabet, any case), or None."""
    name = text.strip().upper()
    return name if 1 <= len(name) <= MAX_NODE and all(c in CODE_ALPHABET for c in name) else None


def normalise_code(text: str) -> str | None:
    """The room code in `text` (any case, spaces and dashes ignored), or None."""
    code = re.sub(r"[\s-]", "", text).upper()
    return code if _CODE_RE.match(code) else None


def new_secret() -> str:
    """A ticket or seat token (URL-safe, 32 characters)."""
    return secrets.token_urlsafe(24)


def digest(secret: str) -> str:
    """What the server keeps of a secret: its SHA-256 (a stolen data folder holds no tokens)."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True)
class Invite:
    """What a pasted link or typed code names."""

    server: str | None  # the websocket URL, None for a bare code (use the configured server)
    room: str
    ticket: str | None


def http_url(host: str, port: int | str) -> str:
    """`http://HOST:PORT`, an IPv6 host in brackets (`http://[::1]:8765`), as a URL must write it."""
    bare = host.strip("[]")
    return f"http://[{bare}]:{port}" if ":" in bare else f"http://{host}:{port}"


def invite_link(public_url: str, room: str, ticket: str) -> str:
    """`http://HOST:PORT/j/ROOM#TICKET` (the ticket sits in the fragment: never sent in a request)."""
    return f"{public_url.rstrip('/')}/j/{room}#{ticket}"


def websocket_url(public_url: str) -> str:
    """The websocket endpoint behind a server's public http(s) URL (where rooms are created)."""
    parts = urlsplit(public_url)
    scheme = {"https": "wss", "wss": "wss"}.get(parts.scheme, "ws")
    return f"{scheme}://{parts.netloc}{WS_PATH}"


def room_url(websocket: str, room: str) -> str:
    """`.../ws/ROOM`: where a connection for one room goes, so a proxy can route it by the code."""
    return f"{websocket.rstrip('/')}/{room}"


def path_room(path: str) -> tuple[bool, str | None]:
    """Whether a request path is a websocket endpoint, and the room it names: `/ws` (none) or
    `/ws/ROOM` (a room code, as written in any case)."""
    path = path.split("?", 1)[0].rstrip("/")
    if path == WS_PATH:
        return True, None
    head, _, rest = path.rpartition("/")
    room = normalise_code(rest) if head == WS_PATH else None
    return room is not None, room


def parse_invite(text: str) -> Invite | None:
    """An invite link or a bare room code, else None."""
    text = text.strip()
    code = normalise_code(text)
    if code is not None:
        return Invite(None, code, None)
    parts = urlsplit(text)
    match = re.fullmatch(r"/j/([^/]+)/?", parts.path)
    if parts.scheme not in ("http", "https") or not parts.netloc or match is None:
        return None
    room = normalise_code(match.group(1))
    if room is None:
        return None
    base = f"{parts.scheme}://{parts.netloc}"
    return Invite(websocket_url(base), room, parts.fragment or None)
