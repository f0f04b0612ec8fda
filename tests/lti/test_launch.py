"""Launches from a platform simulated on loopback (``platform.py``): the login initiation,
a learner and an instructor landing, a deep link the platform verifies, a framed launch."""

from __future__ import annotations

import re
from html import unescape

import jwt
import pytest
from django.test import Client

from tutor.lti.models import LmsStudent, ResourceLink
from tutor.quizzes.models import Participant, Quiz, Session

from .conftest import Launch, log_in_from
from .platform import CLAIM, INSTRUCTOR, LEARNER, login_params, new_key, pem
from .platform import Platform as Simulated


def test_login_redirects_to_the_platform_with_state_and_nonce(
    client: Client, simulated: Simulated, registered: object
) -> None:
    auth = log_in_from(client, simulated)
    assert auth["redirect_uri"] == "http://testserver/lti/launch/"
    assert auth["client_id"] == simulated.client_id
    assert auth["state"] and auth["nonce"] and auth["login_hint"] == "hint-1"


def test_learner_launch_joins_under_the_lms_name_in_the_launch_language(
    launch: Launch, quiz: Quiz
) -> None:
    response = launch([LEARNER], **{CLAIM + "custom": {"quiz": str(quiz.pk)}})
    link = ResourceLink.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/cs/play/{link.session.code}/"
    student = LmsStudent.objects.get()
    assert student.participant.nickname == "Anika Roy"
    assert (student.email, student.username) == ("anika@school.example", "anika.roy")
    assert link.session.mode == Session.Mode.HOMEWORK
    assert link.lineitem.endswith("/lineitems/7/lineitem")


def test_learner_relaunch_is_the_same_participant(launch: Launch, quiz: Quiz) -> None:
    custom = {CLAIM + "custom": {"quiz": str(quiz.pk)}}
    launch([LEARNER], **custom)
    launch([LEARNER], **custom)
    launch([LEARNER], sub="student-2", **custom)  # a classmate of the same name
    names = sorted(Participant.objects.values_list("nickname", flat=True))
    assert names == ["Anika Roy", "Anika Roy 2"]


def test_learner_play_page_follows_the_launch(launch: Launch, client: Client, quiz: Quiz) -> None:
    response = launch([LEARNER], **{CLAIM + "custom": {"quiz": str(quiz.pk)}})
    page = client.get(response["Location"])
    assert page.status_code == 200
    assert "Anika Roy" in page.content.decode()  # the page of the participant just made


def test_learner_before_the_teacher_chose_a_quiz_is_told_so(launch: Launch) -> None:
    response = launch([LEARNER])
    assert response.status_code == 409
    assert "Vyučující pro tuto činnost ještě nevybral kvíz." in response.content.decode()


def test_instructor_launch_lands_on_the_console(launch: Launch, quiz: Quiz) -> None:
    response = launch([INSTRUCTOR], sub="teacher-1", **{CLAIM + "custom": {"quiz": str(quiz.pk)}})
    session = ResourceLink.objects.get().session
    assert response.status_code == 302
    assert response["Location"] == f"/cs/quizzes/session/{session.code}/"
    assert Participant.objects.count() == 0  # a teacher is not a student


def test_instructor_of_a_link_without_quiz_chooses_one(
    launch: Launch, client: Client, quiz: Quiz
) -> None:
    response = launch([INSTRUCTOR], sub="teacher-1")
    assert response.status_code == 200
    launch_id = re.search(r'name="launch_id" value="([^"]+)"', response.content.decode())
    assert launch_id is not None
    chosen = client.post("/lti/pick/", {"launch_id": launch_id.group(1), "quiz": str(quiz.pk)})
    session = ResourceLink.objects.get().session
    assert chosen["Location"] == f"/cs/quizzes/session/{session.code}/"
    assert session.quiz == quiz


def test_framed_launch_opens_the_quiz_through_a_single_use_link(
    launch: Launch, client: Client, quiz: Quiz
) -> None:
    response = launch(
        [LEARNER],
        **{
            CLAIM + "custom": {"quiz": str(quiz.pk)},
            CLAIM + "launch_presentation": {"document_target": "iframe"},
        },
    )
    assert response.status_code == 200
    assert "frame-ancestors 'self' https:" in response["Content-Security-Policy"]
    entry = re.search(r'href="(/lti/enter/[^"]+)"', response.content.decode())
    assert entry is not None
    first = client.get(unescape(entry.group(1)))
    assert first.status_code == 302 and "/play/" in first["Location"]
    assert client.get(unescape(entry.group(1))).status_code == 400  # spent


def test_deep_link_returns_a_resource_link_the_platform_verifies(
    launch: Launch, client: Client, simulated: Simulated, quiz: Quiz
) -> None:
    picker = launch(deep_link=True)
    page = picker.content.decode()
    assert picker.status_code == 200
    assert "Showdowns" in page and 'lang="ja"' in page  # the teacher's quizzes, in Japanese
    launch_id = re.search(r'name="launch_id" value="([^"]+)"', page)
    assert launch_id is not None
    reply = client.post("/lti/pick/", {"launch_id": launch_id.group(1), "quiz": str(quiz.pk)})
    html = reply.content.decode()
    action = re.search(r'action="([^"]+)"', html)
    token = re.search(r'name="JWT" value="([^"]+)"', html)
    assert action is not None and token is not None
    assert unescape(action.group(1)) == f"{simulated.base}/deep-link-return"
    assert f"form-action 'self' {simulated.base}" in reply["Content-Security-Policy"]
    claims = simulated.verify_tool(token.group(1), audience=simulated.issuer)
    assert claims["iss"] == simulated.client_id
    assert claims[CLAIM + "message_type"] == "LtiDeepLinkingResponse"
    assert claims[CLAIM + "deployment_id"] == simulated.deployment_id
    (item,) = claims["https://purl.imsglobal.org/spec/lti-dl/claim/content_items"]
    assert item["type"] == "ltiResourceLink"
    assert item["custom"] == {"quiz": str(quiz.pk)}
    assert item["lineItem"]["scoreMaximum"] == 5  # 2 + 3 points
    assert item["url"] == "http://testserver/lti/launch/"


def test_platform_refuses_a_deep_link_signed_by_another_key(
    simulated: Simulated, registered: object
) -> None:
    """The platform's check above can fail: a response under the tool's kid, signed by
    a key not in its JWKS."""
    kid = simulated.tool_jwks["keys"][0]["kid"]
    forged = jwt.encode({"iss": "x"}, pem(new_key()), algorithm="RS256", headers={"kid": kid})
    with pytest.raises(jwt.InvalidSignatureError):
        simulated.verify_tool(forged, audience=simulated.issuer)


def test_jwks_lists_the_signing_key(client: Client, registered: object) -> None:
    keys = client.get("/lti/jwks/").json()["keys"]
    assert len(keys) == 1 and keys[0]["alg"] == "RS256" and keys[0]["kty"] == "RSA"
    assert "d" not in keys[0]  # never the private part


def test_https_login_checks_cookies_then_sets_them_for_a_frame(
    client: Client, simulated: Simulated, registered: object
) -> None:
    """Over HTTPS the login first shows pylti1p3's cookie check (its inline script
    allowed on that page only); its new-window step sets SameSite=None; Secure cookies,
    which a browser sends inside the platform's iframe."""
    params = {
        "iss": simulated.issuer,
        "login_hint": "hint-1",
        "target_link_uri": "https://testserver/lti/launch/",
        "client_id": simulated.client_id,
    }
    check = client.post("/lti/login/", params, secure=True, HTTP_ACCEPT_LANGUAGE="cs")
    assert check.status_code == 200
    assert "Otevřít kvíz v novém okně" in check.content.decode()
    assert "script-src 'self' 'unsafe-inline'" in check["Content-Security-Policy"]
    step = client.post("/lti/login/", {**params, "lti1p3_new_window": "1"}, secure=True)
    assert step.status_code == 302
    state = next(c for name, c in step.cookies.items() if name.startswith("lti1p3-state-"))
    assert state["samesite"] == "None" and state["secure"]
    assert step.cookies["lti1p3-session-id"]["samesite"] == "None"


def test_https_launch_lands_with_its_cookies(
    client: Client, simulated: Simulated, registered: object, quiz: Quiz
) -> None:
    params = {
        "iss": simulated.issuer,
        "login_hint": "hint-1",
        "target_link_uri": "https://testserver/lti/launch/",
        "client_id": simulated.client_id,
        "lti1p3_new_window": "1",
    }
    step = client.post("/lti/login/", params, secure=True)
    auth = login_params(step["Location"])
    token = simulated.id_token(
        auth["nonce"], [LEARNER], **{CLAIM + "custom": {"quiz": str(quiz.pk)}}
    )
    landed = client.post("/lti/launch/", {"id_token": token, "state": auth["state"]}, secure=True)
    assert landed.status_code == 302 and "/cs/play/" in landed["Location"]


def test_an_unsafe_lms_name_falls_back_to_the_given_and_family_names(
    launch: Launch, quiz: Quiz
) -> None:
    custom = {CLAIM + "custom": {"quiz": str(quiz.pk)}}
    launch([LEARNER], name="Anika\u202eyoR", **custom)  # a right-to-left override
    launch([LEARNER], sub="s-2", name="\u202e", given_name="\u202e", locale="ja", **custom)
    names = list(Participant.objects.order_by("pk").values_list("nickname", flat=True))
    assert names == ["Anika Roy", "生徒"]  # the second: "Student", in the launch language
