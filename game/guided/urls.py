"""Guided hands: /<lang>/guided/..."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "guided"
urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.guided_index, name="index"),
    path("<slug:slug>/", views.guided_page, name="hand"),
    path("<slug:slug>/move/", views.guided_move, name="move"),
    path("<slug:slug>/hint/", views.guided_hint, name="hint"),
    path("<slug:slug>/restart/", views.guided_restart, name="restart"),
]
