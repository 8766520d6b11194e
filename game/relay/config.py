"""How a relay runs: its options (ServerConfig) and the few fixed limits of its message handling."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.relay.store import RoomStore

REFUSALS_ANSWERED = 20  # refused frames (other than moves) answered per connection; later ones only counted
BACKLOG = 64  # frames kept behind a hello that is still on its way to its room


@dataclass
class ServerConfig:
    """How a server runs (the defaults notice a dead link within about 20 s)."""

    host: str = "127.0.0.1"
    port: int = 8765
    public_url: str | None = None
    data: Path | None = None
    scale: float = 1.0  # match seconds per real second (tests and benchmarks speed time up)
    ping_interval: float = 8.0
    ping_timeout: float = 8.0
    close_timeout: float = 3.0
    away_after: float = 10.0  # seconds "reconnecting" before a seat shows "away"
    idle_seconds: float = 6 * 3600.0  # a match with people in it, nobody connected, is kept this long
    empty_seconds: float = 15 * 60.0  # any other room nobody is connected to is deleted after this
    hello_seconds: float = 10.0  # a connection must be seated (or knocking) within this time
    knock_seconds: float = 600.0  # a knock nobody answers is closed after this
    knock_news: float = 0.5  # knocks within this many seconds reach the host as one lobby picture
    rate: float = 50.0  # messages a second per connection, on average (a person sends a few)
    burst: float = 200.0  # a bot-played Night Market match fits in one burst
    flood: int = 200  # frames refused by the rate limit before the connection is closed (1008) ...
    forgive: float = 1.0  # ... where this many refusals a second are forgotten (a long, calm link stays)
    rooms_per_address: int = 64  # rooms one address may hold open at once (a household plays a few)
    rooms_per_minute: int = 60  # rooms one address may create in a minute
    sync_bytes: float = 64 * 1024.0  # bytes a second a connection's `sync` answers may cost on average
    sync_burst: float = 512 * 1024.0  # ... in one go (a whole five-seat history fits)
    out_bytes: float = 128 * 1024.0  # bytes a second a connection is sent on average; past that its
    out_burst: float = 1024 * 1024.0  # updates wait and go as one (the latest view, every event missed)
    address_seats: float = 16.0  # all of one address's seats may be sent as much as this many seats (a
    # household, or a school behind one NAT address) and cost as much in `sync` answers
    send_seconds: float = 5.0  # a write making no progress this long (a client not reading) cuts the link
    out_queue: float = 4 * 1024 * 1024.0  # bytes queued for one connection past which it is cut
    node: str | None = None  # a fleet node's name: every room code it creates starts with it
    trust_proxy: str | None = None  # a reverse proxy's address: its forwarding header names the client
    send_buffer: int | None = None  # each connection's kernel send buffer in bytes (None: the system's)
    write_limit: int = 32 * 1024  # bytes buffered above the kernel before a write waits
    # The relay's one clock, in seconds: match time, timers, budgets, expiry (tests inject one and
    # advance it, then call Hub.nudge so waiting tasks look at it again).
    clock: Callable[[], float] = time.monotonic
    wall: Callable[[], float] = time.time  # calendar seconds, for what outlives the process (tickets)
    store: RoomStore | None = None  # where rooms are kept (default: a file store in `data`, else memory)
    store_url: str | None = None  # a shared store (redis://HOST:PORT/DB) for a fleet of relays
    lease_seconds: float = 5.0  # a shared store's lease on a room: a dead relay's rooms are free after this
    # a fleet's handoff (handoff.py): a hello for a room another relay owns is piped to it
    fleet_secret: bytes | None = None  # shared by the fleet's relays: signs the client address a peer hands on
    peer_url: str | None = None  # where peers reach this relay (default: its --host and --port, unless a wildcard)
    pipes: int = 1000  # connections piped on to other relays at once; past it they are refused as before
    peer_connect_seconds: float = 5.0  # the owner's handshake must be done within this, else the client retries
    lag_probe: Path | None = None  # benchmarks: a file the loop's lag is appended to each second (lagprobe.py)
