"""With DEBUG off, a missing or the published development key stops the server with a message,
unless a generated key is kept in a file (``var/secret_key``, created by ``make run``)."""

from agentweb.lib.secret_key import DEVELOPMENT_KEY, ensure_key_file
from tests.core.startup import start


def _start(tmp_path, **env):
    return start({"AGENTWEB_SECRET_KEY_FILE": str(tmp_path / "secret_key"), **env})


def _last_line(done) -> str:
    return done.stderr.strip().splitlines()[-1]


def test_no_key_with_debug_off_stops_the_server(tmp_path):
    done = _start(tmp_path)

    assert done.returncode != 0
    assert "No secret key: set AGENTWEB_SECRET_KEY" in _last_line(done)


def test_the_development_key_with_debug_off_stops_the_server(tmp_path):
    done = _start(tmp_path, AGENTWEB_SECRET_KEY=DEVELOPMENT_KEY)

    assert done.returncode != 0
    assert "published development key" in _last_line(done)


def test_a_generated_key_file_is_used_and_kept_private(tmp_path):
    key_file = tmp_path / "secret_key"
    assert ensure_key_file(key_file) is True
    assert ensure_key_file(key_file) is False

    done = _start(tmp_path, AGENTWEB_SECRET_KEY_FILE=str(key_file))
    shown = start(
        {"AGENTWEB_SECRET_KEY_FILE": str(key_file)},
        "from django.conf import settings; print(settings.SECRET_KEY)",
    )

    assert done.returncode == 0, done.stderr
    assert shown.stdout.strip() == key_file.read_text().strip()
    assert len(shown.stdout.strip()) >= 50
    assert key_file.stat().st_mode & 0o077 == 0


def test_debug_on_may_use_the_development_key(tmp_path):
    done = _start(tmp_path, AGENTWEB_DEBUG="1")

    assert done.returncode == 0, done.stderr


def test_a_weak_key_with_debug_off_stops_the_server(tmp_path):
    for weak, why in (
        ("short-key", "9 characters long"),
        ("a" * 60, "fewer than 5 different characters"),
        ("django-insecure-" + "x1y2z3" * 10, "insecure placeholder"),
    ):
        done = _start(tmp_path, AGENTWEB_SECRET_KEY=weak)

        assert done.returncode != 0
        assert why in _last_line(done)


def test_a_weak_key_in_the_key_file_stops_the_server_too(tmp_path):
    (tmp_path / "secret_key").write_text("tiny\n")

    done = _start(tmp_path)

    assert done.returncode != 0
    assert "4 characters long" in _last_line(done)
