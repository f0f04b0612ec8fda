"""What the security tests share: two teachers with a quiz each (one to attack, one to attack
with), a snapshot of a teacher's rows, a savepoint that undoes one fuzz example, and the
check that a page keeps to the site's Content-Security-Policy."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session as WebSession
from django.core.cache import cache
from django.db import transaction
from django.test import Client

from tutor.quizzes import services
from tutor.quizzes.models import Participant, Quiz, Response, Session, Slot

PASSWORD = "a-long-password-123"
ON_POSTGRES = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def empty_cache(db: None) -> Iterator[None]:
    """The join-code limit counts in the (database) cache: start and end with none."""
    cache.clear()
    yield
    cache.clear()


# -- two teachers ------------------------------------------------------------------------
@dataclass
class Teacher:
    user: Any
    client: Client
    quiz: Quiz
    fixed: Slot  # a fixed question (Teen Patti showdown), the first
    drawn: Slot  # questions drawn when a session starts (two side-pot questions), then
    # one question of each other drill: six questions in all
    live: Session  # a live session, first question open, one student has answered
    homework: Session
    student: Client  # the student of ``live``, with their participant cookie


def make_teacher(name: str, *, raise_request_exception: bool = False) -> Teacher:
    user = get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD)
    quiz = Quiz.objects.create(owner=user, title=f"Quiz of {name}", time_limit=60)
    fixed = Slot.objects.create(
        quiz=quiz, order=0, kind="fixed", drill="teenpatti-showdown", level="easy", seed=5
    )
    drawn = Slot.objects.create(
        quiz=quiz, order=1, kind="drawn", drill="side-pots", level="medium", count=2, points=3
    )
    for order, (kind, drill, level) in enumerate(
        [
            ("drawn", "betting", "hard"),
            ("fixed", "name-the-hand", "hard"),
            ("fixed", "holdem-showdown", "medium"),
        ],
        start=2,
    ):
        Slot.objects.create(quiz=quiz, order=order, kind=kind, drill=drill, level=level, seed=order)
    live = services.start_session(quiz, "live")
    services.open_question(live, 0)
    homework = services.start_session(quiz, "homework")
    student = Client(raise_request_exception=raise_request_exception)
    joined = student.post("/en/join/", {"code": live.code, "nickname": f"{name}'s student"})
    assert joined.status_code == 302
    answered = student.post(f"/en/play/{live.code}/answer/", {"index": "0", "result": "tie"})
    assert answered.status_code == 302
    Participant.objects.create(session=homework, nickname=f"{name}'s homework student")
    client = Client(raise_request_exception=raise_request_exception)
    assert client.login(username=name, password=PASSWORD)
    live.refresh_from_db()
    return Teacher(user, client, quiz, fixed, drawn, live, homework, student)


@pytest.fixture
def alice(empty_cache: None) -> Teacher:
    """The teacher whose rows every attack must leave alone."""
    return make_teacher("alice")


@pytest.fixture
def bob(empty_cache: None) -> Teacher:
    """Another teacher, with a quiz of his own."""
    return make_teacher("bob")


def snapshot(user: Any) -> dict[str, list[dict[str, Any]]]:
    """Every row of one teacher: quizzes, slots, sessions, students and their answers."""
    return {
        "quizzes": list(Quiz.objects.filter(owner=user).order_by("pk").values()),
        "slots": list(Slot.objects.filter(quiz__owner=user).order_by("pk").values()),
        "sessions": list(Session.objects.filter(quiz__owner=user).order_by("pk").values()),
        "participants": list(
            Participant.objects.filter(session__quiz__owner=user).order_by("pk").values()
        ),
        "responses": list(
            Response.objects.filter(participant__session__quiz__owner=user).order_by("pk").values()
        ),
        "user": list(get_user_model().objects.filter(pk=user.pk).values()),
    }


def everything() -> dict[str, list[dict[str, Any]]]:
    """Every stored row the site writes, web sessions included."""
    return {
        "users": list(get_user_model().objects.order_by("pk").values()),
        "quizzes": list(Quiz.objects.order_by("pk").values()),
        "slots": list(Slot.objects.order_by("pk").values()),
        "sessions": list(Session.objects.order_by("pk").values()),
        "participants": list(Participant.objects.order_by("pk").values()),
        "responses": list(Response.objects.order_by("pk").values()),
        "web_sessions": list(WebSession.objects.order_by("pk").values()),
    }


@contextlib.contextmanager
def rolled_back() -> Iterator[None]:
    """Undo whatever one fuzz example wrote, so every example starts from the fixtures."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


# -- the Content-Security-Policy, as the browser would apply it to a page -------------------
URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster"}


class PolicyChecker(HTMLParser):
    """Collects what the policy (script-src/style-src 'self', no 'unsafe-inline') would
    block or what would need an inline script to work."""

    def __init__(self, origin: str) -> None:
        super().__init__(convert_charrefs=True)
        self.origin = origin
        self.violations: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        for name, value in values.items():
            if name.startswith("on"):
                self.violations.append(f"event handler <{tag} {name}={value!r}>")
            if name == "style":
                self.violations.append(f"inline style <{tag} style={value!r}>")
            if name in URL_ATTRIBUTES and value.strip().lower().startswith("javascript:"):
                self.violations.append(f"javascript: URL <{tag} {name}={value!r}>")
        if tag == "script":
            src = values.get("src")
            if src is None:
                self._in_script = True
                self.violations.append("inline <script> without src")
            elif not self.same_origin(src):
                self.violations.append(f"script from another origin: {src}")
        if tag == "style":
            self.violations.append("inline <style> element")
        stylesheet = tag == "link" and "stylesheet" in values.get("rel", "").lower().split()
        if stylesheet and not self.same_origin(values.get("href", "")):
            self.violations.append(f"stylesheet from another origin: {values.get('href')}")
        if tag == "meta" and values.get("http-equiv", "").lower() == "refresh":
            self.violations.append("meta refresh")

    def same_origin(self, url: str) -> bool:
        parts = urlsplit(url)
        if not parts.scheme and not parts.netloc:
            return not url.startswith("//")
        return f"{parts.scheme}://{parts.netloc}" == self.origin


def policy_violations(html: str, origin: str = "http://testserver") -> list[str]:
    checker = PolicyChecker(origin)
    checker.feed(html)
    checker.close()
    return checker.violations


CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
CSRF_HEADER = re.compile(r"hx-headers='\{\"X-CSRFToken\": \"([^\"]+)\"\}'")


def csrf_from_form(html: str) -> str:
    match = CSRF_INPUT.search(html)
    assert match, "the page has no form with a CSRF token"
    return match.group(1)


def csrf_from_body(html: str) -> str:
    match = CSRF_HEADER.search(html)
    assert match, "the page's <body> does not give htmx the CSRF token"
    return match.group(1)


# -- filling in a page's form as a browser would -----------------------------------------
class FormReader(HTMLParser):
    """The fields of the forms on a page: {action: [(name, type, value), ...]}."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: dict[str, list[tuple[str, str, str]]] = {}
        self._action: str | None = None
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "form":
            self._action = values.get("action", "")
            self.forms.setdefault(self._action, [])
        elif self._action is None or "disabled" in values:
            return
        elif tag in ("input", "button", "textarea") and values.get("name"):
            kind = values.get("type", "text" if tag != "button" else "submit")
            self.forms[self._action].append((values["name"], kind, values.get("value", "")))
        elif tag == "select":
            self._select = values.get("name")
        elif tag == "option" and self._select:
            self.forms[self._action].append((self._select, "select", values.get("value", "")))
            self._select = None

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._action = None


def fill_form(html: str, action: str, **overrides: str) -> dict[str, str]:
    """What a learner submits who ticks the first choice of each group and types "0" into
    each empty box: a well-formed answer (not necessarily a right one)."""
    reader = FormReader()
    reader.feed(html)
    fields = next(
        (fields for url, fields in reader.forms.items() if url.split("#")[0] == action), None
    )
    assert fields is not None, f"no form posts to {action}"
    data: dict[str, str] = {}
    for name, kind, value in fields:
        if name in data or kind == "submit":
            continue
        if kind in ("radio", "checkbox", "hidden", "select"):
            data[name] = value
        elif kind in ("text", "number", "search", "email", "password"):
            data[name] = value or "0"
    data.update(overrides)
    return data
