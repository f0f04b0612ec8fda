"""A refused launch, worded for the person in front of the LMS: what went wrong, in
their language, with the status a client can act on (never a 500)."""

from __future__ import annotations

from typing import Any

import jwt
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from .launches import language_of

#: Each refusal: its HTTP status and what the page says.
REFUSALS: dict[str, tuple[int, Any]] = {
    "signature": (
        400,
        _(
            "The course's sign-in to the quiz could not be verified. Open the activity again from your course."
        ),
    ),
    "expired": (
        400,
        _("This sign-in from the course has expired. Open the activity again from your course."),
    ),
    "replayed": (
        400,
        _(
            "This sign-in from the course has already been used. Open the activity again from your course."
        ),
    ),
    "state": (
        400,
        _(
            "Your browser did not keep the quiz's sign-in cookie. Open the activity again, "
            "or ask your teacher to set it to open in a new window."
        ),
    ),
    "malformed": (
        400,
        _(
            "The course sent a sign-in the quiz cannot read. Ask your teacher or the site's administrator."
        ),
    ),
    "unknown_platform": (
        403,
        _(
            "This course's learning platform is not registered with the quiz. Ask the site's administrator to register it."
        ),
    ),
    "unknown_deployment": (
        403,
        _(
            "This tool setting of the learning platform is not registered with the quiz. Ask the site's administrator to add its deployment ID."
        ),
    ),
    "role": (
        403,
        _("Only the course's teachers and students can open this quiz."),
    ),
    "not_ready": (
        409,
        _("Your teacher has not chosen a quiz for this activity yet. Try again later."),
    ),
    "no_quiz": (
        404,
        _("That quiz is no longer available. Ask your teacher to choose another."),
    ),
    "unreachable": (
        502,
        _("The course's learning platform did not answer the quiz. Try again in a moment."),
    ),
    "other_course": (
        403,
        _(
            "This activity's quiz belongs to another course's teacher. Open it from the course it was added to."
        ),
    ),
    "busy": (
        409,
        _("Too many people joined at the same moment. Open the activity again."),
    ),
}


def _language(request: HttpRequest) -> str:
    """The language the launch asked for, read from its token without trusting it (only
    to word the refusal), else the request's."""
    token = request.POST.get("id_token", "")
    try:
        data = jwt.decode(token, options={"verify_signature": False})
    except jwt.InvalidTokenError:
        return translation.get_language() or settings.LANGUAGE_CODE
    return language_of(data) if isinstance(data, dict) else settings.LANGUAGE_CODE


def refused(request: HttpRequest, code: str, language: str | None = None) -> HttpResponse:
    status, message = REFUSALS.get(code, REFUSALS["malformed"])
    with translation.override(language or _language(request)):
        response = render(request, "lti/error.html", {"message": message}, status=status)
    # Shown where the launch was: often inside the platform's frame.
    response._csp_config = {  # type: ignore[attr-defined]
        **settings.SECURE_CSP,
        "frame-ancestors": [CSP.SELF, "https:"],
    }
    return response
