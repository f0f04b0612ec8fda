"""The live quiz's state poll answered by QuickPollMiddleware (tutor/quizzes/poll.py): the
same replies as the view gave, without the middleware behind it when nothing is new."""

from __future__ import annotations

import pytest
from django.http import HttpRequest, HttpResponse
from django.test import Client, RequestFactory

from tests.conftest import LANGUAGES
from tutor.quizzes import services
from tutor.quizzes.joins import COOKIE_SALT, cookie_name
from tutor.quizzes.models import Participant, Quiz, Session
from tutor.quizzes.poll import QuickPollMiddleware, poll_paths


def joined(client: Client, quiz: Quiz) -> Session:
    session = services.start_session(quiz, "live")
    client.post("/en/join/", {"code": session.code, "nickname": "Asha"})
    assert client.cookies.get(cookie_name(session.code)), "joining set no cookie"
    return session


def never(request: HttpRequest) -> HttpResponse:
    pytest.fail(f"{request.path} went past the quick poll")


def fast(client: Client, path: str) -> HttpResponse:
    """The middleware alone, with the client's cookies; fails if it lets the request by."""
    request = RequestFactory().get(path, HTTP_HX_REQUEST="true")
    request.COOKIES = {name: morsel.value for name, morsel in client.cookies.items()}
    return QuickPollMiddleware(never)(request)


def test_poll_paths_match_the_state_address_in_every_language() -> None:
    paths = poll_paths()
    for language in LANGUAGES:
        assert paths.fullmatch(f"/{language}/play/ABC234/state/")
    assert not paths.fullmatch("/en/play/ABC234/")
    assert not paths.fullmatch("/xx/play/ABC234/state/")


@pytest.mark.django_db
def test_nothing_new_is_answered_before_the_rest_of_the_stack(client: Client, quiz: Quiz) -> None:
    session = joined(client, quiz)
    reply = fast(client, f"/en/play/{session.code}/state/?v={session.version}")
    assert reply.status_code == 204
    assert reply["X-Frame-Options"] == "DENY"
    services.end(session)
    session.refresh_from_db()
    assert fast(client, f"/en/play/{session.code}/state/?v={session.version}").status_code == 286


@pytest.mark.django_db
def test_a_poll_without_a_valid_cookie_is_told_to_stop(client: Client, quiz: Quiz) -> None:
    session = joined(client, quiz)
    path = f"/en/play/{session.code}/state/?v={session.version}"
    assert fast(Client(), path).status_code == 286  # no cookie
    forged = Client()
    forged.cookies[cookie_name(session.code)] = "participant-token:forged:signature"
    assert fast(forged, path).status_code == 286
    assert forged.get(path).status_code == 286  # the same through the whole stack
    # A correctly signed cookie for another quiz's code does not count for this one.
    other = Client()
    token = Participant.objects.get(session=session).token
    response = HttpResponse()
    response.set_signed_cookie(cookie_name("ZZZZZZ"), token, salt=COOKIE_SALT)
    other.cookies[cookie_name(session.code)] = response.cookies[cookie_name("ZZZZZZ")].value
    assert fast(other, path).status_code == 286


@pytest.mark.django_db
def test_a_student_who_is_behind_gets_the_stage_from_the_view(client: Client, quiz: Quiz) -> None:
    session = joined(client, quiz)
    old = session.version
    services.open_question(session, 0)
    path = f"/en/play/{session.code}/state/?v={old}"
    passed: list[str] = []

    def view(request: HttpRequest) -> HttpResponse:
        passed.append(request.path)
        return HttpResponse("stage")

    request = RequestFactory().get(path, HTTP_HX_REQUEST="true")
    request.COOKIES = {name: morsel.value for name, morsel in client.cookies.items()}
    assert QuickPollMiddleware(view)(request).content == b"stage" and passed == [request.path]
    stage = client.get(path, HTTP_HX_REQUEST="true")
    assert stage.status_code == 200 and "Question 1 of 2" in stage.content.decode()


@pytest.mark.parametrize("code", ["NOPE", "ABCDEF"])
def test_a_code_that_names_no_quiz_is_still_a_404(client: Client, code: str) -> None:
    assert client.get(f"/en/play/{code}/state/?v=1").status_code == 404


@pytest.mark.django_db
def test_other_methods_and_hosts_are_not_answered_by_the_quick_poll(
    client: Client, quiz: Quiz
) -> None:
    session = joined(client, quiz)
    path = f"/en/play/{session.code}/state/?v={session.version}"
    assert client.post(path).status_code in (403, 405)  # CSRF or "GET only", as before
    assert client.get(path, HTTP_HOST="evil.example").status_code == 400


def test_a_student_who_is_behind_is_checked_once_per_request(
    client: Client, quiz: Quiz, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The middleware and then the view ask ``quick_reply``: the version is read once."""
    from tutor.quizzes import poll

    session = joined(client, quiz)
    old = session.version
    services.open_question(session, 0)
    read: list[str] = []
    live_state = poll.live_state

    def counted(code: str, *, fresh: bool = False) -> tuple[int, str] | None:
        read.append(code)
        return live_state(code, fresh=fresh)

    monkeypatch.setattr(poll, "live_state", counted)
    stage = client.get(f"/en/play/{session.code}/state/?v={old}", HTTP_HX_REQUEST="true")
    assert stage.status_code == 200 and "Question 1 of 2" in stage.content.decode()
    assert read == [session.code]
