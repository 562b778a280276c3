"""Prompt templates with history and restore (R-UI-3)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from agentweb.control.config import prompt_file_text, prompt_snapshot
from agentweb.control.models import PromptVersion

pytestmark = pytest.mark.django_db

CHANGELIST = "admin:control_promptversion_changelist"


def add_version(client, name: str, text: str, note: str = ""):
    return client.post(
        reverse("admin:control_promptversion_add"), {"name": name, "text": text, "note": note}
    )


def test_an_edit_adds_a_version_that_is_in_force(admin_client, admin):
    response = add_version(admin_client, "router", "Route v2.", "shorter")

    assert response.status_code == 302
    version = PromptVersion.objects.get()
    assert (version.name, version.created_by, version.note) == ("router", admin, "shorter")
    assert prompt_snapshot()["router"] == "Route v2."


def test_the_edit_form_starts_from_the_text_in_force(admin_client):
    PromptVersion.objects.create(name="chat", text="Be brief.")

    response = admin_client.get(reverse("admin:control_promptversion_add"), {"name": "chat"})

    assert response.context["adminform"].form.initial["text"] == "Be brief."


def test_only_the_prompt_files_can_be_overridden(admin_client):
    response = add_version(admin_client, "nonsense", "x")

    errors = response.context["adminform"].form.errors["name"]
    assert "unknown prompt nonsense" in errors[0]
    assert not PromptVersion.objects.exists()


def test_restoring_an_old_version_adds_it_as_the_newest(admin_client):
    add_version(admin_client, "router", "Route v1.")
    add_version(admin_client, "router", "Route v2.")
    first = PromptVersion.objects.get(text="Route v1.")

    response = admin_client.post(
        reverse(CHANGELIST), {"action": "restore_selected", "_selected_action": [first.pk]}
    )

    assert response.status_code == 302
    newest = PromptVersion.objects.filter(name="router").order_by("-pk").first()
    assert newest.text == "Route v1."
    assert newest.note == f"restored from version #{first.pk}"
    assert PromptVersion.objects.filter(name="router").count() == 3
    assert prompt_snapshot()["router"] == "Route v1."


def test_the_restore_button_needs_a_post(admin_client):
    old = PromptVersion.objects.create(name="router", text="Route v1.")
    PromptVersion.objects.create(name="router", text="Route v2.")
    url = reverse("admin:control_promptversion_restore", args=[old.pk])

    assert admin_client.get(url).status_code == 405
    assert prompt_snapshot()["router"] == "Route v2."

    assert admin_client.post(url).status_code == 302
    assert prompt_snapshot()["router"] == "Route v1."


def test_restoring_two_versions_of_one_prompt_at_once_is_refused(admin_client):
    a = PromptVersion.objects.create(name="router", text="A")
    b = PromptVersion.objects.create(name="router", text="B")

    admin_client.post(
        reverse(CHANGELIST), {"action": "restore_selected", "_selected_action": [a.pk, b.pk]}
    )

    assert PromptVersion.objects.count() == 2


def test_an_empty_version_puts_the_file_back_in_force(admin_client):
    add_version(admin_client, "router", "Route v2.")

    add_version(admin_client, "router", "", "back to the file")

    assert prompt_snapshot()["router"] == prompt_file_text("router")


def test_a_saved_version_cannot_be_edited(admin_client):
    version = PromptVersion.objects.create(name="router", text="Route v1.")

    admin_client.post(
        reverse("admin:control_promptversion_change", args=[version.pk]),
        {"name": "router", "text": "changed"},
    )

    version.refresh_from_db()
    assert version.text == "Route v1."


def test_the_history_page_lists_every_version_of_the_prompt(admin_client):
    old = PromptVersion.objects.create(name="router", text="<b>v1</b>")
    new = PromptVersion.objects.create(name="router", text="v2")

    response = admin_client.get(reverse("admin:control_promptversion_change", args=[old.pk]))

    body = response.content.decode()
    assert f"#{new.pk}" in body
    assert "&lt;b&gt;v1&lt;/b&gt;" in body  # prompt text is escaped
    assert "Restore this version" in body
