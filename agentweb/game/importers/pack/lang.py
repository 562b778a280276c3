"""Lang files → the names of items, blocks, mobs, fluids, item tags and recipe stations.

Keys follow the game's conventions: ``item.<ns>.<path>``, ``block.<ns>.<path>``,
``entity.<ns>.<path>``, ``fluid.<ns>.<path>`` / ``fluid_type.<ns>.<path>`` (NeoForge),
``tag.item.<ns>.<path with dots>`` (the 1.21 convention for tag names). A recipe type
has no standard key; the station is named by the first key a mod defines among
:data:`STATION_KEYS` (EMI's ``emi.category.<ns>.<path>`` is the most common, Create
writes ``create.recipe.<path>``, Farmer's Delight
``farmersdelight.jei.<path>``), else by its block when one has the type's name.
"""

from __future__ import annotations

import re
from collections import Counter

from agentweb.game.importers.pack.collect import Collected, read_json
from agentweb.game.importers.pack.report import PackReport
from agentweb.game.importers.pack.sources import Layer
from agentweb.game.models.names import DEFAULT_LANGUAGE, NameKind

Strings = dict[str, dict[str, str]]
NameRows = dict[tuple[str, str, str], str]
SIMPLE_KINDS = {
    "item": NameKind.ITEM,
    "block": NameKind.BLOCK,
    "entity": NameKind.ENTITY,
    "fluid": NameKind.FLUID,
    "fluid_type": NameKind.FLUID,
}
STATION_KEYS = (
    "emi.category.{ns}.{path}",
    "recipe_type.{ns}.{path}",
    "{ns}.recipe.{path}",
    "{ns}.recipe_type.{path}",
    "recipe.{ns}.{path}",
    "jei.category.{ns}.{path}",
    "jei.{ns}.{path}",
    "{ns}.jei.category.{path}",
    "{ns}.jei.{path}",
    "gui.{ns}.category.{path}",
    "container.{ns}.{path}",
    "block.{ns}.{path}",
)
# How many duplicate keys one file's report line names.
DUPLICATES_SHOWN = 5
# The keys of a mod's lang file that name things (the rest — tooltips, manuals, messages —
# is most of a mod's text and is not kept). KubeJS's and resource packs' files are kept
# whole: a quest book's {keys} live there.
NAME_KEYS = re.compile(
    r"^(item|block|entity|fluid|fluid_type|tag|emi|jei|recipe|recipe_type|container|gui)\."
    r"|\.(recipe|recipe_type|jei)\."
)
WHOLE_FILES = (Layer.KUBEJS, Layer.RESOURCE_PACK)


def merge_lang(collected: Collected, report: PackReport) -> Strings:
    """Every language's keys, later sources overriding earlier ones key by key."""
    strings: Strings = {}
    for language in sorted(collected.lang):
        table = strings.setdefault(language, {})
        for ref in collected.lang[language]:
            pairs = read_json(ref, report, pairs=True)
            if pairs is None:
                continue
            where = f"{ref.source.name}!{ref.path}"
            if not _is_object(pairs):
                report.skip(where, "not a JSON object of translation keys")
                continue
            keys = Counter(key for key, _ in pairs)
            duplicates = [key for key, n in keys.items() if n > 1]
            if duplicates:
                shown = ", ".join(duplicates[:DUPLICATES_SHOWN])
                report.note(f"{where}: duplicate keys ({shown}): the last of each is used")
            whole = ref.source.layer in WHOLE_FILES
            table.update(
                (key, value)
                for key, value in pairs
                if isinstance(value, str) and (whole or NAME_KEYS.search(key))
            )
            report.per_source[ref.source.name]["lang files"] += 1
    return {language: table for language, table in strings.items() if table}


def _is_object(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(p, tuple) for p in value)


def simple_names(strings: Strings) -> NameRows:
    """Names of items, blocks, mobs, fluids and item tags, in every language."""
    rows: NameRows = {}
    for language, table in strings.items():
        for key, text in table.items():
            parts = key.split(".")
            if len(parts) == 3 and parts[0] in SIMPLE_KINDS and parts[1] and parts[2]:
                kind = SIMPLE_KINDS[parts[0]]
                rows[(str(kind), f"{parts[1]}:{parts[2]}", language)] = text
            elif len(parts) >= 4 and parts[0] == "tag" and parts[1] == "item":
                rows[(str(NameKind.TAG), f"{parts[2]}:{'/'.join(parts[3:])}", language)] = text
    return rows


def station_names(types: set[str], strings: Strings) -> NameRows:
    """The station of each recipe type, in every language that names it."""
    rows: NameRows = {}
    for type_id in types:
        ns, _, path = type_id.partition(":")
        keys = [template.format(ns=ns, path=path.replace("/", ".")) for template in STATION_KEYS]
        for language, table in strings.items():
            for key in keys:
                if key in table:
                    rows[(str(NameKind.STATION), type_id, language)] = table[key]
                    break
    return rows


def in_language(rows: NameRows, kind: str, language: str = DEFAULT_LANGUAGE) -> dict[str, str]:
    """One kind's names in one language, by key."""
    return {key: text for (k, key, lang), text in rows.items() if k == kind and lang == language}
