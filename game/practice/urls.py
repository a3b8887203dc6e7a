"""Practice tables: /<lang>/practice/..."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "practice"
urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.practice_index, name="index"),
    path("new/", views.practice_new, name="new"),
    path("<str:public_id>/", views.table_page, name="table"),
    path("<str:public_id>/move/", views.table_move, name="move"),
    path("<str:public_id>/computer/", views.table_bots, name="computer"),
    path("<str:public_id>/hint/", views.table_hint, name="hint"),
    path("<str:public_id>/next/", views.table_next, name="next"),
    path("<str:public_id>/review/<int:deal>/", views.table_review, name="review"),
]
