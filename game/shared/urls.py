"""Tables for people: /<lang>/play/..."""

from __future__ import annotations

from django.urls import URLPattern, path

from rummy_site import converters  # noqa: F401  (registers id, code)

from . import views

app_name = "shared"
urlpatterns: list[URLPattern] = [
    path("", views.index, name="index"),
    path("new/", views.table_open, name="open"),
    path("sit/", views.sit_down, name="sit_down"),
    path("code/<code:code>/", views.sit_page, name="sit"),
    path("<id:public_id>/", views.table_page, name="table"),
    path("<id:public_id>/move/", views.table_move, name="move"),
    path("<id:public_id>/next/", views.table_next, name="next"),
    path("<id:public_id>/hint/", views.table_hint, name="hint"),
    path("<id:public_id>/leave/", views.table_leave, name="leave"),
    path("<id:public_id>/back/", views.table_back, name="back"),
    path("<id:public_id>/more-time/", views.table_more_time, name="more_time"),
    path("<id:public_id>/review/<int:deal>/", views.table_review, name="review"),
]
