"""``import_pack`` at the size of a large modpack: import time, peak RSS, database size, and
the latency of the lookups players cause, on SQLite and on PostgreSQL.

    python bench/pack_import.py                      # SQLite in a temp folder
    python bench/pack_import.py --postgres           # a PostgreSQL 15 of its own
    python bench/pack_import.py --pack var/bench-pack --keep-pack   # reuse a generated pack

It generates (once; ``--pack`` keeps it) an instance of 300 mod jars — 60,000 items,
120,000 recipes (a third of them mod types, the rest shaped, shapeless, cooking and
stonecutting in both the 1.20 and 1.21 formats), 40,000 loot tables, item tags, names in
10 languages — and an FTB Quests book of 3,000 quests with its text in lang files. Then,
on a fresh database with the shipped minecraft-data imported:

1. ``manage.py import_pack`` (its own process): wall time and peak RSS;
2. the database's size;
3. p50/p99 of ``item.source`` (``lookup_sources``), the name search (``names_matching``,
   any language) and a quest lookup (``match_quests`` + ``quest_detail``), each call in
   its own pin of the data version, as a tool call is;
4. a re-import with 1 % of the jars changed (a recipe changed, one added, one removed
   in each): wall time and what the report says changed.

Prints one JSON line. Numbers only; nothing is asserted (docs/performance.md has the
targets and the recorded runs).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

JARS = 300
ITEMS_PER_JAR = 200
RECIPES_PER_JAR = 400
LOOT_PER_JAR = 133
TAGS_PER_JAR = 20
CHAPTERS = 30
QUESTS_PER_CHAPTER = 100
LANGUAGES = (
    "en_us",
    "zh_cn",
    "de_de",
    "fr_fr",
    "ja_jp",
    "ko_kr",
    "ru_ru",
    "es_es",
    "pt_br",
    "zh_tw",
)
VANILLA = (
    "minecraft:iron_ingot",
    "minecraft:gold_ingot",
    "minecraft:copper_ingot",
    "minecraft:stick",
    "minecraft:cobblestone",
    "minecraft:redstone",
    "minecraft:coal",
)
MATERIALS = (
    "iron",
    "gold",
    "copper",
    "tin",
    "lead",
    "silver",
    "nickel",
    "zinc",
    "brass",
    "bronze",
    "steel",
    "osmium",
    "uranium",
    "quartz",
    "obsidian",
    "amber",
)
NOUNS = (
    "gear",
    "plate",
    "rod",
    "casing",
    "wire",
    "dust",
    "ingot",
    "nugget",
    "block",
    "frame",
    "coil",
    "valve",
    "pipe",
    "lens",
    "cell",
    "core",
    "shard",
    "sheet",
)
ZH = "铁金铜锡铅银镍锌黄青钢锇铀石英黑曜琥珀齿轮板杆外壳线粉锭粒块框线圈阀管透镜电池核心碎片"
CALLS = 300
UNCHANGED = re.compile(r"\(0 added, 0 changed, 0 removed\)")


def item_name(mod: int, j: int, language: str) -> str:
    material = MATERIALS[(mod + j) % len(MATERIALS)]
    noun = NOUNS[(mod * 7 + j) % len(NOUNS)]
    if language in ("zh_cn", "zh_tw", "ja_jp"):
        rng = random.Random(mod * 1000 + j)
        return "".join(rng.choice(ZH) for _ in range(4)) + f"{mod}-{j}"
    suffix = "" if language == "en_us" else f" ({language[:2]})"
    return f"{material.title()} {noun.title()} Mk{mod}.{j}{suffix}"


def _jar(mod: int, variant: int = 0) -> dict[str, object]:
    ns = f"mod{mod:03d}"
    rng = random.Random(mod)
    ids = [f"{ns}:item_{j}" for j in range(ITEMS_PER_JAR)]
    files: dict[str, object] = {
        "META-INF/neoforge.mods.toml": f'[[mods]]\nmodId="{ns}"\ndisplayName="Mod {mod}"\n'
    }
    legacy = mod % 2 == 0  # half the jars in the 1.20 format

    def any_input() -> object:
        pick = rng.random()
        if pick < 0.2:
            return {"tag": f"c:ingots/{ns}_{rng.randrange(TAGS_PER_JAR)}"}
        if pick < 0.4:
            return {"item": rng.choice(VANILLA)}
        return {"item": rng.choice(ids)}

    def result(item: str, count: int = 1) -> object:
        return {"item": item, "count": count} if legacy else {"id": item, "count": count}

    folder = "recipes" if legacy else "recipe"
    for k in range(RECIPES_PER_JAR):
        out = ids[k % ITEMS_PER_JAR]
        kind = k % 6
        if kind in (0, 1):  # a third: the mod's own machine types
            recipe = {
                "type": f"{ns}:process_{k % 5}",
                "ingredients": [
                    any_input(),
                    any_input(),
                    {"fluid": "minecraft:water", "amount": 250 * (1 + k % 4)},
                ],
                "results": [result(out, 1 + k % 3), {**result(rng.choice(ids)), "chance": 0.25}],
                "processing_time": 100 + k,
                "energy": 1000 * (1 + k % 7),
            }
        elif kind == 2:
            recipe = {
                "type": "minecraft:crafting_shaped",
                "pattern": ["AB", "BA"],
                "key": {"A": any_input(), "B": any_input()},
                "result": result(out, 2),
            }
        elif kind == 3:
            recipe = {
                "type": "minecraft:crafting_shapeless",
                "ingredients": [any_input() for _ in range(3)],
                "result": result(out),
            }
        elif kind == 4:
            recipe = {
                "type": "minecraft:smelting",
                "ingredient": any_input(),
                "result": out if legacy else {"id": out},
                "experience": 0.5,
                "cookingtime": 200,
            }
        else:
            recipe = {
                "type": "minecraft:stonecutting",
                "ingredient": any_input(),
                "result": out if legacy else {"id": out, "count": 2},
            }
            if legacy:
                recipe["count"] = 2
        if variant and k == variant:  # a changed recipe
            recipe = {
                **recipe,
                "processing_time": 9999,
                "type": f"{ns}:process_0",
                "ingredients": [any_input()],
                "results": [result(out)],
            }
        if variant and k == variant + 1:
            continue  # a removed recipe
        files[f"data/{ns}/{folder}/r{k}.json"] = recipe
    if variant:
        files[f"data/{ns}/{folder}/added.json"] = {
            "type": f"{ns}:process_1",
            "ingredients": [any_input()],
            "results": [result(ids[0])],
        }
    loot_folder = "loot_tables" if legacy else "loot_table"
    for k in range(LOOT_PER_JAR):
        if k < 120:
            path, kind = f"blocks/item_{k}", "minecraft:block"
        elif k < 130:
            path, kind = f"entities/mob_{k}", "minecraft:entity"
        else:
            path, kind = f"chests/cache_{k}", "minecraft:chest"
        files[f"data/{ns}/{loot_folder}/{path}.json"] = {
            "type": kind,
            "pools": [
                {
                    "rolls": 1,
                    "entries": [
                        {
                            "type": "minecraft:alternatives",
                            "children": [
                                {
                                    "type": "minecraft:item",
                                    "name": ids[k % ITEMS_PER_JAR],
                                    "conditions": [
                                        {
                                            "condition": "minecraft:match_tool",
                                            "predicate": {
                                                "predicates": {
                                                    "minecraft:enchantments": [
                                                        {"enchantments": "minecraft:silk_touch"}
                                                    ]
                                                }
                                            },
                                        }
                                    ],
                                },
                                {
                                    "type": "minecraft:item",
                                    "name": ids[(k + 1) % ITEMS_PER_JAR],
                                    "functions": [
                                        {
                                            "function": "minecraft:set_count",
                                            "count": {
                                                "type": "minecraft:uniform",
                                                "min": 1,
                                                "max": 3,
                                            },
                                        }
                                    ],
                                },
                            ],
                        }
                    ],
                }
            ],
        }
    tag_folder = "tags/items" if legacy else "tags/item"
    for k in range(TAGS_PER_JAR):
        members = [ids[(k * 10 + m) % ITEMS_PER_JAR] for m in range(3)]
        files[f"data/c/{tag_folder}/ingots/{ns}_{k}.json"] = {"values": members}
    for language in LANGUAGES:
        lang = {f"item.{ns}.item_{j}": item_name(mod, j, language) for j in range(ITEMS_PER_JAR)}
        lang.update({f"block.{ns}.item_{j}": item_name(mod, j, language) for j in range(120)})
        lang.update({f"entity.{ns}.mob_{k}": f"Mob {mod}.{k}" for k in range(120, 130)})
        lang.update(
            {f"emi.category.{ns}.process_{k}": f"Process {k} ({language})" for k in range(5)}
        )
        files[f"assets/{ns}/lang/{language}.json"] = lang
    return files


def _write_jar(path: Path, files: dict[str, object]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, value in files.items():
            data = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            zf.writestr(name, data)


def _snbt(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _book(root: Path) -> None:
    quests_dir = root / "config/ftbquests/quests"
    (quests_dir / "chapters").mkdir(parents=True, exist_ok=True)
    (quests_dir / "lang").mkdir(exist_ok=True)
    (quests_dir / "data.snbt").write_text("{ version: 13 }\n")
    lang = {"en_us": [], "zh_cn": []}
    for c in range(CHAPTERS):
        chapter_id = f"{0x1000000000000000 + c:016X}"
        quests = []
        for q in range(QUESTS_PER_CHAPTER):
            n = c * QUESTS_PER_CHAPTER + q
            quest_id = f"{0x2000000000000000 + n:016X}"
            task_id = f"{0x3000000000000000 + n:016X}"
            item = f"mod{n % JARS:03d}:item_{n % ITEMS_PER_JAR}"
            deps = f'dependencies: ["{0x2000000000000000 + n - 1:016X}"]' if q else ""
            quests.append(
                f'{{ id: "{quest_id}" {deps} tasks: [{{ id: "{task_id}" type: "item" '
                f'item: "{item}" count: {1 + n % 16}L }}] rewards: [{{ id: "'
                f'{0x4000000000000000 + n:016X}" type: "xp" xp: 100 }}] }}'
            )
            lang["en_us"].append(
                f"quest.{quest_id}.title: {_snbt(f'Quest {n}: the {NOUNS[n % 18]}')}"
            )
            lang["en_us"].append(f"quest.{quest_id}.quest_desc: [{_snbt(f'Make {n} things.')}]")
            lang["zh_cn"].append(
                f"quest.{quest_id}.title: {_snbt(f'任务{n}：{ZH[n % 20]}{ZH[n % 7]}')}"
            )
        lang["en_us"].append(f"chapter.{chapter_id}.title: {_snbt(f'Chapter {c}')}")
        lang["zh_cn"].append(f"chapter.{chapter_id}.title: {_snbt(f'第{c}章')}")
        (quests_dir / "chapters" / f"chapter_{c}.snbt").write_text(
            f'{{ id: "{chapter_id}" filename: "chapter_{c}" order_index: {c} '
            f"quests: [\n" + "\n".join(quests) + "\n] }\n",
            encoding="utf-8",
        )
    for language, lines in lang.items():
        (quests_dir / "lang" / f"{language}.snbt").write_text(
            "{\n" + "\n".join(lines) + "\n}\n", encoding="utf-8"
        )


def generate(root: Path) -> None:
    if (root / "mods").is_dir() and len(list((root / "mods").glob("*.jar"))) == JARS:
        return
    shutil.rmtree(root, ignore_errors=True)
    (root / "mods").mkdir(parents=True)
    for mod in range(JARS):
        _write_jar(root / "mods" / f"mod{mod:03d}.jar", _jar(mod))
    _book(root)


CHANGED = range(0, JARS, 100)  # 3 of 300 jars: 1 % of the files


def change_one_percent(root: Path, *, variant: int) -> None:
    """Write the changed jars (``variant`` 7) or their originals (``variant`` 0) in place."""
    for mod in CHANGED:
        _write_jar(root / "mods" / f"mod{mod:03d}.jar", _jar(mod, variant=variant))


# --- measuring ------------------------------------------------------------------------


def manage(env: dict, *args: str) -> tuple[float, str, Any]:
    """Run ``manage.py``; its wall time, its output and its own resource usage."""
    start = time.monotonic()
    with tempfile.TemporaryFile("w+") as out:
        child = subprocess.Popen(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            text=True,
        )
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read()
    if child.returncode:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{text}")
    return time.monotonic() - start, text, usage


def timed_import(env: dict, pack: Path) -> dict:
    seconds, out, usage = manage(env, "import_pack", str(pack), "--book-slug", "bench")
    lines = out.splitlines()
    steps = [line[len("steps: ") :] for line in lines if line.startswith("steps: ")]
    return {
        "seconds": round(seconds, 1),
        # What the import itself used of a core: the wall time on an idle machine, near
        # enough (the machine's load, beside it, says how far the wall time is from it).
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 1),
        "load_average": round(os.getloadavg()[0], 1),
        "peak_rss_mib": round(usage.ru_maxrss / 1024),
        "steps": steps[0] if steps else "",
        "changes": [line for line in lines if " added, " in line and not UNCHANGED.search(line)],
    }


def percentiles(fn, cases) -> dict:
    times = []
    for case in cases:
        start = time.perf_counter()
        fn(case)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return {
        "p50_ms": round(statistics.median(times), 2),
        "p99_ms": round(times[min(len(times) - 1, int(len(times) * 0.99))], 2),
    }


def lookups() -> dict:
    import django

    django.setup()
    from agentweb.game import queries, versions
    from agentweb.game.search.game_names import names_matching
    from agentweb.game.tools.items import lookup_sources

    rng = random.Random(7)
    items = [
        item_name(rng.randrange(JARS), rng.randrange(ITEMS_PER_JAR), "en_us") for _ in range(CALLS)
    ]
    names = [
        item_name(rng.randrange(JARS), rng.randrange(ITEMS_PER_JAR), rng.choice(LANGUAGES))
        for _ in range(CALLS)
    ]
    names = [n[: rng.randrange(4, len(n) + 1)] for n in names]  # whole names and prefixes
    numbers = [rng.randrange(CHAPTERS * QUESTS_PER_CHAPTER) for _ in range(CALLS)]
    quests = [f"Quest {n}: the {NOUNS[n % 18]}" for n in numbers]  # by title, as players ask

    def pinned(fn):
        def call(case):
            with versions.pinned():
                return fn(case)

        return call

    start = time.perf_counter()
    pinned(lookup_sources)(items[0])  # builds the item index once per data version
    first = round((time.perf_counter() - start) * 1000)

    def quest(title: str) -> None:
        found = queries.match_quests(title, limit=1)[0]
        if found:
            queries.quest_detail(found[0].quest_id, book="bench")

    return {
        "first_item_source_ms": first,
        "item_source": percentiles(pinned(lookup_sources), items),
        "name_search": percentiles(pinned(lambda t: names_matching(t, limit=10)), names),
        "quest_lookup": percentiles(pinned(quest), quests),
    }


def database_size() -> int:
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_database_size(current_database())")
            return cursor.fetchone()[0]
    return Path(connection.settings_dict["NAME"]).stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pack", type=Path, help="where the generated pack lives (kept)")
    parser.add_argument("--postgres", action="store_true", help="a PostgreSQL 15 of its own")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="agentweb-bench-pack-"))
    work.chmod(0o755)  # PostgreSQL runs as another user when we are root
    pack = args.pack or work / "pack"
    started = time.monotonic()
    generate(pack)
    change_one_percent(pack, variant=0)  # a kept pack may hold the changed jars
    generated = round(time.monotonic() - started, 1)
    services = None
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "agentweb.settings"}
    env.setdefault("AGENTWEB_SECRET_KEY", "bench-only-secret-key-0123456789abcdefghijklmnopqrstuv")
    if args.postgres:
        from scripts.services import Services

        services = Services(work / "services")
        services.dir.mkdir(parents=True)
        services.start_postgres()
        env["DATABASE_URL"] = services.database_url
    else:
        env["DATABASE_URL"] = f"sqlite:///{work}/bench.sqlite3"
    os.environ.update(
        {k: env[k] for k in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE", "AGENTWEB_SECRET_KEY")}
    )
    try:
        manage(env, "migrate", "--no-input", "-v0")
        manage(env, "import_minecraft_data", "agentweb/game/data/minecraft-data/data")
        first = timed_import(env, pack)
        result = {
            "vendor": "postgresql" if args.postgres else "sqlite",
            "generate_s": generated,
            "import": first,
        }
        result["lookups"] = lookups()
        result["database_mib"] = round(database_size() / 2**20)
        change_one_percent(pack, variant=7)
        result["reimport_1pct"] = timed_import(env, pack)
        print(json.dumps(result))
    finally:
        if services is not None:
            services.stop_postgres()
        if args.pack is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
