"""web.fetch is no way into the server's network (SSRF): loopback, private, link-local and
other non-public addresses are refused, on the first request and on every redirect hop;
only the operator's AGENTWEB_FETCH_ALLOWED_HOSTS pairs are let through; bodies are capped."""

import gzip

import pytest

from agentweb.engine import AgentError, EventKind
from agentweb.research.page_fetch import MAX_FETCH_BYTES, address_problem
from agentweb.research.search import SearxngBackend
from tests.fakes.model_server import FakeModelServer
from tests.fakes.search_server import FakeSearchServer
from tests.replies import answer, route, tool
from tests.workflows.kit import local_server, make_env, run


def _allowing(site: FakeSearchServer) -> SearxngBackend:
    """A backend whose fetches may reach this one fake site (as AGENTWEB_FETCH_ALLOWED_HOSTS)."""
    return SearxngBackend(site.url, fetch_allowed=local_server(site.url))


async def _fetch(backend: SearxngBackend, url: str):
    try:
        return await backend.fetch(url)
    finally:
        await backend.aclose()


async def test_a_page_on_loopback_is_refused_without_a_request():
    with FakeSearchServer() as site, pytest.raises(AgentError) as refused:
        await _fetch(SearxngBackend(site.url), site.page_url("1"))

    assert refused.value.failure.value == "tool_input_invalid"
    assert "loopback" in refused.value.message
    assert site.fetches == []


async def test_a_host_name_that_resolves_to_loopback_is_refused():
    with FakeSearchServer() as site:
        url = site.page_url("1").replace("127.0.0.1", "localhost")
        with pytest.raises(AgentError, match=r"localhost:.* resolves to .* loopback"):
            await _fetch(SearxngBackend(site.url), url)

    assert site.fetches == []


@pytest.mark.parametrize(
    "url",
    [
        "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.7/",
        "http://192.168.1.1:8080/admin",
        "http://100.64.0.1/",
        "http://0.0.0.0:9/",
        "http://[::1]:9/",
        "http://[::ffff:127.0.0.1]:9/",
        "http://[fe80::1]/",
    ],
)
async def test_non_public_addresses_are_refused(url):
    with pytest.raises(AgentError, match="was refused"):
        await _fetch(SearxngBackend("http://search.invalid"), url)


def test_public_addresses_pass_the_check():
    assert address_problem("93.184.216.34") is None
    assert address_problem("2606:2800:220:1:248:1893:25c8:1946") is None


async def test_an_allowed_server_redirecting_to_another_local_port_is_refused():
    with FakeSearchServer() as inner:
        redirecting = FakeSearchServer(redirects={"1": inner.page_url("1")})
        with redirecting as outer, pytest.raises(AgentError, match=r"was refused.*loopback"):
            await _fetch(_allowing(outer), outer.page_url("1"))

    assert outer.fetches == ["1"]
    assert inner.fetches == [], "the redirect target was never contacted"


async def test_redirects_within_the_allowed_pairs_are_followed_hop_by_hop():
    with FakeSearchServer(redirects={"1": "/page/3", "3": "/page/2"}) as site:
        page = await _fetch(_allowing(site), site.page_url("1"))

    assert "Speed, Haste" in page.text
    assert site.fetches == ["1", "3", "2"]


@pytest.mark.parametrize("target", ["file:///etc/passwd", "gopher://127.0.0.1:70/"])
async def test_a_redirect_to_another_scheme_is_refused(target):
    site = FakeSearchServer(redirects={"1": target})
    with site, pytest.raises(AgentError, match="not an http"):
        await _fetch(_allowing(site), site.page_url("1"))


async def test_a_redirect_loop_ends_with_an_error():
    site = FakeSearchServer(redirects={"1": "/page/1"})
    with site, pytest.raises(AgentError, match="redirects"):
        await _fetch(_allowing(site), site.page_url("1"))


async def test_a_compressed_page_is_cut_at_the_cap_after_decompression():
    bomb = gzip.compress(b"<p>" + b"a" * (8 * MAX_FETCH_BYTES) + b"</p>")
    headers = {"Content-Type": "text/plain", "Content-Encoding": "gzip"}
    with FakeSearchServer(raw_pages={"9": (headers, bomb)}) as site:
        page = await _fetch(_allowing(site), site.page_url("9"))

    assert len(bomb) < MAX_FETCH_BYTES // 10
    assert len(page.text) <= MAX_FETCH_BYTES


async def test_the_model_sees_a_refused_fetch_of_an_observed_url_as_an_error():
    with FakeSearchServer() as secret:
        leak = {"url": secret.page_url("1"), "title": "Admin", "content": "internal"}
        with FakeSearchServer(extra_results=[leak]) as search:
            replies = [
                route("system:question"),
                tool("web.search", query="beacon"),
                tool("web.fetch", url=secret.page_url("1")),
                answer("I could not read that page."),
            ]
            with FakeModelServer(replies) as model:
                env, sink, _ = make_env(model.url, search.url)
                outcome = await run(env, "what is a beacon?", allow_web=True)

    assert outcome.text == "I could not read that page."
    assert secret.fetches == []
    failure = next(e for e in sink.of(EventKind.FAILURE))
    assert "loopback" in failure.data["message"]
