"""What teachers and pupils do with classes: keyword-only functions named
``<thing>_<action>``, each refusing bad input with a :class:`ClassroomError` (a
translated message and an HTTP status) before it changes anything.

**Who may do what.** A teacher reaches only their own classes (``class_of_teacher``:
any other class is "not found", as if it did not exist) and, through them, their
pupils. A pupil is a learner with a membership; a removed pupil has none.

**Guessing codes.** Every attempt at a join code or a return code counts against a
limit per browser and per network address, kept in the database
(:mod:`rummy_site.ratelimit`), so that it holds across app instances:
:data:`rummy_site.codes.CODE_TRIES_PER_VISITOR` and ``CODE_TRIES_PER_ADDRESS`` (settings of the same
names change them).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import TypeVar

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from game.practice.models import Table
from game.practice.services import CorruptTable
from game.shared import services as shared
from game.shared.models import SharedTable
from learners.models import Learner
from learners.names import clean_display_name, name_key, order_key
from rummy_site import codes
from rummy_site.errors import ServiceError
from rummy_site.prepared import PreparedQuery

from .models import Assignment, Classroom, ClassTable, Pupil, new_join_code, new_return_code

#: Code attempts (join or return) of one browser, and of one network address (a whole
#: school behind one router: ten classes of thirty, each pupil opening the join link
#: and joining, some mistyping). Guessing a class code at that rate would take years.
NAME_MAX = 24
CLASS_NAME_MAX = 60

T = TypeVar("T")


class ClassroomError(ServiceError):
    status = 422


class ClassNotFound(ClassroomError):
    status = 404
    default_message = _("There is no such class, or it is not yours.")


class PupilNotFound(ClassroomError):
    status = 404
    default_message = _("There is no such pupil in this class.")


class WrongCode(ClassroomError):
    default_message = _("No class has this code. Check it on the board and try again.")


class WrongReturnCode(ClassroomError):
    default_message = _(
        "This return code is not known. Check it on your card and try again. Lost your "
        "card? Ask your teacher for a new code."
    )


class JoiningClosed(ClassroomError):
    default_message = _("This class is not taking new pupils now. Ask your teacher.")


class NameTaken(ClassroomError):
    status = 409
    default_message = _(
        "Someone in this class already has this name. Add an initial, like “Ona K.”."
    )


class NameTakenInClass(NameTaken):
    """A teacher's rename to the name of another pupil of the class: said to the teacher,
    naming that pupil (the pupils' "Add an initial" was for the one who typed a name)."""

    def __init__(self, holder: str) -> None:
        super().__init__(
            gettext("%(name)s is already in the class: choose another name.") % {"name": holder}
        )


class BadName(ClassroomError):
    status = 400


class ClassNameTaken(ClassroomError):
    """The teacher already has a class (not archived) of this name: a double click on
    "Make the class" made two classes, each with its own code (the tamper probe)."""

    status = 409
    default_message = _(
        "You already have a class with this name: open it from your list, or choose another name."
    )


class TooManyTries(ClassroomError, codes.TooManyTries):
    status = 429


class ClassArchived(ClassroomError):
    """What the class's pupils would see (an assignment, a table, a live exercise) is
    refused for an archived class: they no longer see it."""

    status = 422
    default_message = _(
        "This class is archived: its pupils no longer see it. Bring the class back first."
    )


def class_not_archived(*, classroom: Classroom) -> None:
    """:class:`ClassArchived` if the class is archived."""
    if classroom.archived is not None:
        raise ClassArchived()


class JustSeated(ClassroomError):
    status = 409
    default_message = _(
        "The class was seated at new tables a moment ago: its tables are below. To seat it "
        "again, wait a few seconds."
    )


class TooManyClassTables(ClassroomError):
    status = 429
    default_message = _(
        "This class has been seated at as many tables today as one day allows. Try again tomorrow."
    )


# ------------------------------------------------------------------ helpers
def clean_name(text: str, *, most: int = NAME_MAX) -> str:
    """A name as stored: without invisible characters, spaces collapsed
    (:func:`learners.names.clean_display_name`); refused if empty or too long."""
    name = clean_display_name(str(text), most + 1)
    if not name:
        raise BadName(_("Write a name."))
    if len(name) > most:
        raise BadName(
            ngettext(
                "A name has at most %(count)d character.",
                "A name has at most %(count)d characters.",
                most,
            )
            % {"count": most}
        )
    return name


def _with_fresh(make: Callable[[], T], save: Callable[[T], None], tries: int = 8) -> None:
    """Save with a freshly drawn unique code, drawing again in the rare case of a clash."""
    for attempt in range(tries):
        try:
            with transaction.atomic():
                save(make())
            return
        except IntegrityError:
            if attempt == tries - 1:
                raise


def count_code_try(*, visitor: str, address: str) -> None:
    """Count one attempt at a code (:func:`rummy_site.codes.count_try`);
    :class:`TooManyTries` once over either limit."""
    minutes = codes.count_try(visitor=visitor, address=address)
    if minutes is not None:
        raise TooManyTries(minutes)


def class_changed(classroom_id: int) -> datetime:
    """The class changed: its page's live part and its pupils' classroom pages redraw at
    their next poll (their stamps have ``Classroom.changed``). When it changed."""
    when = timezone.now()
    Classroom.objects.filter(pk=classroom_id).update(changed=when)
    return when


def _touch(classroom: Classroom) -> None:
    """The class changed (:func:`class_changed`), and the object says so too."""
    classroom.changed = class_changed(classroom.pk)


# ------------------------------------------------------------------ teachers' classes
def classes_of(*, teacher: User, archived: bool = False) -> list[Classroom]:
    """The teacher's classes (the archived ones, if asked), each with its pupil count, in
    the order people read their names (:func:`learners.names.order_key`: "P2" before
    "P11", in the page's language; sorted here, not by the database, whose order of text
    is the characters' and whose lower case knows only ASCII in SQLite)."""
    from django.db.models import Count, Q

    classes = Classroom.objects.filter(teacher=teacher, archived__isnull=not archived).annotate(
        pupil_count=Count("pupils", filter=Q(pupils__removed__isnull=True))
    )
    return sorted(classes, key=lambda c: (order_key(c.name), c.pk))


def class_of_teacher(*, teacher: User, public_id: str) -> Classroom:
    """The teacher's class; :class:`ClassNotFound` for anyone else's."""
    found = Classroom.objects.filter(public_id=public_id, teacher=teacher).first()
    if found is None:
        raise ClassNotFound()
    return found


@contextmanager
def _teacher_at_a_time(teacher: User) -> Iterator[None]:
    """A transaction in which one request at a time makes or renames the teacher's
    classes (PostgreSQL locks the teacher's row; SQLite's transactions write one at a
    time), so that two posts at once cannot both find a name free."""
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=teacher.pk).first()
        yield


def _class_name_free(teacher: User, name: str, *, besides: Classroom | None = None) -> bool:
    others = Classroom.objects.filter(teacher=teacher, archived__isnull=True, name__iexact=name)
    if besides is not None:
        others = others.exclude(pk=besides.pk)
    return not others.exists()


def class_create(*, teacher: User, name: str, language: str) -> Classroom:
    """A new class of ``teacher``'s; :class:`ClassNameTaken` when one of their classes
    (not archived) already has the name, whatever its case."""
    classroom = Classroom(teacher=teacher, name=clean_name(name, most=CLASS_NAME_MAX))
    classroom.language = language

    def save(code: str) -> None:
        classroom.join_code = code
        classroom.save()

    with _teacher_at_a_time(teacher):
        if not _class_name_free(teacher, classroom.name):
            raise ClassNameTaken()
        _with_fresh(new_join_code, save)
    return classroom


def class_rename(*, classroom: Classroom, name: str, language: str) -> Classroom:
    clean = clean_name(name, most=CLASS_NAME_MAX)
    with _teacher_at_a_time(classroom.teacher):
        if not _class_name_free(classroom.teacher, clean, besides=classroom):
            raise ClassNameTaken()
        classroom.name = clean
        classroom.language = language
        classroom.save(update_fields=["name", "language"])
    _touch(classroom)
    return classroom


def class_new_code(*, classroom: Classroom) -> Classroom:
    """A new join code: the old one (and its link and QR code) stops working."""

    def save(code: str) -> None:
        Classroom.objects.filter(pk=classroom.pk).update(join_code=code)
        classroom.join_code = code

    _with_fresh(new_join_code, save)
    _touch(classroom)
    return classroom


def class_set_joining(*, classroom: Classroom, open_: bool) -> Classroom:
    Classroom.objects.filter(pk=classroom.pk).update(joining_open=open_)
    classroom.joining_open = open_
    _touch(classroom)
    return classroom


def class_set_archived(*, classroom: Classroom, archived: bool) -> Classroom:
    when = timezone.now() if archived else None
    Classroom.objects.filter(pk=classroom.pk).update(archived=when)
    classroom.archived = when
    _touch(classroom)
    return classroom


#: The class's pupils, on every redraw of its dashboard: compiled once.
_PUPILS = PreparedQuery(
    Pupil,
    lambda classroom_id: (
        Pupil.objects.filter(classroom_id=classroom_id, removed__isnull=True)
        .select_related("learner")
        .order_by(Lower("name"), "pk")
    ),
    numbers=("classroom_id",),
)


def pupils_of(*, classroom: Classroom) -> list[Pupil]:
    """The class's pupils (not the removed ones), by name as people read it
    (:func:`learners.names.order_key`: "Ona 2" before "Ona 10", Lithuanian letters
    where Lithuanians look for them; the database's lower case knows only ASCII)."""
    return sorted(_PUPILS.all(classroom_id=classroom.pk), key=lambda pupil: order_key(pupil.name))


def pupils_count(*, classroom: Classroom) -> int:
    """How many pupils the class has (not the removed ones, whose rows stay with their
    work: one who joins again has a second)."""
    return Pupil.objects.filter(classroom=classroom, removed__isnull=True).count()


def pupil_of_class(*, classroom: Classroom, pupil_id: int) -> Pupil:
    found = Pupil.objects.filter(pk=pupil_id, classroom=classroom, removed__isnull=True).first()
    if found is None:
        raise PupilNotFound()
    return found


def _name_free(classroom: Classroom, name: str, *, besides: Pupil | None = None) -> bool:
    """No other pupil of the class has a name that reads as this one: whatever its case,
    width or look-alike letters (:func:`learners.names.name_key`: "Оna" with a Cyrillic
    О is "Ona"). Compared here, in Python: SQLite's own case rules know only ASCII
    ("Žana" and "žana" would differ); the database's constraint on the name's case is
    the guard against a parallel join on PostgreSQL."""
    return _name_holder(classroom, name, besides=besides) is None


def _name_holder(classroom: Classroom, name: str, *, besides: Pupil | None = None) -> str | None:
    """The name of the pupil of the class whose name reads as ``name``, if any."""
    names = Pupil.objects.filter(classroom=classroom, removed__isnull=True)
    if besides is not None:
        names = names.exclude(pk=besides.pk)
    wanted = name_key(name)
    return next(
        (other for other in names.values_list("name", flat=True) if name_key(other) == wanted),
        None,
    )


@contextmanager
def _one_at_a_time(classroom: Classroom) -> Iterator[None]:
    """A transaction in which one request at a time changes the class: PostgreSQL locks
    the class's row, SQLite's transactions write one at a time (``IMMEDIATE``). Its
    names are checked and written so (the database's own constraint knows only the
    names' case, so two names that only look alike, "Ona" with a Cyrillic "О", sent at
    once, both got in), and its tables made so (a double click seated it twice)."""
    with transaction.atomic():
        Classroom.objects.select_for_update().filter(pk=classroom.pk).first()
        yield


def pupil_rename(*, pupil: Pupil, name: str) -> Pupil:
    clean = clean_name(name)
    try:
        with _one_at_a_time(pupil.classroom):
            holder = _name_holder(pupil.classroom, clean, besides=pupil)
            if holder is not None:
                raise NameTakenInClass(holder)
            Pupil.objects.filter(pk=pupil.pk).update(name=clean)
    except IntegrityError:  # a pupil joined under this name at the same moment
        raise NameTakenInClass(clean) from None
    pupil.name = clean
    for table in _tables_of(pupil):  # their seats at the class's tables take the name
        shared.rename_player(table=table, learner=pupil.learner, name=clean)
    _touch(pupil.classroom)
    return pupil


def pupil_remove(*, pupil: Pupil) -> None:
    """The pupil leaves the class: their return code and their place in it stop working,
    and a computer player plays their seats at the class's tables. Their learner (and
    everything they did) is theirs still."""
    Pupil.objects.filter(pk=pupil.pk).update(removed=timezone.now())
    for table in _tables_of(pupil):
        shared.remove_player(table=table, learner=pupil.learner)
    _touch(pupil.classroom)


def _tables_of(pupil: Pupil) -> list[SharedTable]:
    """The class's tables at which the pupil has a seat."""
    tables = SharedTable.objects.filter(class_table__classroom=pupil.classroom_id)
    return [t for t in tables if shared.seat_of(t, pupil.learner) is not None]


def pupil_new_code(*, pupil: Pupil) -> Pupil:
    """A new return code for the pupil (their card was lost, or seen): the old one stops
    working; the pupil's work and this browser's place are kept."""

    def save(code: str) -> None:
        Pupil.objects.filter(pk=pupil.pk).update(return_code=code)
        pupil.return_code = code

    _with_fresh(new_return_code, save)
    return pupil


# ------------------------------------------------------------------ tables for people
class NoPupils(ClassroomError):
    status = 400
    default_message = _("Nobody is in the class yet: there is no one to seat.")


#: Seating a class again within this many seconds is taken for the same click sent
#: twice (:class:`JustSeated`).
RESEAT_SECONDS = 10
#: The most tables a class is seated at in a day (thirty pupils in pairs, ten times).
CLASS_TABLES_PER_DAY = 150


def class_seat(
    *,
    classroom: Classroom,
    game: str,
    players: int,
    policy: str | None = None,
    seed: int | None = None,
) -> list[SharedTable]:
    """Seat every pupil of the class at tables of about ``players`` for ``game``, in a
    random order, shared out so that nobody plays only the computer when the game's
    numbers allow (:func:`game.shared.services.split_people`), the computer players
    playing by ``policy`` (:func:`game.shared.services.seat_people`'s: ``"patient"`` or
    ``"bot"``, ``None`` the game's default); the hands are dealt at once, and the
    tables the class sat at before end (:func:`game.shared.services.end_table`). Refused
    again within :data:`RESEAT_SECONDS` (a double click made a second set of tables, and
    every pupil sat at both) and past :data:`CLASS_TABLES_PER_DAY`. The class's row is
    locked meanwhile, so that of two requests at once one seats the class. Refused for
    an archived class (:class:`ClassArchived`). ``seed``: the pupils' order and the
    tables' deals drawn from it, the same for the same seed (a test that needs a known
    deal); else at random, as the teacher's "Seat the class" always seats them."""
    class_not_archived(classroom=classroom)
    pupils = pupils_of(classroom=classroom)
    if not pupils:
        raise NoPupils()
    try:
        # Before the double-click guard: a game and number refused is said as such,
        # even just after the class was seated.
        shared.table_game(game, players)
    except shared.BadTable as exc:
        raise BadAssignment(str(exc.message)) from None
    (random.Random(seed) if seed is not None else random.SystemRandom()).shuffle(pupils)
    now = timezone.now()
    with _one_at_a_time(classroom):
        today = ClassTable.objects.filter(
            classroom=classroom, table__created__gte=now - timedelta(days=1)
        )
        if today.filter(table__created__gte=now - timedelta(seconds=RESEAT_SECONDS)).exists():
            raise JustSeated()
        if today.count() + -(-len(pupils) // max(players, 1)) > CLASS_TABLES_PER_DAY:
            raise TooManyClassTables()
        try:
            tables = shared.seat_people(
                people=[(p.learner, p.name) for p in pupils],
                game=game,
                players=players,
                policy=policy,
                seed=seed,
            )
        except shared.BadTable as exc:
            raise BadAssignment(str(exc.message)) from None
        earlier = SharedTable.objects.filter(class_table__classroom=classroom, ended__isnull=True)
        for table in earlier:
            try:
                shared.end_table(table=table)
            except shared.StaleTable:
                # Moved on four times in a row while it was being ended: it stays open
                # (its teacher can end it from its page); the class is seated anyway.
                continue
        ClassTable.objects.bulk_create(
            ClassTable(classroom=classroom, table=t, number=n)
            for n, t in enumerate(tables, start=1)
        )
    _touch(classroom)
    return tables


def class_seating_keep(
    *, classroom: Classroom, game: str, players: int, patient_computers: bool
) -> None:
    """Keep the class's last "Seat the class" choice (:attr:`Classroom.seating`), for its
    form to offer again in any of the teacher's browsers (it was kept in the session:
    another browser opened with the defaults)."""
    classroom.seating = {
        "game": game,
        "players": players,
        "patient_computers": patient_computers,
    }
    classroom.save(update_fields=["seating"])


class NoTablesToEnd(ClassroomError):
    """ "End all the class's tables" found none of the tables it was asked about still
    played: sent again (a double click, a reload), or they ended meanwhile."""

    status = 409
    default_message = _(
        "No table of the class is being played any more: nothing was ended. The tables "
        "are below as they are now."
    )


def _still_played(table: SharedTable) -> bool:
    """Not ended, and its match not over (a finished match has nothing left to end, as
    on its own page); a table whose records cannot be read is left as it is."""
    if table.ended is not None:
        return False
    try:
        state = shared.shared_state(table=table)
    except CorruptTable:  # the dashboard skips it too
        return False
    return not (state.round_over and shared.match_so_far(state).winner is not None)


def class_running_tables(*, classroom: Classroom) -> list[SharedTable]:
    """The class's tables still being played (not ended, their match not over), the
    latest first."""
    tables = SharedTable.objects.filter(class_table__classroom=classroom, ended__isnull=True)
    return [t for t in tables.order_by("-created", "-pk") if _still_played(t)]


def class_end_tables(*, classroom: Classroom, public_ids: Collection[str]) -> int:
    """End for good (:func:`game.shared.services.end_table`) each of the class's tables
    named in ``public_ids`` (the ones its teacher was asked about) that is still being
    played, and say how many ended. A table seated since the question is not one of
    them and goes on; another class's table is never found. :class:`NoTablesToEnd`, and
    nothing changed, when none of them is still played (the same form sent twice). A
    table moved on four times in a row while it was being ended stays open, as when the
    class is seated again (its page ends it)."""
    named = {str(i) for i in public_ids}
    tables = SharedTable.objects.filter(
        class_table__classroom=classroom, public_id__in=named, ended__isnull=True
    )
    ended = 0
    with _one_at_a_time(classroom):
        for table in tables:
            if not _still_played(table):
                continue
            try:
                shared.end_table(table=table)
            except shared.StaleTable:
                continue
            ended += 1
    if not ended:
        raise NoTablesToEnd()
    _touch(classroom)
    return ended


def class_table_end(*, classroom: Classroom, table: SharedTable) -> None:
    """End one of the class's tables for good, from its own page
    (:func:`game.shared.services.end_table`): the class changed, and its pupils' own
    pages, which offer "Play" at that table, are redrawn at their next poll."""
    shared.end_table(table=table)
    _touch(classroom)


def tables_of_learner(
    *, classroom: Classroom, learner: Learner, most: int = 3
) -> list[SharedTable]:
    """The class's tables ``learner`` sits at, the latest first. Read whole, not the
    latest 20 of the class (the tamper probe: a class of 42 pupils at 21 tables left two
    pupils with no table to find), with only what is needed to find a seat."""
    mine = []
    tables = (
        SharedTable.objects.filter(class_table__classroom=classroom)
        .only("public_id", "game", "seats", "ended", "created")
        .order_by("-created", "-pk")
    )
    for table in tables.iterator(chunk_size=200):
        if shared.seat_of(table, learner) is not None:
            mine.append(table)
            if len(mine) == most:
                break
    # Those found read whole: their page says whether their match is over, and who won.
    whole = SharedTable.objects.select_related("class_table").in_bulk([t.pk for t in mine])
    return [whole[t.pk] for t in mine if t.pk in whole]


def class_tables(*, classroom: Classroom, most: int = 60) -> list[SharedTable]:
    """The tables the teacher seated the class at, the latest first."""
    return list(
        SharedTable.objects.filter(class_table__classroom=classroom)
        .select_related("class_table")
        .order_by("-created", "-pk")[:most]
    )


def class_table(*, classroom: Classroom, public_id: str) -> SharedTable:
    found = (
        SharedTable.objects.filter(class_table__classroom=classroom, public_id=public_id)
        .select_related("class_table")
        .first()
    )
    if found is None:
        raise ClassNotFound()
    return found


def tables_of_pupil(*, pupil: Pupil, most: int = 20) -> list[Table]:
    """The pupil's practice tables, the latest played first (their teacher may project
    a finished hand of one)."""
    return list(Table.objects.filter(learner_id=pupil.learner_id).order_by("-updated")[:most])


def table_of_pupil(*, pupil: Pupil, public_id: str) -> Table | None:
    return Table.objects.filter(learner_id=pupil.learner_id, public_id=public_id).first()


# ------------------------------------------------------------------ assignments
class BadAssignment(ClassroomError):
    status = 400
    default_message = _("Choose something to assign from the list.")


class AssignmentNotFound(ClassroomError):
    status = 404
    default_message = _("There is no such assignment in this class.")


class AlreadyAssigned(ClassroomError):
    status = 409
    default_message = _("The class has this assignment already.")


def assignments_of(*, classroom: Classroom) -> list[Assignment]:
    return list(classroom.assignments.order_by("created", "pk"))


def assignment_add(
    *, classroom: Classroom, what: str, count: int = 1, due: date | None = None
) -> Assignment:
    """Set the class ``what`` (a value of :func:`classroom.assignments.choices`); a
    practice target asks for ``count`` hands (1 to :data:`~classroom.assignments.MOST_HANDS`).
    Refused for an archived class (:class:`ClassArchived`)."""
    from .assignments import MOST_HANDS, Kind, parse

    class_not_archived(classroom=classroom)

    parsed = parse(what, classroom.language)
    if parsed is None:
        raise BadAssignment()
    kind, game, ref = parsed
    if kind not in (Kind.HANDS, Kind.WINS):
        count = 1
    elif not 1 <= count <= MOST_HANDS:
        raise BadAssignment(
            ngettext("Ask for 1 to %(count)d hand.", "Ask for 1 to %(count)d hands.", MOST_HANDS)
            % {"count": MOST_HANDS}
        )
    if classroom.assignments.filter(kind=kind, game=game, ref=ref, count=count).exists():
        raise AlreadyAssigned()
    assignment = Assignment.objects.create(
        classroom=classroom, kind=kind, game=game, ref=ref, count=count, due=due
    )
    _touch(classroom)
    return assignment


def assignment_of_class(*, classroom: Classroom, assignment_id: int) -> Assignment:
    found = classroom.assignments.filter(pk=assignment_id).first()
    if found is None:
        raise AssignmentNotFound()
    return found


def assignment_remove(*, assignment: Assignment) -> None:
    """The class no longer has the assignment (the pupils' work stays theirs)."""
    Assignment.objects.filter(pk=assignment.pk).delete()
    _touch(assignment.classroom)


# ------------------------------------------------------------------ pupils
def class_by_code(*, code: str) -> Classroom:
    """The class with this join code, for the join page; :class:`WrongCode` if none."""
    clean = codes.normalise(code)
    found = None
    if codes.is_code(clean, codes.JOIN_LENGTH):
        found = Classroom.objects.filter(join_code=clean, archived__isnull=True).first()
    if found is None:
        raise WrongCode()
    return found


@dataclass(frozen=True)
class Joined:
    pupil: Pupil
    #: False when the learner was in the class already (joining twice changes nothing).
    new: bool


def class_join(*, learner: Learner, code: str, name: str) -> Joined:
    """The learner joins the class with this join code under ``name``; a learner who is
    in it already stays as they are."""
    classroom = class_by_code(code=code)
    known = Pupil.objects.filter(classroom=classroom, learner=learner, removed__isnull=True).first()
    if known is not None:
        return Joined(known, new=False)
    if not classroom.can_join:
        raise JoiningClosed()
    clean = clean_name(name)
    pupil = Pupil(classroom=classroom, learner=learner, name=clean)

    def save(code: str) -> None:
        pupil.return_code = code
        pupil.save()

    try:
        with _one_at_a_time(classroom):
            if not _name_free(classroom, clean):
                raise NameTaken()
            _with_fresh(new_return_code, save)
    except IntegrityError:
        # A parallel join: the same learner (a double click) or the same name.
        known = Pupil.objects.filter(
            classroom=classroom, learner=learner, removed__isnull=True
        ).first()
        if known is not None:
            return Joined(known, new=False)
        raise NameTaken() from None
    if not learner.display_name:
        Learner.objects.filter(pk=learner.pk).update(display_name=clean)
        learner.display_name = clean
    _touch(classroom)
    return Joined(pupil, new=True)


def may_join_as(learner: Learner, name: str) -> bool:
    """Whether this browser's learner may join a class under ``name``: yes, unless they
    are a pupil already under other names only (then the browser is another pupil's, on
    a shared computer)."""
    names = list(
        Pupil.objects.filter(learner=learner, removed__isnull=True).values_list("name", flat=True)
    )
    return not names or name_key(name) in {name_key(n) for n in names}


def memberships_of(*, learner: Learner | None) -> list[Pupil]:
    """The learner's classes (their memberships, newest first)."""
    if learner is None:
        return []
    return list(
        Pupil.objects.filter(
            learner=learner, removed__isnull=True, classroom__archived__isnull=True
        )
        .select_related("classroom", "classroom__teacher")
        .order_by("-joined")
    )


def archived_memberships_of(*, learner: Learner | None) -> list[Pupil]:
    """The learner's memberships of classes their teacher archived (not removed from),
    the latest archived first: their classroom page says so, instead of a join form."""
    if learner is None:
        return []
    return list(
        Pupil.objects.filter(
            learner=learner, removed__isnull=True, classroom__archived__isnull=False
        )
        .select_related("classroom")
        .order_by("-classroom__archived", "-joined")
    )


def pupil_by_return_code(*, code: str) -> Pupil:
    """The pupil whose return code this is; :class:`WrongReturnCode` if none (or the
    pupil was removed)."""
    clean = codes.normalise(code)
    found = None
    if codes.is_code(clean, codes.RETURN_LENGTH):
        found = (
            Pupil.objects.filter(return_code=clean, removed__isnull=True)
            .select_related("learner", "classroom")
            .first()
        )
    if found is None:
        raise WrongReturnCode()
    return found


__all__ = [
    "CLASS_TABLES_PER_DAY",
    "RESEAT_SECONDS",
    "AlreadyAssigned",
    "AssignmentNotFound",
    "BadAssignment",
    "BadName",
    "ClassArchived",
    "ClassNameTaken",
    "ClassNotFound",
    "ClassroomError",
    "Joined",
    "JoiningClosed",
    "JustSeated",
    "NameTaken",
    "PupilNotFound",
    "TooManyClassTables",
    "TooManyTries",
    "WrongCode",
    "WrongReturnCode",
    "assignment_add",
    "assignment_of_class",
    "assignment_remove",
    "assignments_of",
    "class_by_code",
    "class_changed",
    "class_create",
    "class_join",
    "class_new_code",
    "class_not_archived",
    "class_of_teacher",
    "class_rename",
    "class_seating_keep",
    "class_set_archived",
    "class_set_joining",
    "class_table_end",
    "classes_of",
    "clean_name",
    "count_code_try",
    "may_join_as",
    "memberships_of",
    "pupil_by_return_code",
    "pupil_of_class",
    "pupil_remove",
    "pupil_rename",
    "pupils_count",
    "pupils_of",
]
