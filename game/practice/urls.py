"""Practice tables: /<lang>/practice/..."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from rummy_site import converters  # noqa: F401  (registers id)

from . import views

app_name = "practice"
urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.practice_index, name="index"),
    path("new/", views.practice_new, name="new"),
    path("<id:public_id>/", views.table_page, name="table"),
    path("<id:public_id>/move/", views.table_move, name="move"),
    path("<id:public_id>/computer/", views.table_bots, name="computer"),
    path("<id:public_id>/hint/", views.table_hint, name="hint"),
    path("<id:public_id>/next/", views.table_next, name="next"),
    path("<id:public_id>/review/<int:deal>/", views.table_review, name="review"),
]
