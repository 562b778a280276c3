"""The policy each workflow really runs with, and where each of its values comes from.

Layers, last wins: the module default, the policy file, the admin's override
(R-POL-3). Each layer is a complete policy; a value "comes from" the lowest
layer that already had it, so the admin sees which values an override or the
file really changes. Warnings are what was wrong with a layer when it was read
(a bad file entry kept the last good policy, an override saved around the
form was skipped).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from agentweb.engine.policy import MODULE_DEFAULTS
from agentweb.workflows.policies import PolicyBook

Layer = Literal["default", "file", "override"]


@dataclass(frozen=True)
class ValueOrigin:
    """One field of the effective policy: its value, its layer and every layer's value."""

    field: str
    value: Any
    source: Layer
    layers: dict[str, Any]


@dataclass(frozen=True)
class EffectivePolicy:
    workflow: str
    effective: dict[str, Any]
    source: Layer
    values: list[ValueOrigin]
    warnings: list[str]

    def as_api(self) -> dict[str, Any]:
        """The entry of ``GET /api/policies`` (SPEC §15b)."""
        return {"effective": self.effective, "source": self.source, "warnings": self.warnings}


def effective_policies(book: PolicyBook) -> list[EffectivePolicy]:
    """Every workflow's policy in force for new runs in ``book``, in workflow order."""
    files, admin = book.file_policies(), book.admin_policies()
    rows = []
    for workflow, default in sorted(MODULE_DEFAULTS.items()):
        layers: list[tuple[Layer, dict[str, Any]]] = [("default", default.as_config())]
        if workflow in files:
            layers.append(("file", files[workflow].as_config()))
        if workflow in admin:
            layers.append(("override", admin[workflow].as_config()))
        effective = book.get(workflow).as_config()
        rows.append(
            EffectivePolicy(
                workflow=workflow,
                effective=effective,
                source=layers[-1][0],
                values=[_origin(name, value, layers) for name, value in effective.items()],
                warnings=[
                    *book.warnings.get(workflow, []),
                    *book.admin_warnings.get(workflow, []),
                ],
            )
        )
    return rows


def _origin(name: str, value: Any, layers: list[tuple[Layer, dict[str, Any]]]) -> ValueOrigin:
    source = layers[-1][0]
    for layer, config in reversed(layers[:-1]):
        if config.get(name) != value:
            break
        source = layer
    return ValueOrigin(name, value, source, {layer: config.get(name) for layer, config in layers})
