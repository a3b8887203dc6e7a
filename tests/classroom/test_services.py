"""The classroom's services: classes and their codes, joining, names, removal, return
codes, and the limit on guessing codes."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import translation

from classroom import services
from classroom.models import Classroom, Pupil
from rummy_site import codes, ratelimit
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _limits_on_and_a_still_clock(monkeypatch: pytest.MonkeyPatch, settings) -> None:  # type: ignore[no-untyped-def]
    # The suite turns rate limits off (rummy_site.settings.test); these tests count.
    settings.RATE_LIMIT_ENABLED = True
    settings.POST_RATE_PER_VISITOR = "100000/m"
    # No rate-limit window ends in the middle of a test.
    monkeypatch.setattr(ratelimit, "clock", lambda: 1_000_000.0)


def teacher(name: str = "ms-jones") -> User:
    return User.objects.create_user(name, password="Kortos-2026!x")


def test_codes_use_no_character_that_reads_like_another() -> None:
    for a, b in ["0O", "1I", "1L", "2Z", "5S", "6G", "8B"]:
        assert not (a in codes.ALPHABET and b in codes.ALPHABET)
    code = codes.new_code(codes.JOIN_LENGTH)
    assert codes.is_code(code, codes.JOIN_LENGTH)
    assert codes.normalise(f" {code.lower()[:3]}-{code[3:]} ") == code
    # A Russian layout left on, and full-width letters (a Chinese or Japanese one).
    assert codes.normalise("кх7м-4рт") == codes.normalise("ＫＸ７Ｍ４ＰＴ") == "KX7M4PT"
    assert not codes.is_code("ABC", codes.JOIN_LENGTH)
    assert not codes.is_code("K0K0K0", codes.JOIN_LENGTH)  # zero is not in the alphabet


def test_a_new_class_has_a_join_code_of_its_own() -> None:
    a = services.class_create(teacher=teacher(), name="  5B  ", language="lt")
    b = services.class_create(teacher=a.teacher, name="Rummy club", language="en")
    assert a.name == "5B" and a.language == "lt" and a.can_join
    assert codes.is_code(a.join_code, codes.JOIN_LENGTH) and a.join_code != b.join_code


def test_a_code_clash_draws_again(monkeypatch: pytest.MonkeyPatch) -> None:
    first = services.class_create(teacher=teacher(), name="5B", language="lt")
    drawn = iter([first.join_code, "KXMKXM"])
    monkeypatch.setattr(services, "new_join_code", lambda: next(drawn))
    second = services.class_create(teacher=first.teacher, name="6A", language="lt")
    assert second.join_code == "KXMKXM"


def test_a_teacher_reaches_only_their_own_classes() -> None:
    mine = services.class_create(teacher=teacher("a"), name="5B", language="lt")
    with pytest.raises(services.ClassNotFound):
        services.class_of_teacher(teacher=teacher("b"), public_id=mine.public_id)
    assert services.class_of_teacher(teacher=mine.teacher, public_id=mine.public_id) == mine


def test_a_pupil_joins_once_under_a_name_nobody_else_in_the_class_has() -> None:
    classroom = services.class_create(teacher=teacher(), name="5B", language="lt")
    ona = factories.learner("")
    joined = services.class_join(learner=ona, code=classroom.join_code.lower(), name=" Ona ")
    assert joined.new and joined.pupil.name == "Ona"
    assert codes.is_code(joined.pupil.return_code, codes.RETURN_LENGTH)
    ona.refresh_from_db()
    assert ona.display_name == "Ona"  # a learner without a name takes the class's
    again = services.class_join(learner=ona, code=classroom.join_code, name="Someone")
    assert not again.new and again.pupil == joined.pupil
    with pytest.raises(services.NameTaken):
        services.class_join(learner=factories.learner(), code=classroom.join_code, name="ONA")
    assert Pupil.objects.count() == 1
    # Whatever the letters (SQLite's case rules know only ASCII; these do not).
    for first, second in [("Žana", "žANA"), ("Ярослава", "ЯРОСЛАВА"), ("Niccolò", "NICCOLÒ")]:
        services.class_join(learner=factories.learner(), code=classroom.join_code, name=first)
        with pytest.raises(services.NameTaken):
            services.class_join(learner=factories.learner(), code=classroom.join_code, name=second)
    assert Pupil.objects.count() == 4


def test_joining_refuses_a_wrong_code_a_closed_class_and_an_archived_one() -> None:
    classroom = services.class_create(teacher=teacher(), name="5B", language="lt")
    learner = factories.learner()
    for wrong in ("", "12", "KXMKXMKXM", "ÄÄÄÄÄÄ"):
        with pytest.raises(services.WrongCode):
            services.class_join(learner=learner, code=wrong, name="Ona")
    services.class_set_joining(classroom=classroom, open_=False)
    with pytest.raises(services.JoiningClosed):
        services.class_join(learner=learner, code=classroom.join_code, name="Ona")
    services.class_set_joining(classroom=classroom, open_=True)
    services.class_set_archived(classroom=classroom, archived=True)
    with pytest.raises(services.WrongCode):
        services.class_join(learner=learner, code=classroom.join_code, name="Ona")
    assert not Pupil.objects.exists()


def test_a_new_code_replaces_the_old_one() -> None:
    classroom = services.class_create(teacher=teacher(), name="5B", language="lt")
    old = classroom.join_code
    services.class_new_code(classroom=classroom)
    assert classroom.join_code != old
    assert Classroom.objects.get(pk=classroom.pk).join_code == classroom.join_code
    with pytest.raises(services.WrongCode):
        services.class_by_code(code=old)


def test_names_are_checked_when_a_pupil_is_renamed() -> None:
    classroom = services.class_create(teacher=teacher(), name="5B", language="lt")
    ona = services.class_join(learner=factories.learner(), code=classroom.join_code, name="Ona")
    jonas = services.class_join(learner=factories.learner(), code=classroom.join_code, name="Jonas")
    with pytest.raises(services.NameTaken):
        services.pupil_rename(pupil=jonas.pupil, name="ona")
    for bad in ("", "   ", "x" * 25, "\u200b"):
        with pytest.raises(services.BadName):
            services.pupil_rename(pupil=jonas.pupil, name=bad)
    assert Pupil.objects.get(pk=jonas.pupil.pk).name == "Jonas"
    services.pupil_rename(pupil=ona.pupil, name="Ona K.")
    assert Pupil.objects.get(pk=ona.pupil.pk).name == "Ona K."


def test_the_database_keeps_two_pupils_from_sharing_a_name_in_a_class() -> None:
    # What a race between two joins under one name meets: the unique constraint.
    classroom = services.class_create(teacher=teacher(), name="5B", language="lt")
    Pupil.objects.create(classroom=classroom, learner=factories.learner(), name="Ona")
    with pytest.raises(IntegrityError), transaction.atomic():
        Pupil.objects.create(classroom=classroom, learner=factories.learner(), name="ONA")


def test_a_removed_pupil_leaves_the_class_and_their_return_code_stops_working() -> None:
    classroom = services.class_create(teacher=teacher(), name="5B", language="lt")
    learner = factories.learner()
    pupil = services.class_join(learner=learner, code=classroom.join_code, name="Ona").pupil
    assert services.pupil_by_return_code(code=pupil.shown_return_code.lower()) == pupil
    services.pupil_remove(pupil=pupil)
    assert services.pupils_of(classroom=classroom) == []
    assert services.memberships_of(learner=learner) == []
    with pytest.raises(services.WrongReturnCode):
        services.pupil_by_return_code(code=pupil.return_code)
    with pytest.raises(services.PupilNotFound):
        services.pupil_of_class(classroom=classroom, pupil_id=pupil.pk)
    # The name is free again, and the learner may join again (a new membership).
    back = services.class_join(learner=learner, code=classroom.join_code, name="Ona")
    assert back.new and back.pupil.pk != pupil.pk


def test_code_tries_are_limited_per_browser_and_per_address() -> None:
    limit = int(codes.CODE_TRIES_PER_VISITOR.split("/")[0])
    for _ in range(limit):
        services.count_code_try(visitor="token-a", address="10.0.0.1")
    with pytest.raises(services.TooManyTries) as refused:
        services.count_code_try(visitor="token-a", address="10.0.0.1")
    assert refused.value.status == 429 and "minute" in str(refused.value.message)
    services.count_code_try(visitor="token-b", address="10.0.0.1")  # another browser


def test_a_teachers_class_list_counts_its_pupils_and_keeps_archived_ones_apart() -> None:
    who = teacher()
    a = services.class_create(teacher=who, name="b class", language="lt")
    b = services.class_create(teacher=who, name="A class", language="lt")
    services.class_join(learner=factories.learner(), code=a.join_code, name="Ona")
    removed = services.class_join(learner=factories.learner(), code=a.join_code, name="Jonas")
    services.pupil_remove(pupil=removed.pupil)
    listed = list(services.classes_of(teacher=who))
    assert [c.name for c in listed] == ["A class", "b class"]
    assert [c.pupil_count for c in listed] == [0, 1]  # type: ignore[attr-defined]
    services.class_set_archived(classroom=b, archived=True)
    assert [c.name for c in services.classes_of(teacher=who)] == ["b class"]
    assert [c.name for c in services.classes_of(teacher=who, archived=True)] == ["A class"]


def test_a_teachers_classes_are_in_the_order_people_read_them() -> None:
    """Sorted as text, "P11" came before "P2"; and SQLite's lower case knew only ASCII,
    so "Ąžuolai" came after "Zuikiai"."""
    who = teacher()
    for name in ["P21", "P5", "p11", "P2", "P1", "Zuikiai", "ąžuolai", "Čiurlionio", "Cz"]:
        services.class_create(teacher=who, name=name, language="lt")
    with translation.override("lt"):
        names = [c.name for c in services.classes_of(teacher=who)]
    assert names == ["ąžuolai", "Cz", "Čiurlionio", "P1", "P2", "P5", "p11", "P21", "Zuikiai"]
    with translation.override("en"):  # "č" is "c" accented, as "é" is "e"
        names = [c.name for c in services.classes_of(teacher=who)]
    assert names[:3] == ["ąžuolai", "Čiurlionio", "Cz"]


def test_a_classs_pupils_are_in_the_order_people_read_them() -> None:
    """The same for a class's pupils (the teacher's grid, the dashboard, the cards):
    "Ona 10" came before "Ona 2", and "Ąžuolas" after "Zita"."""
    classroom = services.class_create(teacher=teacher(), name="4A", language="lt")
    for name in ["Ona 10", "Zita", "Ona 2", "Ąžuolas", "Čepas", "Cezaris"]:
        services.class_join(learner=factories.learner(), code=classroom.join_code, name=name)
    with translation.override("lt"):
        names = [p.name for p in services.pupils_of(classroom=classroom)]
    assert names == ["Ąžuolas", "Cezaris", "Čepas", "Ona 2", "Ona 10", "Zita"]


def test_a_name_of_blank_letters_is_refused() -> None:
    """The Braille blank and the Hangul fillers are letters that draw nothing: a pupil
    by that name was an empty line on the teacher's grid and the return-code cards."""
    classroom = services.class_create(teacher=teacher(), name="5B", language="lt")
    for blank in ["\u2800", "\u3164", "\u115f\u1160", "\uffa0 \u2800"]:
        with pytest.raises(services.BadName):
            services.class_join(learner=factories.learner(), code=classroom.join_code, name=blank)
    with pytest.raises(services.BadName):
        services.class_create(teacher=teacher("b"), name="\u2800", language="lt")
    assert Pupil.objects.count() == 0
