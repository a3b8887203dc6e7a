"""Review: the due question, and its answer."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import views

app_name = "review"
urlpatterns: list[URLPattern] = [
    path("", views.review_page, name="page"),
    path("answer/", views.review_answer, name="answer"),
]
