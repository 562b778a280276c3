"""The control app's tables, split by concern; import them from here."""

from agentweb.control.models.catalog import ToolCatalog
from agentweb.control.models.policies import (
    PolicyOverride,
    PolicyOverrideVersion,
    PromptVersion,
    clean_policy_config,
    known_workflows,
)
from agentweb.control.models.switches import AssistantSettings, ModelCallSlot
from agentweb.control.models.usage import OUTCOME_OK, DailyUsage, PlayerQuota, UsageEntry

__all__ = [
    "OUTCOME_OK",
    "AssistantSettings",
    "DailyUsage",
    "ModelCallSlot",
    "PlayerQuota",
    "PolicyOverride",
    "PolicyOverrideVersion",
    "PromptVersion",
    "ToolCatalog",
    "UsageEntry",
    "clean_policy_config",
    "known_workflows",
]
