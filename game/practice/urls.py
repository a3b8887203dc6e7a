"""Practice tables: /<lang>/practice/..."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path, register_converter

from . import views


class TableIdConverter:
    """A table's public id: URL-safe base64, at most the model's 16 characters. Anything
    else (a NUL byte, a space, 5,000 characters) is a 404 before any query."""

    regex = "[A-Za-z0-9_-]{1,16}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TableIdConverter, "table_id")

app_name = "practice"
urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.practice_index, name="index"),
    path("new/", views.practice_new, name="new"),
    path("<table_id:public_id>/", views.table_page, name="table"),
    path("<table_id:public_id>/move/", views.table_move, name="move"),
    path("<table_id:public_id>/computer/", views.table_bots, name="computer"),
    path("<table_id:public_id>/hint/", views.table_hint, name="hint"),
    path("<table_id:public_id>/next/", views.table_next, name="next"),
    path("<table_id:public_id>/review/<int:deal>/", views.table_review, name="review"),
]
