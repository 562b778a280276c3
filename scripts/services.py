"""Local PostgreSQL and Redis servers for the scaled setup, its tests and its benchmark.

    python scripts/services.py start --dir var/services   # prints the URLs as `export …`
    python scripts/services.py stop --dir var/services

PostgreSQL 15 comes from ``initdb``/``pg_ctl`` on the PATH (or
``/usr/lib/postgresql/15/bin``), Redis from ``redis-server`` (Debian:
``apt-get install redis-server``). Both listen on 127.0.0.1 only, on free
ports, with their data under ``--dir``. PostgreSQL refuses to run as root: as
root the cluster is owned by the ``postgres`` system user (created if missing).
Redis keeps nothing on disk (the channel layer holds only doorbells).
"""

from __future__ import annotations

import argparse
import json
import os
import pwd
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

PG_FALLBACK_BIN = Path("/usr/lib/postgresql/15/bin")
DB_NAME = "agentweb"
PG_SUPERUSER = "agentweb"
# Enough for 4 Daphne + 4 workers with a pool of 8 each, tests and admin sessions.
PG_MAX_CONNECTIONS = 200
START_TIMEOUT_S = 60


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _accepting(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def _pg_bin(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    candidate = PG_FALLBACK_BIN / name
    if candidate.exists():
        return str(candidate)
    raise SystemExit(f"{name} not found: install PostgreSQL 15 server programs")


def _run_as() -> list[str]:
    """The prefix that runs PostgreSQL's programs as a non-root user when we are root."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        subprocess.run(["useradd", "--system", "--no-create-home", "postgres"], check=True)
    return ["runuser", "-u", "postgres", "--"]


def _chown_for_postgres(path: Path) -> None:
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(path, user.pw_uid, user.pw_gid)


@dataclass
class Services:
    dir: Path
    pg_port: int = 0
    redis_port: int = 0
    # More ``postgres -c`` options (the benchmark preloads pg_stat_statements).
    pg_options: str = ""

    @property
    def state_file(self) -> Path:
        return self.dir / "services.json"

    @property
    def database_url(self) -> str:
        return f"postgres://{PG_SUPERUSER}@127.0.0.1:{self.pg_port}/{DB_NAME}"

    @property
    def redis_url(self) -> str:
        return f"redis://127.0.0.1:{self.redis_port}/0"

    def start(self) -> Services:
        self.dir.mkdir(parents=True, exist_ok=True)
        self.start_postgres()
        self.start_redis()
        self.state_file.write_text(
            json.dumps({"pg_port": self.pg_port, "redis_port": self.redis_port})
        )
        return self

    # --- PostgreSQL -----------------------------------------------------------
    def start_postgres(self) -> None:
        data = self.dir / "pg"
        prefix = _run_as()
        if not (data / "PG_VERSION").exists():
            data.mkdir(parents=True, exist_ok=True)
            _chown_for_postgres(data)
            subprocess.run(
                [
                    *prefix,
                    _pg_bin("initdb"),
                    "-D",
                    str(data),
                    "-U",
                    PG_SUPERUSER,
                    "--auth=trust",
                    "--encoding=UTF8",
                    "--no-sync",
                ],
                check=True,
                stdout=subprocess.DEVNULL,
            )
        self.pg_port = self.pg_port or free_port()
        status = subprocess.run(
            [*prefix, _pg_bin("pg_ctl"), "-D", str(data), "status"],
            check=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if status.returncode == 0:  # still running from an earlier start: reuse it
            self._create_database()
            return
        log = self.dir / "postgres.log"
        log.touch()
        _chown_for_postgres(log)
        # fsync off: a local dev/test cluster, rebuilt at will; it also keeps the
        # benchmark about our code rather than this machine's disk.
        options = (
            f"-p {self.pg_port} -c listen_addresses=127.0.0.1 -k {data} "
            f"-c max_connections={PG_MAX_CONNECTIONS} -c fsync=off "
            f"-c synchronous_commit=off -c full_page_writes=off {self.pg_options}"
        )
        subprocess.run(
            [
                *prefix,
                _pg_bin("pg_ctl"),
                "-D",
                str(data),
                "-l",
                str(log),
                "-o",
                options,
                "-w",
                "-t",
                str(START_TIMEOUT_S),
                "start",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        self._create_database()

    def _create_database(self) -> None:
        """CREATE DATABASE through psycopg (psql may not be installed); idempotent."""
        import psycopg

        url = f"postgresql://{PG_SUPERUSER}@127.0.0.1:{self.pg_port}/postgres"
        with psycopg.connect(url, autocommit=True) as conn:
            exists = conn.execute(
                "SELECT 1 FROM pg_database WHERE datname = %s", (DB_NAME,)
            ).fetchone()
            if not exists:
                conn.execute(f"CREATE DATABASE {DB_NAME}")

    def stop_postgres(self) -> None:
        data = self.dir / "pg"
        if (data / "postmaster.pid").exists():
            subprocess.run(
                [*_run_as(), _pg_bin("pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                check=False,
                stdout=subprocess.DEVNULL,
            )

    # --- Redis ------------------------------------------------------------------
    def start_redis(self) -> None:
        server = shutil.which("redis-server")
        if server is None:
            raise SystemExit("redis-server not found: apt-get install redis-server")
        self.redis_port = self.redis_port or free_port()
        if self._redis_pid() is not None and _accepting(self.redis_port):
            return  # still running from an earlier start
        subprocess.run(
            [
                server,
                "--port",
                str(self.redis_port),
                "--bind",
                "127.0.0.1",
                "--daemonize",
                "yes",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.dir),
                "--pidfile",
                str(self.dir / "redis.pid"),
                "--logfile",
                str(self.dir / "redis.log"),
            ],
            check=True,
        )
        self._wait_port(self.redis_port, "redis-server")

    def _redis_pid(self) -> int | None:
        try:
            pid = int((self.dir / "redis.pid").read_text().strip())
            os.kill(pid, 0)
        except (OSError, ValueError):
            return None
        return pid

    def stop_redis(self) -> None:
        pid = self._redis_pid()
        if pid is not None:
            os.kill(pid, 15)
            # Wait for the port to close, not for the pid to vanish: where nothing
            # reaps orphans (some containers) the exited server stays a zombie.
            deadline = time.monotonic() + START_TIMEOUT_S
            while self.redis_port and _accepting(self.redis_port):
                if time.monotonic() > deadline:
                    raise SystemExit(f"redis-server (pid {pid}) did not stop")
                time.sleep(0.05)
        (self.dir / "redis.pid").unlink(missing_ok=True)

    def restart_redis(self) -> None:
        """Fault tests: the layer goes away and comes back empty on the same port."""
        self.stop_redis()
        self.start_redis()

    def stop(self) -> None:
        self.stop_redis()
        self.stop_postgres()

    @staticmethod
    def _wait_port(port: int, what: str) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit(f"{what} did not start on port {port}")

    @classmethod
    def load(cls, directory: Path) -> Services:
        state = json.loads((directory / "services.json").read_text())
        return cls(directory, state["pg_port"], state["redis_port"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["start", "stop"])
    parser.add_argument("--dir", type=Path, required=True)
    args = parser.parse_args()
    if args.action == "start":
        services = Services(args.dir.resolve()).start()
        print(f"export AGENTWEB_TEST_POSTGRES_URL={services.database_url}")
        print(f"export AGENTWEB_TEST_REDIS_URL={services.redis_url}")
    else:
        directory = args.dir.resolve()
        if (directory / "services.json").exists():
            Services.load(directory).stop()
        else:
            Services(directory).stop()


if __name__ == "__main__":
    sys.exit(main())
