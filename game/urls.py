"""Practice tables and guided hands (pages arrive with their issues)."""

from django.urls import URLPattern, URLResolver

app_name = "game"
urlpatterns: list[URLPattern | URLResolver] = []
