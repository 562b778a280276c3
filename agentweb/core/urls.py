from django.urls import path

from agentweb.core import views

app_name = "core"

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("favicon.ico", views.favicon, name="favicon"),
]
