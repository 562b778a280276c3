"""The admin pages of the control app (R-UI-3), one module per concern.

``policies`` (per-workflow budgets, reload from files), ``prompts``
(templates with history and restore), ``usage`` (quotas, daily counters, the
ledger), ``switches`` (the assistant settings singleton) and ``catalog`` (the
tool registry). Module enablement per player lives in ``agentweb.core.admin``.
"""

from agentweb.control.admin import catalog, policies, prompts, switches, usage

__all__ = ["catalog", "policies", "prompts", "switches", "usage"]
