"""Practice tables (and, with their issue, guided hands)."""

from django.urls import URLPattern, URLResolver, path

from . import views

app_name = "game"
urlpatterns: list[URLPattern | URLResolver] = [
    path("practice/", views.practice_index, name="practice_index"),
    path("practice/new/", views.practice_new, name="practice_new"),
    path("practice/<str:public_id>/", views.table_page, name="table"),
    path("practice/<str:public_id>/move/", views.table_move, name="table_move"),
    path("practice/<str:public_id>/computer/", views.table_bots, name="table_bots"),
    path("practice/<str:public_id>/hint/", views.table_hint, name="table_hint"),
    path("practice/<str:public_id>/next/", views.table_next, name="table_next"),
    path("practice/<str:public_id>/review/<int:deal>/", views.table_review, name="table_review"),
]
