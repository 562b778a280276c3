"""An experiment's candidate: a draft policy override, draft prompt versions or another model.

Stored on the experiment as one of

* ``{"policies": {"<workflow>": {…camelCase policy…}}}``,
* ``{"prompts": {"<name>": "<text>"}}``,
* ``{"model": {"base_url": "http://…/v1", "model": "<name>"}}``.

``checked`` validates a draft with the rules the admin's own forms use (a policy by the
one policy validator, as the override form does); ``settings_with`` is the configuration
a candidate's runs start with (the baseline's, with the draft on top); ``publish`` makes
the draft what players get: a new version in the policy's or the prompt's history.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction

from agentweb.assistant.config import ConfigSnapshot
from agentweb.control.config import prompt_names
from agentweb.control.models import PromptVersion
from agentweb.control.models.policies import clean_policy_config, set_override
from agentweb.control.models.versions import NOTE_LENGTH
from agentweb.engine import ExecutionPolicy
from agentweb.engine.model import ModelProvider
from agentweb.lib.inputs.errors import Refusal
from agentweb.traces.models import Candidate

MAX_PROMPT = 100_000
MAX_MODEL_NAME = 200
MAX_URL = 500


class BadCandidate(Refusal):
    def __init__(self, message: str) -> None:
        super().__init__("bad_candidate", message, 400)


def checked(kind: str, draft: Any) -> dict[str, Any]:
    """The draft as stored, or ``BadCandidate`` saying what is wrong. ``kind`` names its
    main part, which must be there; a script's draft may also hold the other parts
    (``run_experiment --policy … --prompts …``)."""
    if not isinstance(draft, Mapping):
        raise BadCandidate("The candidate must be a JSON object.")
    if kind not in Candidate.values:
        raise BadCandidate(f"Unknown kind of candidate {kind!r}: policy, prompts or model.")
    parts = {Candidate.POLICY: "policies", Candidate.PROMPTS: "prompts", Candidate.MODEL: "model"}
    if draft.get(parts[Candidate(kind)]) is None:
        raise BadCandidate(_MISSING[Candidate(kind)])
    stored: dict[str, Any] = {}
    if draft.get("policies") is not None:
        stored["policies"] = _policies(draft["policies"])
    if draft.get("prompts") is not None:
        stored["prompts"] = _prompts(draft["prompts"])
    if draft.get("model") is not None:
        stored["model"] = _model(draft["model"])
    return stored


_MISSING = {
    Candidate.POLICY: "Give a policy for at least one workflow.",
    Candidate.PROMPTS: "Give the text of at least one prompt.",
    Candidate.MODEL: "Give the model endpoint: base_url and model.",
}


def _policies(raw: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(raw, Mapping) or not raw:
        raise BadCandidate("Give a policy for at least one workflow.")
    checked_policies = {}
    for workflow, config in raw.items():
        try:
            checked_policies[str(workflow)] = clean_policy_config(str(workflow), config)
        except ValidationError as exc:
            raise BadCandidate(f"{workflow}: {'; '.join(exc.messages)}") from None
    return checked_policies


def _prompts(raw: Any) -> dict[str, str]:
    if not isinstance(raw, Mapping) or not raw:
        raise BadCandidate("Give the text of at least one prompt.")
    known = set(prompt_names())
    drafts = {}
    for name, text in raw.items():
        if name not in known:
            raise BadCandidate(f"Unknown prompt {name!r}; known: {', '.join(sorted(known))}.")
        if not isinstance(text, str) or not text.strip():
            raise BadCandidate(f"The prompt {name} is empty.")
        if len(text) > MAX_PROMPT:
            raise BadCandidate(f"The prompt {name} is longer than {MAX_PROMPT} characters.")
        drafts[str(name)] = text.strip()
    return drafts


def _model(raw: Any) -> dict[str, str]:
    if not isinstance(raw, Mapping):
        raise BadCandidate("Give the model endpoint: base_url and model.")
    base_url, model = raw.get("base_url"), raw.get("model")
    if not isinstance(base_url, str) or len(base_url) > MAX_URL:
        raise BadCandidate("base_url: the endpoint's URL (http://host:port/v1).")
    parts = urlsplit(base_url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadCandidate("base_url: must be an http:// or https:// URL.")
    if not isinstance(model, str) or not model.strip() or len(model) > MAX_MODEL_NAME:
        raise BadCandidate("model: the model's name at that endpoint.")
    return {"base_url": base_url.strip(), "model": model.strip()}


def settings_with(baseline: ConfigSnapshot, candidate: Mapping[str, Any]) -> ConfigSnapshot:
    """The configuration the candidate's runs start with: the baseline's, the draft on top."""
    drafts = {
        workflow: ExecutionPolicy.model_validate(config)
        for workflow, config in candidate.get("policies", {}).items()
    }

    def policy(workflow: str) -> ExecutionPolicy:
        return drafts[workflow] if workflow in drafts else baseline.policy(workflow)

    prompts = {**baseline.prompts, **candidate.get("prompts", {})}
    return ConfigSnapshot(policy, prompts, baseline.web_enabled, baseline.purge_on_forget)


def model_of(candidate: Mapping[str, Any]) -> ModelProvider | None:
    """The candidate's model (``None``: the one in force). The configured API key goes only
    to the configured endpoint."""
    endpoint = candidate.get("model")
    if not endpoint:
        return None
    from agentweb.llm.openai_compat import OpenAICompatible

    same = endpoint["base_url"].rstrip("/") == settings.AGENTWEB_LLM_BASE_URL.rstrip("/")
    return OpenAICompatible(
        endpoint["base_url"],
        endpoint["model"],
        api_key=settings.AGENTWEB_LLM_API_KEY if same else "",
        temperature=settings.AGENTWEB_TEMPERATURE,
    )


def publishable(kind: str) -> bool:
    """A model endpoint is the deployment's setting (``AGENTWEB_LLM_*``), not a version."""
    return kind in (Candidate.POLICY, Candidate.PROMPTS)


def publish(candidate: Mapping[str, Any], user: Any, note: str) -> list[str]:
    """The draft becomes what new runs get: an override version per workflow, a prompt
    version per prompt. Returns what changed, one line each."""
    changed = []
    with transaction.atomic():
        for workflow, config in candidate.get("policies", {}).items():
            try:
                set_override(workflow, config, user, note=note[:NOTE_LENGTH])
            except ValidationError as exc:  # the rules changed since the experiment ran
                raise BadCandidate(f"{workflow}: {'; '.join(exc.messages)}") from None
            changed.append(f"policy {workflow}")
        for name, text in candidate.get("prompts", {}).items():
            PromptVersion.objects.create(
                name=name, text=text, note=note[:NOTE_LENGTH], created_by=user
            )
            changed.append(f"prompt {name}")
    return changed
