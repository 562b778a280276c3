"""Django settings for agentweb.

Everything a deployment changes comes from the environment (SPEC §15) through
the typed readers in ``agentweb.lib.env``; the defaults give the embedded
setup: SQLite, Channels' in-memory layer and the offline model.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from agentweb.lib.env import (
    env_bool,
    env_choice,
    env_float,
    env_host_ports,
    env_int,
    env_list,
    env_path,
    env_str,
)
from agentweb.lib.secret_key import key_file_path, secret_key

BASE_DIR = Path(__file__).resolve().parent.parent

# Debug pages show settings and code to anyone who can make an error happen:
# off unless asked for (`make run` asks for it, for local use, and says so).
DEBUG = env_bool("AGENTWEB_DEBUG", False)
# With DEBUG off, a missing or the development key stops the server (lib/secret_key.py).
SECRET_KEY = secret_key(
    env_str("AGENTWEB_SECRET_KEY"),
    key_file_path(),
    debug=DEBUG,
)
ALLOWED_HOSTS = env_list("AGENTWEB_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("AGENTWEB_CSRF_TRUSTED_ORIGINS", [])

# HTTPS (docs/operations.md): all off by default, since `make run` serves plain
# HTTP on 127.0.0.1; a deployment behind TLS turns them on.
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("AGENTWEB_SECURE_COOKIES", False)
SECURE_HSTS_SECONDS = env_int("AGENTWEB_HSTS_SECONDS", 0, minimum=0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("AGENTWEB_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_SSL_REDIRECT = env_bool("AGENTWEB_SSL_REDIRECT", False)
# Trust X-Forwarded-Proto only when a proxy that sets it (and strips the
# client's own) is the only way in; otherwise a client could claim HTTPS.
if env_bool("AGENTWEB_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    # Login throttling: failed attempts are rows in the database, so every process sees them.
    "axes",
    "agentweb.core",
    "agentweb.assistant",
    "agentweb.control",
    "agentweb.traces",
    "agentweb.game",
    # Optional: remove it and no FTB quest tool or command is imported (R-TOOL-3).
    "agentweb.ftb",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: it turns a locked-out login into its 429 page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "agentweb.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "agentweb.core.context_processors.navigation",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

ASGI_APPLICATION = "agentweb.asgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        # Persistent connections leak under ASGI (one per thread); keep them off.
        conn_max_age=0,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # WAL lets readers go on while a run writes its events; in WAL mode
    # synchronous=NORMAL is still crash-safe (no corruption) and saves an fsync
    # per commit, which matters with one commit per trace event.
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"].update(
        {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    )
    # Opening a SQLite connection (with its PRAGMAs) costs far more than a query,
    # and channels closes the connection around every database_sync_to_async
    # call when CONN_MAX_AGE is 0. The event loop's one database thread keeps its
    # connection open; an HTTP request's own thread closes its connection when the
    # request ends (core/request_connections.py), so none is left behind.
    DATABASES["default"]["CONN_MAX_AGE"] = None
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # psycopg 3 with Django's pool instead of persistent connections (CONN_MAX_AGE=0):
    # a connection goes back to the pool after each sync_to_async call. max_size
    # bounds one process; PostgreSQL's max_connections (100 by default) must
    # cover max_size × (Daphne processes + workers) plus admin sessions.
    DATABASES["default"].setdefault("OPTIONS", {})
    DATABASES["default"]["OPTIONS"]["pool"] = {
        "min_size": 1,
        "max_size": env_int("AGENTWEB_DB_POOL_SIZE", 8, minimum=1),
        # Waiting longer than this for a free connection is an overload: fail the request.
        "timeout": 10,
    }

REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    # Redis pub/sub: a group send is one PUBLISH and memberships live in each
    # process (re-subscribed after a Redis restart), instead of sorted sets, a
    # Lua script per send and a blocking pop per message (docs/performance.md:
    # about 24 commands a run instead of about 310). No buffer in Redis: a
    # process that is not subscribed when a doorbell rings misses it, and
    # re-reads the log (every message on the layer is a doorbell).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": 15}]},
        }
    }
else:
    # One process: its own layer, without the per-operation scans and copies of
    # Channels' in-memory one (see the module). A socket following a busy run
    # must not drop doorbells in a burst (a dropped one is re-read from the log).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "agentweb.lib.inprocess_channel_layer.InProcessChannelLayer",
            "CONFIG": {"capacity": 1000},
        }
    }

# Where runs execute (docs/operations.md): "inprocess" = tasks of the serving
# process (the embedded default); "worker" = `manage.py run_worker` processes
# that claim queued runs from the database under a lease.
AGENTWEB_EXECUTOR = env_choice("AGENTWEB_EXECUTOR", "inprocess", ("inprocess", "worker"))
# How long a worker's claim on a run lasts without a heartbeat; a crashed
# worker's runs are reaped this long after its last beat (see leases.py).
AGENTWEB_RUN_LEASE_S = env_float("AGENTWEB_RUN_LEASE_S", 15.0)
# Concurrent runs per worker process (one asyncio loop each).
AGENTWEB_WORKER_CONCURRENCY = env_int("AGENTWEB_WORKER_CONCURRENCY", 50, minimum=1)

# Pack imports (`manage.py import_pack`, docs/data.md): zips are read in place, and a
# zip bomb is stopped by counting the bytes actually decompressed — at most this many
# from one zip entry or file (a bigger one is skipped and reported) and from one whole
# import (past it, the import stops with nothing written). The largest real data or
# lang file is a few MB; a large modpack reads a few hundred MB in all.
AGENTWEB_PACK_MAX_ENTRY_BYTES = env_int("AGENTWEB_PACK_MAX_ENTRY_BYTES", 32 * 2**20, minimum=1)
AGENTWEB_PACK_MAX_IMPORT_BYTES = env_int("AGENTWEB_PACK_MAX_IMPORT_BYTES", 2 * 2**30, minimum=1)
# Entries one zip may list (a zip of millions of empty entries is a bomb of its own).
AGENTWEB_PACK_MAX_ENTRIES = env_int("AGENTWEB_PACK_MAX_ENTRIES", 200_000, minimum=1)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
# Login throttling (docs/operations.md): after AGENTWEB_LOGIN_FAILURE_LIMIT
# failed logins for one username from one address, that pair is refused (429)
# for AGENTWEB_LOGIN_COOLOFF_MINUTES; a successful login clears the count.
# Per pair, so a guesser cannot lock a player out from elsewhere.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("AGENTWEB_LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AGENTWEB_LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = "agentweb.lib.inputs.client_ip.client_ip"
# How many proxies in front of the server append to X-Forwarded-For (0: none,
# the peer address is the client's). Only used to tell players apart at login.
AGENTWEB_TRUSTED_PROXIES = env_int("AGENTWEB_TRUSTED_PROXIES", 0, minimum=0)
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/accounts/login/"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
# Daphne serves /static/ in the embedded setup; turn off behind a real web server.
AGENTWEB_SERVE_STATIC = env_bool("AGENTWEB_SERVE_STATIC", True)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Every line goes through the redacting formatter: an exception or a model
# server's error page must not write an API key into a log.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"redacting": {"()": "agentweb.lib.logs.RedactingFormatter"}},
    "filters": {"one_line_refusals": {"()": "agentweb.lib.logs.OneLineRefusals"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "redacting"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "agentweb": {
            "handlers": ["console"],
            "level": env_str("AGENTWEB_LOG_LEVEL", "INFO"),
            "propagate": False,
        },
        "django": {"handlers": ["console"], "level": "WARNING", "propagate": False},
        # A 403 is one line, not a traceback.
        "django.request": {
            "handlers": ["console"],
            "level": "WARNING",
            "propagate": False,
            "filters": ["one_line_refusals"],
        },
    },
}

# --- agentweb (SPEC §15) ---------------------------------------------------
# The scripted model (a queue of replies) is for tests, which pass it in directly.
AGENTWEB_LLM = env_choice("AGENTWEB_LLM", "offline", ("offline", "openai"))
AGENTWEB_LLM_BASE_URL = env_str("AGENTWEB_LLM_BASE_URL", "http://127.0.0.1:11434/v1")
AGENTWEB_LLM_MODEL = env_str("AGENTWEB_LLM_MODEL", "")
if AGENTWEB_LLM == "openai" and not AGENTWEB_LLM_MODEL:
    # Every call would fail at the endpoint; say so once, at startup.
    raise ImproperlyConfigured(
        "AGENTWEB_LLM=openai needs AGENTWEB_LLM_MODEL: the model name the endpoint "
        "serves (for example qwen2.5:7b for Ollama)"
    )
AGENTWEB_LLM_API_KEY = env_str("AGENTWEB_LLM_API_KEY", "")
# Unset means the temperature field is not sent at all (R-X3-6).
AGENTWEB_TEMPERATURE = env_float("AGENTWEB_TEMPERATURE", None)
AGENTWEB_SEARCH_URL = env_str("AGENTWEB_SEARCH_URL")
# Private services web.fetch may read (host:port, comma-separated); every other
# loopback, private or link-local address is refused, redirects included.
AGENTWEB_FETCH_ALLOWED_HOSTS = env_host_ports("AGENTWEB_FETCH_ALLOWED_HOSTS")
AGENTWEB_DEMO_PASSWORD = env_str("AGENTWEB_DEMO_PASSWORD", "demo")
AGENTWEB_DAILY_MODEL_CALLS = env_int("AGENTWEB_DAILY_MODEL_CALLS", 200, minimum=0)
AGENTWEB_MAX_CONCURRENT_MODEL_CALLS = env_int("AGENTWEB_MAX_CONCURRENT_MODEL_CALLS", 8, minimum=1)
# Where that limit is enforced (docs/operations.md): "process" = a counter in this
# process's memory, exact when only this process runs models (the in-process
# executor, the default there); "database" = slot rows shared by every process
# (the default, and the only choice, with workers).
AGENTWEB_MODEL_CALL_GATE = env_choice(
    "AGENTWEB_MODEL_CALL_GATE",
    "process" if AGENTWEB_EXECUTOR == "inprocess" else "database",
    ("process", "database"),
)
if AGENTWEB_EXECUTOR == "worker" and AGENTWEB_MODEL_CALL_GATE == "process":
    raise ImproperlyConfigured(
        "AGENTWEB_MODEL_CALL_GATE=process counts one process's model calls, but with "
        "AGENTWEB_EXECUTOR=worker several processes run models: use database"
    )
# A fixed latency added to every model call (demos and browser tests of the offline model).
AGENTWEB_OFFLINE_DELAY_MS = env_int("AGENTWEB_OFFLINE_DELAY_MS", 0, minimum=0)
# Context window of the configured model, for history truncation (R-X3-5).
AGENTWEB_CONTEXT_WINDOW = env_int("AGENTWEB_CONTEXT_WINDOW", 128_000, minimum=4096)

# Prompts and policy overrides (R-POL-3, R-POL-5); a deployment keeps its own
# copies outside the checkout. Relative paths are read from the repository root.
AGENTWEB_PROMPTS_DIR = env_path(
    "AGENTWEB_PROMPTS_DIR", BASE_DIR / "prompts", base=BASE_DIR, kind="directory"
)
AGENTWEB_SYSTEM_CONFIG = env_path(
    "AGENTWEB_SYSTEM_CONFIG", BASE_DIR / "config" / "system" / "system-agent.json", base=BASE_DIR
)

# --- the game-server bridge (docs/game-server.md) ---------------------------
INSTALLED_APPS += ["agentweb.gameserver"]
# The server's remote console; unset host = no RCON delivery.
AGENTWEB_RCON_HOST = env_str("AGENTWEB_RCON_HOST")
AGENTWEB_RCON_PORT = env_int("AGENTWEB_RCON_PORT", 25575, minimum=1)
AGENTWEB_RCON_PASSWORD = env_str("AGENTWEB_RCON_PASSWORD", "")
# Connect, login and each command's reply must each come within this.
AGENTWEB_RCON_TIMEOUT_S = env_float("AGENTWEB_RCON_TIMEOUT_S", 5.0)
# Who runs the RCON deliverer: "command" = you start `manage.py run_deliveries`;
# "supervisor" = `make run-scaled` starts one and restarts it if it dies.
AGENTWEB_RCON_DELIVERER = env_choice(
    "AGENTWEB_RCON_DELIVERER", "command", ("command", "supervisor")
)
