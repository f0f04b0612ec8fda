"""The LTI pages in the page sweep (``pages.py``): what a teacher and a student see when
they come from Moodle or Canvas, reached as a platform reaches them.

A launch is the platform's: the OIDC login is started (by the test's client, whose state
cookie the browser is then given), and the platform's signed id_token is posted to
``/lti/launch/`` from a page of the site, as the platform's auto-submitted form would.
The platform is the one simulated on loopback for the LTI tests
(``tests/lti/platform.py``), started for each launch (the tool fetches its keys).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.test import Client
from playwright.sync_api import Page

from tests.lti.conftest import log_in_from
from tests.lti.platform import CLAIM, INSTRUCTOR, LEARNER
from tests.lti.platform import Platform as Simulated

#: Posts the fields as a form to the address, as a platform's auto-submitted form does.
POST_FORM = """
([action, fields]) => {
  const form = document.createElement("form");
  form.method = "post";
  form.action = action;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}
"""


def _register(simulated: Simulated, world: Any) -> None:
    """The simulated platform registered with the tool; its instructor ``teacher-1`` is
    the world's teacher."""
    from tutor.lti import keys
    from tutor.lti.models import Deployment, LmsTeacher, Platform

    Platform.objects.all().delete()  # the last language's, whose teacher is the same
    platform = Platform.objects.create(
        name="School Moodle",
        issuer=simulated.issuer,
        client_id=simulated.client_id,
        auth_login_url=f"{simulated.base}/auth",
        auth_token_url=f"{simulated.base}/token",
        key_set_url=f"{simulated.base}/jwks",
        owner=world.owner,
    )
    LmsTeacher.objects.create(platform=platform, sub="teacher-1", user=world.owner)
    Deployment.objects.create(platform=platform, deployment_id=simulated.deployment_id)
    simulated.tool_jwks = keys.jwks()


def _launch(page: Page, token: str, state: str) -> None:
    """Post the launch from a page of the site (its origin: the state cookie goes)."""
    with page.expect_navigation():
        page.evaluate(POST_FORM, ["/lti/launch/", {"id_token": token, "state": state}])
    page.wait_for_load_state()


def _launched(page: Page, world: Any, lang: str, deep_link: bool, **claims: Any) -> None:
    simulated = Simulated()
    simulated.start()
    try:
        _register(simulated, world)
        client = Client()
        auth = log_in_from(client, simulated)
        origin = urlsplit(page.url)._replace(path="/", query="", fragment="").geturl()
        page.context.add_cookies(  # the state cookie, for the whole site (path /)
            [
                {"name": cookie.key, "value": cookie.value, "url": origin}
                for cookie in client.cookies.values()
            ]
        )
        locale = {"locale": lang, **claims}
        token = (
            simulated.deep_link_request(auth["nonce"], **locale)
            if deep_link
            else simulated.id_token(auth["nonce"], [LEARNER], **locale)
        )
        _launch(page, token, auth["state"])
    finally:
        simulated.stop()


def pick_a_quiz(page: Page, world: Any, lang: str) -> None:
    """The instructor's deep-linking request: the page where they pick one of their
    quizzes for the course."""
    _launched(page, world, lang, deep_link=True, **{CLAIM + "roles": [INSTRUCTOR]})
    page.locator("form.lti-pick").wait_for()


def open_in_a_window(page: Page, world: Any, lang: str) -> None:
    """A student's launch inside the course page (an iframe): the page whose button opens
    the quiz in a window of its own."""
    presentation = {"document_target": "iframe"}
    custom = {"quiz": str(world.quiz_for_students)}
    _launched(
        page,
        world,
        lang,
        deep_link=False,
        **{CLAIM + "launch_presentation": presentation, CLAIM + "custom": custom},
    )
    page.locator("a.button[target=_blank]").wait_for()


def refused_launch(page: Page, world: Any, lang: str) -> None:
    """A launch the tool refuses (a token signed by no key it knows, with no state): the
    error page, in the launch's language."""
    simulated = Simulated()  # not started: its token is only signed, never verified
    token = simulated.id_token("made-up", [LEARNER], locale=lang, iss="https://lms.example")
    _launch(page, token, "state-made-up")


def grades_sent(page: Page, world: Any, lang: str) -> None:
    """The teacher's page of the grades sent to the platform: the world's session as an
    LMS activity, one student's score sent and one refused."""
    from tutor.lti.models import LmsStudent, Platform, ResourceLink
    from tutor.quizzes.models import Participant

    platform, _made = Platform.objects.get_or_create(
        issuer="https://moodle.school.example",
        client_id="client-1",
        defaults={
            "name": "School Moodle",
            "auth_login_url": "https://moodle.school.example/auth",
            "auth_token_url": "https://moodle.school.example/token",
            "key_set_url": "https://moodle.school.example/jwks",
            "owner": world.owner,
        },
    )
    link, _made = ResourceLink.objects.get_or_create(
        platform=platform, resource_link_id="link-42", session_id=_session_id(world)
    )
    for n, participant in enumerate(Participant.objects.filter(session__code=world.session)):
        LmsStudent.objects.get_or_create(
            link=link,
            sub=f"student-{n}",
            participant=participant,
            defaults={
                "sent_score": 1 if n == 0 else None,
                "send_error": "" if n == 0 else "HTTP 503: down",
            },
        )
    page.goto(page.url.replace("/results/", "/lms-grades/"))
    page.locator("table.lti-grades").wait_for()


def _session_id(world: Any) -> int:
    from tutor.quizzes.models import Session

    return Session.objects.get(code=world.session).pk
