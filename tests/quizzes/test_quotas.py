"""What one teacher may ask of the server (issue 25, item 4): the questions of a quiz, of
a bank and of a download, refused with a translated sentence, never a 500 and never a
request that deals thousands of questions."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tutor.drills.own_question import Question, Text
from tutor.quizzes import quotas, services
from tutor.quizzes.models import OwnQuestion, Quiz, Session, Slot

pytestmark = pytest.mark.django_db

QUIZ_FULL = "A quiz can have at most 5 questions, and this one would have"
BANK_FULL = "Your question bank can hold at most 3 questions, and it would have"
DOWNLOAD_TOO_BIG = "A download can hold at most 4 questions, and this one would have"


@pytest.fixture(autouse=True)
def small_limits(settings: Any) -> None:
    settings.QUIZ_MAX_QUESTIONS = 5
    settings.BANK_MAX_QUESTIONS = 3
    settings.EXPORT_MAX_QUESTIONS = 4


@pytest.fixture
def owner() -> Any:
    return get_user_model().objects.create_user("teacher")


@pytest.fixture
def client_of(owner: Any) -> Client:
    client = Client()
    client.force_login(owner)
    return client


def drawn(quiz: Quiz, count: int, order: int = 0) -> Slot:
    return Slot.objects.create(
        quiz=quiz, order=order, kind="drawn", drill="side-pots", level="easy", count=count
    )


def own_question(owner: Any, prompt: str = "Who posts the big blind?") -> OwnQuestion:
    record = Question(kind="single", texts=(Text("en", prompt, ("Me", "You")),), right=(0,))
    return OwnQuestion.objects.create(owner=owner, kind="single", data=record.to_dict())


def text(response: Any) -> str:
    """A page's text, its no-break spaces (Czech typography's) as spaces."""
    return response.content.decode().replace("\xa0", " ").replace("\u202f", " ")


def shown(client: Client, response: Any) -> str:
    """The page a refusal lands on, messages and all."""
    assert response.status_code == 302
    return text(client.get(response["Location"]))


def test_quiz_size_counts_fixed_slots_once_and_drawn_slots_by_count(owner: Any) -> None:
    quiz = Quiz.objects.create(owner=owner, title="Pots")
    drawn(quiz, 3)
    Slot.objects.create(quiz=quiz, order=1, kind="fixed", drill="side-pots", seed=1, count=9)
    assert quotas.quiz_size(quiz) == 4
    assert quotas.quiz_size(Quiz.objects.create(owner=owner, title="Empty")) == 0


def test_slot_add_past_the_quiz_limit_is_refused_on_the_form(owner: Any, client_of: Client) -> None:
    quiz = Quiz.objects.create(owner=owner, title="Pots")
    drawn(quiz, 3)
    fields = {"drill": "side-pots", "level": "easy", "kind": "drawn", "count": 3, "points": 1}
    response = client_of.post(f"/en/quizzes/{quiz.pk}/slots/", fields)
    assert response.status_code == 200
    assert f"{QUIZ_FULL} 6." in text(response)
    assert quotas.quiz_size(quiz) == 3
    fields["count"] = 2
    assert client_of.post(f"/en/quizzes/{quiz.pk}/slots/", fields).status_code == 302
    assert quotas.quiz_size(quiz) == 5


def test_slot_edit_past_the_quiz_limit_is_refused(owner: Any, client_of: Client) -> None:
    quiz = Quiz.objects.create(owner=owner, title="Pots")
    slot = drawn(quiz, 2)
    drawn(quiz, 2, order=1)
    fields = {"level": "easy", "count": 4, "points": 1}
    page = shown(client_of, client_of.post(f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/", fields))
    assert f"{QUIZ_FULL} 6." in page
    slot.refresh_from_db()
    assert slot.count == 2
    fields["count"] = 3  # 3 + 2: at the limit
    client_of.post(f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/", fields)
    slot.refresh_from_db()
    assert slot.count == 3


def test_bank_questions_added_past_the_quiz_limit_are_refused(
    owner: Any, client_of: Client
) -> None:
    quiz = Quiz.objects.create(owner=owner, title="Pots")
    drawn(quiz, 4)
    ids = [own_question(owner, f"Question {n}?").pk for n in range(2)]
    response = client_of.post(
        f"/en/quizzes/{quiz.pk}/bank/", {"question": ids, "points": 1}, follow=True
    )
    assert f"{QUIZ_FULL} 6." in text(response)
    assert quotas.quiz_size(quiz) == 4


def test_a_new_question_in_a_full_bank_is_refused_on_the_form(
    owner: Any, client_of: Client
) -> None:
    for n in range(3):
        own_question(owner, f"Question {n}?")
    fields = {
        "kind": "truefalse",
        "first": "en",
        "prompt_en": "Is the ace low in a wheel?",
        "truth": "true",
    }
    response = client_of.post("/cs/quizzes/bank/new/", fields)
    assert response.status_code == 200
    assert "Vaše banka otázek pojme nejvýše 3 otázky" in text(response)
    assert OwnQuestion.objects.filter(owner=owner).count() == 3


def test_a_gift_import_that_would_overfill_the_bank_imports_nothing(
    owner: Any, client_of: Client
) -> None:
    own_question(owner)
    gift = "\n\n".join(f"Is {n} a number?{{T}}" for n in range(3))
    fields = {"text": gift, "language": "en", "tag": "", "quiz": "", "step": "import"}
    response = client_of.post("/en/quizzes/bank/import/", fields)
    assert response.status_code == 200
    assert f"{BANK_FULL} 4." in text(response)
    assert OwnQuestion.objects.filter(owner=owner).count() == 1


def test_a_shared_quiz_copied_into_a_full_bank_is_refused(owner: Any) -> None:
    quiz = Quiz.objects.create(owner=owner, title="Blinds", share_token="t" * 32)
    for n in range(2):
        mine = own_question(owner, f"Question {n}?")
        Slot.objects.create(quiz=quiz, order=n, kind="fixed", drill="own-question", own=mine)
    colleague = get_user_model().objects.create_user("colleague")
    for n in range(2):
        own_question(colleague, f"Theirs {n}?")
    client = Client()
    client.force_login(colleague)
    page = shown(client, client.post(f"/ja/quizzes/shared/{'t' * 32}/copy/"))
    assert "問題バンクに入れられる問題は3問まで" in page.replace("<wbr>", "")
    assert Quiz.objects.filter(owner=colleague).count() == 0


def test_a_download_of_more_questions_than_allowed_is_refused_before_dealing(
    owner: Any, client_of: Client, django_assert_max_num_queries: Any
) -> None:
    quiz = Quiz.objects.create(owner=owner, title="Pots")
    drawn(quiz, 5)
    response = client_of.get(f"/en/quizzes/{quiz.pk}/export/moodle.xml")
    assert response["Location"] == f"/en/quizzes/{quiz.pk}/"
    assert f"{DOWNLOAD_TOO_BIG} 5." in shown(client_of, response)
    Slot.objects.filter(quiz=quiz).update(count=4)
    response = client_of.get(f"/en/quizzes/{quiz.pk}/export/gift.txt")
    assert response.status_code == 200
    assert text(response).count("::") >= 8  # four named questions


def test_a_session_download_of_more_questions_than_allowed_is_refused(
    owner: Any, client_of: Client
) -> None:
    quiz = Quiz.objects.create(owner=owner, title="Pots")
    drawn(quiz, 6)
    session = services.start_session(quiz, "homework", closes=timezone.now() + timedelta(hours=1))
    response = client_of.get(f"/hi/quizzes/session/{session.code}/export/moodle.xml")
    assert response["Location"] == f"/hi/quizzes/session/{session.code}/results/"
    assert "एक डाउनलोड में ज़्यादा से ज़्यादा 4 सवाल" in shown(client_of, response)


def test_a_quiz_made_before_its_limit_does_not_start(owner: Any, client_of: Client) -> None:
    quiz = Quiz.objects.create(owner=owner, title="Pots")
    drawn(quiz, 50)
    response = client_of.post(f"/bn/quizzes/{quiz.pk}/run/", {"mode": "live", "zone": "UTC"})
    assert "একটি কুইজে সর্বোচ্চ 5টি প্রশ্ন থাকতে পারে" in shown(client_of, response)
    assert not Session.objects.filter(quiz=quiz).exists()
