"""A TCP proxy in front of the live server whose connections a test can cut.

Chromium's offline emulation leaves open websockets alone, so a dropped
connection is made here instead: the server keeps running the run while the
page loses its socket, which is what a flaky phone network does.
"""

from __future__ import annotations

import contextlib
import socket
import threading

from tests.browser.server import free_port

CHUNK = 65536


class CuttableProxy:
    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.accepting = threading.Event()
        self.accepting.set()
        self._lock = threading.Lock()
        self._sockets: set[socket.socket] = set()
        self._listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            if not self.accepting.is_set():
                # Refused: the page sees the connection fail and backs off.
                client.close()
                continue
            upstream = socket.create_connection(("127.0.0.1", self.target_port))
            with self._lock:
                self._sockets |= {client, upstream}
            threading.Thread(target=self._pipe, args=(client, upstream), daemon=True).start()
            threading.Thread(target=self._pipe, args=(upstream, client), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(CHUNK):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            self._close(source)
            self._close(sink)

    def _close(self, sock: socket.socket) -> None:
        with self._lock:
            self._sockets.discard(sock)
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
        sock.close()

    def cut(self, *, refuse: bool) -> None:
        """Drop every open connection; with ``refuse``, new ones fail until ``restore``."""
        if refuse:
            self.accepting.clear()
        with self._lock:
            sockets = list(self._sockets)
        for sock in sockets:
            self._close(sock)

    def restore(self) -> None:
        self.accepting.set()

    def close(self) -> None:
        self.cut(refuse=True)
        self._listener.close()
