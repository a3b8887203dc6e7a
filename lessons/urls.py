"""Lessons: the index, each game's lessons, a lesson and its checks, print and glossary."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "lessons"
urlpatterns: list[URLPattern | URLResolver] = [
    path("", views.lessons_index, name="index"),
    path("glossary/", views.glossary_page, name="glossary"),
    path("<slug:game>/", views.game_index, name="game"),
    path("<slug:game>/summary/", views.summary_page, name="summary"),
    path("<slug:game>/<slug:slug>/", views.lesson_page, name="lesson"),
    path("<slug:game>/<slug:slug>/read/", views.lesson_read, name="read"),
    path("<slug:game>/<slug:slug>/check/<int:index>/", views.check_answer, name="check"),
]
