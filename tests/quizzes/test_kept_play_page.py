"""The quiz page kept per language, quiz and title (``student_views.render_page``): for
every student, in every language and on every screen, it is the page rendered as usual,
with their own nickname, stage and CSRF token; nothing of one student shows on another's."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.core.cache import caches
from django.test import Client
from django.utils import timezone

from tutor.core import kept_pages
from tutor.quizzes import services, student_views
from tutor.quizzes.models import Quiz, Response

from .test_student import join, right_answer, wrong_answer

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]+"')
# A nickname with markup characters, one with Czech one-letter words, one in Japanese.
NICKNAMES = {
    "en": "Tom & <Jerry>",
    "cs": "Já a v tom",
    "ja": "やまだ たろう",
    "bn": "Asha",
    "hi": "Ravi",
}


@pytest.fixture(autouse=True)
def empty_fragments():
    caches["local"].clear()
    yield
    caches["local"].clear()


def both(client: Client, address: str, monkeypatch: Any) -> tuple[str, str]:
    """The page as kept (asked twice: made, then read back) and as rendered as usual."""
    kept = [client.get(address) for _ in range(2)]
    assert all(getattr(r, kept_pages.FINISHED, False) for r in kept)
    with monkeypatch.context() as patched:
        patched.setattr(kept_pages, "keeps", lambda request, **_: False)
        usual = client.get(address)
    assert not getattr(usual, kept_pages.FINISHED, False)
    pages = [TOKEN.sub(r"\1TOKEN", r.content.decode()) for r in (*kept, usual)]
    assert pages[0] == pages[1]
    return pages[1], pages[2]


@pytest.mark.parametrize("language", sorted(NICKNAMES))
def test_kept_quiz_page_is_the_page_rendered_as_usual(
    quiz: Quiz, language: str, monkeypatch: Any
) -> None:
    session = services.start_session(quiz, "live")
    student, classmate = Client(), Client()
    join(student, session, NICKNAMES[language], language)
    join(classmate, session, "Bea", language)
    me = session.participants.get(nickname=NICKNAMES[language])
    bea = session.participants.get(nickname="Bea")
    address = f"/{language}/play/{session.code}/"
    seen = []
    for step in ("lobby", "question", "answered", "revealed", "ended"):
        if step == "question":
            services.next_question(session)
        elif step == "answered":
            services.submit(session, me, 0, wrong_answer(session, 0))
            services.submit(session, bea, 0, right_answer(session, 0))
        elif step == "revealed":
            services.reveal(session)
        elif step == "ended":
            services.end(session)
        kept, usual = both(student, address, monkeypatch)
        assert kept == usual, step
        theirs, _ = both(classmate, address, monkeypatch)
        assert NICKNAMES[language] not in theirs and "&lt;Jerry&gt;" not in theirs
        seen.append(kept)
    assert len(set(seen)) == 5
    assert kept_pages.TOKEN not in "".join(seen)


def test_a_kept_quiz_page_holds_the_students_own_token(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    services.next_question(session)
    tokens = set()
    for nickname in ("Asha", "Bea"):
        student = Client(enforce_csrf_checks=True)
        page = student.get(f"/en/join/{session.code}/").content.decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        attempt = re.search(r'name="attempt" value="([^"]+)"', page)
        assert token and attempt
        form = {"code": session.code, "nickname": nickname, "attempt": attempt.group(1)}
        student.post("/en/join/", {**form, "csrfmiddlewaretoken": token.group(1)})
        play = student.get(f"/en/play/{session.code}/").content.decode()
        assert f"<bdi>{nickname}</bdi>" in play
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', play)
        assert token
        tokens.add(token.group(1))
        answer = {"csrfmiddlewaretoken": token.group(1), "index": "0"}
        reply = student.post(f"/en/play/{session.code}/answer/", answer)
        assert reply.status_code != 403  # the token put in is this browser's
    assert len(tokens) == 2


COUNTDOWN = re.compile(r'data-countdown="([0-9]+)"')


@pytest.mark.parametrize("language", sorted(NICKNAMES))
def test_a_homework_stage_is_kept_with_each_students_clock_put_in(
    quiz: Quiz, language: str, monkeypatch: Any
) -> None:
    """A homework question's stage is rendered once for the class, each student's own
    seconds put in: the page is the page rendered as usual for each of them."""
    quiz.time_limit = 90
    quiz.save()
    closes = timezone.now() + timedelta(hours=1)
    session = services.start_session(quiz, "homework", closes=closes)
    now = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: now)  # no second passes between loads
    student, classmate = Client(), Client()
    join(student, session, NICKNAMES[language], language)
    join(classmate, session, "Bea", language)
    address = f"/{language}/play/{session.code}/"
    made = []
    template = student_views.get_template
    monkeypatch.setattr(
        student_views, "get_template", lambda name: made.append(name) or template(name)
    )
    for browser in (student, classmate):
        browser.get(address)  # the question is shown: each clock runs
    shown = Response.objects.filter(participant__session=session)
    shown.update(shown=now)
    shown.filter(participant__nickname="Bea").update(shown=now - timedelta(seconds=30))
    mine, usual = both(student, address, monkeypatch)
    assert mine == usual
    theirs, usual = both(classmate, address, monkeypatch)
    assert theirs == usual
    mine_left, theirs_left = (int(COUNTDOWN.findall(page)[0]) for page in (mine, theirs))
    assert mine_left - theirs_left == 30
    assert made.count(student_views.STAGE) == 1  # kept once, for both


@pytest.mark.parametrize("language", sorted(NICKNAMES))
def test_homeworks_page_after_an_answer_is_kept_with_its_query(
    quiz: Quiz, language: str, monkeypatch: Any
) -> None:
    """Homework's page after an answer (``?answered=<index>``, the verdict first) is the
    kept page too, with the query put in where the language links carry it: the page
    rendered as usual, a query with markup characters escaped as the usual page escapes
    it, and nothing of one student's query on a classmate's page."""
    closes = timezone.now() + timedelta(hours=1)
    session = services.start_session(quiz, "homework", closes=closes)
    student, classmate = Client(), Client()
    join(student, session, NICKNAMES[language], language)
    join(classmate, session, "Bea", language)
    address = f"/{language}/play/{session.code}/"
    student.get(address)  # the question is shown
    posted = student.post(f"{address}answer/", {"index": "0", **wrong_answer(session, 0)})
    assert posted.status_code == 302 and posted["Location"] == f"{address}?answered=0"
    other = "cs" if language != "cs" else "ja"
    for query in ("?answered=0", '?answered=0&x="<b>&amp;'):
        kept, usual = both(student, address + query, monkeypatch)
        assert kept == usual, query
        assert f'href="/{other}/play/{session.code}/?answered=0' in kept  # the language links
    theirs, usual = both(classmate, address, monkeypatch)
    assert theirs == usual
    assert "answered=0" not in theirs
