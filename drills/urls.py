"""Drills: each game's quick questions."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "drills"
urlpatterns: list[URLPattern] = [
    path("", views.drills_index, name="index"),
    path("<slug:game>/<slug:kind>/", views.drill_page, name="drill"),
    path("<slug:game>/<slug:kind>/answer/", views.drill_answer, name="answer"),
]
