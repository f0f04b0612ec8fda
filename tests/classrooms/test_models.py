"""Class codes: the session codes' alphabet, ten characters (older classes' six still
join), never a session's code nor another class's, so the one join box takes either; roster
names keep how they look."""

from __future__ import annotations

import pytest
from django.db import IntegrityError
from django.test import Client

from tutor.classrooms import models
from tutor.classrooms.models import Classroom, Member
from tutor.core.names import look_key
from tutor.quizzes import services
from tutor.quizzes.models import LONG_CODE_LENGTH, Quiz, is_join_code

pytestmark = pytest.mark.django_db


def test_a_class_code_is_a_long_join_code(classroom: Classroom) -> None:
    assert is_join_code(classroom.code) and len(classroom.code) == LONG_CODE_LENGTH


def test_a_six_character_class_code_of_an_older_class_still_joins(classroom: Classroom) -> None:
    classroom.code = "KMNPQR"
    classroom.save()
    led = Client().post("/en/join/", {"code": "kmnpqr", "nickname": ""})
    assert led.status_code == 302 and led["Location"] == "/en/join/class/KMNPQR/"


def test_a_class_code_skips_codes_in_use(
    monkeypatch: pytest.MonkeyPatch, classroom: Classroom, quiz: Quiz
) -> None:
    session = services.start_session(quiz, "live")
    drawn = iter([classroom.code, session.code, "ACDEFGHJKM"])
    monkeypatch.setattr(models, "new_code", lambda length: next(drawn))
    assert Classroom.objects.create(owner=classroom.owner, name="8A").code == "ACDEFGHJKM"


def test_a_new_session_never_takes_a_class_code(
    monkeypatch: pytest.MonkeyPatch, classroom: Classroom, quiz: Quiz
) -> None:
    classroom.code = "ACDEFG"  # an older class's six-character code
    classroom.save()
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
    assert (member.skeleton, member.capitals) == (look_key("asha k"), look_key("ASHA K"))
    with pytest.raises(IntegrityError):
        Member.objects.create(classroom=classroom, name="asha k")


def test_looking_like_finds_capital_look_alikes(classroom: Classroom) -> None:
    classroom.members.create(name="Mina")
    assert [m.name for m in classroom.members.looking_like("Мina")] == ["Mina"]
    assert not classroom.members.looking_like("Nina").exists()
