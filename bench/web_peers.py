"""The web-stack peer benchmark: agentweb against Chainlit, interleaved rounds, one table.

    make bench-web-peers                                    # the whole matrix (~10 min)
    make bench-web-peers WEB_PEERS_ARGS="--clients 10 --rounds 1"   # a smoke run
    .venv/bin/python bench/web_peers.py --clients 10,100 --rounds 2 --side

The peer folder (``--peers``, else ``$AGENTWEB_WEB_PEERS_DIR``, else
``../shared/bench/web-peers`` beside the repository) holds the Chainlit app and client,
the interleaved ``run_matrix.py`` and ``make_results.py``. It is only read: this script
copies it to a scratch folder (``--workdir``, default ``var/web-peers/``), creates the
Chainlit virtualenv there from its requirements file (once; again when the file
changes), puts ``bench/web_peer_agentweb.py`` in place of the folder's own agentweb
driver, and runs the matrix there. Then it counts agentweb's SQL statements per run in
one more run of the driver (N=10; the counting wraps every statement, so the matrix rows
are measured without it), writes ``results.md`` (the peer folder's tables, under a
header naming this commit and the machine's load) and prints the ratios agentweb ÷
Chainlit that ``docs/performance.md`` records: runs/s until idle, CPU per run and
end-to-end p50, each the median of the per-round ratios (same N, same round).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DRIVER = ROOT / "bench" / "web_peer_agentweb.py"
PEERS = ("chainlit-persist", "chainlit-nopersist")
# (row key, column title, higher is better for agentweb)
RATIOS = (
    ("runs_per_s_incl_drain", "runs/s until idle", True),
    ("server_cpu_ms_per_run", "CPU per run", False),
    ("e2e_answer_p50_ms", "end-to-end p50", False),
)
# Installed beside the peer folder's requirements: SQLAlchemy 2.1's asyncio engine (Chainlit's
# data layer) needs greenlet, which it no longer pulls in by itself.
CHAINLIT_EXTRAS = ("greenlet==3.5.6",)
# What the scratch copy leaves out of the peer folder: its earlier outputs and venvs.
SKIP = {".venv-chainlit", "results", "logs", "profiles", "tmp", "__pycache__", "results.md"}


def peers_dir(given: str | None) -> Path:
    found = Path(
        given or os.environ.get("AGENTWEB_WEB_PEERS_DIR") or ROOT.parent / "shared/bench/web-peers"
    )
    if not (found / "run_matrix.py").is_file():
        sys.exit(f"no peer benchmark folder at {found} (give --peers or AGENTWEB_WEB_PEERS_DIR)")
    return found.resolve()


def scratch_copy(source: Path, work: Path) -> None:
    """Copy the peer folder's files (writable, whatever their modes) into ``work``."""
    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source)
        if rel.parts[0] in SKIP or path.is_dir():
            continue
        target = work / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.unlink(missing_ok=True)
        shutil.copyfile(path, target)
    results = work / "results"
    results.mkdir(exist_ok=True)
    for old in ("raw.jsonl", "side.jsonl", "raw_nowarmup.jsonl", "sql.json"):
        (results / old).unlink(missing_ok=True)
    # Our driver, under the name run_matrix.py calls (it resolves the link to find bench/).
    ours = work / "bench_agentweb.py"
    ours.unlink(missing_ok=True)
    ours.symlink_to(DRIVER)


def chainlit_venv(work: Path) -> None:
    requirements = work / "requirements-web-peers.txt"
    venv = work / ".venv-chainlit"
    stamp = venv / ".installed"
    digest = hashlib.sha256(requirements.read_bytes() + repr(CHAINLIT_EXTRAS).encode()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest:
        return
    print(f"creating {venv} from {requirements.name}", flush=True)
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", "--clear", str(venv)], check=True)
    pip = [str(venv / "bin/python"), "-m", "pip", "install", "--quiet"]
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "-r", str(requirements), *CHAINLIT_EXTRAS], check=True)
    stamp.write_text(digest)


def commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=False
        ).stdout.strip()

    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + (
        " (with uncommitted changes)"
        if git("status", "--porcelain", "--", "agentweb", "templates", "static")
        else ""
    )


def load_rows(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def ratios(rows: list[dict]) -> list[dict]:
    """agentweb ÷ each Chainlit row of the same N and round; the median over the rounds."""
    by_round: dict[tuple[int, int], dict[str, dict]] = defaultdict(dict)
    for r in rows:
        by_round[(r["clients"], r["round"])][r["server"]] = r
    out = []
    for n in sorted({n for n, _ in by_round}):
        for peer in PEERS:
            pairs = [
                (d["agentweb"], d[peer])
                for (nn, _), d in sorted(by_round.items())
                if nn == n and "agentweb" in d and peer in d
            ]
            if not pairs:
                continue
            entry: dict = {"clients": n, "peer": peer, "rounds": len(pairs)}
            for key, _, _ in RATIOS:
                per_round = [a[key] / p[key] for a, p in pairs if a.get(key) and p.get(key)]
                entry[key] = {
                    "median": round(statistics.median(per_round), 2) if per_round else None,
                    "rounds": [round(x, 2) for x in per_round],
                }
            out.append(entry)
    return out


def ratio_table(entries: list[dict]) -> list[str]:
    head = " | ".join(title for _, title, _ in RATIOS)
    lines = [
        "### agentweb ÷ Chainlit",
        "",
        "Median of the per-round ratios (per round in brackets). runs/s until idle > 1: "
        "agentweb serves more; CPU per run and end-to-end p50 < 1: agentweb spends less, "
        "answers sooner.",
        "",
        f"| N | vs | {head} |",
        "|---|---|" + "---|" * len(RATIOS),
    ]
    for e in entries:
        cells = []
        for key, _, _ in RATIOS:
            v = e[key]
            rounds = " / ".join(f"{x:.2f}" for x in v["rounds"])
            cells.append(f"**{v['median']:.2f}** ({rounds})" if v["median"] is not None else "–")
        lines.append(f"| {e['clients']} | {e['peer']} | " + " | ".join(cells) + " |")
    return [*lines, ""]


def header(args: argparse.Namespace, at: str, started: str, loads: tuple[float, float]) -> str:
    return "\n".join(
        [
            "# Results: Chainlit vs agentweb, a live agent trace to N concurrent users",
            "",
            f"agentweb at `{at}`, measured {started}–{time.strftime('%H:%M UTC', time.gmtime())} "
            f"with `bench/web_peers.py --clients {args.clients} --rounds {args.rounds} "
            f"--runs-per-client {args.runs_per_client} --latency-ms {args.latency_ms:g}`. "
            f"Load average {loads[0]:.2f} before, {loads[1]:.2f} after "
            f"({os.cpu_count()} cores, shared). agentweb's driver is the project's "
            "`bench/web_peer_agentweb.py` (setup and client of `bench/realtime.py`).",
            "",
            "",
        ]
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--peers", help="the peer benchmark folder (read only)")
    ap.add_argument("--workdir", default=str(ROOT / "var" / "web-peers"))
    ap.add_argument("--clients", default="10,100", help="comma-separated N")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--runs-per-client", type=int, default=3)
    ap.add_argument("--latency-ms", type=float, default=50.0)
    ap.add_argument("--side", action="store_true", help="also the side rows (one round each)")
    ap.add_argument("--no-count-sql", dest="count_sql", action="store_false")
    args = ap.parse_args()
    if not (ROOT / ".venv/bin/python").exists():
        sys.exit("no .venv in the project (make .venv/.installed-dev)")
    source, work = peers_dir(args.peers), Path(args.workdir).resolve()
    work.mkdir(parents=True, exist_ok=True)
    scratch_copy(source, work)
    chainlit_venv(work)
    env = {**os.environ, "AGENTWEB_ROOT": str(ROOT)}
    at, load0 = commit(), os.getloadavg()[0]  # the code the servers run, when they start
    started = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    common = ["--clients", args.clients, "--runs-per-client", str(args.runs_per_client)]
    common += ["--latency-ms", str(args.latency_ms)]
    matrix = [sys.executable, str(work / "run_matrix.py"), *common]
    subprocess.run([*matrix, "--rounds", str(args.rounds)], cwd=work, env=env, check=True)
    if args.side:
        side = ["--side", "--out", str(work / "results/side.jsonl")]
        subprocess.run([*matrix, *side], cwd=work, env=env, check=True)
    load1 = os.getloadavg()[0]
    if args.count_sql:
        counted = subprocess.run(
            [str(ROOT / ".venv/bin/python"), str(DRIVER), "--clients", "10", "--count-sql"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()[-1]
        (work / "results/sql.json").write_text(counted + "\n")
    head = header(args, at, started, (load0, load1))
    tables = subprocess.run(
        [sys.executable, str(work / "make_results.py")],
        input=head,
        cwd=work,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    entries = ratios(load_rows(work / "results/raw.jsonl"))
    extra = ratio_table(entries)
    for r in load_rows(work / "results/raw.jsonl") + load_rows(work / "results/side.jsonl"):
        if r["server"].startswith("agentweb"):
            extra.append(
                f"- N={r['clients']} round {r['round']} {r['server']}: {r['status']}, "
                f"model/tool calls {r['model_tool_calls']}, trace rows stored "
                f"{r['db_run_events']} of the {r['db_run_events_expected']} events the clients got"
            )
    extra.append("")
    if args.count_sql:
        sql = json.loads((work / "results/sql.json").read_text())
        extra += [
            f"agentweb SQL statements per run (one counted run, N=10): **{sql['sql_per_run']}** "
            f"{json.dumps(sql['sql_by_kind_per_run'])}",
            "",
        ]
    (work / "results.md").write_text(tables + "\n" + "\n".join(extra))
    (work / "results/ratios.json").write_text(json.dumps(entries, indent=1) + "\n")
    print("\n" + "\n".join(extra))
    print(f"tables: {work / 'results.md'}; rows: {work / 'results'}")


if __name__ == "__main__":
    main()
