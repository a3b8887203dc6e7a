"""The classroom's URLs: a teacher's classes (``/classroom/``), and, at the site's top
level, the pupils' short addresses (``/join/``, ``/return/``) and the teachers'
accounts (``/accounts/``); see :data:`top_patterns` and :data:`account_patterns`."""

from __future__ import annotations

from django.urls import URLPattern, path

from rummy_site import converters  # noqa: F401  (registers id, code)

from . import accounts, views

app_name = "classroom"
urlpatterns: list[URLPattern] = [
    path("", views.classroom_index, name="index"),
    path("new/", views.class_new, name="new"),
    path("projector/", views.project_index, name="project_index"),
    path("projector/guided/<slug:slug>/", views.project_guided, name="project_guided"),
    path("<id:public_id>/", views.class_page, name="class"),
    path("<id:public_id>/edit/", views.class_edit, name="edit"),
    path("<id:public_id>/code/", views.class_code, name="code"),
    path("<id:public_id>/joining/", views.class_joining, name="joining"),
    path("<id:public_id>/codes-again/", views.class_codes_again, name="codes_again"),
    path("<id:public_id>/archive/", views.class_archive, name="archive"),
    path("<id:public_id>/progress/", views.class_progress, name="progress"),
    path("<id:public_id>/downloads/", views.class_downloads, name="downloads"),
    path("<id:public_id>/grid.csv", views.grid_csv, name="grid_csv"),
    path("<id:public_id>/mistakes.csv", views.mistakes_csv, name="mistakes_csv"),
    path("<id:public_id>/projector/", views.class_projector, name="projector"),
    path("<id:public_id>/cards/", views.class_cards, name="cards"),
    path("<id:public_id>/tables/", views.class_seat, name="seat"),
    path("<id:public_id>/end-tables/", views.class_end_tables, name="end_tables"),
    path("<id:public_id>/tables/<id:table_id>/", views.class_table_page, name="table"),
    path(
        "<id:public_id>/tables/<id:table_id>/control/",
        views.class_table_control,
        name="table_control",
    ),
    path("<id:public_id>/live/", views.class_live, name="live"),
    path("<id:public_id>/live/start/", views.live_start, name="live_start"),
    path("<id:public_id>/live/step/", views.live_step, name="live_step"),
    path("<id:public_id>/assignments/", views.assignment_add, name="assign"),
    path(
        "<id:public_id>/assignments/<int:assignment_id>/remove/",
        views.assignment_remove,
        name="unassign",
    ),
    path("<id:public_id>/pupils/<int:pupil_id>/name/", views.pupil_rename, name="pupil_name"),
    path("<id:public_id>/pupils/<int:pupil_id>/code/", views.pupil_code, name="pupil_code"),
    path(
        "<id:public_id>/pupils/<int:pupil_id>/remove/",
        views.pupil_remove,
        name="pupil_remove",
    ),
    path("<id:public_id>/pupils/<int:pupil_id>/hands/", views.pupil_hands, name="pupil_hands"),
    path(
        "<id:public_id>/pupils/<int:pupil_id>/hands/<id:table_id>/<int:deal>/",
        views.pupil_hand,
        name="pupil_hand",
    ),
]

#: Short, for pupils to type: /join/, /join/KX7M4P/ (the join link), /return/, /live/.
top_patterns: list[URLPattern] = [
    path("join/", views.join_page, name="join"),
    path("join/send/", views.join, name="join_send"),
    path("join/<code:code>/", views.join_page, name="join_code"),
    path("return/", views.return_page, name="return"),
    path("return/send/", views.return_post, name="return_send"),
    path("not-me/", views.not_me, name="not_me"),
    path("live/", views.live_page, name="live"),
    path("live/<int:exercise_id>/answer/", views.live_answer, name="live_answer"),
]

#: Django's auth views under their own names (``login``, ``password_reset_done``...),
#: which its views and settings reverse.
account_patterns: list[URLPattern] = [
    path("signup/", accounts.signup, name="signup"),
    path("login/", accounts.login_view, name="login"),
    path("logout/", accounts.logout_view, name="logout"),
    path("password/", accounts.password_change, name="password_change"),
    path("password/done/", accounts.password_change_done, name="password_change_done"),
    path("password/reset/", accounts.password_reset, name="password_reset"),
    path("password/reset/sent/", accounts.password_reset_done, name="password_reset_done"),
    path(
        "password/reset/<slug:uidb64>/<slug:token>/",
        accounts.password_reset_confirm,
        name="password_reset_confirm",
    ),
    path("password/reset/done/", accounts.password_reset_complete, name="password_reset_complete"),
]
