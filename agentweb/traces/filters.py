"""The run list's filters: a GET form whose cleaned data narrows a ``Run`` queryset.

Every filter maps to an indexed column where it can: the player is resolved
to an id first (``run_user_recent``), workflow and status have their own
``(column, -id)`` indexes, dates use ``run_created``. Stop reason, failure
and free text are narrowed by the others or scanned newest first, and the
page stops at ``PAGE_SIZE`` rows (keyset pagination, no ``COUNT(*)``).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from agentweb.assistant.models import Run, Status
from agentweb.engine.failures import AgentFailure
from agentweb.engine.outcome import StopCode
from agentweb.engine.policy import ROUTABLE

# Free text longer than this is cut: a LIKE over 100k rows should stay a LIKE.
MAX_TEXT = 200
# Workflows a run can end up in besides the routable ones.
OTHER_WORKFLOWS = ("direct", "router")


def _choices(values: Any) -> list[tuple[str, Any]]:
    return [("", _("any")), *((v, v) for v in values)]


# The player's feedback (``RunQuerySet.rated``): "every 👎 of the week" is
# ``?feedback=down&since=…``.
FEEDBACK_CHOICES = [
    ("", _("any")),
    ("down", _("👎 not helpful")),
    ("up", _("👍 helpful")),
    ("any", _("rated")),
    ("none", _("not rated")),
]


# Runs an experiment made (``agentweb.traces.experiments``), or the players' own.
EXPERIMENT_CHOICES = [
    ("", _("any")),
    ("only", _("only experiment runs")),
    ("none", _("players' runs only")),
]


class RunFilterForm(forms.Form):
    player = forms.CharField(required=False, max_length=150, label=_("Player"))
    workflow = forms.ChoiceField(required=False, choices=(), label=_("Workflow"))
    status = forms.ChoiceField(required=False, choices=_choices(Status.values), label=_("Status"))
    stop = forms.ChoiceField(
        required=False, label=_("Stop reason"), choices=_choices(c.value for c in StopCode)
    )
    failure = forms.ChoiceField(
        required=False, label=_("Failure"), choices=_choices(f.value for f in AgentFailure)
    )
    feedback = forms.ChoiceField(required=False, label=_("Feedback"), choices=FEEDBACK_CHOICES)
    experiment = forms.ChoiceField(
        required=False, label=_("Experiment runs"), choices=EXPERIMENT_CHOICES
    )
    since = forms.DateField(
        required=False, label=_("From"), widget=forms.DateInput({"type": "date"})
    )
    until = forms.DateField(required=False, label=_("To"), widget=forms.DateInput({"type": "date"}))
    q = forms.CharField(required=False, max_length=MAX_TEXT, label=_("Text"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["workflow"].choices = _choices([*ROUTABLE, *OTHER_WORKFLOWS])

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            raise forms.ValidationError(_("The start date is after the end date."))
        return data

    def apply(self, runs: QuerySet[Run]) -> QuerySet[Run]:
        """Narrow ``runs`` by the valid filters (an invalid form filters nothing out)."""
        if not self.is_valid():
            return runs
        data = self.cleaned_data
        if data["player"]:
            runs = runs.filter(user_id__in=_player_ids(data["player"]))
        for field, column in (("workflow", "workflow"), ("status", "status")):
            if data[field]:
                runs = runs.filter(**{column: data[field]})
        if data["stop"]:
            runs = runs.filter(stop_reason__code=data["stop"])
        if data["failure"]:
            runs = runs.filter(failure=data["failure"])
        if data["feedback"]:
            runs = runs.rated(data["feedback"])
        if data["experiment"]:
            runs = runs.filter(experiment_run__isnull=data["experiment"] == "none")
        if data["since"]:
            runs = runs.filter(created_at__gte=_day_start(data["since"]))
        if data["until"]:
            runs = runs.filter(created_at__lt=_day_start(data["until"] + dt.timedelta(days=1)))
        if data["q"]:
            runs = runs.filter(Q(question__icontains=data["q"]) | Q(answer__icontains=data["q"]))
        return runs


def _player_ids(name: str) -> list[int]:
    """The id of the player named exactly (case-insensitive), as a list for ``__in``."""
    users = get_user_model().objects.filter(username__iexact=name.strip())
    return list(users.values_list("pk", flat=True)[:1])


def _day_start(day: dt.date) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(day, dt.time.min))
