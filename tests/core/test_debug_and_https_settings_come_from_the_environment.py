"""DEBUG is off unless AGENTWEB_DEBUG asks for it; secure cookies, HSTS and the proxy's
SSL header are off for the local setup and on when the environment says so."""

from tests.core.startup import started

NAMES = (
    "DEBUG",
    "SESSION_COOKIE_SECURE",
    "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    "SECURE_SSL_REDIRECT",
    "SECURE_PROXY_SSL_HEADER",
)


def test_the_defaults_are_debug_off_and_plain_http():
    assert started({}, *NAMES) == {
        "DEBUG": "False",
        "SESSION_COOKIE_SECURE": "False",
        "CSRF_COOKIE_SECURE": "False",
        "SECURE_HSTS_SECONDS": "0",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": "False",
        "SECURE_SSL_REDIRECT": "False",
        "SECURE_PROXY_SSL_HEADER": "None",
    }


def test_a_deployment_behind_tls_turns_them_on():
    env = {
        "AGENTWEB_DEBUG": "0",
        "AGENTWEB_SECURE_COOKIES": "1",
        "AGENTWEB_HSTS_SECONDS": "31536000",
        "AGENTWEB_HSTS_INCLUDE_SUBDOMAINS": "yes",
        "AGENTWEB_SSL_REDIRECT": "true",
        "AGENTWEB_PROXY_SSL_HEADER": "1",
    }

    assert started(env, *NAMES) == {
        "DEBUG": "False",
        "SESSION_COOKIE_SECURE": "True",
        "CSRF_COOKIE_SECURE": "True",
        "SECURE_HSTS_SECONDS": "31536000",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": "True",
        "SECURE_SSL_REDIRECT": "True",
        "SECURE_PROXY_SSL_HEADER": "('HTTP_X_FORWARDED_PROTO', 'https')",
    }


def test_debug_is_on_only_when_asked_for():
    assert started({"AGENTWEB_DEBUG": "1"}, "DEBUG") == {"DEBUG": "True"}
