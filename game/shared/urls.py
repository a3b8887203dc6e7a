"""Tables for people: /<lang>/play/..."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "shared"
urlpatterns: list[URLPattern] = [
    path("", views.index, name="index"),
    path("new/", views.table_open, name="open"),
    path("sit/", views.sit_down, name="sit_down"),
    path("code/<str:code>/", views.sit_page, name="sit"),
    path("<str:public_id>/", views.table_page, name="table"),
    path("<str:public_id>/move/", views.table_move, name="move"),
    path("<str:public_id>/next/", views.table_next, name="next"),
    path("<str:public_id>/hint/", views.table_hint, name="hint"),
    path("<str:public_id>/leave/", views.table_leave, name="leave"),
    path("<str:public_id>/back/", views.table_back, name="back"),
    path("<str:public_id>/review/<int:deal>/", views.table_review, name="review"),
]
