"""The game server's remote console (RCON), through the ``rcon`` client library.

Only the errors change shape here: the deliverer needs to know whether a
failure happened before a command left (safe to retry) or after (the server
may have run it: never resend on its own).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import TracebackType

from django.conf import settings
from rcon.exceptions import EmptyResponse, SessionTimeout, UnexpectedTerminator, WrongPassword
from rcon.source import Client

# Errors of a connection that broke (the server closed it, a timeout, a garbled packet).
BROKEN = (OSError, EmptyResponse, SessionTimeout, UnexpectedTerminator, ValueError, EOFError)


class ConsoleError(Exception):
    """Nothing was sent: the connection or the login failed."""


class LoginRefused(ConsoleError):
    """The server refused the RCON password."""


class ReplyLost(Exception):
    """A command was sent and its reply never came: the server may have run it."""


@dataclass(frozen=True)
class ConsoleAddress:
    host: str
    port: int
    password: str
    timeout_s: float

    @property
    def target(self) -> str:
        return f"{self.host}:{self.port}"

    @classmethod
    def from_settings(cls) -> ConsoleAddress | None:
        """The configured console, or ``None`` when ``AGENTWEB_RCON_HOST`` is unset."""
        if not settings.AGENTWEB_RCON_HOST:
            return None
        return cls(
            settings.AGENTWEB_RCON_HOST,
            settings.AGENTWEB_RCON_PORT,
            settings.AGENTWEB_RCON_PASSWORD or "",
            settings.AGENTWEB_RCON_TIMEOUT_S,
        )


class Console:
    """One logged-in RCON connection: ``with Console(address) as console: console.run(…)``."""

    def __init__(self, address: ConsoleAddress) -> None:
        self.address = address
        self._client = Client(address.host, address.port, timeout=address.timeout_s)

    def __enter__(self) -> Console:
        try:
            self._client.connect()
            self._client.login(self.address.password)
        except WrongPassword:
            self._client.close()
            raise LoginRefused(
                f"RCON at {self.address.target} refused the password "
                "(AGENTWEB_RCON_PASSWORD must equal rcon.password in server.properties)"
            ) from None
        except BROKEN as exc:
            self._client.close()
            raise ConsoleError(f"cannot reach RCON at {self.address.target}: {_why(exc)}") from exc
        return self

    def __exit__(
        self, typ: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self._client.close()

    def probe(self, command: str) -> str:
        """A read-only command (``list``): a failure here means nothing was handed out."""
        try:
            return self._client.run(command)
        except BROKEN as exc:
            raise ConsoleError(
                f"RCON at {self.address.target} dropped the connection: {_why(exc)}"
            ) from exc

    def run(self, command: str) -> str:
        """A command that changes the game; a lost reply is ``ReplyLost``."""
        try:
            return self._client.run(command)
        except BROKEN as exc:
            raise ReplyLost(f"no reply from RCON at {self.address.target}: {_why(exc)}") from exc


def _why(exc: BaseException) -> str:
    if isinstance(exc, EmptyResponse):
        return "the server closed the connection"
    if isinstance(exc, TimeoutError):
        return "timed out"
    return str(exc) or type(exc).__name__
