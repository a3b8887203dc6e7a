"""The classroom's pages: a teacher's classes and pupils, the join page for the
projector, the return-code cards; a pupil's joining and return. Thin views: parse,
authorise, call a service, render or redirect (every action is a plain form with
POST/redirect/GET, so everything works without JavaScript).

A teacher's page of any class but their own answers 404, as for a class that does not
exist (:func:`classroom.services.class_of_teacher`).
"""

from __future__ import annotations

import functools
import zoneinfo
from datetime import tzinfo
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django.views.decorators.http import require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from game import explain
from game.engine import Game, table_sizes
from game.guided import scenarios
from game.moveforms import STATUS_ID, loaded_again, parse_display, parse_move, parse_version
from game.practice import services as practice
from game.practice.forms import chosen_computers
from game.shared import presenters as shared_presenters
from game.shared import services as shared
from learners.middleware import LearnerRequest
from learners.names import order_key
from learners.services import (
    continue_as,
    forget_visitor,
    known_learner,
    request_learner,
    visitor_token,
)
from rummy_site import codes
from rummy_site.errors import BadInput
from rummy_site.htmx import render_page, wants_partial
from rummy_site.middleware import client_address
from rummy_site.parsing import small_int

from . import dashboard, live, presenters, projector, services
from .forms import AssignmentForm, ClassForm, JoinForm, PupilNameForm, ReturnForm
from .models import Classroom, Pupil
from .qr import qr_svg


def _teacher(request: HttpRequest) -> User:
    """The logged-in teacher (views that call this are ``login_required``)."""
    user = request.user
    assert isinstance(user, User)
    return user


def _first_error(form: Any) -> str:
    for errors in form.errors.values():
        return str(errors[0])
    return _("Check the form and try again.")


# ------------------------------------------------------------------ the classroom's front page
@require_safe
@vary_on_headers("HX-Request")
def classroom_index(request: HttpRequest) -> HttpResponse:
    return _index(request)


def _index(
    request: HttpRequest,
    *,
    class_form: ClassForm | None = None,
    status: int = 200,
) -> HttpResponse:
    user = request.user
    teacher = user.is_authenticated
    archived = teacher and request.GET.get("archived") == "1"
    learner = known_learner(request)
    polled = wants_partial(request) and "mine" in request.GET
    if polled:
        # A pupil's page asking whether their classes changed: answered from their
        # memberships alone while nothing did (a class of thirty asks every few seconds).
        pupils = services.memberships_of(learner=learner)
        if not pupils:
            # No longer in any class (removed, or "I am not ..." in another tab): the
            # page as it now is.
            return HttpResponse(status=204, headers={"HX-Refresh": "true"})
        if request.GET["mine"] == presenters.mine_stamp(pupils):
            return HttpResponse(status=204)
    memberships = presenters.my_assignments(learner)
    # A pupil whose class was archived is told so (the Italian teacher's walk: only the
    # join form, with no word of it), not offered a form that cannot help them.
    archived_memberships = services.archived_memberships_of(learner=learner)
    context: dict[str, Any] = {
        "memberships": memberships,
        "archived_memberships": archived_memberships,
        "pupil_page": bool(memberships or archived_memberships),
        # Two forms on one page: their fields' ids must differ.
        "join_form": JoinForm(auto_id="join_%s"),
        "teacher": teacher,
        "showing_archived": archived,
    }
    if memberships:
        # A pupil's classes redraw themselves (the Lithuanian teacher's walk: pupils who
        # had joined waited on "No assignments yet." while the projector said a live
        # exercise had started, the tables were dealt or an assignment set, until each
        # of them thought to reload). The page asks again every few seconds with the
        # stamp of what it shows (presenters.mine_stamp), and gets 204 while its classes
        # have not changed.
        stamp = presenters.mine_stamp([item["pupil"] for item in memberships])
        context.update(
            # The classroom page's own address: this page is also drawn for a refused
            # "New class" (a POST-only address, which the poll would ask in vain).
            mine_poll=reverse("classroom:index") + f"?mine={stamp}",
            poll_seconds=presenters.poll_seconds(),
        )
        if polled:
            return render(request, "classroom/index.html#mine-polled", context)
    elif polled:
        return HttpResponse(status=204, headers={"HX-Refresh": "true"})
    if teacher:
        context["classes"] = services.classes_of(teacher=_teacher(request), archived=archived)
        context["has_archived"] = (
            not archived
            and not context["classes"]
            and bool(services.classes_of(teacher=_teacher(request), archived=True))
        )
        context["class_form"] = class_form or ClassForm(
            initial={"language": translation.get_language()}, auto_id="class_%s"
        )
    return render(request, "classroom/index.html", context, status=status)


@login_required
@require_POST
def class_new(request: HttpRequest) -> HttpResponse:
    form = ClassForm(request.POST, auto_id="class_%s")
    if not form.is_valid():
        return _index(request, class_form=form, status=400)
    try:
        classroom = services.class_create(
            teacher=_teacher(request),
            name=form.cleaned_data["name"],
            language=form.cleaned_data["language"],
        )
    except services.ClassroomError as exc:
        form.add_error("name", str(exc.message))
        return _index(request, class_form=form, status=exc.status)
    messages.success(request, _("The class is ready. Show its code to your pupils."))
    return redirect("classroom:class", public_id=classroom.public_id)


# ------------------------------------------------------------------ one class (its teacher only)
def _teacher_class(request: HttpRequest, public_id: str) -> Classroom:
    try:
        return services.class_of_teacher(teacher=_teacher(request), public_id=public_id)
    except services.ClassNotFound as exc:
        raise Http404(exc.message) from None


def join_url(request: HttpRequest, classroom: Classroom) -> str:
    """The class's join link, whole (for the projector and the QR code), in its language."""
    with translation.override(classroom.language):
        path = reverse("join_code", kwargs={"code": classroom.join_code})
    return request.build_absolute_uri(path)


def return_url(request: HttpRequest, classroom: Classroom) -> str:
    with translation.override(classroom.language):
        return request.build_absolute_uri(reverse("return"))


def _class_page(
    request: HttpRequest,
    classroom: Classroom,
    *,
    class_form: ClassForm | None = None,
    assignment_form: AssignmentForm | None = None,
    renaming: dict[str, Any] | None = None,
    removing: int | None = None,
    removing_pupil: int | None = None,
    new_code: dict[str, Any] | None = None,
    seat: dict[str, Any] | None = None,
    ending_tables: list[str] | None = None,
    join_open: bool = False,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    """The class page; drawn for a refused form too (and a removal to confirm), at the
    form's own address: the form comes back bound (what was typed, its error beside it),
    and ``page_url`` names the class page for the language buttons. ``renaming``: a
    refused pupil rename, drawn at that pupil's row (``pupil_id``, the ``name`` typed,
    the ``error``). ``removing``: the id of the assignment whose "Remove" was pressed,
    the question asked at its line (and the page not polled meanwhile).
    ``removing_pupil``: the id of the pupil whose "Remove ... from the class" was pressed,
    the question asked in that pupil's row. ``new_code``: the ``pupil`` (id) whose "A new
    return code" was pressed, the question asked in their row, and the ``check`` naming
    their code now (:func:`_code_check`). ``seat``: a refused seating's ``game``,
    ``players`` and ``patient_computers`` (ticked or not), chosen again in its form;
    without one, the class's last seating (kept with the class) is chosen again.
    ``ending_tables``: "End all the class's tables" was pressed: the public ids of the
    tables being played, the question asked in the tables section (the page not polled
    meanwhile). ``join_open``: a form of "How pupils join" was refused, its part open
    (one it took comes back there by :func:`_back_to_join`)."""
    # The stamp before the pupils: a pupil who joins in between shows at the next poll.
    found = dashboard.class_with_stamp(teacher=_teacher(request), public_id=classroom.public_id)
    stamp = found[1] if found else ""
    pupils = services.pupils_of(classroom=classroom)
    row_notice = _row_notice(request, classroom, pupils)
    join_notice = _join_notice(request, classroom)
    seat_sizes = range(2, 7)
    context = {
        "classroom": classroom,
        "pupils": pupils,
        **presenters.progress_context(classroom, pupils, stamp),
        "assignment_form": assignment_form
        or AssignmentForm(language=classroom.language, auto_id="assign_%s"),
        "join_url": join_url(request, classroom),
        "code": codes.grouped(classroom.join_code),
        "class_form": class_form
        or ClassForm(initial={"name": classroom.name, "language": classroom.language}),
        "renaming": renaming,
        "removing": removing,
        "removing_pupil": removing_pupil,
        "new_code": new_code or {},
        "row_notice": row_notice,
        # "How pupils join" open where the page comes back to it (its notice said there).
        "join_notice": join_notice,
        "join_open": join_open or bool(join_notice),
        "error": error,
        "page_url": reverse("classroom:class", args=[classroom.public_id]),
        **presenters.live_summary(classroom),
        # Each game with the numbers it is played by: the list of numbers follows the
        # game chosen (static/js/site.js); without JavaScript, the help says them and a
        # number the game is not played by is refused, naming them.
        "seat_games": [
            (g.value, explain.game_name(g), " ".join(map(str, range(low, high + 1))))
            for g in Game
            for low, high in [table_sizes(g)]
        ],
        "seat_sizes": seat_sizes,
        # A refused seating's choice, else the last seating's, else the defaults.
        "seat": seat or classroom.seating or {},
        # A refused seating comes back with its form open (folded otherwise).
        "seat_refused": seat is not None,
        "seat_preview": presenters.seating_preview(len(pupils), seat_sizes),
        "ending_tables": ending_tables or [],
        **csv_zone_choice(request),
    }
    return render(request, "classroom/class.html", context, status=status)


@login_required
@require_safe
def class_page(request: HttpRequest, public_id: str) -> HttpResponse:
    return _class_page(request, _teacher_class(request, public_id))


def _pupil_of(request: HttpRequest, public_id: str, pupil_id: int) -> tuple[Classroom, Pupil]:
    """The teacher's class and one of its pupils; 404 for anyone else's."""
    classroom = _teacher_class(request, public_id)
    try:
        return classroom, services.pupil_of_class(classroom=classroom, pupil_id=pupil_id)
    except services.PupilNotFound as exc:
        raise Http404(exc.message) from None


def _back(request: HttpRequest, classroom: Classroom, notice: str) -> HttpResponse:
    """Back to the class page, its notice at the top (``#main``: a form posted to an
    address with a fragment of its own would otherwise pass it on to this one)."""
    messages.success(request, notice)
    return redirect(reverse("classroom:class", args=[classroom.public_id]) + "#main")


#: The session's key for a notice said in a pupil's row of the class page.
ROW_NOTICE = "classroom_row_notice"


def _back_to_row(
    request: HttpRequest, classroom: Classroom, pupil: Pupil, notice: str, *, card: bool = False
) -> HttpResponse:
    """Back to the pupil's row of the class page (``#pupil-N``), the notice said there:
    the teacher's walk with 31 pupils went back to the page's top after each rename and
    scrolled down again. A removed pupil's notice stands where their row was. ``card``:
    a link to print the pupil's card (their new return code is shown there, not on the
    class page, which may be on the projector)."""
    request.session[ROW_NOTICE] = {
        "class": classroom.public_id,
        "pupil": pupil.pk,
        "name": pupil.name,
        "text": notice,
        "card": card,
    }
    return redirect(reverse("classroom:class", args=[classroom.public_id]) + f"#pupil-{pupil.pk}")


def _row_notice(request: HttpRequest, classroom: Classroom, pupils: list[Pupil]) -> dict[str, Any]:
    """The notice :func:`_back_to_row` left for this class's page, said once; for a
    pupil no longer in the list, ``before``: the row it stands above (none: the last)."""
    notice = request.session.pop(ROW_NOTICE, None) if hasattr(request, "session") else None
    if not isinstance(notice, dict) or notice.get("class") != classroom.public_id:
        return {}
    if all(p.pk != notice["pupil"] for p in pupils):
        key = order_key(notice["name"])
        after = [p.pk for p in pupils if order_key(p.name) > key]
        notice |= {"gone": True, "before": after[0] if after else None}
    return notice


#: The session's key for a notice said in the class page's "How pupils join".
JOIN_NOTICE = "classroom_join_notice"


def _back_to_join(request: HttpRequest, classroom: Classroom, notice: str) -> HttpResponse:
    """Back to the class page's "How pupils join" (``#join-notice``), open, the notice
    said there, after one of its own forms ("Make a new code", "Close joining", "Let this
    network try codes again"): folded near the page's end, it came back at the page's
    top (``#main``), "The class has a new code." said there and the new code out of
    sight in the closed part, far below. An archived class's page has no such part (a
    stale tab may still send its forms): the notice at the page's top (:func:`_back`)."""
    if classroom.archived:
        return _back(request, classroom, notice)
    request.session[JOIN_NOTICE] = {"class": classroom.public_id, "text": notice}
    return redirect(reverse("classroom:class", args=[classroom.public_id]) + "#join-notice")


def _join_notice(request: HttpRequest, classroom: Classroom) -> str:
    """The notice :func:`_back_to_join` left for this class's page, said once."""
    notice = request.session.pop(JOIN_NOTICE, None) if hasattr(request, "session") else None
    if not isinstance(notice, dict) or notice.get("class") != classroom.public_id:
        return ""
    return str(notice.get("text", ""))


def _flag(request: HttpRequest, name: str) -> bool:
    """A yes/no field of a form the page sends: "1" or "0"."""
    value = request.POST.get(name)
    if value not in ("0", "1"):
        raise BadInput(_("This form is not one the page sends. Reload the page and try again."))
    return value == "1"


@login_required
@require_POST
def class_edit(request: HttpRequest, public_id: str) -> HttpResponse:
    classroom = _teacher_class(request, public_id)
    form = ClassForm(request.POST)
    if not form.is_valid():
        return _class_page(request, classroom, class_form=form, status=400)
    try:
        services.class_rename(
            classroom=classroom,
            name=form.cleaned_data["name"],
            language=form.cleaned_data["language"],
        )
    except services.ClassroomError as exc:
        form.add_error("name", str(exc.message))
        return _class_page(request, classroom, class_form=form, status=exc.status)
    return _back(request, classroom, _("The class is saved."))


@login_required
@require_POST
def class_code(request: HttpRequest, public_id: str) -> HttpResponse:
    classroom = services.class_new_code(classroom=_teacher_class(request, public_id))
    return _back_to_join(
        request, classroom, _("The class has a new code. The old code and its link no longer work.")
    )


@login_required
@require_POST
def class_joining(request: HttpRequest, public_id: str) -> HttpResponse:
    classroom = _teacher_class(request, public_id)
    try:
        open_ = _flag(request, "open")
    except BadInput as exc:
        return _class_page(
            request, classroom, join_open=True, error=str(exc.message), status=exc.status
        )
    services.class_set_joining(classroom=classroom, open_=open_)
    if open_:
        return _back_to_join(request, classroom, _("Pupils can join the class again."))
    return _back_to_join(request, classroom, _("Joining is closed: nobody new can join the class."))


@login_required
@require_POST
def class_codes_again(request: HttpRequest, public_id: str) -> HttpResponse:
    """The teacher lets this network (their address, a school's router) try codes again:
    its pupils were refused "Too many codes tried"
    (:func:`rummy_site.codes.let_address_try_again`)."""
    classroom = _teacher_class(request, public_id)
    minutes = codes.let_address_try_again(
        address=client_address(request), teacher=str(request.user.pk)
    )
    if minutes is not None:
        message = ngettext(
            "You have let this network try again several times this hour: someone may be "
            "guessing codes. You can do it again in %(count)d minute.",
            "You have let this network try again several times this hour: someone may be "
            "guessing codes. You can do it again in %(count)d minutes.",
            minutes,
        ) % {"count": minutes}
        return _class_page(request, classroom, join_open=True, error=message, status=429)
    return _back_to_join(request, classroom, _("Pupils on this network can type codes again."))


@login_required
@require_POST
def class_archive(request: HttpRequest, public_id: str) -> HttpResponse:
    classroom = _teacher_class(request, public_id)
    try:
        archived = _flag(request, "archived")
    except BadInput as exc:
        return _class_page(request, classroom, error=str(exc.message), status=exc.status)
    services.class_set_archived(classroom=classroom, archived=archived)
    if archived:
        # No notice: the archived class's page says so at its top (it said it twice).
        return redirect(reverse("classroom:class", args=[classroom.public_id]) + "#main")
    return _back(request, classroom, _("The class is back in your list."))


def _to_log_in(here: str, *, polled: bool) -> HttpResponse:
    """Logged out meanwhile (another tab, the session's end): to the log-in, and back
    ``here`` after it. A poll's answer sends the whole page there (``HX-Redirect``), not
    the log-in page into the part it redraws."""
    login = reverse("login") + "?next=" + here
    if polled:
        return HttpResponse(status=204, headers={"HX-Redirect": login})
    return redirect(login)


@require_safe
@vary_on_headers("HX-Request")
def class_progress(request: HttpRequest, public_id: str) -> HttpResponse:
    """The class page's live part, for its poll: 204 (nothing to redraw) while the stamp
    the page was drawn at is still the class's, in one query; else the part redrawn.
    Without htmx, the class page."""
    if not wants_partial(request):
        return redirect("classroom:class", public_id=public_id)
    if not request.user.is_authenticated:
        return _to_log_in(reverse("classroom:class", args=[public_id]), polled=True)
    found = dashboard.class_with_stamp(teacher=_teacher(request), public_id=public_id)
    if found is None:
        raise Http404(services.ClassNotFound.default_message)
    classroom, stamp = found
    if request.GET.get("stamp") == stamp:
        return HttpResponse(status=204)
    pupils = services.pupils_of(classroom=classroom)
    context = {
        "classroom": classroom,
        "pupils": pupils,
        **presenters.progress_context(classroom, pupils, stamp),
        # "On this page"'s link to who may need help comes and goes with the part.
        "polled": True,
    }
    return render(request, "classroom/class.html#progress", context)


def _csv(classroom: Classroom, what: str, text: str) -> HttpResponse:
    """A CSV download named in the page's language: the class's name and ``what`` (a
    translated word), "3a-b-errori.csv" on the Italian site (the Italian teacher's walk
    found "3a-b-mistakes.csv"); a name that is not ASCII ("5б-ошибки.csv") is sent as
    RFC 6266's ``filename*``, as Django's own file responses do."""
    name = slugify(classroom.name, allow_unicode=True) or slugify(
        pgettext("a CSV file's name", "class"), allow_unicode=True
    )
    filename = f"{name}-{slugify(what, allow_unicode=True)}.csv"
    response = HttpResponse("\ufeff" + text, content_type="text/csv; charset=utf-8")
    # Never None for an attachment (only an inline file without a name is).
    response["Content-Disposition"] = content_disposition_header(True, filename) or "attachment"
    return response


#: The longest time zone name taken from ``?tz=`` ("America/Argentina/ComodRivadavia").
TIME_ZONE_NAME_MAX = 64
#: The cookie that keeps the time zone a teacher last downloaded a CSV in, for the class
#: page's form to offer it again (without JavaScript, chosen once; a year, as the
#: visitor's cookie).
TIME_ZONE_COOKIE = "csv_time_zone"
TIME_ZONE_COOKIE_DAYS = 365


@functools.cache
def time_zone_names() -> tuple[str, ...]:
    """Every time zone the server knows (IANA's names, "Europe/Rome"), in order: what a
    CSV's ``?tz=`` may name (site.js sends the browser's own, an old name too)."""
    return tuple(sorted(zoneinfo.available_timezones()))


#: The regions of the zones a teacher chooses among, IANA's areas ("Europe/Rome"):
#: not the old names kept for compatibility ("US/Eastern", "Etc/GMT+3", "Cuba").
ZONE_REGIONS = (
    "Europe",
    "Asia",
    "Africa",
    "America",
    "Atlantic",
    "Australia",
    "Indian",
    "Pacific",
    "Antarctica",
    "Arctic",
)


def _region_name(region: str) -> str:
    """A region of :data:`ZONE_REGIONS` in the page's language (an ``<optgroup>``'s label)."""
    names = {
        "Europe": pgettext("a time zone's region", "Europe"),
        "Asia": pgettext("a time zone's region", "Asia"),
        "Africa": pgettext("a time zone's region", "Africa"),
        "America": pgettext("a time zone's region", "America"),
        "Atlantic": pgettext("a time zone's region", "Atlantic Ocean"),
        "Australia": pgettext("a time zone's region", "Australia"),
        "Indian": pgettext("a time zone's region", "Indian Ocean"),
        "Pacific": pgettext("a time zone's region", "Pacific Ocean"),
        "Antarctica": pgettext("a time zone's region", "Antarctica"),
        "Arctic": pgettext("a time zone's region", "Arctic"),
    }
    return names[region]


@functools.cache
def _zones_by_region() -> dict[str, tuple[tuple[str, str], ...]]:
    """The zones of each region of :data:`ZONE_REGIONS`: (name, its place: "Rome",
    "Argentina/Buenos Aires"), in order."""
    found: dict[str, list[tuple[str, str]]] = {}
    for name in time_zone_names():
        region, _slash, place = name.partition("/")
        if region in ZONE_REGIONS and place:
            found.setdefault(region, []).append((name, place.replace("_", " ")))
    return {region: tuple(found[region]) for region in ZONE_REGIONS if region in found}


def _zone_named(name: str) -> zoneinfo.ZoneInfo | None:
    """The time zone of that name, or ``None`` for a name no zone has."""
    if name and len(name) <= TIME_ZONE_NAME_MAX:
        try:
            return zoneinfo.ZoneInfo(name)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            pass
    return None


def _kept_zone(request: HttpRequest) -> zoneinfo.ZoneInfo | None:
    """The time zone this browser last downloaded a CSV in (:data:`TIME_ZONE_COOKIE`)."""
    return _zone_named(request.COOKIES.get(TIME_ZONE_COOKIE, ""))


def _teachers_zone(request: HttpRequest) -> tzinfo:
    """The time zone a CSV writes its times (and counts "late" from) in: the one chosen
    in the downloads' form (``?tz=Europe/Rome``: the browser's own preselected by
    site.js, else the one kept from the last download, else the site's); without one,
    the one kept, else the site's (``TIME_ZONE``, the school's). A name no zone has is
    refused before (:func:`_unknown_zone`). The Italian teacher's walk found Vilnius's
    +02:00 in Rome."""
    return (
        _zone_named(request.GET.get("tz", ""))
        or _kept_zone(request)
        or timezone.get_default_timezone()
    )


def csv_zone_choice(request: HttpRequest, *, every: bool = False) -> dict[str, Any]:
    """The CSV downloads' form's time zones: the one offered (``csv_zone``: the one kept
    from the last download, else the site's), whether it was kept (``csv_zone_kept``:
    else site.js offers the browser's own), and the zones to choose among, by region
    (``csv_zone_groups``: (region's name, ((zone, place), ...)), ``<optgroup>`` elements):
    ``every`` region on the downloads' own page; on the class page only the offered
    zone's and the site's (the Russian teacher's walk: 600 zones were 20 KB of the class
    page, and the list as wide as "America/Argentina/ComodRivadavia"), a link leading to
    the others. ``csv_zone_alone``: the offered zone if no region has it ("UTC")."""
    kept = _kept_zone(request)
    offered = kept.key if kept else timezone.get_default_timezone_name()
    groups = _zones_by_region()
    wanted = {name.partition("/")[0] for name in (offered, timezone.get_default_timezone_name())}
    shown = [r for r in groups if every or r in wanted]
    in_a_region = any(offered == name for r in shown for name, _place in groups[r])
    return {
        "csv_zone": offered,
        "csv_zone_kept": kept is not None,
        "csv_zone_groups": [(_region_name(r), groups[r]) for r in shown],
        "csv_zone_alone": "" if in_a_region else offered,
        "csv_zones_all": every,
    }


def _unknown_zone(request: HttpRequest, classroom: Classroom) -> HttpResponse | None:
    """The downloads' page saying so, for a ``?tz=`` that names no zone (an old link, a
    hand-typed address): it fell back to another zone without a word. ``None`` for a
    zone, or none asked for (the one kept, else the site's)."""
    asked = request.GET.get("tz", "")
    if not asked or _zone_named(asked) is not None:
        return None
    error = _(
        "There is no time zone called “%(zone)s”. Choose yours in the list below, then "
        "download the file again."
    ) % {"zone": asked[:TIME_ZONE_NAME_MAX]}
    return _downloads_page(request, classroom, error=error, status=400)


def _downloads_page(
    request: HttpRequest, classroom: Classroom, *, error: str = "", status: int = 200
) -> HttpResponse:
    context = {"classroom": classroom, "zone_error": error, **csv_zone_choice(request, every=True)}
    return render(request, "classroom/downloads.html", context, status=status)


@login_required
@require_safe
def class_downloads(request: HttpRequest, public_id: str) -> HttpResponse:
    """The CSV downloads with every time zone to choose from, by region (the class page
    offers those of its own region: "Other time zones" leads here)."""
    return _downloads_page(request, _teacher_class(request, public_id))


def _csv_in_zone(request: HttpRequest, classroom: Classroom, what: str, text: str) -> HttpResponse:
    """:func:`_csv`, and the zone chosen kept for the form (:data:`TIME_ZONE_COOKIE`): a
    teacher without JavaScript chooses it once."""
    response = _csv(classroom, what, text)
    chosen = _zone_named(request.GET.get("tz", ""))
    if chosen is not None:
        response.set_cookie(
            TIME_ZONE_COOKIE,
            chosen.key,
            max_age=TIME_ZONE_COOKIE_DAYS * 86400,
            secure=settings.SESSION_COOKIE_SECURE,
            httponly=True,
            samesite="Lax",
        )
    return response


@login_required
@require_safe
def grid_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    classroom = _teacher_class(request, public_id)
    if refused := _unknown_zone(request, classroom):
        return refused
    pupils = services.pupils_of(classroom=classroom)
    with timezone.override(_teachers_zone(request)):
        text = dashboard.grid_csv(classroom, pupils, timezone.localdate(), now=timezone.now())
    return _csv_in_zone(request, classroom, pgettext("a CSV file's name", "grid"), text)


@login_required
@require_safe
def mistakes_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    classroom = _teacher_class(request, public_id)
    if refused := _unknown_zone(request, classroom):
        return refused
    pupils = services.pupils_of(classroom=classroom)
    with timezone.override(_teachers_zone(request)):
        text = dashboard.mistakes_csv(classroom, pupils)
    return _csv_in_zone(request, classroom, pgettext("a CSV file's name", "mistakes"), text)


# A page for the projector: the header leaves out the account (the teacher's user name,
# half of their log-in, and "Log out"), which the whole class would read.
PROJECTED: dict[str, Any] = {"projected": True}


@require_safe
@vary_on_headers("HX-Request")
def class_projector(request: HttpRequest, public_id: str) -> HttpResponse:
    """The join page for the projector: the code in large type, the link, a QR code, and
    how many pupils have joined, which it asks again every few seconds (the Lithuanian
    teacher's walk: with thirty phones in the room the projector never said whether
    everyone was in, and the class page, with the list, was on another screen). Its poll
    gets 204 while the count it shows (``?pupils=``) is still the class's; the pupils
    the teacher removed are not counted."""
    polled = wants_partial(request) and "pupils" in request.GET
    if not request.user.is_authenticated:
        return _to_log_in(reverse("classroom:projector", args=[public_id]), polled=polled)
    classroom = _teacher_class(request, public_id)
    joined = services.pupils_count(classroom=classroom)
    if polled:
        if request.GET.get("pupils") == str(joined):
            return HttpResponse(status=204)
        context = {"classroom": classroom, "joined": joined, **_joined_poll(request)}
        return render(request, "classroom/projector.html#joined", context)
    url = join_url(request, classroom)
    context = {
        "classroom": classroom,
        "joined": joined,
        **_joined_poll(request),
        "code": codes.grouped(classroom.join_code),
        "join_url": url,
        "short_url": url.split("://", 1)[-1],
        # Broken, where it must be, only after a slash (<wbr>): never inside a number.
        "url_parts": url.split("://", 1)[-1].split("/"),
        "qr": qr_svg(url, _("QR code of the join link")),
        **PROJECTED,
    }
    return render(request, "classroom/projector.html", context)


def _joined_poll(request: HttpRequest) -> dict[str, Any]:
    """Where and how often the join page asks how many pupils have joined."""
    return {"poll_url": request.path, "poll_seconds": presenters.poll_seconds()}


@login_required
@require_safe
def class_cards(request: HttpRequest, public_id: str) -> HttpResponse:
    """A sheet of cards to print, one per pupil: their name and return code; with
    ``?pupil=N``, that pupil's card alone (their new code, from their row)."""
    classroom = _teacher_class(request, public_id)
    pupils = services.pupils_of(classroom=classroom)
    one = "pupil" in request.GET
    if one:
        wanted = small_int(request.GET["pupil"])
        pupils = [p for p in pupils if p.pk == wanted]
        if not pupils:
            raise Http404(services.PupilNotFound.default_message)
    cards = [{"name": p.name, "code": codes.grouped(p.return_code)} for p in pupils]
    context = {
        "classroom": classroom,
        "cards": cards,
        "one": one,
        "return_url": return_url(request, classroom),
    }
    return render(request, "classroom/cards.html", context)


@login_required
@require_POST
def assignment_add(request: HttpRequest, public_id: str) -> HttpResponse:
    classroom = _teacher_class(request, public_id)
    try:
        # Said at the page's top: an archived class's page has no assignment form.
        services.class_not_archived(classroom=classroom)
    except services.ClassArchived as exc:
        return _class_page(request, classroom, error=str(exc.message), status=exc.status)
    form = AssignmentForm(request.POST, language=classroom.language, auto_id="assign_%s")
    if not form.is_valid():
        return _class_page(request, classroom, assignment_form=form, status=400)
    try:
        services.assignment_add(
            classroom=classroom,
            what=form.cleaned_data["what"],
            count=form.cleaned_data["count"],
            due=form.cleaned_data["due"],
        )
    except services.ClassroomError as exc:
        form.add_error("what", str(exc.message))
        return _class_page(request, classroom, assignment_form=form, status=exc.status)
    return _back(
        request, classroom, _("The assignment is set. Your pupils see it on their classroom page.")
    )


@login_required
@require_POST
def assignment_remove(request: HttpRequest, public_id: str, assignment_id: int) -> HttpResponse:
    """ "Remove" beside an assignment asks first (the class page, the question at that
    assignment's line: it sat where a click meant for the line could land); its "Remove"
    (``confirm=1``) removes it."""
    classroom = _teacher_class(request, public_id)
    try:
        assignment = services.assignment_of_class(classroom=classroom, assignment_id=assignment_id)
    except services.AssignmentNotFound as exc:
        raise Http404(exc.message) from None
    if request.POST.get("confirm") != "1":
        return _class_page(request, classroom, removing=assignment.pk)
    services.assignment_remove(assignment=assignment)
    return _back(
        request, classroom, _("The assignment is removed. Your pupils' work stays theirs.")
    )


@login_required
@require_POST
def pupil_rename(request: HttpRequest, public_id: str, pupil_id: int) -> HttpResponse:
    classroom, pupil = _pupil_of(request, public_id, pupil_id)
    form = PupilNameForm(request.POST)
    # A refusal is said beside the pupil's own form, opened, with the name as typed (the
    # form's action takes the browser to that row), as the class page's other forms are.
    renaming = {"pupil_id": pupil.pk, "name": str(form.data.get("name", ""))}
    if not form.is_valid():
        renaming["error"] = _first_error(form)
        return _class_page(request, classroom, renaming=renaming, status=400)
    old = pupil.name
    try:
        services.pupil_rename(pupil=pupil, name=form.cleaned_data["name"])
    except services.ClassroomError as exc:
        renaming["error"] = str(exc.message)
        return _class_page(request, classroom, renaming=renaming, status=exc.status)
    return _back_to_row(
        request,
        classroom,
        pupil,
        _("%(old)s is now called %(new)s.") % {"old": old, "new": pupil.name},
    )


def _code_check(pupil: Pupil) -> str:
    """Names the pupil's return code on the question "Give ... a new return code?"
    without showing it (the class page may be on the projector)."""
    return salted_hmac("classroom.pupil_code", pupil.return_code).hexdigest()[:20]


@login_required
@require_POST
def pupil_code(request: HttpRequest, public_id: str, pupil_id: int) -> HttpResponse:
    """ "A new return code for <name>" asks first (the class page, the question in that
    pupil's row: one click stopped their printed card); its "Yes" (``confirm=1``) gives
    the new code. A "Yes" asked about a code since replaced (sent twice) changes nothing."""
    classroom, pupil = _pupil_of(request, public_id, pupil_id)
    if request.POST.get("confirm") != "1":
        new_code = {"pupil": pupil.pk, "check": _code_check(pupil)}
        return _class_page(request, classroom, new_code=new_code)
    if constant_time_compare(request.POST.get("code", ""), _code_check(pupil)):
        services.pupil_new_code(pupil=pupil)
    # Not the code itself: the class page may be on the projector (the teacher's walk).
    # It is on the pupil's card, a click away.
    return _back_to_row(
        request,
        classroom,
        pupil,
        _("%(name)s has a new return code. The old one no longer works.") % {"name": pupil.name},
        card=True,
    )


@login_required
@require_POST
def pupil_remove(request: HttpRequest, public_id: str, pupil_id: int) -> HttpResponse:
    """ "Remove <name> from the class" asks first (the class page, the question in that
    pupil's row: one click stopped their printed code and gave their seats to the
    computer); its "Remove" (``confirm=1``) removes them."""
    classroom, pupil = _pupil_of(request, public_id, pupil_id)
    if request.POST.get("confirm") != "1":
        return _class_page(request, classroom, removing_pupil=pupil.pk)
    services.pupil_remove(pupil=pupil)
    notice = _("%(name)s is no longer in the class. Their return code no longer works.") % {
        "name": pupil.name
    }
    if not services.pupils_of(classroom=classroom):  # no list of pupils to say it in
        return _back(request, classroom, notice)
    return _back_to_row(request, classroom, pupil, notice)


# ------------------------------------------------------------------ tables for people
@login_required
@require_POST
def class_seat(request: HttpRequest, public_id: str) -> HttpResponse:
    """Seat the whole class at tables of about N (:func:`game.shared.services.split_people`),
    and say how it was split. At Knock Rummy the computer players (and the computer in
    the seat of a pupil who does not answer) are patient if "give you time to play" is
    ticked (as it is on the page), else they play to win: an unticked box posts nothing;
    the summary says which."""
    classroom = _teacher_class(request, public_id)
    game = request.POST.get("game", "")
    players = small_int(request.POST.get("players", ""))
    patient = forms.CheckboxInput().value_from_datadict(
        request.POST, request.FILES, "patient_computers"
    )
    policy = chosen_computers({"game": Game.named(game), "patient_computers": patient})
    try:
        tables = services.class_seat(
            classroom=classroom, game=game, players=players or 0, policy=policy
        )
    except services.ClassroomError as exc:
        seat = {"game": game, "players": players, "patient_computers": patient}
        return _class_page(request, classroom, seat=seat, error=str(exc.message), status=exc.status)
    # The form keeps the choice just made (the Italian teacher's walk: it went back to
    # "Basic Rummy / 2" after each seating), with the class: read back by the class page
    # in any of the teacher's browsers.
    services.class_seating_keep(
        classroom=classroom, game=game, players=players or 0, patient_computers=bool(patient)
    )
    return _back(request, classroom, presenters.seating_summary(tables, policy=policy))


@login_required
@require_POST
def class_end_tables(request: HttpRequest, public_id: str) -> HttpResponse:
    """ "End all the class's tables" (the Italian teacher's walk: two clicks per table at
    the end of a lesson) asks first, in the class page's tables section (the page not
    polled meanwhile), naming how many are being played; its "Yes, end them"
    (``confirm=1``) carries those tables (``tables``): each still played ends
    (:func:`classroom.services.class_end_tables`), a table seated since goes on, and the
    form sent again ends nothing and says so."""
    classroom = _teacher_class(request, public_id)
    if request.POST.get("confirm") != "1":
        running = services.class_running_tables(classroom=classroom)
        if not running:
            refused = services.NoTablesToEnd()
            return _class_page(
                request, classroom, error=str(refused.message), status=refused.status
            )
        return _class_page(request, classroom, ending_tables=[t.public_id for t in running])
    try:
        count = services.class_end_tables(
            classroom=classroom, public_ids=request.POST.get("tables", "").split()[:200]
        )
    except services.ClassroomError as exc:
        return _class_page(request, classroom, error=str(exc.message), status=exc.status)
    notice = ngettext(
        "%(count)d table has ended: nobody can make a move there any more. Its finished "
        "hands stay to review.",
        "%(count)d tables have ended: nobody can make a move there any more. Their finished "
        "hands stay to review.",
        count,
    ) % {"count": count}
    return _back(request, classroom, notice)


@login_required
@require_safe
@vary_on_headers("HX-Request")
def class_table_page(request: HttpRequest, public_id: str, table_id: str) -> HttpResponse:
    """A class table on the teacher's screen, for the class (every hand face down: the
    screen is often projected) or, asked for (``?view=all``), every hand face up; it
    redraws itself after each move, told by the table's events, and polls now and then
    besides (``?v=``, 204 while the table is at that version)."""
    classroom = _teacher_class(request, public_id)
    try:
        table = services.class_table(classroom=classroom, public_id=table_id)
    except services.ClassNotFound as exc:
        raise Http404(exc.message) from None
    if wants_partial(request) and small_int(request.GET.get("v", "")) == table.version:
        return HttpResponse(status=204)
    face_up = request.GET.get("view") == "all"
    context = _table_page_context(classroom, table, face_up=face_up)
    if not wants_partial(request):
        # Just after a button of the table's: the page opens on it, its new state said.
        notice = request.session.pop(TABLE_NOTICE, None) if hasattr(request, "session") else None
        if isinstance(notice, dict) and notice.get("table") == table.public_id:
            context["toggled"] = notice.get("do", "")
    return render_page(request, "classroom/table.html", context, partial="table")


def _table_url(classroom: Classroom, table: Any, *, face_up: bool) -> str:
    """The teacher's page of a class table: for the class, or every hand face up."""
    page = reverse("classroom:table", args=[classroom.public_id, table.public_id])
    return page + ("?view=all" if face_up else "")


def _table_page_context(classroom: Classroom, table: Any, *, face_up: bool) -> dict[str, Any]:
    """The teacher's page of a class table, with what redraws it (``face_up``: every
    hand face up, ``?view=all``)."""
    context = {
        "classroom": classroom,
        **presenters.table_projector_context(table, face_up=face_up),
    }
    page = reverse("classroom:table", args=[classroom.public_id, table.public_id])
    # The language buttons of a page drawn for a POST (the question "End this table for
    # good?") name the page itself.
    context["page_url"] = _table_url(classroom, table, face_up=face_up)
    context["poll_url"] = f"{page}?v={table.version}" + ("&view=all" if face_up else "")
    context["poll_seconds"] = presenters.poll_seconds()
    # The table's own events (game.shared.events) redraw it at once after each move.
    context["events_url"] = shared_presenters.events_url(table)
    return context


#: The session's key for the button of a class table just pressed (pause, hints).
TABLE_NOTICE = "classroom_table_notice"

#: What the teacher's buttons on a class table do: (paused, hints, ended) to set.
TABLE_CONTROLS = {
    "pause": {"paused": True},
    "go-on": {"paused": False},
    "hints-off": {"hints": False},
    "hints-on": {"hints": True},
    "end": {"ended": True},
}


@login_required
@require_POST
def class_table_control(request: HttpRequest, public_id: str, table_id: str) -> HttpResponse:
    """Pause a class table or let it go on; switch its hints off or on; end it. The page
    comes back in the view it was sent from (``view=all``: every hand face up)."""
    classroom = _teacher_class(request, public_id)
    try:
        table = services.class_table(classroom=classroom, public_id=table_id)
    except services.ClassNotFound as exc:
        raise Http404(exc.message) from None
    face_up = request.POST.get("view") == "all"
    do = request.POST.get("do", "")
    wanted = TABLE_CONTROLS.get(do)
    if wanted is None:
        context = _table_page_context(classroom, table, face_up=face_up)
        context["error"] = _("Choose one of the buttons.")
        return render(request, "classroom/table.html", context, status=400)
    page = _table_url(classroom, table, face_up=face_up)
    if "ended" in wanted and table.ended is None:
        # "End the table" asks first (the Russian teacher's walk: one click beside "Pause
        # the table" ended the match for good). Its "Yes, end it" carries the hand it was
        # asked in: sent once the match is over, or in another hand, it ends nothing.
        context = _table_page_context(classroom, table, face_up=face_up)
        if context["match_over"]:
            return redirect(page)
        if (
            request.POST.get("confirm") != "1"
            or small_int(request.POST.get("hand", "")) != context["hand"]
        ):
            context["ending"] = True
            return render(request, "classroom/table.html", context)
    try:
        if "ended" in wanted:
            services.class_table_end(classroom=classroom, table=table)
        elif "paused" in wanted:
            shared.set_paused(table=table, paused=wanted["paused"])
        else:
            shared.set_hints(table=table, hints=wanted["hints"])
    except shared.SharedError as exc:
        table.refresh_from_db()
        context = _table_page_context(classroom, table, face_up=face_up)
        # Said to the teacher, not in the players' words ("Your teacher has ended...").
        ended = isinstance(exc, shared.TableEnded)
        context["error"] = _("This table has ended.") if ended else str(exc.message)
        return render(request, "classroom/table.html", context, status=exc.status)
    if "ended" not in wanted:
        # The page opens on the button just pressed, its new state said (the Russian
        # teacher's walk: after "Pause the table" the focus was at the page's top, 16
        # Tab presses from "Let them go on").
        request.session[TABLE_NOTICE] = {"table": table.public_id, "do": do}
    return redirect(page)


# ------------------------------------------------------------------ projector mode
@login_required
@require_safe
def project_index(request: HttpRequest) -> HttpResponse:
    """The guided hands to show on the projector, by game."""
    context = {**presenters.project_index_context(), **PROJECTED}
    return render(request, "classroom/project_index.html", context)


@login_required
@require_safe
def project_guided(request: HttpRequest, slug: str) -> HttpResponse:
    """A guided hand on the projector, step by step (see :mod:`classroom.projector`)."""
    scenario = scenarios.get(slug)
    if scenario is None:
        raise Http404(_("There is no such guided hand."))
    position = projector.parse_position(request.GET, scenario)
    context = {**projector.projector_context(scenario, position), **PROJECTED}
    return render(request, "classroom/project_guided.html", context)


@login_required
@require_safe
def pupil_hands(request: HttpRequest, public_id: str, pupil_id: int) -> HttpResponse:
    """A pupil's finished practice hands, to show one on the projector."""
    classroom, pupil = _pupil_of(request, public_id, pupil_id)
    tables = services.tables_of_pupil(pupil=pupil)
    hands = projector.pupil_hands(tables, besides=[pupil.name], also=live.class_names(classroom.pk))
    context = {"classroom": classroom, "pupil": pupil, "tables": hands}
    return render(request, "classroom/pupil_hands.html", context)


@login_required
@require_safe
def pupil_hand(
    request: HttpRequest, public_id: str, pupil_id: int, table_id: str, deal: int
) -> HttpResponse:
    """One of a pupil's finished practice hands on the projector, move by move."""
    classroom, pupil = _pupil_of(request, public_id, pupil_id)
    table = services.table_of_pupil(pupil=pupil, public_id=table_id)
    if table is None:
        raise Http404(practice.TableNotFound.default_message)
    move = small_int(request.GET.get("move", "0")) or 0
    try:
        # No computer player carries the pupil's name in the class (the Italian
        # teacher's walk: "Giulia (tu)" beside a computer "Giulia"), nor, while others
        # are free, a classmate's.
        review = practice.table_review(
            table=table,
            round_number=deal,
            step=move,
            besides=[pupil.name],
            also=live.class_names(classroom.pk),
        )
    except practice.PracticeError as exc:
        raise Http404(exc.message) from None
    context = projector.pupil_hand_context(
        review,
        table,
        projector.HandRef(table.public_id, deal),
        public_id=classroom.public_id,
        pupil_id=pupil.pk,
        face_up=request.GET.get("view") != "learner",
        pupil_name=pupil.name,
    )
    context.update({"classroom": classroom, "pupil": pupil, **PROJECTED})
    return render(request, "classroom/project_hand.html", context)


# ------------------------------------------------------------------ pupils: joining, returning
def _visitor(request: HttpRequest) -> tuple[str, str]:
    return visitor_token(request) or "", client_address(request)


def _join_page(
    request: HttpRequest,
    form: JoinForm,
    *,
    classroom: Classroom | None = None,
    error: str | services.ClassroomError = "",
    status: int = 200,
) -> HttpResponse:
    """The join page; ``error``, a refusal, is said at the field it is about (a wrong
    code at the code, a name taken at the name), which the page opens on, else for the
    whole form (a class not taking pupils)."""
    if isinstance(error, services.WrongCode | services.TooManyTries):
        form.refuse("code", str(error.message))
    elif isinstance(error, services.NameTaken | services.BadName):
        form.refuse("name", str(error.message))
    elif error:
        form.refuse(None, error if isinstance(error, str) else str(error.message))
    # Drawn for a code sent too (a POST): the language buttons go to the join page.
    # ``name_taken``: the way back for a pupil joining again from another device (the
    # teacher's walk: told to add an initial, she became a second pupil of that name).
    context = {
        "form": form,
        "classroom": classroom,
        "name_taken": isinstance(error, services.NameTaken),
        "page_url": reverse("join"),
    }
    return render(request, "classroom/join.html", context, status=status)


@require_safe
def join_page(request: HttpRequest, code: str = "") -> HttpResponse:
    """The join form; from the join link (or the QR code), with the class's code and name."""
    if not code:
        return _join_page(request, JoinForm())
    visitor, address = _visitor(request)
    form = JoinForm(initial={"code": code})
    if codes.count_try(visitor=visitor, address=address, looking=True) is not None:
        # Over the limit: the form with the code as given, nothing looked up (the code is
        # counted and checked when the form is sent).
        return _join_page(request, form)
    try:
        classroom = services.class_by_code(code=code)
    except services.ClassroomError as exc:
        return _join_page(request, form, error=exc, status=exc.status)
    learner = known_learner(request)
    memberships = services.memberships_of(learner=learner)
    # The name of this browser's learner, unless they are a pupil already (a shared
    # computer: the next pupil must not join as the last one by pressing Enter).
    if learner is not None and learner.display_name and not memberships:
        form = JoinForm(initial={"code": classroom.join_code, "name": learner.display_name})
    else:
        form = JoinForm(initial={"code": classroom.join_code})
    error = ""
    if not classroom.can_join and all(p.classroom_id != classroom.pk for p in memberships):
        # Said before the pupil types their name (a member of the class may still come in).
        error = str(services.JoiningClosed.default_message)
    return _join_page(request, form, classroom=classroom, error=error)


@require_POST
def join(request: LearnerRequest) -> HttpResponse:
    form = JoinForm(request.POST)
    if not form.is_valid():
        return _join_page(request, form, status=400)
    if request.user.is_authenticated:
        # An account (a teacher's, or a learner's who keeps their progress) would become
        # a pupil: a teacher of their own class, in the walkthrough that found it. Pupils
        # need no account (their return code). As the return page says.
        message = _("You are logged in to an account. Log out first, then join the class.")
        return _join_page(request, form, error=message, status=409)
    visitor, address = _visitor(request)
    name = form.cleaned_data["name"]
    known = known_learner(request)
    if known is not None and not services.may_join_as(known, name):
        # A shared computer: another pupil's browser. Join as someone new.
        forget_visitor(request)
    try:
        services.count_code_try(visitor=visitor, address=address)
        joined = services.class_join(
            learner=request_learner(request), code=form.cleaned_data["code"], name=name
        )
    except services.ClassroomError as exc:
        classroom = None
        if not isinstance(exc, services.WrongCode | services.TooManyTries):
            classroom = services.class_by_code(code=form.cleaned_data["code"])
        return _join_page(request, form, classroom=classroom, error=exc, status=exc.status)
    pupil = joined.pupil
    values = {"name": pupil.name, "class": pupil.classroom.name}
    if joined.new:
        messages.success(request, _("Welcome to %(class)s, %(name)s!") % values)
    else:
        messages.success(request, _("You are in %(class)s already, %(name)s.") % values)
    return redirect("classroom:index")


@require_POST
def not_me(request: HttpRequest) -> HttpResponse:
    """ "I am not Ona": this computer was another pupil's; start here as someone new (the
    other pupil keeps everything, and comes back with their return code)."""
    forget_visitor(request)
    messages.success(
        request, _("This computer is now free for you. Join your class with its code.")
    )
    return redirect("join")


def _return_page(
    request: HttpRequest,
    form: ReturnForm,
    *,
    error: str = "",
    at_code: bool = False,
    status: int = 200,
) -> HttpResponse:
    """The return page; ``error`` said for the whole form, or ``at_code`` at the code
    field, which the page then opens on (the Russian teacher's walk: a wrong code was a
    page-level alert, the focus on the page's body)."""
    if error:
        form.refuse("code" if at_code else None, error)
    # Drawn for a code sent too (a POST): the language buttons go to the return page.
    context = {"form": form, "page_url": reverse("return")}
    return render(request, "classroom/return.html", context, status=status)


@require_safe
def return_page(request: HttpRequest) -> HttpResponse:
    return _return_page(request, ReturnForm())


@require_POST
def return_post(request: HttpRequest) -> HttpResponse:
    """This browser continues as the pupil whose return code was typed."""
    form = ReturnForm(request.POST)
    if not form.is_valid():
        return _return_page(request, form, status=400)
    if request.user.is_authenticated:
        message = _("You are logged in to an account. Log out first, then type your code.")
        return _return_page(request, form, error=message, status=409)
    visitor, address = _visitor(request)
    try:
        services.count_code_try(visitor=visitor, address=address)
        pupil = services.pupil_by_return_code(code=form.cleaned_data["code"])
        if pupil.learner.user_id is not None:
            raise services.WrongReturnCode(_("This pupil logs in with an account: log in instead."))
    except services.ClassroomError as exc:
        return _return_page(request, form, error=str(exc.message), at_code=True, status=exc.status)
    continue_as(request, pupil.learner)
    messages.success(
        request,
        _("Welcome back, %(name)s. This computer now continues your work.") % {"name": pupil.name},
    )
    return redirect("classroom:index")


# ------------------------------------------------------------------ a live class exercise
def _live_render(
    request: HttpRequest, classroom: Classroom, *, error: str = "", status: int = 200
) -> HttpResponse:
    # The others' cards face down unless asked: the class is answering.
    face_up = request.GET.get("view") == "all"
    context = presenters.live_teacher_context(
        classroom, live.running(classroom=classroom), face_up=face_up
    )
    context["error"] = error
    context.update(PROJECTED)
    # The whole address, in the class's language, as the join link: pupils type it.
    with translation.override(classroom.language):
        context["pupil_url"] = presenters.address_to_read(
            request.build_absolute_uri(reverse("live"))
        )
    template = "classroom/live.html#live" if wants_partial(request) else "classroom/live.html"
    return render(request, template, context, status=status)


@require_safe
@vary_on_headers("HX-Request")
def class_live(request: HttpRequest, public_id: str) -> HttpResponse:
    """The live exercise on the projector; its poll (``?stamp=``) answers 204 while
    nothing changed (one query), else the live part redrawn."""
    if not request.user.is_authenticated:
        return _to_log_in(
            reverse("classroom:live", args=[public_id]), polled=wants_partial(request)
        )
    if wants_partial(request) and "stamp" in request.GET:
        stamp = live.stamp(teacher=_teacher(request), public_id=public_id)
        if stamp is None:
            raise Http404(services.ClassNotFound.default_message)
        if request.GET["stamp"] == stamp:
            return HttpResponse(status=204)
    return _live_render(request, _teacher_class(request, public_id))


@login_required
@require_POST
def live_start(request: HttpRequest, public_id: str) -> HttpResponse:
    classroom = _teacher_class(request, public_id)
    try:
        live.start(classroom=classroom, slug=request.POST.get("scenario", ""))
    except live.LiveError as exc:
        return _live_render(request, classroom, error=str(exc.message), status=exc.status)
    return redirect("classroom:live", public_id=classroom.public_id)


#: The teacher's buttons at a live exercise.
LIVE_ACTIONS = ("reveal", "next", "back", "end")


@login_required
@require_POST
def live_step(request: HttpRequest, public_id: str) -> HttpResponse:
    """Show the answer, go to the next step or back, or end: each names the step (and
    whether its answer was shown) the teacher saw, so a double click moves once."""
    classroom = _teacher_class(request, public_id)
    action = request.POST.get("action", "")
    step = small_int(request.POST.get("step", ""))
    try:
        exercise = live.running(classroom=classroom)
        if exercise is None:
            raise live.NoExercise()
        if action not in LIVE_ACTIONS or step is None:
            raise BadInput(_("This form is not one the page sends. Reload the page and try again."))
        if action == "reveal":
            live.reveal(exercise=exercise, step=step)
        elif action == "next":
            live.advance(exercise=exercise, step=step)
        elif action == "back":
            live.back(exercise=exercise, step=step, revealed=_flag(request, "revealed"))
        else:
            live.end(exercise=exercise)
    except (live.LiveError, BadInput) as exc:
        return _live_render(request, classroom, error=str(exc.message), status=exc.status)
    if action == "end":
        messages.success(request, _("The live exercise is over."))
        back_to = reverse("classroom:class", kwargs={"public_id": classroom.public_id})
        if wants_partial(request):  # the whole page goes back to the class
            return HttpResponse(status=204, headers={"HX-Redirect": back_to})
        return redirect(back_to)
    if wants_partial(request):
        return _live_render(request, classroom)
    url = reverse("classroom:live", kwargs={"public_id": classroom.public_id})
    return redirect(url + ("?view=all" if request.GET.get("view") == "all" else ""))


def _live_pupil(
    request: HttpRequest,
    found: tuple[Pupil, Any] | None,
    *,
    answered: live.Answered | None = None,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    display = parse_display(request.GET, request.POST)
    reload = shared_presenters.reload_asked(request.GET)  # ?reload=1: kept by the answer
    archived = _only_archived_class(known_learner(request)) if found is None else ""
    context = presenters.live_pupil_context(
        found,
        display,
        answered=answered,
        error=error,
        reload=reload,
        again=loaded_again(request.GET),
        archived_class=archived,
    )
    return render_page(request, "classroom/live_pupil.html", context, partial="live", status=status)


def _only_archived_class(learner: Any) -> str:
    """The name of the learner's archived class (the latest) when they are in no other
    class: their live page says so, and does not send them to their classroom page to
    wait for an exercise that cannot come (the Italian teacher's walk)."""
    if learner is None or services.memberships_of(learner=learner):
        return ""
    archived = services.archived_memberships_of(learner=learner)
    return archived[0].classroom.name if archived else ""


@require_safe
@vary_on_headers("HX-Request")
def live_page(request: HttpRequest) -> HttpResponse:
    """A pupil's live exercise (the latest running one of their classes), or a page that
    waits for one. Its poll (``?stamp=``) answers 204 while the class is where it was."""
    learner = known_learner(request)
    if wants_partial(request) and request.GET.get("stamp") == live.pupil_poll_stamp(
        learner=learner
    ):
        return HttpResponse(status=204)
    return _live_pupil(request, live.exercise_for(learner=learner))


@require_POST
@vary_on_headers("HX-Request")
def live_answer(request: LearnerRequest, exercise_id: int) -> HttpResponse:
    """A pupil's answer to the class's step. Refused (and nothing kept) when the class
    has moved on, the answer is shown already, or they answered before."""
    found = live.exercise_for(learner=known_learner(request))
    if found is None or found[1].pk != exercise_id:
        return _live_pupil(request, found, error=str(live.NoExercise.default_message), status=404)
    pupil, exercise = found
    try:
        step = parse_version(request.POST)
        wanted = parse_move(request.POST)
        answered = live.answer(pupil=pupil, exercise_id=exercise.pk, step=step, move=wanted.move)
    except (live.LiveError, BadInput) as exc:
        return _live_pupil(
            request,
            live.exercise_for(learner=pupil.learner),
            error=str(exc.message),
            status=exc.status,
        )
    if wants_partial(request):
        return _live_pupil(request, found, answered=answered)
    # Without JavaScript: back to the live page (Post/Redirect/Get), which shows the
    # answer kept (the Russian teacher's walk: the address stayed .../answer/, and a
    # reload asked to send the form again), keeping the reload flag and the hand's order,
    # opened at the step's question and the answer (#table-status, the coach's box).
    query: dict[str, str] = {}
    if shared_presenters.reload_asked(request.GET):
        query[shared_presenters.RELOAD_FLAG] = "1"
    if request.POST.get("arrange") == "0":
        query["arrange"] = "0"
    url = reverse("live")
    return redirect((f"{url}?{urlencode(query)}" if query else url) + f"#{STATUS_ID}")
