"""The tool's endpoints, under the language-neutral ``/lti/``: the OIDC login
initiation, the launch, the JWKS of the tool's keys, the teacher's pick (a deep link, or
the quiz of a link not set up yet), and the step into the quiz from a framed launch.

The platform posts across sites, often inside an iframe: these views take no CSRF token
(the id_token's signature, state and nonce, or the launch id pylti1p3 keeps in the cache,
are what bind a request to its launch), may be framed by the platform, and set their own
cookies ``SameSite=None; Secure`` over HTTPS (pylti1p3's cookie service).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from pylti1p3.exception import LtiException, OIDCException

from tutor.quizzes.models import Quiz

from . import errors, keys, landing, launches, links, teachers
from .launches import Claims, Refused
from .models import ResourceLink


@csrf_exempt
@xframe_options_exempt
@require_http_methods(["GET", "POST"])
def login(request: HttpRequest) -> HttpResponse:
    """The platform's third-party login initiation: off to its auth URL with a state
    (in a cookie) and a nonce (in the cache)."""
    oidc = launches.login(request)
    if request.is_secure():
        # Over HTTPS a framed launch needs third-party cookies: pylti1p3's check page
        # opens the launch in a new window when the browser refuses them.
        oidc.enable_check_cookies(
            main_msg=_("Your browser blocks the cookies the quiz needs inside the course page."),
            click_msg=_("Open the quiz in a new window"),
            loading_msg=_("Loading…"),
        )
    try:
        response = oidc.redirect(request.build_absolute_uri(reverse("lti:launch")))
    except (OIDCException, LtiException):
        return errors.refused(request, "unknown_platform")
    return landing.inline_scripts(response) if request.is_secure() else response


@csrf_exempt
@xframe_options_exempt
@require_POST
def launch(request: HttpRequest) -> HttpResponse:
    try:
        message = launches.validated(request)
        claims = launches.claims(message)
    except Refused as refusal:
        return errors.refused(request, refusal.code)
    if not (claims.instructor or claims.learner):
        return errors.refused(request, "role", claims.language)
    if message.is_deep_link_launch():
        if not claims.instructor:
            return errors.refused(request, "role", claims.language)
        return _picker(request, claims, message.get_launch_id(), deep_link=True)
    return _resource(request, claims, message.get_launch_id())


def _land_instructor(request: HttpRequest, claims: Claims, link: ResourceLink) -> HttpResponse:
    try:
        teacher = teachers.account(claims)
        teachers.admit(link, claims, teacher)
    except Refused as refusal:
        return errors.refused(request, refusal.code, claims.language)
    return landing.instructor(request, claims, link, teacher)


def _resource(request: HttpRequest, claims: Claims, launch_id: str) -> HttpResponse:
    try:
        link = links.link_session(claims)
    except Refused as refusal:
        return errors.refused(request, refusal.code, claims.language)
    if link is None:
        if claims.instructor:  # a link made without deep linking: the teacher chooses
            return _picker(request, claims, launch_id, deep_link=False)
        return errors.refused(request, "not_ready", claims.language)
    if claims.instructor:
        return _land_instructor(request, claims, link)
    try:
        participant = links.learner(link, claims)
    except Refused as refusal:
        return errors.refused(request, refusal.code, claims.language)
    return landing.learner(request, claims, link, participant)


def _picker(request: HttpRequest, claims: Claims, launch_id: str, deep_link: bool) -> HttpResponse:
    """The instructor's own quizzes (their own account's, made on their first launch)."""
    try:
        teacher = teachers.account(claims)
    except Refused as refusal:
        return errors.refused(request, refusal.code, claims.language)
    with translation.override(claims.language):
        context = {
            "quizzes": [(quiz, links.quiz_points(quiz)) for quiz in links.own_quizzes(teacher)],
            "launch_id": launch_id,
            "deep_link": deep_link,
            "platform": claims.platform,
            "build": landing.builder_entry(teacher, claims.language),
        }
        response = render(request, "lti/pick.html", context)
    return landing.framed(response, claims)


@csrf_exempt
@xframe_options_exempt
@require_POST
def pick(request: HttpRequest) -> HttpResponse:
    """The teacher's choice of quiz: a signed deep-linking response back to the platform,
    or the quiz of a resource link launched before it had one."""
    try:
        message = launches.restored(request, request.POST.get("launch_id", "")[:200])
        claims = launches.claims(message)
    except Refused as refusal:
        return errors.refused(request, refusal.code)
    if not claims.instructor:
        return errors.refused(request, "role", claims.language)
    try:
        teacher = teachers.account(claims)
    except Refused as refusal:
        return errors.refused(request, refusal.code, claims.language)
    quiz_id = request.POST.get("quiz", "")
    quiz = (
        Quiz.objects.filter(pk=int(quiz_id), owner=teacher).first()
        if quiz_id.isdigit() and len(quiz_id) < 12
        else None
    )
    if quiz is None:
        return errors.refused(request, "no_quiz", claims.language)
    if message.is_deep_link_launch():
        return landing.deep_link_response(request, message, claims, quiz)
    link = links.link_session(claims, quiz)
    if link is None:
        return errors.refused(request, "no_quiz", claims.language)
    return _land_instructor(request, claims, link)


@xframe_options_exempt
@require_GET
def enter(request: HttpRequest, token: str) -> HttpResponse:
    """The step from a framed launch into the quiz in a window of its own (its pages may
    not be framed): the signed, single-use token of ``landing.framed_entry``."""
    return landing.enter(request, token)


@require_GET
def jwks(request: HttpRequest) -> JsonResponse:
    """The tool's public keys, which the platform verifies deep links and service tokens with."""
    return JsonResponse(keys.jwks())
