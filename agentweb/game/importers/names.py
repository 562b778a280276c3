"""Write an import's names (:class:`~agentweb.game.models.GameName`), touching only what differs.

Each import owns the names of one ``origin`` and hands over the whole set it wants,
``{(kind, key, language): text}``. Rows are compared as plain tuples (a large pack has
hundreds of thousands of names: no model instance per existing row), so a re-import that
changes nothing writes nothing and keeps every primary key.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from agentweb.game import versions
from agentweb.game.importers.bulk import insert_rows
from agentweb.game.importers.sync import BATCH_SIZE, SyncCounts
from agentweb.game.models import GameName
from agentweb.game.models.names import KEY_LENGTH, NAME_LENGTH, fold
from agentweb.game.search import name_index

NameKey = tuple[str, str, str]  # (kind, key, language)


def clip_name(text: str) -> str:
    """A name as stored: one line, at most the column's length (the same string when it
    already is: a pack's million names are not copied)."""
    if len(text) <= NAME_LENGTH and not LAYOUT.search(text):
        return text
    return " ".join(str(text).split())[:NAME_LENGTH]


# What makes a name more than one line of single-spaced words.
LAYOUT = re.compile(r"\s\s|[^\S ]|^\s|\s$")


def sync_names(origin: str, wanted: Mapping[NameKey, str], *, dry_run: bool = False) -> SyncCounts:
    """Make the names of ``origin`` equal ``wanted``; empty texts are left out."""
    rows = {
        (kind, key[:KEY_LENGTH], language): clip_name(text)
        for (kind, key, language), text in wanted.items()
    }
    rows = {ident: text for ident, text in rows.items() if text}
    # The stored names are streamed, not held: a large pack has a million of them.
    pending = set(rows)
    stale, changed = [], []
    stored = GameName.objects.filter(origin=origin).values_list(
        "pk", "kind", "key", "language", "text"
    )
    for pk, kind, key, language, text in stored.iterator(chunk_size=STREAM_CHUNK):
        ident = (kind, key, language)
        if ident not in rows:
            stale.append(pk)
            continue
        pending.discard(ident)
        if rows[ident] != text:
            changed.append(GameName(pk=pk, text=rows[ident], folded=fold(rows[ident])))
    missing = sorted(pending)  # in the unique index's order: its pages fill one by one
    # Made one batch at a time while inserting: a large pack has a million names.
    new = (
        {
            "origin": origin,
            "kind": k,
            "key": key,
            "language": lang,
            "text": rows[(k, key, lang)],
            "folded": fold(rows[(k, key, lang)]),
        }
        for k, key, lang in missing
    )
    counts = SyncCounts(
        created=len(missing),
        updated=len(changed),
        deleted=len(stale),
        unchanged=len(rows) - len(missing) - len(changed),
    )
    if dry_run or not counts.changed:
        return counts
    for start in range(0, len(stale), BATCH_SIZE):
        GameName.objects.filter(pk__in=stale[start : start + BATCH_SIZE]).delete()
    GameName.objects.bulk_update(changed, ["text", "folded"], batch_size=BATCH_SIZE)
    with name_index.inserting(len(missing)):
        insert_rows(GameName, new)
    versions.bump()
    return counts


# Stored names read per round trip while comparing.
STREAM_CHUNK = 10_000
