"""CSRF protection on every POST of the site: drills (plain and htmx), joining and
answering a quiz, every teacher form and the account forms.

With the checks a browser gets (``Client(enforce_csrf_checks=True)``), a POST without the
token, with a made-up one, with htmx's header left out, or from another origin is refused
with 403 and changes nothing; the same POST with the token the page handed out (in the
form, or in the ``X-CSRFToken`` header that ``<body hx-headers>`` gives htmx) does its job.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.http import HttpResponse
from django.test import Client

from tutor.drills.registry import DRILLS, QuestionDrill
from tutor.engine.histories.examples import example_text
from tutor.quizzes.models import Quiz, Response, Session, Slot

from .conftest import (
    HTMX,
    PASSWORD,
    Teacher,
    csrf_from_body,
    csrf_from_form,
    everything,
    fill_form,
)

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "another-long-password-456"


@dataclass(frozen=True)
class Post:
    """One POST endpoint: who sends it, the page that holds its form, the data, and how to
    tell that it did its job."""

    name: str
    who: str  # "visitor" (no account), "teacher" (alice), "student" (joined alice's quiz)
    page: Callable[[Teacher], str]
    url: Callable[[Teacher], str]
    data: Callable[[Teacher, str], dict[str, Any]]
    done: Callable[[Teacher, Client, HttpResponse], bool]


def session_data(client: Client) -> dict[str, Any]:
    return dict(client.session.items())


def drill_post(slug: str) -> Post:
    url = f"/en/drills/{slug}/"

    def data(_t: Teacher, html: str) -> dict[str, Any]:
        if slug == "teenpatti-round":
            return {"action": "deal", "round": "1", "player_a": "10"}
        if slug == "play-holdem":
            return {"command": "new", "structure": "pot_limit", "opponents": "2"}
        if slug == "replay-hand":
            return {"history": example_text("uncalled")}
        form = {k: v for k, v in fill_form(html, url).items() if k != "csrfmiddlewaretoken"}
        drill = DRILLS[slug]
        if isinstance(drill, QuestionDrill):  # the right answer to the question on the page
            form.update(drill.right_answer(drill.generate(99, "medium")))
        return form

    def done(_t: Teacher, client: Client, response: HttpResponse) -> bool:
        state = session_data(client)
        if slug == "teenpatti-round":
            return state.get("teenpatti_round", {}).get("round") == 2
        if slug == "play-holdem":
            return "play_holdem" in state
        if slug == "replay-hand":
            return "replay_history" in state
        return state.get("drill_progress", {}).get(slug, {}).get("answered") == 1

    return Post(
        f"drill-{slug}",
        "visitor",
        lambda _t: f"{url}?level=medium&seed=99",
        lambda _t: url,
        data,
        done,
    )


def quiz_url(path: str) -> Callable[[Teacher], str]:
    return lambda t: f"/en/quizzes/{t.quiz.pk}/{path}"


def slot_url(path: str) -> Callable[[Teacher], str]:
    return lambda t: f"/en/quizzes/{t.quiz.pk}/slots/{t.fixed.pk}/{path}"


def reset_link(t: Teacher) -> str:
    """Ask for a reset mail (the form needs no login) and follow its link to the form."""
    asked = Client().post("/en/accounts/password/reset/", {"email": "alice@example.org"})
    assert asked.status_code == 302
    link = re.search(
        r"http://testserver(/en/accounts/password/reset/\S+/\S+/)", mail.outbox[-1].body
    )
    assert link
    return link.group(1)


POSTS = [
    *(drill_post(slug) for slug in DRILLS),
    Post(
        "join",
        "visitor",
        lambda t: f"/en/join/{t.live.code}/",
        lambda _t: "/en/join/",
        lambda t, _html: {"code": t.live.code, "nickname": "Newcomer"},
        lambda t, _c, _r: t.live.participants.filter(nickname="Newcomer").exists(),
    ),
    Post(
        "answer",
        "student",
        lambda t: f"/en/play/{t.live.code}/",
        lambda t: f"/en/play/{t.live.code}/answer/",
        lambda t, html: {
            k: v
            for k, v in fill_form(html, f"/en/play/{t.live.code}/answer/").items()
            if k != "csrfmiddlewaretoken"
        },
        lambda t, _c, _r: Response.objects.filter(
            participant__nickname="Fresh student", answered__isnull=False
        ).exists(),
    ),
    Post(
        "quiz-new",
        "teacher",
        lambda _t: "/en/quizzes/new/",
        lambda _t: "/en/quizzes/new/",
        lambda _t, _html: {"title": "Made by a post", "feedback": "at_once", "attempts": "1"},
        lambda _t, _c, _r: Quiz.objects.filter(title="Made by a post").exists(),
    ),
    Post(
        "quiz-edit",
        "teacher",
        quiz_url(""),
        quiz_url(""),
        lambda _t, _html: {"title": "Renamed", "feedback": "at_end", "attempts": "2"},
        lambda t, _c, _r: Quiz.objects.get(pk=t.quiz.pk).title == "Renamed",
    ),
    Post(
        "quiz-delete",
        "teacher",
        quiz_url("delete/"),
        quiz_url("delete/"),
        lambda _t, _html: {},
        lambda t, _c, _r: not Quiz.objects.filter(pk=t.quiz.pk).exists(),
    ),
    Post(
        "quiz-copy",
        "teacher",
        quiz_url(""),
        quiz_url("copy/"),
        lambda _t, _html: {},
        lambda t, _c, _r: Quiz.objects.filter(owner=t.user).count() == 2,
    ),
    Post(
        "quiz-run",
        "teacher",
        quiz_url("run/"),
        quiz_url("run/"),
        lambda _t, _html: {"mode": "live", "zone": "Asia/Tokyo"},
        lambda t, _c, _r: Session.objects.filter(quiz=t.quiz).count() == 3,
    ),
    Post(
        "slot-add",
        "teacher",
        quiz_url(""),
        quiz_url("slots/"),
        lambda _t, _html: {
            "drill": "teenpatti-showdown",
            "level": "hard",
            "kind": "fixed",
            "count": "1",
            "points": "4",
        },
        lambda t, _c, _r: t.quiz.slots.filter(drill="teenpatti-showdown", level="hard").exists(),
    ),
    Post(
        "slot-edit",
        "teacher",
        quiz_url(""),
        slot_url(""),
        lambda _t, _html: {"level": "hard", "count": "1", "points": "9"},
        lambda t, _c, _r: Slot.objects.get(pk=t.fixed.pk).points == 9,
    ),
    Post(
        "slot-move",
        "teacher",
        quiz_url(""),
        slot_url("move/"),
        lambda _t, _html: {"direction": "down"},
        lambda t, _c, _r: Slot.objects.get(pk=t.fixed.pk).order == 1,
    ),
    Post(
        "slot-deal",
        "teacher",
        quiz_url(""),
        slot_url("deal/"),
        lambda _t, _html: {},
        lambda t, _c, _r: Slot.objects.get(pk=t.fixed.pk).seed != t.fixed.seed,
    ),
    Post(
        "slot-delete",
        "teacher",
        quiz_url(""),
        slot_url("delete/"),
        lambda _t, _html: {},
        lambda t, _c, _r: not Slot.objects.filter(pk=t.fixed.pk).exists(),
    ),
    Post(
        "control",
        "teacher",
        lambda t: f"/en/quizzes/session/{t.live.code}/",
        lambda t: f"/en/quizzes/session/{t.live.code}/control/",
        lambda _t, _html: {"action": "reveal", "at": "question:0"},
        lambda t, _c, _r: Session.objects.get(pk=t.live.pk).state == "reveal",
    ),
    Post(
        "signup",
        "visitor",
        lambda _t: "/en/accounts/signup/",
        lambda _t: "/en/accounts/signup/",
        lambda _t, _html: {
            "username": "newteacher",
            "email": "new@example.org",
            "password1": NEW_PASSWORD,
            "password2": NEW_PASSWORD,
        },
        lambda _t, _c, _r: get_user_model().objects.filter(username="newteacher").exists(),
    ),
    Post(
        "login",
        "visitor",
        lambda _t: "/en/accounts/login/",
        lambda _t: "/en/accounts/login/",
        lambda _t, _html: {"username": "alice", "password": PASSWORD},
        lambda t, c, _r: session_data(c).get("_auth_user_id") == str(t.user.pk),
    ),
    Post(
        "logout",
        "teacher",
        lambda _t: "/en/quizzes/",
        lambda _t: "/en/accounts/logout/",
        lambda _t, _html: {},
        lambda _t, c, _r: "_auth_user_id" not in session_data(c),
    ),
    Post(
        "password-change",
        "teacher",
        lambda _t: "/en/accounts/password/change/",
        lambda _t: "/en/accounts/password/change/",
        lambda _t, _html: {
            "old_password": PASSWORD,
            "new_password1": NEW_PASSWORD,
            "new_password2": NEW_PASSWORD,
        },
        lambda t, _c, _r: get_user_model().objects.get(pk=t.user.pk).check_password(NEW_PASSWORD),
    ),
    Post(
        "password-reset",
        "visitor",
        lambda _t: "/en/accounts/password/reset/",
        lambda _t: "/en/accounts/password/reset/",
        lambda _t, _html: {"email": "alice@example.org"},
        lambda _t, _c, _r: [m.to for m in mail.outbox] == [["alice@example.org"]],
    ),
    Post(
        "password-reset-confirm",
        "visitor",
        reset_link,
        lambda _t: "",  # the page the link leads to, see client_for
        lambda _t, _html: {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
        lambda t, _c, _r: get_user_model().objects.get(pk=t.user.pk).check_password(NEW_PASSWORD),
    ),
]


@dataclass
class Prepared:
    client: Client
    url: str
    data: dict[str, Any]
    html: str


def prepare(post: Post, alice: Teacher) -> Prepared:
    """A browser with the page of the form open (so it holds the CSRF cookie)."""
    client = Client(enforce_csrf_checks=True)
    if post.who == "teacher":
        client.force_login(alice.user)
    elif post.who == "student":
        plain = Client()
        joined = plain.post("/en/join/", {"code": alice.live.code, "nickname": "Fresh student"})
        assert joined.status_code == 302
        client.cookies = plain.cookies
    page = client.get(post.page(alice), follow=True)
    assert page.status_code == 200, post.page(alice)
    url = post.url(alice) or page.redirect_chain[-1][0]
    html = page.content.decode()
    mail.outbox.clear()
    return Prepared(client, url, post.data(alice, html), html)


REFUSED = {
    "no token": lambda p: ({**p.data}, {}),
    "made-up token": lambda p: ({**p.data, "csrfmiddlewaretoken": "x" * 64}, {}),
    "htmx without the header": lambda p: ({**p.data}, HTMX),
    "htmx with a made-up header": lambda p: ({**p.data}, {**HTMX, "HTTP_X_CSRFTOKEN": "y" * 32}),
    "another origin": lambda p: (
        {**p.data, "csrfmiddlewaretoken": csrf_from_form(p.html)},
        {"HTTP_ORIGIN": "http://evil.example"},
    ),
    "token of another browser": lambda p: (
        {
            **p.data,
            "csrfmiddlewaretoken": csrf_from_form(Client().get("/en/join/").content.decode()),
        },
        {},
    ),
}


@pytest.mark.parametrize("post", POSTS, ids=lambda p: p.name)
@pytest.mark.parametrize("attack", list(REFUSED))
def test_post_without_a_valid_token_is_refused_and_changes_nothing(
    alice: Teacher, post: Post, attack: str
) -> None:
    prepared = prepare(post, alice)
    data, headers = REFUSED[attack](prepared)
    before = everything()
    response = prepared.client.post(prepared.url, data, **headers)
    assert response.status_code == 403, response.content[:200]
    assert everything() == before
    assert mail.outbox == []
    assert not post.done(alice, prepared.client, response)


@pytest.mark.parametrize("post", POSTS, ids=lambda p: p.name)
def test_post_with_the_token_of_the_form_works(alice: Teacher, post: Post) -> None:
    prepared = prepare(post, alice)
    data = {**prepared.data, "csrfmiddlewaretoken": csrf_from_form(prepared.html)}
    response = prepared.client.post(prepared.url, data)
    assert response.status_code in (200, 302), response.content[:300]
    assert post.done(alice, prepared.client, response)


@pytest.mark.parametrize("post", POSTS, ids=lambda p: p.name)
def test_htmx_post_with_the_token_header_works(alice: Teacher, post: Post) -> None:
    """htmx sends the token that ``<body hx-headers>`` holds as ``X-CSRFToken``."""
    prepared = prepare(post, alice)
    token = csrf_from_body(prepared.html)
    response = prepared.client.post(prepared.url, prepared.data, **HTMX, HTTP_X_CSRFTOKEN=token)
    assert response.status_code in (200, 302), response.content[:300]
    assert post.done(alice, prepared.client, response)
