"""URLs. Every page lives under a language prefix (/en/, /lt/, /ru/, /it/);
``/`` is redirected by LocaleMiddleware using the language cookie, then the
browser's Accept-Language."""

from __future__ import annotations

from django.conf.urls.i18n import i18n_patterns
from django.urls import URLPattern, URLResolver, include, path

from classroom.urls import account_patterns, top_patterns
from game.shared.views import table_events

from . import (
    converters,  # noqa: F401  (registers id)
    views,
)

urlpatterns: list[URLPattern | URLResolver] = [
    path("i18n/setlang/", views.set_language, name="set_language"),
    # A table for people's server-sent events (no words in them: no language prefix).
    path("events/tables/<id:public_id>/", table_events, name="table_events"),
]

urlpatterns += i18n_patterns(
    path("", views.home, name="home"),
    path("display/", views.display_settings, name="display_settings"),
    path("learn/<slug:game>/", views.learn, name="learn"),
    path("learn/<slug:game>/placement/", views.placement_page, name="placement"),
    path("learn/<slug:game>/placement/answer/", views.placement_answer, name="placement_answer"),
    path("practice/", include("game.practice.urls")),
    path("guided/", include("game.guided.urls")),
    path("play/", include("game.shared.urls")),
    path("lessons/", include("lessons.urls")),
    path("review/", include("review.urls")),
    path("drills/", include("drills.urls")),
    path("classroom/", include("classroom.urls")),
    path("accounts/", include(account_patterns)),
    *top_patterns,
)

handler400 = "rummy_site.views.bad_request"
handler403 = "rummy_site.views.permission_denied"
handler404 = "rummy_site.views.page_not_found"
handler500 = "rummy_site.views.server_error"
