"""Guided hands and practice tables."""

from django.urls import URLPattern, URLResolver, path

from . import guided_views, views

app_name = "game"
urlpatterns: list[URLPattern | URLResolver] = [
    path("guided/", guided_views.guided_index, name="guided_index"),
    path("guided/<slug:slug>/", guided_views.guided_page, name="guided"),
    path("guided/<slug:slug>/move/", guided_views.guided_move, name="guided_move"),
    path("guided/<slug:slug>/hint/", guided_views.guided_hint, name="guided_hint"),
    path("guided/<slug:slug>/restart/", guided_views.guided_restart, name="guided_restart"),
    path("practice/", views.practice_index, name="practice_index"),
    path("practice/new/", views.practice_new, name="practice_new"),
    path("practice/<str:public_id>/", views.table_page, name="table"),
    path("practice/<str:public_id>/move/", views.table_move, name="table_move"),
    path("practice/<str:public_id>/computer/", views.table_bots, name="table_bots"),
    path("practice/<str:public_id>/hint/", views.table_hint, name="table_hint"),
    path("practice/<str:public_id>/next/", views.table_next, name="table_next"),
    path("practice/<str:public_id>/review/<int:deal>/", views.table_review, name="table_review"),
]
