"""Plain HTTP on the server's port: a health check and the landing page behind an invite link.

Someone who taps an invite link in a chat app lands in a browser; the page says how to open the
invite in Market Hall. The ticket sits in the link's fragment, which browsers never send, so it
reaches neither this server's logs nor any proxy's.
"""

from __future__ import annotations

import html
import http
import json
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.http11 import Request, Response

from game.relay.protocol import PROTOCOL_VERSION, normalise_code, path_room

LANDING = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Market Hall — room {room}</title>
<style>body{{font-family:sans-serif;max-width:34em;margin:3em auto;padding:0 1em;line-height:1.5}}
code{{background:#eee;padding:.1em .3em}}</style></head>
<body><h1>Market Hall: a seat is waiting for you</h1>
<p>You were invited to room <strong>{room}</strong>. This page is only the doorway; the game
itself runs in the Market Hall app.</p>
<ol><li>Copy this page's whole address (the part after <code>#</code> is your single-use ticket).</li>
<li>In Market Hall, choose <em>Join</em> on the title screen and paste it, or run
<code>market-hall join "LINK"</code>.</li></ol>
<p>With only the room code <strong>{room}</strong>, the host is asked to let you in.</p>
</body></html>
"""


def _typed(response: Response, content_type: str) -> Response:
    del response.headers["Content-Type"]  # respond() sets text/plain; headers are a multi-dict
    response.headers["Content-Type"] = content_type
    return response


def _html(connection: ServerConnection, status: http.HTTPStatus, body: str) -> Response:
    return _typed(connection.respond(status, body), "text/html; charset=utf-8")


def request_handler(stats: Callable[[], dict[str, Any]]) -> Callable[[ServerConnection, Request], Response | None]:
    """websockets' `process_request`: answer plain HTTP, let websocket upgrades on `/ws` and
    `/ws/ROOM` through (the hub checks that a hello names the room its path names)."""

    def process_request(connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        upgrade = request.headers.get("Upgrade", "").lower() == "websocket"
        if upgrade and path_room(path)[0]:
            return None
        if path == "/health":
            body = json.dumps({"ok": True, "protocol": PROTOCOL_VERSION, **stats()}) + "\n"
            return _typed(connection.respond(http.HTTPStatus.OK, body), "application/json")
        if path.startswith("/j/"):
            room = normalise_code(path[3:].strip("/"))
            if room is None:
                return _html(connection, http.HTTPStatus.NOT_FOUND, "<p>That is not a Market Hall room code.</p>")
            return _html(connection, http.HTTPStatus.OK, LANDING.format(room=html.escape(room)))
        return connection.respond(http.HTTPStatus.NOT_FOUND, "Market Hall server: see /health\n")

    return process_request
