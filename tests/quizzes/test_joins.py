"""What every way of joining shares (``tutor/quizzes/joins.py``): the counts behind the
limits, the device cookie, and a join's answers in each language, with what it costs in
queries."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache, caches
from django.test import Client, override_settings
from django.utils import translation
from django.utils.translation import gettext

from tests.conftest import without_breaks
from tutor.quizzes import joins, nicknames, services
from tutor.quizzes.models import Participant, Quiz, Session

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_counts() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


LOCAL_MEMORY = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "test-joins",
}


@pytest.fixture(params=["database", "atomic incr"])
def counts(request: pytest.FixtureRequest) -> Iterator[str]:
    """The site's caches for the counts: the database's (``BaseCache.incr``, a read and a
    write) or one with an ``incr`` of its own (local memory here, as Redis has)."""
    if request.param == "database":
        yield request.param
        return
    with override_settings(CACHES={**settings.CACHES, "default": LOCAL_MEMORY}):
        cache.clear()
        yield request.param
        cache.clear()


def test_bump_counts_up_from_one_in_a_window(counts: str) -> None:
    bumps = [joins._bump("quiz-join-test", also="quiz-join-other") for _ in range(4)]
    assert bumps == [(1, 0), (2, 0), (3, 0), (4, 0)]
    assert joins._bump("quiz-join-other", also="quiz-join-test") == (1, 4)
    assert joins._bump("quiz-join-other") == (2, 0)
    cache.delete("quiz-join-test")  # the window is over
    assert joins._bump("quiz-join-test", also="quiz-join-other") == (1, 2)
    assert cache.get("quiz-join-test") == 1 and cache.get("quiz-join-other") == 2


def test_bump_counts_a_window_another_request_started_meanwhile(counts: str, monkeypatch) -> None:
    """Two requests count the same new window: the one whose ``add`` comes second counts
    on from the other's, as if it had come later."""
    backend = caches["default"]
    real_add = backend.add

    def add(key: str, value: Any, timeout: Any = None, version: int | None = None) -> bool:
        real_add(key, 1, joins.JOIN_WINDOW)  # the other request, just before
        return real_add(key, value, timeout)

    monkeypatch.setattr(backend, "add", add)
    assert joins._bump("quiz-join-race") == (2, 0)
    assert cache.get("quiz-join-race") == 2


def test_the_device_cookie_is_checked_once_a_request(quiz: Quiz, monkeypatch) -> None:
    session = services.start_session(quiz, "live")
    browser = Client()
    browser.get("/en/join/")  # sets the device cookie
    checked: list[object] = []
    signed = joins._signed_device

    def counting(request: Any) -> joins.Device | None:
        checked.append(request)
        return signed(request)

    monkeypatch.setattr(joins, "_signed_device", counting)
    response = browser.post("/en/join/", {"code": session.code, "nickname": "Asha"})
    assert response.status_code == 302 and len(checked) == 1


@pytest.mark.django_db(transaction=True)  # as the site runs: no test transaction around it
def test_a_join_costs_ten_queries_at_most(quiz: Quiz, django_assert_max_num_queries) -> None:
    """A new device's join on the database cache: the address's count of new devices and
    the device's wrong codes (one read), the count's write (five statements with the
    cache's own transaction), the session, its class, the look-alike check and the INSERT
    (18 queries before the join path was trimmed, 2 Dec 2026)."""
    session = services.start_session(quiz, "live")
    Client().post("/en/join/", {"code": session.code, "nickname": "Mina"})  # a window begun
    browser = Client()
    with django_assert_max_num_queries(10):
        response = browser.post("/en/join/", {"code": session.code, "nickname": "Asha"})
    assert response.status_code == 302


def post(browser: Client, language: str, code: str, nickname: str = "Asha") -> tuple[int, str]:
    response = browser.post(f"/{language}/join/", {"code": code, "nickname": nickname})
    # The page as read: no phrase breaks (Japanese), no-break spaces as spaces (Czech).
    return response.status_code, without_breaks(response.content.decode()).replace("\xa0", " ")


def test_a_join_is_refused_limited_and_accepted_in_every_language(
    quiz: Quiz, language: str, monkeypatch
) -> None:
    """Each answer of the join form, in the student's language: no such quiz, a closed
    one, a taken or kept nickname, too many wrong codes from the device, too many new
    devices from the address, and the way in with both cookies set."""
    monkeypatch.setattr(joins, "NEW_DEVICES_PER_ADDRESS", 3)
    session = services.start_session(quiz, "live")
    ended = services.start_session(quiz, "live")
    services.end(ended)
    with translation.override(language):
        no_quiz = gettext("There is no quiz with this code. Check it with your teacher.")
        not_open = gettext("This quiz is not open for answers now.")
        taken = str(nicknames.MESSAGES["nickname_taken"])
        kept = str(nicknames.MESSAGES["nickname_reserved"])
        wrong_codes = gettext(
            "Too many wrong codes from this device. Please wait a few minutes and try again."
        )
        new_devices = gettext(
            "Too many new devices have tried to join from this network. Please wait a few "
            "minutes, or use a device that has joined a quiz before."
        )
    guesser = Client()  # new device 1
    for _ in range(joins.JOIN_ATTEMPTS):
        status, page = post(guesser, language, "ACDEFG")
        assert status == 422 and no_quiz in page
    status, page = post(guesser, language, session.code)
    assert status == 429 and wrong_codes in page  # its own guesses, even with the right code
    student = Client()  # new device 2
    status, page = post(student, language, ended.code)
    assert status == 422 and not_open in page
    status, page = post(student, language, session.code, "Teacher")
    assert status == 422 and kept in page
    response = student.post(f"/{language}/join/", {"code": session.code, "nickname": "Asha"})
    assert response.status_code == 302
    assert response["Location"] == f"/{language}/play/{session.code}/"
    assert {f"quiz_{session.code}", joins.DEVICE_COOKIE} <= set(response.cookies)
    participant = Participant.objects.get(session=session)
    assert (participant.nickname, participant.language) == ("Asha", language)
    status, page = post(Client(), language, session.code, "ASHA")  # new device 3
    assert status == 422 and taken in page
    status, page = post(Client(), language, session.code, "Ravi")  # a fourth: over budget
    assert status == 429 and new_devices in page
    again = student.post(f"/{language}/join/", {"code": session.code, "nickname": "x"})
    assert again.status_code == 302  # a device that has joined is never held to the budget
    assert Session.objects.get(pk=session.pk).participants.count() == 1


@pytest.mark.parametrize("prefix", ["/", "/tutor/"])
def test_play_address_is_what_reverse_gives(language: str, prefix: str) -> None:
    from django.urls import reverse, set_script_prefix

    set_script_prefix(prefix)
    try:
        with translation.override(language):
            for code in ("ACDEFG", "K7M2Q9", "ACDEFGHJKM", "a-b c"):
                assert joins.play_address(code) == reverse("quizzes:play", args=[code])
            assert joins.play_address("ACDEFG").startswith(f"{prefix}{language}/")
    finally:
        set_script_prefix("/")
