"""Class codes: the session codes' alphabet, never a session's code nor another class's,
so the one join box takes either; roster names keep how they look."""

from __future__ import annotations

import pytest
from django.db import IntegrityError

from tutor.classrooms import models
from tutor.classrooms.models import Classroom, Member
from tutor.quizzes import services
from tutor.quizzes.models import Quiz, is_code

pytestmark = pytest.mark.django_db


def test_a_class_code_is_a_join_code(classroom: Classroom) -> None:
    assert is_code(classroom.code)


def test_a_class_code_skips_codes_in_use(
    monkeypatch: pytest.MonkeyPatch, classroom: Classroom, quiz: Quiz
) -> None:
    session = services.start_session(quiz, "live")
    drawn = iter([classroom.code, session.code, "ACDEFG"])
    monkeypatch.setattr(models, "new_code", lambda: next(drawn))
    assert Classroom.objects.create(owner=classroom.owner, name="8A").code == "ACDEFG"


def test_a_new_session_never_takes_a_class_code(
    monkeypatch: pytest.MonkeyPatch, classroom: Classroom, quiz: Quiz
) -> None:
    drawn = iter(["KMNPQR"])
    monkeypatch.setattr("tutor.classrooms.signals.new_code", lambda: next(drawn))
    session = services.start_session(quiz, "live")
    assert session.code != classroom.code  # the default drawn at random
    clash = quiz.sessions.model(quiz=quiz, code=classroom.code)
    clash.save()
    assert clash.code == "KMNPQR"
    clash.save()  # saved again: its code stays
    assert clash.code == "KMNPQR"


def test_a_member_keeps_how_its_name_looks(classroom: Classroom) -> None:
    member = classroom.members.get(name="Asha")
    member.name = "ASHA K"
    member.save()
    assert (member.skeleton, member.capitals) == ("asha k", "ASHA K")
    with pytest.raises(IntegrityError):
        Member.objects.create(classroom=classroom, name="asha k")


def test_looking_like_finds_capital_look_alikes(classroom: Classroom) -> None:
    classroom.members.create(name="Mina")
    assert [m.name for m in classroom.members.looking_like("Мina")] == ["Mina"]
    assert not classroom.members.looking_like("Nina").exists()
