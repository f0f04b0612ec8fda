"""The student shortcut through the URL resolver (tutor/quizzes/student_route.py): the same
matches, and so the same replies, as Django's walk through every pattern."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings
from django.urls import Resolver404, get_resolver, resolve
from django.utils import translation

from tests.quizzes.test_student import join, right_answer, wrong_answer
from tutor.quizzes import services
from tutor.quizzes.models import Quiz, Response
from tutor.quizzes.student_route import StudentShortcut

WALK = "tests.quizzes.urls_walk"
KINDS = ["", "state/", "answer/", "events/"]


def shape(path: str, urlconf: str | None = None) -> tuple:
    match = resolve(path, urlconf)
    return (
        match.func,
        match.args,
        match.kwargs,
        match.view_name,
        match.app_names,
        match.namespaces,
        match.route,
        match.captured_kwargs,
        match.extra_kwargs,
    )


def test_the_shortcut_is_first_in_the_root_urlconf() -> None:
    assert isinstance(get_resolver().url_patterns[0], StudentShortcut)


@pytest.mark.parametrize("language", ["en", "cs"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_student_address_resolves_as_the_walk_does(language: str, kind: str) -> None:
    with translation.override(language):
        for code in ["ABC234", "XYZ999"]:  # the second one from the kept shape
            path = f"/{language}/play/{code}/{kind}"
            assert shape(path) == shape(path, WALK)
            assert resolve(path).kwargs == {"code": code}


def test_other_addresses_and_languages_are_left_to_the_walk() -> None:
    with translation.override("en"):
        assert shape("/en/join/ABC234/") == shape("/en/join/ABC234/", WALK)
        # Not the active language: no match, as LocalePrefixPattern decides.
        for path in ["/cs/play/ABC234/", "/xx/play/ABC234/", "/en/play/ABC234/bogus/"]:
            with pytest.raises(Resolver404):
                resolve(path)


def same(response: object) -> tuple:
    """Status, the headers a reply is judged by, and the body with its (random) CSRF mask."""
    body = re.sub(
        rb'(csrfmiddlewaretoken" value=|"X-CSRFToken": *)"[^"]*"', rb"\1", response.content
    )  # type: ignore[attr-defined]
    headers = [
        "Content-Type",
        "Content-Language",
        "Vary",
        "X-Frame-Options",
        "Content-Security-Policy",
    ]
    return (response.status_code, [response.get(name) for name in headers], body)  # type: ignore[attr-defined]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "cs"])
def test_replies_equal_the_walk(client: Client, quiz: Quiz, language: str) -> None:
    session = services.start_session(quiz, "live")
    join(client, session, language=language)
    services.open_question(session, 0)
    play = f"/{language}/play/{session.code}/"
    requests = [
        lambda: client.get(play),
        lambda: client.get(f"{play}state/?v=0", HTTP_HX_REQUEST="true"),
        lambda: client.post(f"{play}answer/", {"index": "x"}, HTTP_HX_REQUEST="true"),
    ]
    for send in requests:
        fast = send()
        with override_settings(ROOT_URLCONF=WALK):
            assert same(send()) == same(fast)
    wrong = {"index": "0", **wrong_answer(session, 0)}
    client.post(f"{play}answer/", wrong, HTTP_HX_REQUEST="true")
    again = {"index": "0", **right_answer(session, 0)}
    fast = client.post(f"{play}answer/", again, HTTP_HX_REQUEST="true")
    stored = Response.objects.get(participant__session=session, index=0)
    assert (stored.attempts, stored.correct) == (1, False)  # already answered: not stored
    with override_settings(ROOT_URLCONF=WALK):
        assert same(client.post(f"{play}answer/", again, HTTP_HX_REQUEST="true")) == same(fast)
