"""The trace viewer's pages, mounted at ``/traces/`` (the export is in ``api_urls.py``)."""

from django.urls import path

from agentweb.traces import dataset_views, experiment_views, views

app_name = "traces"

urlpatterns = [
    path("", views.run_list, name="list"),
    path("runs/<id:run_id>/", views.run_page, name="run"),
    path("runs/<id:run_id>/dataset", dataset_views.add_run, name="add_run"),
    path("compare/", views.compare, name="compare"),
    path("datasets/", dataset_views.dataset_list, name="datasets"),
    path("datasets/new", dataset_views.dataset_new, name="dataset_new"),
    path("datasets/add-runs", dataset_views.add_runs, name="add_runs"),
    path("datasets/<id:dataset_id>/", dataset_views.dataset_page, name="dataset"),
    path("datasets/<id:dataset_id>/export", dataset_views.dataset_export, name="dataset_export"),
    path("datasets/<id:dataset_id>/import", dataset_views.dataset_import, name="dataset_import"),
    path(
        "datasets/<id:dataset_id>/items/<id:item_id>/delete",
        dataset_views.dataset_item_delete,
        name="dataset_item_delete",
    ),
    path("experiments/", experiment_views.experiment_list, name="experiments"),
    path("experiments/new", experiment_views.experiment_new, name="experiment_new"),
    path("experiments/<id:experiment_id>/", experiment_views.experiment_page, name="experiment"),
    path(
        "experiments/<id:experiment_id>/results",
        experiment_views.experiment_results_part,
        name="experiment_results",
    ),
    path(
        "experiments/<id:experiment_id>/stop",
        experiment_views.experiment_stop,
        name="experiment_stop",
    ),
    path(
        "experiments/<id:experiment_id>/publish",
        experiment_views.experiment_publish,
        name="experiment_publish",
    ),
    path(
        "experiments/<id:experiment_id>/discard",
        experiment_views.experiment_discard,
        name="experiment_discard",
    ),
]
