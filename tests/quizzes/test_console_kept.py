"""The console's kept lists (``console_kept.py``): what a teacher is sent from them equals
what a fresh render sends, in five languages, after every change a class goes through;
a poll that finds nothing new reads no student; and the lists are typeset as the rest
of the page is."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tutor.quizzes import console_kept, results, services
from tutor.quizzes.models import Participant, Quiz, Session
from tutor.site.typography import typeset_html

from .classroom import form, teenpatti_answers

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "bn", "hi", "ja", "cs")
NAMES = ("Asha", "Bálint a v k", "ゆうき", "अनु", "<b>Tom & Jerry</b>")


@pytest.fixture(autouse=True)
def nothing_kept_here() -> Iterator[None]:
    console_kept.forget()
    yield
    console_kept.forget()


@pytest.fixture
def live(quiz: Quiz) -> Session:
    """A live session with a leaderboard, five students joined, the first question open,
    two of them answered (one right, one wrong)."""
    session = services.start_session(quiz, "live", leaderboard=True)
    for name in NAMES:
        Participant.objects.create(session=session, nickname=name)
    session = services.open_question(session, 0)
    right, wrong = teenpatti_answers(session)
    students = list(session.participants.order_by("pk"))
    services.submit(session, students[0], 0, form(result=right))
    services.submit(session, students[1], 0, form(result=wrong))
    return session


def _plain(html: bytes) -> str:
    """A reply's HTML without what differs on every request (tokens, nonces)."""
    text = html.decode()
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "csrf", text)
    text = re.sub(r'"X-CSRFToken": "[^"]+"', "csrf", text)
    return re.sub(r'nonce="[^"]+"', "nonce", text)


def _replies(client: Client, session: Session, fresh: bool = False) -> dict[str, tuple[int, str]]:
    """The console page and its poll in every language; ``fresh``: each with nothing kept."""
    session.refresh_from_db()
    replies = {}
    for language in LANGUAGES:
        page = f"/{language}/quizzes/session/{session.code}/"
        poll = f"{page}live/?state={session.state}&current={session.current}"
        for kind, url in (("page", page), ("poll", poll)):
            if fresh:
                console_kept.forget()
            reply = client.get(url, headers={"HX-Request": "true"} if kind == "poll" else {})
            replies[f"{language} {kind}"] = (reply.status_code, _plain(reply.content))
    return replies


def _answer(session: Session) -> None:
    right, _wrong = teenpatti_answers(session)
    third = session.participants.order_by("pk")[2]
    services.submit(session, third, 0, form(result=right))


def _join(session: Session) -> None:
    Participant.objects.create(session=session, nickname="Late Lucie")


def _rename(session: Session) -> None:
    services.rename(session.participants.order_by("pk")[3], "Anu K")


def _remove(session: Session) -> None:
    services.remove(session.participants.order_by("pk")[4])


def _reveal(session: Session) -> None:
    services.reveal(session)


def _end(session: Session) -> None:
    services.reveal(session)
    services.end(session)


CHANGES: dict[str, Callable[[Session], None]] = {
    "an answer": _answer,
    "a join": _join,
    "a rename": _rename,
    "a removal": _remove,
    "the reveal": _reveal,
    "the end": _end,
}


@pytest.mark.parametrize("change", CHANGES)
def test_console_kept_lists_equal_fresh_ones_after_a_change(
    client: Client, live: Session, change: str
) -> None:
    client.force_login(live.quiz.owner)
    _replies(client, live)  # every list kept, in every language
    CHANGES[change](live)
    kept = _replies(client, live)
    fresh = _replies(client, live, fresh=True)
    assert kept == fresh
    assert _replies(client, live) == fresh  # and kept again, as made


def test_console_poll_with_nothing_new_reads_no_student(client: Client, live: Session) -> None:
    client.force_login(live.quiz.owner)
    poll = f"/en/quizzes/session/{live.code}/live/?state=question&current=0"
    first = client.get(poll, headers={"HX-Request": "true"})
    with CaptureQueriesContext(connection) as queries:
        again = client.get(poll, headers={"HX-Request": "true"})
    assert _plain(again.content) == _plain(first.content)
    assert "Asha" in again.content.decode()
    assert not [q["sql"] for q in queries if "nickname" in q["sql"]]


@pytest.mark.parametrize("language", ["cs", "ja"])
def test_console_kept_lists_are_typeset_as_the_page(
    client: Client, live: Session, language: str
) -> None:
    """Typesetting is a fixed point: a page whose every part was typeset is unchanged by
    it; a kept list left untyped would change ("a v k" in Czech, Japanese phrases)."""
    client.force_login(live.quiz.owner)
    services.reveal(live)
    for _ in range(2):  # made, then kept
        page = client.get(f"/{language}/quizzes/session/{live.code}/").content.decode()
        assert "Bálint a\u00a0v\u00a0k" in page or language != "cs"
        assert typeset_html(page, language) == page


def test_question_result_counted_by_the_database_equals_row_by_row(live: Session) -> None:
    _answer(live)
    services.reveal(live)
    live.refresh_from_db()
    counted = results.question_result(live, 0)
    by_rows = results.question_results(live)[0]
    assert counted.splits == by_rows.splits
    assert (counted.answered, counted.right, counted.joined) == (3, 2, 5)
    assert counted.average_ms == by_rows.average_ms
    assert counted.key_label == by_rows.key_label
    assert counted.drill_title == by_rows.drill_title
