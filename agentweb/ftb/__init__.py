"""FTB Quests tools and commands: an optional app (R-TOOL-3, R-TOOL-4).

Remove ``agentweb.ftb`` from ``INSTALLED_APPS`` and none of this is imported:
its tools leave the registry and its commands leave the command snapshot.
The quest data itself (models, importer) belongs to ``agentweb.game``.
"""
