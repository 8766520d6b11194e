"""Where "Play friends online" plays: a relay from Settings, or a server inside this app.

With no relay configured the host's own app runs the server on a background thread, listening on
every interface at a free port, and invite links carry this computer's LAN address, so two people
on one network play at once. An embedded host could in principle read the match state (the
server holds it); a relay run by someone else (`market-hall serve`) is the fair option, and the
lobby says which one is in use.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass
from pathlib import Path

from game.relay.protocol import http_url, websocket_url
from game.relay.server import ServerConfig, ServerThread
from game.text import tr
from rules.refusal import Refusal


@dataclass
class Hosting:
    """The server a room lives on, and whether this app runs it."""

    public_url: str  # http(s)://HOST:PORT, what invite links start with
    embedded: ServerThread | None = None

    @property
    def websocket(self) -> str:
        """The endpoint the client connects to."""
        return websocket_url(self.public_url)

    def describe(self) -> tuple[str, str]:
        """Two lines for the lobby: which server is in use, and what that means, in the player's words."""
        if self.embedded is None:
            return tr("lobby.on_relay", url=self.public_url), tr("lobby.on_relay.means")
        return tr("lobby.on_here", url=self.public_url), tr("lobby.on_here.means")

    @property
    def port(self) -> int | None:
        """The port of this app's own server (None on a relay)."""
        if self.embedded is None:
            return None
        return int(self.public_url.rsplit(":", 1)[1].rstrip("/"))

    @property
    def running(self) -> bool:
        """True while a relay is in use or this app's server still runs."""
        return self.embedded is None or self.embedded.alive

    def stop(self, goodbye: Refusal | None = None) -> None:
        """Stop an embedded server, first telling whoever is connected `goodbye` (a relay keeps running)."""
        if self.embedded is not None:
            self.embedded.stop(goodbye=goodbye)
            self.embedded = None


def lan_address() -> str:
    """This computer's address on its local network (127.0.0.1 when it has none)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return "127.0.0.1"
    for info in infos:
        address = str(info[4][0])
        if not address.startswith("127."):
            return address
    return "127.0.0.1"


def start_hosting(relay: str, bind: str = "0.0.0.0", advertise: str | None = None, scale: float = 1.0,
                  port: int = 0, data: Path | None = None) -> Hosting:
    """The relay when one is set, else a server on a background thread of this app (`scale`: match
    seconds per real second, for tests and demos that must not wait out real rounds; `port` 0
    picks a free one; `data`: the folder its rooms persist in, so a restarted app serves them again)."""
    if relay:
        public = relay.replace("wss://", "https://").replace("ws://", "http://")
        return Hosting(public.removesuffix("/ws").rstrip("/"))
    address = advertise or (lan_address() if bind == "0.0.0.0" else bind)
    thread = ServerThread(ServerConfig(host=bind, port=port, scale=scale, data=data))
    url = thread.start()
    thread_url = http_url(address, url.rsplit(':', 1)[1].rstrip('/'))
    if thread.hub is not None:  # invite links name the LAN address, not 0.0.0.0 (a plain str swap)
        thread.hub.public_url = thread_url
    return Hosting(thread_url, thread)
