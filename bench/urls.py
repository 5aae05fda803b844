"""The app's URLs and the floor view, for the bench run only (never in the app's URLs)."""

from django.urls import include, path

from bench.floor import FloorView

urlpatterns = [
    path("bench/floor/", FloorView.as_view()),
    path("", include("scorekeeper.urls")),
]
