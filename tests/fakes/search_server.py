"""A real HTTP server on 127.0.0.1 that speaks SearXNG's JSON search API and serves pages.

``/search?q=…&format=json`` returns ``results`` whose URLs point back at this
server's ``/page/<n>``; every query and fetch is recorded.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse


class _Server(ThreadingHTTPServer):
    request_queue_size = 1024
    daemon_threads = True


class FakeSearchServer:
    def __init__(
        self,
        pages: dict[str, tuple[str, str]] | None = None,
        *,
        fail_search: bool = False,
        redirects: dict[str, str] | None = None,
        extra_results: list[dict[str, str]] | None = None,
        raw_pages: dict[str, tuple[dict[str, str], bytes]] | None = None,
    ) -> None:
        # page id → (title, html body)
        self.pages = pages or {
            "1": (
                "Beacon guide",
                "<html><head><title>Beacon guide</title></head><body>"
                "<p>A beacon needs a pyramid of iron, gold, emerald or diamond blocks.</p>"
                "<script>alert('x')</script></body></html>",
            ),
            "2": (
                "Beacon effects",
                "<html><body><p>Beacons grant Speed, Haste and Regeneration.</p></body></html>",
            ),
        }
        self.fail_search = fail_search
        # page id → the Location its /page/<id> answers with (a 302)
        self.redirects = redirects or {}
        # results added to every search (e.g. URLs on another server)
        self.extra_results = extra_results or []
        # page id → (headers, body bytes) sent as they are
        self.raw_pages = raw_pages or {}
        self.queries: list[str] = []
        self.fetches: list[str] = []
        self._server = _Server(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def page_url(self, page: str) -> str:
        return f"{self.url}/page/{page}"

    def __enter__(self) -> FakeSearchServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                return None

            def do_GET(self) -> None:
                parsed = urlparse(self.path)
                if parsed.path == "/search":
                    query = parse_qs(parsed.query).get("q", [""])[0]
                    fake.queries.append(query)
                    if fake.fail_search:
                        self._send(500, "text/plain", "search backend down")
                        return
                    results = [
                        {
                            "url": fake.page_url(pid),
                            "title": title,
                            "content": f"{title}: about {query}",
                        }
                        for pid, (title, _) in fake.pages.items()
                    ]
                    results += fake.extra_results
                    self._send(200, "application/json", json.dumps({"results": results}))
                elif parsed.path.startswith("/page/"):
                    pid = parsed.path.rsplit("/", 1)[1]
                    fake.fetches.append(pid)
                    if pid in fake.redirects:
                        self.send_response(302)
                        self.send_header("Location", fake.redirects[pid])
                        self.send_header("Content-Length", "0")
                        self.end_headers()
                    elif pid in fake.raw_pages:
                        headers, body = fake.raw_pages[pid]
                        self.send_response(200)
                        for name, value in {**headers, "Content-Length": str(len(body))}.items():
                            self.send_header(name, value)
                        self.end_headers()
                        self.wfile.write(body)
                    elif pid in fake.pages:
                        self._send(200, "text/html; charset=utf-8", fake.pages[pid][1])
                    else:
                        self._send(404, "text/plain", "no such page")
                else:
                    self._send(404, "text/plain", "not found")

            def _send(self, status: int, kind: str, text: str) -> None:
                data = text.encode()
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        return Handler
