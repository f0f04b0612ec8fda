"""Issue 25, item 6 (Unicode) and issue 24's usernames, each attack through the page it
came in by: every stored name follows ``tutor/core/names.py``, and every page isolates a
person's name in ``<bdi>``.

The long-name tests store names whose confusable skeleton outgrows the old 200-character
column: a 500 on PostgreSQL (``make test-postgres`` runs them there; SQLite does not
enforce a column's length)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.classrooms.models import Classroom, Member
from tutor.quizzes import services
from tutor.quizzes.models import NICKNAME_LENGTH, Quiz, Slot

from ..classrooms.conftest import admitted, pick, run_for

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-password-123"
ARABIC = "سلمى"
#: Names of the longest length whose skeletons are longest (ICU 77): a Hangul syllable
#: decomposes into up to six jamo ("꽦": 240 code points for 40, over the old column's 200),
#: "ई" into three, "আ" into two; and real conjuncts.
LONG_NAMES = [
    "꽦" * NICKNAME_LENGTH,
    "ई" * NICKNAME_LENGTH,
    "আ" * NICKNAME_LENGTH,
    ("क्षत्रिय " * 5)[:NICKNAME_LENGTH].strip(),
    ("ক্ষত্রিয় " * 5)[:NICKNAME_LENGTH].strip(),
]


@pytest.fixture
def owner(db: None) -> Any:
    return get_user_model().objects.create_user("teacher", "t@example.org", PASSWORD)


@pytest.fixture
def teacher(owner: Any) -> Client:
    client = Client()
    client.force_login(owner)
    return client


@pytest.fixture
def quiz(owner: Any) -> Quiz:
    quiz = Quiz.objects.create(owner=owner, title="Showdowns")
    Slot.objects.create(quiz=quiz, order=0, kind="fixed", drill="teenpatti-showdown", seed=5)
    return quiz


def join(session_code: str, nickname: str, client: Client | None = None) -> Any:
    return (client or Client()).post("/en/join/", {"code": session_code, "nickname": nickname})


# -- long names: keys of one length --------------------------------------------------------
@pytest.mark.parametrize("name", LONG_NAMES)
def test_a_long_nickname_joins(quiz: Quiz, name: str) -> None:
    session = services.start_session(quiz, "live")
    assert join(session.code, name).status_code == 302
    assert session.participants.get().nickname == name


@pytest.mark.parametrize("name", LONG_NAMES)
def test_a_long_roster_name_is_added(teacher: Client, owner: Any, name: str) -> None:
    classroom = Classroom.objects.create(owner=owner, name="7B")
    response = teacher.post(f"/en/quizzes/classes/{classroom.pk}/names/", {"names": name})
    assert response.status_code == 302
    assert classroom.members.get().name == name


def test_long_look_alike_names_are_still_one_name(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    assert join(session.code, "꽦" * NICKNAME_LENGTH).status_code == 302
    assert join(session.code, "꽦" * NICKNAME_LENGTH).status_code == 422
    assert join(session.code, "kiran").status_code == 302
    assert join(session.code, "KIRAN").status_code == 422
    assert session.participants.count() == 2


# -- joiners: where a script needs them -----------------------------------------------------
@pytest.mark.parametrize("name", ["র\u200d্যাব", "সুন্\u200cদর", "क्\u200dष", "क्\u200cषमा"])
def test_bengali_and_hindi_nicknames_with_joiners_join(quiz: Quiz, name: str) -> None:
    """Regression: refused as "invisible"."""
    session = services.start_session(quiz, "live")
    assert join(session.code, name).status_code == 302
    assert session.participants.get().nickname == name


@pytest.mark.parametrize("name", ["র\u200d্যাব", "क्\u200cषमा"])
def test_roster_names_with_joiners_are_added(teacher: Client, owner: Any, name: str) -> None:
    classroom = Classroom.objects.create(owner=owner, name="7B")
    response = teacher.post(f"/en/quizzes/classes/{classroom.pk}/names/", {"names": name})
    assert response.status_code == 302 and classroom.members.get().name == name


@pytest.mark.parametrize("name", ["\u200dMina", "Mi\u200cna", "রাম\u200d", "রা\u200d\u200dম"])
def test_joiners_as_padding_are_refused_in_nicknames(quiz: Quiz, name: str) -> None:
    session = services.start_session(quiz, "live")
    response = join(session.code, name)
    assert response.status_code == 422 and "joiner" in response.content.decode()


# -- combining marks -----------------------------------------------------------------------
ZALGO = "Z" + "\u0336\u0301" * 10


def test_twenty_marks_on_one_letter_are_refused_as_a_nickname(quiz: Quiz) -> None:
    """Regression: they stacked over the projector's rows."""
    session = services.start_session(quiz, "live")
    response = join(session.code, ZALGO)
    assert response.status_code == 422 and "accents or signs" in response.content.decode()
    assert not session.participants.exists()


def test_twenty_marks_on_one_letter_are_refused_on_a_roster(teacher: Client, owner: Any) -> None:
    classroom = Classroom.objects.create(owner=owner, name="7B")
    response = teacher.post(f"/en/quizzes/classes/{classroom.pk}/names/", {"names": ZALGO})
    assert response.status_code == 422 and "accents or signs" in response.content.decode()


@pytest.mark.parametrize("name", ["রাঁচি", "हैं", "कुँवर"])
def test_letters_with_vowel_sign_and_nasalisation_join(quiz: Quiz, name: str) -> None:
    session = services.start_session(quiz, "live")
    assert join(session.code, name).status_code == 302


# -- quiz titles and class names -------------------------------------------------------------
QUIZ = {"language": "", "feedback": "at_once", "attempts": "1"}


@pytest.mark.parametrize("title", ["\u202etniop", "Quiz\u200b", "Z" + "\u0301" * 20])
def test_quiz_titles_follow_the_name_rules(teacher: Client, owner: Any, title: str) -> None:
    """Regression: a quiz title accepted U+202E and U+200B."""
    response = teacher.post("/en/quizzes/new/", {**QUIZ, "title": title})
    assert response.status_code == 200 and 'class="errorlist' in response.content.decode()
    assert not Quiz.objects.filter(owner=owner).exists()


def test_a_quiz_title_is_normalised(teacher: Client, owner: Any) -> None:
    response = teacher.post("/en/quizzes/new/", {**QUIZ, "title": " ｑｕｉｚ  ７ "})
    assert response.status_code == 302
    assert Quiz.objects.get(owner=owner).title == "quiz 7"


@pytest.mark.parametrize("name", ["7B\u200b", "Z" + "\u0301" * 20, "\u200d7B"])
def test_class_names_follow_the_name_rules(teacher: Client, name: str) -> None:
    response = teacher.post("/en/quizzes/classes/new/", {"name": name, "names": ""})
    assert response.status_code == 422
    assert not Classroom.objects.exists()


# -- usernames (issue 24) --------------------------------------------------------------------
def signup(client: Client, username: str, language: str = "en") -> Any:
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD, "email": ""}
    return client.post(f"/{language}/accounts/signup/", data)


@pytest.mark.parametrize("username", ["राम", "রাম", "山田", "Dvořák", "র\u200d্যাব"])
def test_hindi_and_bengali_usernames_sign_up(client: Client, username: str) -> None:
    """Regression: Django's default rule refused vowel signs ("राम", "রাম")."""
    response = signup(client, username)
    assert response.status_code == 302
    user = get_user_model().objects.get()
    assert user.username == username
    logged_out = Client()
    assert logged_out.login(username=username, password=PASSWORD)


def test_a_username_is_stored_normalised(client: Client) -> None:
    assert signup(client, "ｒａｍ").status_code == 302
    assert get_user_model().objects.get().username == "ram"


@pytest.mark.parametrize(
    ("first", "second"), [("kiran", "kіran"), ("Mina", "Мina"), ("ravi", "RAVI"), ("राम", "राम")]
)
def test_look_alike_usernames_are_refused(client: Client, first: str, second: str) -> None:
    assert signup(client, first).status_code == 302
    response = signup(Client(), second)
    assert response.status_code == 200 and 'class="errorlist' in response.content.decode()
    assert get_user_model().objects.count() == 1


@pytest.mark.parametrize(
    ("username", "words"),
    [
        ("\u202eevil", "invisible"),
        ("ram\u200b", "invisible"),
        ("Z" + "\u0301" * 20, "accents or signs"),
        ("ram das", "only letters"),
        ("\u200dram", "joiner"),
    ],
)
def test_bad_usernames_are_refused_in_words(client: Client, username: str, words: str) -> None:
    response = signup(client, username)
    assert response.status_code == 200 and words in response.content.decode()
    assert not get_user_model().objects.exists()


@pytest.mark.parametrize("language", ["bn", "hi", "ja", "cs"])
def test_username_errors_are_translated(client: Client, language: str) -> None:
    html = signup(client, "ram das", language).content.decode()
    assert "only letters" not in html and 'class="errorlist' in html


# -- <bdi> around every person's name ----------------------------------------------------------
def isolated(html: str, name: str) -> bool:
    """Every time ``name`` is shown as text, it is inside a ``<bdi>``."""
    text = re.sub(r"<(input|textarea|title)\b.*?>", "", html, flags=re.S)
    text = re.sub(r'(aria-label|value|title|content)="[^"]*"', "", text)
    bare = re.sub(f"<bdi[^>]*>{re.escape(name)}</bdi>", "", text)
    return name in text and name not in bare


def test_nicknames_are_isolated_on_the_console_and_results(teacher: Client, quiz: Quiz) -> None:
    """Regression: an Arabic nickname flipped the "(0/1)" after it."""
    session = services.start_session(quiz, "live")
    student = Client()
    assert join(session.code, ARABIC, student).status_code == 302
    services.open_question(session, 0)
    services.reveal(session)
    pages = [
        f"/en/quizzes/session/{session.code}/",
        f"/en/quizzes/session/{session.code}/results/",
        f"/en/play/{session.code}/",
    ]
    for page in pages:
        client = student if page.startswith("/en/play/") else teacher
        html = client.get(page).content.decode()
        assert isolated(html, ARABIC), page
    services.end(session)
    assert isolated(teacher.get(pages[0]).content.decode(), ARABIC)


def test_roster_names_are_isolated(teacher: Client, owner: Any, quiz: Quiz) -> None:
    classroom = Classroom.objects.create(owner=owner, name="7B")
    Member.objects.create(classroom=classroom, name=ARABIC)
    Member.objects.create(classroom=classroom, name="Asha")
    session = run_for(classroom, quiz)
    student = Client()
    assert pick(student, session, ARABIC).status_code == 302
    picker = admitted(Client(), session.code).get(f"/en/join/class/{session.code}/")
    assert isolated(picker.content.decode(), ARABIC)
    services.open_question(session, 0)
    services.end(session)
    pages = [f"/en/quizzes/classes/{classroom.pk}/", f"/en/quizzes/classes/{classroom.pk}/report/"]
    for page in pages:
        assert isolated(teacher.get(page).content.decode(), ARABIC), page
    html = teacher.get(pages[1]).content.decode()
    assert "Not asked: <bdi>Asha</bdi>" in html


def test_messages_isolate_names(teacher: Client, owner: Any) -> None:
    classroom = Classroom.objects.create(owner=owner, name="7B")
    member = Member.objects.create(classroom=classroom, name=ARABIC)
    url = f"/en/quizzes/classes/{classroom.pk}/names/{member.pk}/"
    page = teacher.post(url, {"action": "remove"}, follow=True).content.decode()
    assert f"<bdi>{ARABIC}</bdi> was taken off the roster." in page


def test_the_signed_in_username_is_isolated(client: Client) -> None:
    assert signup(client, ARABIC).status_code == 302
    assert isolated(client.get("/en/quizzes/").content.decode(), ARABIC)


def test_an_account_is_made_with_its_look_or_not_at_all(client: Client) -> None:
    """Two look-alike sign-ups at once: the second's look is refused by the database,
    and its account goes with it."""
    from django.db import IntegrityError

    from tutor.core.names import looks
    from tutor.quizzes.forms import SignupForm
    from tutor.quizzes.models import UsernameLook

    form = SignupForm({"username": "kiran", "password1": PASSWORD, "password2": PASSWORD})
    assert form.is_valid()
    other = get_user_model().objects.create_user("KIRAN")  # signed up meanwhile
    UsernameLook.objects.create(user=other, skeleton=looks("kiran")[0], capitals="")
    with pytest.raises(IntegrityError):
        form.save()
    assert list(get_user_model().objects.values_list("username", flat=True)) == ["KIRAN"]
