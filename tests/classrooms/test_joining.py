"""Students of a class join its quiz by picking their name: the join box leads a posted
class's code and a class's quiz code to the roster; a picked name is taken; the same device
comes back to its place; the join flow's protections still hold. (The attacks on them, run
for real, are in ``tests/security/test_join_attacks.py``.)"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from tutor.classrooms.models import Classroom, NameClaim
from tutor.quizzes import services
from tutor.quizzes.models import Quiz, Session

from .conftest import admitted, member, pick, run_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_limits_left_over() -> None:
    cache.clear()


def test_the_roster_lists_every_name(live: Session) -> None:
    page = admitted(Client(), live.code).get(f"/en/join/class/{live.code}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert all(name in html for name in ("Asha", "Bálint", "Chen"))
    assert 'type="radio" name="member"' in html and "disabled" not in html


def test_two_students_pick_their_names(live: Session, classroom: Classroom) -> None:
    asha, balint = Client(), Client()
    first = pick(asha, live, "Asha")
    assert first.status_code == 302 and first["Location"] == f"/en/play/{live.code}/"
    assert pick(balint, live, "Bálint", lang="cs").status_code == 302
    people = {p.nickname: p for p in live.participants.all()}
    assert set(people) == {"Asha", "Bálint"}
    assert people["Bálint"].language == "cs"
    assert people["Asha"].name_claim.member == member(classroom, "Asha")
    # Both are in the quiz: their play pages show the lobby, not the join form.
    assert asha.get(f"/en/play/{live.code}/").status_code == 200


def test_a_taken_name_is_shown_taken_and_refused(live: Session) -> None:
    pick(Client(), live, "Asha")
    other = admitted(Client(), live.code)
    page = other.get(f"/en/join/class/{live.code}/").content.decode()
    assert page.count(" disabled") == 1 and "(taken)" in page
    refused = pick(other, live, "Asha")
    assert refused.status_code == 422
    assert "already picked Asha" in refused.content.decode()
    assert live.participants.count() == 1


def test_the_same_device_comes_back_to_its_place(live: Session) -> None:
    student = Client()
    pick(student, live, "Chen")
    for address in (f"/en/join/{live.code}/", f"/en/join/class/{live.code}/"):
        back = student.get(address)
        assert back.status_code == 302 and back["Location"] == f"/en/play/{live.code}/"
    # Picking again (another name) changes nothing: still Chen, one participant.
    assert pick(student, live, "Asha").status_code == 302
    assert [p.nickname for p in live.participants.all()] == ["Chen"]


def test_the_same_form_sent_twice_gets_the_same_place(live: Session) -> None:
    first, resent = Client(), Client()  # the reply to the first was lost: no cookie
    assert pick(first, live, "Asha", attempt="k" * 32).status_code == 302
    assert pick(resent, live, "Asha", attempt="k" * 32).status_code == 302
    assert live.participants.count() == 1
    # Another form's key is no key to Asha's place.
    assert pick(Client(), live, "Asha", attempt="x" * 32).status_code == 422


def test_a_name_picked_by_mistake_is_freed_when_the_teacher_removes_it(live: Session) -> None:
    pick(Client(), live, "Asha")  # Chen, by mistake
    wrong = live.participants.get()
    services.remove(wrong)
    assert pick(Client(), live, "Asha").status_code == 302
    wrong.refresh_from_db()
    assert wrong.nickname == f"Asha #{wrong.pk}" and not hasattr(wrong, "name_claim")
    assert NameClaim.objects.get(member__name="Asha").participant.removed is False


def test_the_join_box_sends_a_class_quiz_to_the_roster(live: Session) -> None:
    response = Client().post("/en/join/", {"code": live.code.lower(), "nickname": "Zed"})
    assert response.status_code == 302
    assert response["Location"] == f"/en/join/class/{live.code}/"
    assert not live.participants.exists()  # no nickname joins a class's quiz
    assert Client().get(f"/en/join/{live.code}/").status_code == 200  # the form, as for any code


def test_the_class_code_leads_to_its_one_open_quiz(live: Session, classroom: Classroom) -> None:
    student = Client()
    boxed = student.post("/ja/join/", {"code": classroom.code, "nickname": ""})
    assert boxed["Location"] == f"/ja/join/class/{classroom.code}/"
    to_quiz = student.get(boxed["Location"])
    assert to_quiz.status_code == 302 and to_quiz["Location"] == f"/ja/join/class/{live.code}/"


def test_the_class_code_with_several_open_quizzes_offers_a_choice(
    live: Session, classroom: Classroom, quiz: Quiz
) -> None:
    homework = run_for(classroom, quiz, "homework", closes=timezone.now() + timedelta(hours=1))
    student = Client()
    pick(student, homework, "Asha")
    page = student.get(f"/en/join/class/{classroom.code}/")
    html = page.content.decode()
    assert page.status_code == 200
    assert f"/en/join/class/{live.code}/" in html and f"/en/join/class/{homework.code}/" in html
    assert html.count("You joined this one") == 1


def test_the_class_code_without_an_open_quiz_says_so(classroom: Classroom, quiz: Quiz) -> None:
    ended = run_for(classroom, quiz)
    services.end(ended)
    page = admitted(Client(), classroom.code).get(f"/en/join/class/{classroom.code}/")
    assert page.status_code == 200
    assert "no quiz open now" in page.content.decode()
    refused = pick(Client(), ended, "Asha")
    assert refused.status_code == 422 and "not open for answers" in refused.content.decode()


def test_an_ordinary_quiz_keeps_its_nickname_form(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    assert Client().get(f"/en/join/class/{session.code}/")["Location"] == (
        f"/en/join/{session.code}/"
    )
    empty = Client().post("/en/join/", {"code": session.code, "nickname": " "})
    assert empty.status_code == 422 and "Choose a nickname." in empty.content.decode()
    joined = Client().post("/en/join/", {"code": session.code, "nickname": "Zed"})
    assert joined.status_code == 302 and session.participants.get().nickname == "Zed"


@pytest.mark.parametrize("member_value", ["", "0", "-1", "abc", "9" * 30, "１"])
def test_a_forged_or_missing_name_is_refused(live: Session, member_value: str) -> None:
    student = admitted(Client(), live.code)
    data = {"member": member_value, "confirm": "yes"}
    response = student.post(f"/en/join/class/{live.code}/", data)
    assert response.status_code == 422
    assert "Pick your name from the list." in response.content.decode()
    assert not live.participants.exists()


def test_a_name_of_another_class_is_refused(live: Session, owner, quiz: Quiz) -> None:
    other = Classroom.objects.create(owner=owner, name="8A")
    stranger = other.members.create(name="Dev")
    student = admitted(Client(), live.code)
    data = {"member": str(stranger.pk), "confirm": "yes"}
    response = student.post(f"/en/join/class/{live.code}/", data)
    assert response.status_code == 422 and not live.participants.exists()


def test_a_pass_for_one_class_opens_no_other_roster(live: Session, owner, quiz: Quiz) -> None:
    other = Classroom.objects.create(owner=owner, name="8A")
    other.members.create(name="Dev")
    theirs = run_for(other, quiz)
    student = admitted(Client(), live.code)
    page = student.get(f"/en/join/class/{theirs.code}/")
    assert page.status_code == 302 and page["Location"] == f"/en/join/{theirs.code}/"
    dev = other.members.get()
    data = {"member": str(dev.pk), "confirm": "yes"}
    assert student.post(f"/en/join/class/{theirs.code}/", data).status_code == 302
    assert not theirs.participants.exists()


def test_a_pass_expires(live: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.classrooms import passes

    student = admitted(Client(), live.code)
    monkeypatch.setattr(passes, "PASS_AGE", -1)
    assert student.get(f"/en/join/class/{live.code}/")["Location"] == f"/en/join/{live.code}/"


@pytest.mark.parametrize("attempt", ["x" * 500, "\u202e", "a\x00b"])
def test_a_mangled_form_key_never_blocks_joining(live: Session, attempt: str) -> None:
    assert pick(Client(), live, "Asha", attempt=attempt).status_code == 302
    key = live.participants.get().join_key
    assert len(key) <= 64 and "\x00" not in key


@pytest.mark.parametrize("code", ["%00", "ABC%00DEF", "ＡＢＣＤＥＦ", "x" * 300, "🂡", "class"])
def test_hostile_codes_at_the_picker_are_unknown_codes(code: str) -> None:
    for method in ("get", "post"):
        response = getattr(Client(), method)(f"/en/join/class/{code}/", {"member": "1"})
        assert response.status_code == 404
        assert "There is no quiz with this code" in response.content.decode()


def test_classroom_of_reads_what_the_orm_reads(live: Session, quiz: Quiz) -> None:
    from tests.quizzes.test_hot import values
    from tutor.classrooms.class_sessions import classroom_of
    from tutor.classrooms.models import ClassSession

    found = classroom_of(live)
    assert found is not None and isinstance(found, Classroom)
    assert values(found) == values(ClassSession.objects.get(session=live).classroom)
    assert classroom_of(services.start_session(quiz, Session.Mode.LIVE)) is None
