"""Fetching a web page for ``web.fetch`` without becoming a way into the server's network.

The model chooses the URL (from search results, which anyone on the web can
shape), so a fetch must never reach what only the server can reach:

* every connection resolves its host first and refuses loopback, private,
  link-local, multicast, reserved and other non-public addresses, then
  connects to the address it checked (no second lookup a DNS rebinding could
  answer differently). The check sits in the connection layer, so it holds
  for the first request and for every redirect hop alike;
* redirects are followed here, one hop at a time (at most ``MAX_REDIRECTS``),
  each to an ``http``/``https`` URL only;
* ``AGENTWEB_FETCH_ALLOWED_HOSTS`` (``host:port`` pairs) lets an operator
  allow a private service such as a LAN wiki; nothing else private is;
* the body is read up to ``MAX_FETCH_BYTES`` *after* decompression, so a
  small compressed page cannot expand into memory;
* environment proxies are ignored: a proxy would be the only address checked.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
import ssl
import typing
import zlib
from dataclasses import dataclass

import certifi
import httpcore
import httpx

from agentweb.engine.failures import AgentError, AgentFailure

# A fetched page is read up to this many bytes (decoded), then cut: pages are untrusted.
MAX_FETCH_BYTES = 512 * 1024
FETCH_TIMEOUT_S = 10.0
# Redirect hops followed for one fetch; more is a loop or a trap.
MAX_REDIRECTS = 5
# Connections kept open by the fetch client.
MAX_CONNECTIONS = 16
_SCHEMES = ("http", "https")
_DECOMPRESSORS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS, "deflate": 0}


class FetchRefused(Exception):
    """A connection the fetch must not make; ``reason`` says why, in a sentence."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


def address_problem(address: str) -> str | None:
    """Why ``address`` (an IP) must not be fetched from, or ``None`` if it is public."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    for test, name in (
        (ip.is_loopback, "a loopback"),
        (ip.is_unspecified, "an unspecified"),
        (ip.is_link_local, "a link-local"),
        (ip.is_multicast, "a multicast"),
        (ip.is_private, "a private"),
        (ip.is_reserved, "a reserved"),
        (not ip.is_global, "a non-public"),
    ):
        if test:
            return f"{address} is {name} address"
    return None


class GuardedNetwork(httpcore.AsyncNetworkBackend):
    """httpcore's network layer with the address check before every TCP connection."""

    def __init__(self, allowed: frozenset[tuple[str, int]]) -> None:
        self.allowed = allowed
        self.inner = httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,  # noqa: ASYNC109 (httpcore's interface)
        local_address: str | None = None,
        socket_options: typing.Iterable[typing.Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        if (host.lower(), port) in self.allowed:
            targets = [host]
        else:
            targets = await self._public_addresses(host, port, timeout)
        error: Exception | None = None
        for target in targets:
            try:
                return await self.inner.connect_tcp(
                    target, port, timeout, local_address, socket_options
                )
            except httpcore.ConnectError as exc:
                error = exc
        raise error or httpcore.ConnectError(f"no address for {host}")

    async def _public_addresses(self, host: str, port: int, limit_s: float | None) -> list[str]:
        try:
            async with asyncio.timeout(limit_s or FETCH_TIMEOUT_S):
                infos = await asyncio.get_running_loop().getaddrinfo(
                    host, port, type=socket.SOCK_STREAM
                )
        except (OSError, TimeoutError) as exc:
            raise httpcore.ConnectError(f"cannot resolve {host}: {exc}") from None
        addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
        for address in addresses:
            problem = address_problem(address)
            if problem is not None:
                raise FetchRefused(f"{host}:{port} resolves to {problem}")
        return addresses

    async def connect_unix_socket(self, *args: typing.Any, **kwargs: typing.Any) -> typing.Any:
        raise FetchRefused("web pages are not fetched from local sockets")

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


class GuardedTransport(httpx.AsyncHTTPTransport):
    """An httpx transport whose connections go through ``GuardedNetwork``."""

    def __init__(self, allowed: frozenset[tuple[str, int]]) -> None:
        super().__init__(trust_env=False)
        # httpx builds its pool without a way to pass a network backend: replace it.
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=ssl.create_default_context(cafile=certifi.where()),
            max_connections=MAX_CONNECTIONS,
            network_backend=GuardedNetwork(allowed),
        )


@dataclass(frozen=True, slots=True)
class Fetched:
    url: str
    content_type: str
    body: bytes


async def fetch_page(client: httpx.AsyncClient, url: str) -> Fetched:
    """GET ``url`` through a guarded client, following redirects one checked hop at a time."""
    current = _checked_url(url)
    for _ in range(MAX_REDIRECTS + 1):
        try:
            async with client.stream(
                "GET",
                current,
                timeout=FETCH_TIMEOUT_S,
                headers={"Accept-Encoding": "gzip, deflate, identity"},
            ) as response:
                if response.is_redirect:
                    location = response.headers.get("location", "")
                    current = _checked_url(str(response.url.join(location)), redirect=True)
                    continue
                response.raise_for_status()
                body = await _read_capped(response)
                return Fetched(str(response.url), response.headers.get("content-type", ""), body)
        except FetchRefused as exc:
            raise AgentError(
                AgentFailure.TOOL_INPUT_INVALID, f"Fetching {url} was refused: {exc.reason}"
            ) from None
        except httpx.HTTPError as exc:
            raise AgentError(AgentFailure.SEARCH_ERROR, f"Fetching {url} failed: {exc}") from None
    raise AgentError(
        AgentFailure.SEARCH_ERROR, f"Fetching {url} failed: more than {MAX_REDIRECTS} redirects"
    )


def _checked_url(url: str, *, redirect: bool = False) -> httpx.URL:
    try:
        parsed = httpx.URL(url)
    except httpx.InvalidURL:
        raise FetchRefused(f"{url!r} is not a URL") from None
    if parsed.scheme not in _SCHEMES or not parsed.host:
        what = "a redirect to" if redirect else "the URL"
        raise FetchRefused(f"{what} {url!r} is not an http(s) URL")
    return parsed


async def _read_capped(response: httpx.Response) -> bytes:
    """The body, decompressed, never more than ``MAX_FETCH_BYTES`` of it in memory."""
    encoding = response.headers.get("content-encoding", "identity").strip().lower()
    if encoding not in ("", "identity") and encoding not in _DECOMPRESSORS:
        raise httpx.DecodingError(f"unsupported content encoding {encoding!r}")
    decoder = zlib.decompressobj(_DECOMPRESSORS[encoding]) if encoding in _DECOMPRESSORS else None
    body = bytearray()
    async for chunk in response.aiter_raw():
        if decoder is not None:
            try:
                chunk = decoder.decompress(chunk, MAX_FETCH_BYTES - len(body))
            except zlib.error as exc:
                raise httpx.DecodingError(f"cannot decompress the page: {exc}") from None
        body += chunk[: MAX_FETCH_BYTES - len(body)]
        if len(body) >= MAX_FETCH_BYTES:
            break
    return bytes(body)
