"""The trace export in the JSON API, mounted at ``/api/`` beside the assistant's endpoints."""

from django.urls import path

from agentweb.traces import api

app_name = "trace_api"

urlpatterns = [
    path("runs/<id:run_id>/export", api.export, name="export"),
]
