from django.urls import path

from agentweb.assistant.api import views as api
from agentweb.assistant.api.stream import run_stream

app_name = "api"

urlpatterns = [
    path("runs", api.start_run, name="runs"),
    path("runs/<id:run_id>", api.run_detail, name="run"),
    path("runs/<id:run_id>/events", api.run_events, name="events"),
    path("runs/<id:run_id>/stream", run_stream, name="stream"),
    path("runs/<id:run_id>/cancel", api.cancel_run, name="cancel"),
    path("runs/<id:run_id>/undo", api.undo_run, name="undo"),
    path("runs/<id:run_id>/confirm", api.confirm_action, name="confirm"),
    path("runs/<id:run_id>/feedback", api.run_feedback, name="feedback"),
    path("undo", api.undo_latest, name="undo_latest"),
    path("inbox/cancel", api.cancel_waiting, name="inbox_cancel"),
    path("memory/forget", api.forget, name="forget"),
    path("assistant", api.switch_assistant, name="assistant"),
    path("commands", api.command_snapshot, name="commands"),
    path("me", api.me, name="me"),
    path("policies", api.policies, name="policies"),
]
