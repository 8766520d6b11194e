"""A small in-process TCP proxy for network tests: cut, blackhole, delay and duplicate traffic.

Loopback only. Client-to-server bytes are split into websocket frames after the HTTP upgrade,
so `duplicate` sends each text frame twice (what a replaying middlebox or a confused client
would do) without breaking the stream. Every loop here is bounded by a short socket timeout
and a closed flag, so the proxy always stops.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time


def _frame_length(buf: bytes) -> int | None:
    """Bytes in the first complete websocket frame of `buf`, or None if it is not all there."""
    if len(buf) < 2:
        return None
    size, pos = buf[1] & 0x7F, 2
    if size == 126:
        if len(buf) < 4:
            return None
        size, pos = int.from_bytes(buf[2:4], "big"), 4
    elif size == 127:
        if len(buf) < 10:
            return None
        size, pos = int.from_bytes(buf[2:10], "big"), 10
    if buf[1] & 0x80:
        pos += 4  # the mask key
    total = pos + size
    return total if len(buf) >= total else None


class _Pair:
    """One proxied connection: client socket and server socket."""

    def __init__(self, proxy: NetProxy, client: socket.socket, server: socket.socket) -> None:
        self.proxy, self.client, self.server = proxy, client, server
        self.closed = False
        for src, dst, upstream in ((client, server, True), (server, client, False)):
            threading.Thread(target=self._pump, args=(src, dst, upstream), daemon=True).start()

    def close(self) -> None:
        self.closed = True
        for s in (self.client, self.server):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            with contextlib.suppress(OSError):
                s.close()

    def _pump(self, src: socket.socket, dst: socket.socket, upstream: bool) -> None:
        src.settimeout(0.1)
        buf, handshake = b"", upstream
        while not self.closed and not self.proxy.closed:
            try:
                data = src.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                break
            if not data:
                break
            if self.proxy.blackhole:
                continue  # the bytes vanish, the sockets stay open: a dead link
            if self.proxy.delay:
                time.sleep(self.proxy.delay)
            if not upstream:
                self._send(dst, data)
                continue
            buf += data
            if handshake:
                end = buf.find(b"\r\n\r\n")
                if end < 0:
                    continue
                self._send(dst, buf[: end + 4])
                buf, handshake = buf[end + 4 :], False
            buf = self._frames(dst, buf)
        self.close()

    def _frames(self, dst: socket.socket, buf: bytes) -> bytes:
        while (n := _frame_length(buf)) is not None:
            frame, buf = buf[:n], buf[n:]
            text = frame[0] & 0x0F == 1
            self._send(dst, frame + frame if text and self.proxy.duplicate else frame)
            if text and self.proxy.duplicate:
                self.proxy.duplicated += 1
        return buf

    def _send(self, dst: socket.socket, data: bytes) -> None:
        with contextlib.suppress(OSError):
            dst.sendall(data)


class NetProxy:
    """Listens on 127.0.0.1 (a free port) and forwards to 127.0.0.1:`target`."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.delay = 0.0
        self.blackhole = False
        self.duplicate = False
        self.duplicated = 0
        self.closed = False
        self.pairs: list[_Pair] = []
        self._listener = socket.create_server(("127.0.0.1", 0))
        self._listener.settimeout(0.1)
        self.port = self._listener.getsockname()[1]
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        """The websocket URL through the proxy."""
        return f"ws://127.0.0.1:{self.port}/ws"

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                break
            try:
                server = socket.create_connection(("127.0.0.1", self.target), timeout=60)
            except OSError:
                client.close()
                continue
            self.pairs.append(_Pair(self, client, server))

    def cut(self) -> None:
        """Drop every open connection at once (new ones still go through)."""
        for pair in self.pairs:
            pair.close()
        self.pairs = []

    def close(self) -> None:
        """Stop listening and drop everything."""
        self.closed = True
        self.cut()
        with contextlib.suppress(OSError):
            self._listener.close()
        self._thread.join(2)
