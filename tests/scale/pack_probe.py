"""Pack imports and the name index on PostgreSQL, inside a Django process on the scale
suite's database; prints JSON. Called as ``manage.py shell -c "from tests.scale.pack_probe
import main; main()"``. What it imports is rolled back."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from django.db import connection, transaction

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import Item, Recipe
from agentweb.game.queries import _load_sources
from agentweb.game.search.game_names import localized_names, names_matching
from agentweb.game.tools.items import lookup_sources
from tests.game.packs import FORGE_MOD, MIXER_MOD, neoforge_mod, write_zip


class Rollback(Exception):
    pass


def _matches(text: str, **kw) -> list[list[str]]:
    return [[m.kind, m.key, m.language, m.how] for m in names_matching(text, **kw)]


def _demo() -> dict:
    gear = lookup_sources("铜齿轮", language="zh_cn")
    return {
        "exact_zh": _matches("铜齿轮", kinds=["item"])[:1],
        "prefix_zh": _matches("铜绿", kinds=["item", "block"]),
        "contains_en": _matches("pper ge", kinds=["item"])[:1],
        "localized": localized_names("station", ["hearthworks:kiln_firing"], "zh-hans"),
        "gear": {"item": gear.item.item_id if gear.item else None, "made_in": gear.made_in},
    }


def _pack() -> dict:
    seen: dict = {}
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "srv"
        write_zip(root / "mods" / "mixer.jar", MIXER_MOD)
        write_zip(root / "mods" / "oldmod.jar", FORGE_MOD)
        try:
            with transaction.atomic():
                first = import_pack(root)
                seen["recipes"] = sorted(Recipe.objects.values_list("recipe_id", flat=True))
                seen["skipped"] = [s.reason for s in first.skipped]
                second = import_pack(root)
                seen["second"] = {
                    kind: [c.added, c.changed, c.removed] for kind, c in second.changes.items()
                }
                alloy = lookup_sources("安山合金", language="zh_cn")
                seen["alloy"] = [alloy.item.name, alloy.sources[0].station]
                seen["contains_zh"] = _matches("传动杆", kinds=["item"])[:1]
                raise Rollback
        except Rollback:
            pass
    return seen


def _plans() -> dict:
    """The plans of a name lookup's statements, with sequential scans off: whether the
    indexes can serve them at all (on a small table the planner would rather scan)."""
    from django.test.utils import CaptureQueriesContext

    plans: dict[str, str] = {}
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        for label, text in (("prefix", "copper g"), ("exact", "铜齿轮"), ("contains", "pper ge")):
            with CaptureQueriesContext(connection) as seen:
                names_matching(text, kinds=["item"], exact=label == "exact")
            # The range first; substrings (when the range does not fill the answer) last.
            sql = seen.captured_queries[-1 if label == "contains" else 0]["sql"]
            cursor.execute("EXPLAIN " + sql)
            plans[label] = "\n".join(row[0] for row in cursor.fetchall())
            plans[f"{label}_statements"] = len(seen.captured_queries)
    return plans


def _estimate(cursor, sql: str, params: list) -> int:
    cursor.execute("EXPLAIN (FORMAT JSON) " + sql, params)
    return cursor.fetchone()[0][0]["Plan"]["Plan Rows"]


# The names of a large mod: a prefix shared by all of them, to ask the planner about.
LARGE = "settled probe thing"
PREFIX_SQL = (
    'SELECT id FROM game_gamename WHERE folded COLLATE "C" >= %s AND folded COLLATE "C" < %s'
)


def _settled() -> dict:
    """A pack import that writes more names than autovacuum's analyze threshold: whether
    the planner knows of them before the import's transaction ends, and whether the
    trigram index's pending entries were merged."""
    seen: dict = {}
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE relname = 'game_gamename'")
        count = int(max(cursor.fetchone()[0], 0) * 0.2) + 500
    lang = {f"item.bigmod.thing_{i}": f"Settled Probe Thing {i}" for i in range(count)}
    files = {
        "META-INF/neoforge.mods.toml": neoforge_mod("bigmod", "Big Mod"),
        "assets/bigmod/lang/en_us.json": lang,
    }
    with tempfile.TemporaryDirectory() as folder:
        jar = write_zip(Path(folder) / "bigmod.jar", files)
        try:
            with transaction.atomic():
                report = import_pack(jar)
                seen["timed"] = "update the planner's statistics" in report.timings
                with connection.cursor() as cursor:
                    seen["names"] = count
                    seen["estimate"] = _estimate(cursor, PREFIX_SQL, [LARGE, LARGE + "\U0010ffff"])
                    cursor.execute("SELECT gin_clean_pending_list('game_name_trgm'::regclass)")
                    seen["pending_pages"] = cursor.fetchone()[0]
                raise Rollback
        except Rollback:
            pass
    return seen


# The indexes PostgreSQL keeps on the ways to obtain items, and the ones their queries use.
def _source_indexes() -> dict:
    from django.test.utils import CaptureQueriesContext

    item = Item.objects.filter(sources__isnull=False).first()
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename = 'game_itemsource'")
        defs = sorted(row[0].split(" USING ", 1)[1] for row in cursor.fetchall())
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        with CaptureQueriesContext(connection) as seen:
            _load_sources([(item.pk, None), (item.pk, ("crafting_shaped", "smelting"))])
        plans = []
        for statement in seen.captured_queries:
            cursor.execute("EXPLAIN " + statement["sql"])
            plans.append("\n".join(row[0] for row in cursor.fetchall()))
    return {"indexes": defs, "plans": plans}


def main() -> None:
    out = {
        "vendor": connection.vendor,
        "demo": _demo(),
        "pack": _pack(),
        "plans": _plans(),
        "settled": _settled(),
        "sources": _source_indexes(),
    }
    print("PACK=" + json.dumps(out, ensure_ascii=False))
