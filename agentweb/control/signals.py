"""Every change to an admin override tells all processes to rebuild their cache.

Quota limits are read by the statement that reserves a call (never cached);
the settings row (the gate's limit, the switches, the config versions) is
kept by each process (``settings_cache``), and cleared here on a change.

The bump runs in the saving transaction, so no process can see the new
version without the new rows (R-POL-4: new runs only, R-SCALE).
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from agentweb.control import settings_cache
from agentweb.control.models import AssistantSettings, PolicyOverride, PromptVersion


@receiver(post_save, sender=PolicyOverride)
@receiver(post_delete, sender=PolicyOverride)
@receiver(post_save, sender=PromptVersion)
@receiver(post_delete, sender=PromptVersion)
def config_changed(sender: type, **kwargs: Any) -> None:
    AssistantSettings.bump_config_version()
    settings_cache.changed()


@receiver(post_save, sender=AssistantSettings)
def limits_changed(sender: type, instance: AssistantSettings, **kwargs: Any) -> None:
    """Every process keeps a copy of the row; this one applies a change at once (the
    others when told), and a raised limit lets calls waiting in this process's gate in
    at once."""
    from agentweb.control.gate import process_gate

    settings_cache.changed()
    process_gate.set_limit(instance.max_concurrent())
