"""The trace viewer's pages, mounted at ``/traces/`` (the export is in ``api_urls.py``)."""

from django.urls import path

from agentweb.traces import views

app_name = "traces"

urlpatterns = [
    path("", views.run_list, name="list"),
    path("runs/<id:run_id>/", views.run_page, name="run"),
    path("compare/", views.compare, name="compare"),
]
