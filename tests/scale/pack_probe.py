"""Pack imports and the name index on PostgreSQL, inside a Django process on the scale
suite's database; prints JSON. Called as ``manage.py shell -c "from tests.scale.pack_probe
import main; main()"``. What it imports is rolled back."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from django.db import connection, transaction

from agentweb.game.importers.pack import import_pack
from agentweb.game.models import Recipe
from agentweb.game.search.game_names import localized_names, names_matching
from agentweb.game.tools.items import lookup_sources
from tests.game.packs import FORGE_MOD, MIXER_MOD, write_zip


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
        for label, text in (("prefix", "copper g"), ("exact", "铜齿轮")):
            with CaptureQueriesContext(connection) as seen:
                names_matching(text, kinds=["item"], exact=label == "exact")
            sql = seen.captured_queries[0]["sql"]
            cursor.execute("EXPLAIN " + sql)
            plans[label] = "\n".join(row[0] for row in cursor.fetchall())
            plans[f"{label}_statements"] = len(seen.captured_queries)
    return plans


def main() -> None:
    out = {"vendor": connection.vendor, "demo": _demo(), "pack": _pack(), "plans": _plans()}
    print("PACK=" + json.dumps(out, ensure_ascii=False))
