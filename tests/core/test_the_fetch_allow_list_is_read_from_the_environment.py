"""AGENTWEB_FETCH_ALLOWED_HOSTS: comma-separated host:port pairs, empty by default; a malformed
entry stops the server with a message naming the variable."""

from tests.core.startup import refused, started


def test_it_is_empty_by_default_and_reads_host_port_pairs():
    assert started({}, "AGENTWEB_FETCH_ALLOWED_HOSTS") == {"AGENTWEB_FETCH_ALLOWED_HOSTS": "[]"}
    value = started(
        {"AGENTWEB_FETCH_ALLOWED_HOSTS": "Wiki.LAN:8080, [fd00::7]:80"},
        "AGENTWEB_FETCH_ALLOWED_HOSTS",
    )
    assert value == {"AGENTWEB_FETCH_ALLOWED_HOSTS": "[('wiki.lan', 8080), ('fd00::7', 80)]"}


def test_an_entry_without_a_valid_port_stops_the_server():
    for entry in ("wiki.lan", "wiki.lan:http", "wiki.lan:0", "wiki.lan:²"):
        message = refused({"AGENTWEB_FETCH_ALLOWED_HOSTS": entry})
        assert "AGENTWEB_FETCH_ALLOWED_HOSTS" in message and "host:port" in message
