"""A Minecraft RCON server on 127.0.0.1 for tests: the real wire protocol, a tiny game.

Packets are ``<int32 length><int32 id><int32 type><payload>\\0\\0`` (little
endian). Login is type 3, answered by type 2 with the request id (or -1 for
a wrong password); a command is type 2, answered by type 0 with the same id,
split into 4096-byte packets like the Minecraft server does; any other type
gets "Unknown request <type>" (what clients use to find the end of a split
reply). The game knows ``list``, ``give`` and ``xp add``; faults can be set
to drop the connection before or after a command runs.
"""

from __future__ import annotations

import socketserver
import struct
import threading
from dataclasses import dataclass, field

LOGIN, COMMAND, RESPONSE = 3, 2, 0
# Minecraft splits replies into packets of at most this many payload bytes.
MAX_PAYLOAD = 4096


@dataclass
class Game:
    password: str = "s3cret"
    online: set[str] = field(default_factory=set)
    # Every give and xp that reached a player, in order: (name, what, count).
    given: list[tuple[str, str, int]] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    # Faults, each for the next N commands that change the game (list is exempt unless said).
    drop_before: int = 0
    drop_after: int = 0
    drop_list: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def run(self, command: str) -> str:
        words = command.split()
        if command == "list":
            names = sorted(self.online)
            return (
                f"There are {len(names)} of a max of 20 players online: " + ", ".join(names)
            ).rstrip()
        if len(words) == 4 and words[0] == "give":
            return self._give(words[1], words[2], words[3])
        if len(words) == 5 and words[:2] == ["xp", "add"] and words[4] == "points":
            return self._give(words[2], "xp", words[3], xp=True)
        return "Unknown or incomplete command, see below for error"

    def _give(self, name: str, what: str, count: str, *, xp: bool = False) -> str:
        if name not in self.online:
            return "No player was found"
        if not count.isdigit():
            return f"Invalid integer '{count}'"
        if not xp and not what.startswith("minecraft:"):
            return f"Unknown item '{what}'"
        self.given.append((name, what, int(count)))
        if xp:
            return f"Gave {count} experience points to {name}"
        return f"Gave {count} [{what.split(':', 1)[1]}] to {name}"


def _packet(request_id: int, kind: int, payload: bytes) -> bytes:
    body = struct.pack("<ii", request_id, kind) + payload + b"\x00\x00"
    return struct.pack("<i", len(body)) + body


class _Handler(socketserver.BaseRequestHandler):
    def handle(self) -> None:
        game: Game = self.server.game  # type: ignore[attr-defined]
        authed = False
        while True:
            packet = self._read()
            if packet is None:
                return
            request_id, kind, payload = packet
            if kind == LOGIN:
                authed = payload.decode() == game.password
                self.request.sendall(_packet(request_id if authed else -1, COMMAND, b""))
                if not authed:
                    return
            elif kind == COMMAND and authed:
                if not self._command(game, request_id, payload.decode()):
                    return
            else:
                reply = f"Unknown request {kind:x}".encode()
                self.request.sendall(_packet(request_id, RESPONSE, reply))

    def _command(self, game: Game, request_id: int, command: str) -> bool:
        with game.lock:
            game.commands.append(command)
            if command == "list" and game.drop_list:
                game.drop_list -= 1
                return False
            if command != "list" and game.drop_before:
                game.drop_before -= 1
                return False
            reply = game.run(command)
            if command != "list" and game.drop_after:
                game.drop_after -= 1
                return False
        data = reply.encode()
        chunks = [data[i : i + MAX_PAYLOAD] for i in range(0, len(data), MAX_PAYLOAD)] or [b""]
        for chunk in chunks:
            self.request.sendall(_packet(request_id, RESPONSE, chunk))
        return True

    def _read(self) -> tuple[int, int, bytes] | None:
        head = self._exactly(4)
        if head is None:
            return None
        (length,) = struct.unpack("<i", head)
        body = self._exactly(length)
        if body is None:
            return None
        request_id, kind = struct.unpack("<ii", body[:8])
        return request_id, kind, body[8:-2]

    def _exactly(self, n: int) -> bytes | None:
        data = b""
        while len(data) < n:
            chunk = self.request.recv(n - len(data))
            if not chunk:
                return None
            data += chunk
        return data


class RconServer(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, game: Game) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.game = game

    @property
    def port(self) -> int:
        return self.server_address[1]

    def start(self) -> RconServer:
        threading.Thread(
            target=self.serve_forever, args=(0.05,), daemon=True, name="rcon-server"
        ).start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()
