"""Every fragment kept per process is rendered for two people in two languages, one after
the other, and nothing of the first shows on the second's page: a cache key that missed
the language, or a user's data inside a kept fragment, would show here."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.test import Client
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

from tutor.drills import holdem_showdown
from tutor.drills.base import make_token
from tutor.quizzes import services
from tutor.quizzes.models import Quiz, Session, Slot

pytestmark = pytest.mark.django_db


def _skip_link(language: str) -> str:
    """The first words of the kept header, in ``language``."""
    with translation.override(language):
        return gettext("Skip to content")


SKIP_LINK = {language: _skip_link(language) for language in ("en", "cs")}


@pytest.fixture(autouse=True)
def empty_fragments():
    caches["local"].clear()
    yield
    caches["local"].clear()


def _teacher(name: str) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.create_user(name, f"{name}@example.org", "pw"))
    return client


def test_site_header_and_footer_keep_no_user_and_follow_the_language() -> None:
    assert SKIP_LINK["en"] != SKIP_LINK["cs"]
    alice, bob = _teacher("alice-teacher"), _teacher("bob-teacher")
    first = alice.get("/en/quizzes/").content.decode()
    assert "alice-teacher" in first and SKIP_LINK["en"] in first
    for client, language, other in ((bob, "en", "alice-teacher"), (Client(), "cs", "bob")):
        page = client.get(f"/{language}/quizzes/").content.decode()
        assert other not in page
        assert SKIP_LINK[language] in page
    czech = Client().get("/cs/quizzes/").content.decode()
    assert SKIP_LINK["en"] not in czech and "alice-teacher" not in czech


def test_drill_heading_and_tally_are_each_learners_own() -> None:
    drill = holdem_showdown.DRILL
    question = drill.generate(4, "easy")
    right = drill.right_answer(question)
    asha = Client()
    for seed in (4, 4, 5):  # one answer counted twice is still one
        token = make_token(drill.slug, seed, "easy")
        asha.post(f"/en/drills/{drill.slug}/", {"token": token, **right})
    asha_page = asha.get(f"/en/drills/{drill.slug}/?level=easy&seed=9").content.decode()
    assert "<dd>2</dd>" in asha_page  # two questions answered
    for language in ("en", "cs"):  # a newcomer in the same language, then in another
        fresh = Client().get(f"/{language}/drills/{drill.slug}/?level=easy&seed=9").content
        assert fresh.decode().count("<dd>0</dd>") == 4, language
    ben_page = Client().get(f"/cs/drills/{drill.slug}/?level=easy&seed=9").content.decode()
    with translation.override("en"):
        english_title = escape(str(drill.title))
    assert english_title in asha_page
    assert english_title not in ben_page  # the Czech title, not the English one kept before
    assert 'lang="cs"' in ben_page


def test_quiz_question_fragment_keeps_no_student_and_follows_each_language() -> None:
    owner = get_user_model().objects.create_user("teacher", "t@example.org", "pw")
    quiz = Quiz.objects.create(owner=owner, title="Two languages", attempts=2)
    Slot.objects.create(quiz=quiz, kind="fixed", drill="name-the-hand", level="easy", seed=3)
    session = services.start_session(quiz, Session.Mode.LIVE)
    pages = {}
    for nickname, language in (("Asha-nick", "en"), ("Bedrich-nick", "cs")):
        student = Client()
        student.post(
            f"/{language}/join/", {"code": session.code, "nickname": nickname, "attempt": nickname}
        )
        if not pages:
            services.open_question(Session.objects.get(pk=session.pk), 0)
        pages[nickname] = student.get(f"/{language}/play/{session.code}/").content.decode()
    asha, bedrich = pages["Asha-nick"], pages["Bedrich-nick"]
    assert "Asha-nick" in asha and "Asha-nick" not in bedrich
    assert "what hand do these three cards make?" in asha or "five-card hand" in asha
    assert "what hand do these three cards make?" not in bedrich
    assert "five-card hand" not in bedrich
