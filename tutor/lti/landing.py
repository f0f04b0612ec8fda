"""Where a launch lands: an instructor on the session's console (logged in as their own
account), a learner on their question page with their participant cookie, a
teacher's deep-link pick back to the platform as a signed LtiResourceLink.

A launch shown inside the platform's iframe cannot land on the quiz's own pages (they
refuse to be framed, and a framed page's cookies are third-party): it shows a button that
opens the quiz in a window of its own, through a signed, single-use, five-minute token
(``framed_entry``, ``enter``)."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth import login as log_in
from django.core import signing
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.csp import CSP
from pylti1p3.deep_link_resource import DeepLinkResource
from pylti1p3.lineitem import LineItem

from tutor.quizzes import joins
from tutor.quizzes.models import Participant, Quiz

from . import errors, links
from .launches import Claims, ToolLaunch
from .models import ResourceLink

ENTRY_SALT = "tutor.lti.enter"
ENTRY_AGE = 5 * 60
DL_CLAIM = "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings"
#: The document targets of a launch shown inside the platform's page.
FRAMED_TARGETS = {"iframe", "frame", "embed"}
BACKEND = "django.contrib.auth.backends.ModelBackend"


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def _policy(changes: dict[str, list[str]]) -> dict[str, Any]:
    """The site's Content-Security-Policy with ``changes``."""
    return {**settings.SECURE_CSP, **changes}


def framed(response: HttpResponse, claims: Claims) -> HttpResponse:
    """An LTI page the platform may frame (its own origin, and any HTTPS page: Canvas
    frames from the school's domain, not its issuer's)."""
    ancestors = [CSP.SELF, "https:"]
    if origin := _origin(claims.platform.issuer):
        ancestors.append(origin)
    response._csp_config = _policy({"frame-ancestors": ancestors})  # type: ignore[attr-defined]
    return response


def inline_scripts(response: HttpResponse) -> HttpResponse:
    """pylti1p3's cookie check page: its own inline script and style, framed."""
    response._csp_config = _policy(  # type: ignore[attr-defined]
        {
            "script-src": [CSP.SELF, CSP.UNSAFE_INLINE],
            "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
            "frame-ancestors": [CSP.SELF, "https:"],
        }
    )
    return response


def entry(target: dict[str, Any]) -> str:
    """The signed, single-use, five-minute address that opens ``target`` (see ``enter``)."""
    token = signing.dumps({**target, "n": secrets.token_urlsafe(12)}, salt=ENTRY_SALT)
    return reverse("lti:enter", args=[token])


def builder_entry(teacher: Any, language: str) -> str:
    """The address that signs an instructor in to their own quizzes (from the picker)."""
    return entry({"teacher": teacher.pk, "code": "", "lang": language})


def framed_entry(request: HttpRequest, claims: Claims, target: dict[str, Any]) -> HttpResponse:
    """The "open the quiz" page of a framed launch, its button carrying the entry token."""
    with translation.override(claims.language):
        context = {"entry": entry(target), "instructor": "teacher" in target}
        return framed(render(request, "lti/open.html", context), claims)


def instructor(
    request: HttpRequest, claims: Claims, link: ResourceLink, teacher: Any
) -> HttpResponse:
    """The instructor's own account (``teachers.account``), admitted to the link's session
    (``teachers.admit``), lands on its console."""
    target = {"teacher": teacher.pk, "code": link.session.code, "lang": claims.language}
    if claims.target in FRAMED_TARGETS:
        return framed_entry(request, claims, target)
    return _console(request, target)


def learner(
    request: HttpRequest, claims: Claims, link: ResourceLink, participant: Participant
) -> HttpResponse:
    target = {"participant": participant.pk, "lang": claims.language}
    if claims.target in FRAMED_TARGETS:
        return framed_entry(request, claims, target)
    return _play(request, target)


def _console(request: HttpRequest, target: dict[str, Any]) -> HttpResponse:
    teacher = get_user_model().objects.filter(pk=target["teacher"], is_active=True).first()
    if teacher is None:
        return errors.refused(request, "role", target["lang"])
    log_in(request, teacher, backend=BACKEND)
    with translation.override(target["lang"]):
        if not target["code"]:  # the picker's way to the teacher's quizzes
            return redirect("quizzes:index")
        return redirect("quizzes:console", code=target["code"])


def _play(request: HttpRequest, target: dict[str, Any]) -> HttpResponse:
    participant = Participant.objects.filter(pk=target["participant"], removed=False).first()
    if participant is None:
        return errors.refused(request, "not_ready", target["lang"])
    with translation.override(target["lang"]):
        return joins.with_device(request, joins.joined(request, participant.session, participant))


def enter(request: HttpRequest, token: str) -> HttpResponse:
    try:
        target = signing.loads(token, salt=ENTRY_SALT, max_age=ENTRY_AGE)
    except signing.BadSignature:
        return errors.refused(request, "expired")
    if not cache.add(f"lti-entry-spent:{target['n']}", 1, ENTRY_AGE * 2):
        return errors.refused(request, "replayed", target["lang"])
    return _console(request, target) if "teacher" in target else _play(request, target)


def deep_link_response(
    request: HttpRequest, message: ToolLaunch, claims: Claims, quiz: Quiz
) -> HttpResponse:
    """The signed LtiResourceLink of ``quiz``, with a line item worth its points, posted
    back to the platform by a form (sent at once by a script; a button without one)."""
    points = links.quiz_points(quiz)
    resource = (
        DeepLinkResource()
        .set_url(request.build_absolute_uri(reverse("lti:launch")))
        .set_title(quiz.title)
        .set_custom_params({"quiz": str(quiz.pk)})
        .set_lineitem(
            LineItem().set_score_maximum(points).set_label(quiz.title).set_tag(f"quiz-{quiz.pk}")
        )
    )
    data: dict[str, Any] = dict(message.get_launch_data())
    settings_claim = data.get(DL_CLAIM) or {}
    return_url = str(settings_claim.get("deep_link_return_url", ""))
    token = message.get_deep_link().get_response_jwt([resource])
    with translation.override(claims.language):
        context = {"return_url": return_url, "jwt": token, "quiz": quiz}
        response = framed(render(request, "lti/deep_link.html", context), claims)
    policy: dict[str, list[str]] = response._csp_config  # type: ignore[attr-defined]
    response._csp_config = {**policy, "form-action": [CSP.SELF, _origin(return_url)]}  # type: ignore[attr-defined]
    return response
