"""Every change to an admin override tells all processes to rebuild their cache.

Quota limits are read by the statement that reserves a call (never cached);
the model-call gate's limit is cached, and cleared here on a change.

The bump runs in the saving transaction, so no process can see the new
version without the new rows (R-POL-4: new runs only, R-SCALE).
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from agentweb.control.models import AssistantSettings, PolicyOverride, PromptVersion


@receiver(post_save, sender=PolicyOverride)
@receiver(post_delete, sender=PolicyOverride)
@receiver(post_save, sender=PromptVersion)
@receiver(post_delete, sender=PromptVersion)
def config_changed(sender: type, **kwargs: Any) -> None:
    AssistantSettings.bump_config_version()


@receiver(post_save, sender=AssistantSettings)
def limits_changed(sender: type, instance: AssistantSettings, **kwargs: Any) -> None:
    """The gate's limit is cached briefly; this process applies a change at once,
    and a raised limit lets calls waiting in this process's gate in at once."""
    from agentweb.control.gate import process_gate
    from agentweb.control.quotas import clear_limits_cache

    clear_limits_cache()
    process_gate.set_limit(instance.max_concurrent())
