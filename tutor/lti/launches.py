"""Reading a launch: pylti1p3 checks the id_token (state, nonce, issuer and client id,
signature against the platform's JWKS, expiry, deployment, message); this module refuses
a replayed nonce too, and reads what the tool needs of the claims as frozen dataclasses.

State and nonces live in Django's ``default`` cache (shared by every server process:
the database's cache table or Redis), so a launch may land on another worker than its
login. A nonce is spent by its first launch: ``cache.add`` of a spent-mark succeeds once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import requests
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from pylti1p3.contrib.django import DjangoMessageLaunch, DjangoOIDCLogin
from pylti1p3.contrib.django.launch_data_storage.cache import DjangoCacheDataStorage
from pylti1p3.exception import LtiException

from . import key_sets
from .models import Platform
from .tool_config import DatabaseToolConf, TimedSession

CLAIM = "https://purl.imsglobal.org/spec/lti/claim/"
AGS_CLAIM = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint"
#: The names of pylti1p3's cookies start with this (the login's state, five minutes; over
#: HTTPS the launch's session id, until the browser closes).
COOKIE_PREFIX = "lti1p3"
#: How long a spent nonce is remembered: longer than any id_token lives.
NONCE_MEMORY = 60 * 60
#: How long a launch's data waits for the teacher's pick (the deep-link picker).
LAUNCH_LIFETIME = 60 * 60


class Refused(Exception):
    """A launch the tool will not take; ``code`` names why (``errors.py`` words it)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(detail or code)
        self.code = code


class ToolLaunch(DjangoMessageLaunch):
    def get_public_key(self) -> tuple[str, str]:
        """The key that signed the id_token, from the platform's key set as kept between
        launches (``key_sets.py``: fetched once, again for a rotated ``kid``)."""
        assert self._registration is not None
        kid = str(self._jwt.get("header", {}).get("kid") or "")
        issuer, url = self._registration.get_issuer(), self._registration.get_key_set_url()
        if kid and issuer and url and url.startswith(("http://", "https://")):
            try:
                found = key_sets.key_set(issuer, url, kid, self._fetch_key_set)
            except key_sets.Unavailable as error:
                raise LtiException(f"Error during fetch URL {url}: {error}") from None
            self._registration.set_key_set(found)  # type: ignore[arg-type]
        return super().get_public_key()

    def _fetch_key_set(self, url: str) -> key_sets.Fetched:
        try:
            response = self._requests_session.get(url, timeout=key_sets.TIMEOUT)
            response.raise_for_status()
            return key_sets.Fetched(response.json(), response.headers.get("Cache-Control", ""))
        except (requests.RequestException, ValueError) as error:
            raise key_sets.Unavailable(str(error)) from None

    def validate_nonce(self) -> ToolLaunch:
        super().validate_nonce()
        nonce = str(self._get_jwt_body().get("nonce"))
        if not cache.add(f"lti-nonce-spent:{nonce}", 1, NONCE_MEMORY):
            raise LtiException("Nonce already used")
        return self


def _storage() -> DjangoCacheDataStorage:
    return DjangoCacheDataStorage(cache_name="default")


def login(request: HttpRequest) -> DjangoOIDCLogin:
    """The OIDC login initiation, its state and nonce kept in the cache."""
    return DjangoOIDCLogin(request, DatabaseToolConf(), launch_data_storage=_storage())


def validated(request: HttpRequest) -> ToolLaunch:
    """The launch posted to ``/lti/launch/``, checked whole; :class:`Refused` otherwise."""
    launch = ToolLaunch(
        request,
        DatabaseToolConf(),
        launch_data_storage=_storage(),
        requests_session=TimedSession(),
    )
    launch.set_launch_data_lifetime(LAUNCH_LIFETIME)
    try:
        launch.validate()
    except LtiException as error:
        raise Refused(_code(str(error)), str(error)) from None
    except (KeyError, ValueError, TypeError) as error:
        raise Refused("malformed", str(error)) from None
    return launch


def restored(request: HttpRequest, launch_id: str) -> ToolLaunch:
    """A launch validated earlier (the picker's form names it), from the cache."""
    try:
        launch = ToolLaunch.from_cache(
            launch_id, request, DatabaseToolConf(), launch_data_storage=_storage()
        )
    except LtiException as error:
        raise Refused("expired", str(error)) from None
    return launch  # type: ignore[return-value]


def _code(message: str) -> str:
    """pylti1p3's message, as one of the refusals the error page words."""
    text = message.lower()
    for needle, code in (
        ("error during fetch", "unreachable"),  # the platform's JWKS did not come
        ("invalid response from", "unreachable"),
        ("expired", "expired"),
        ("already used", "replayed"),
        ("nonce", "signature"),  # a nonce the tool never gave
        ("state", "state"),
        ("registration", "unknown_platform"),
        ("client id", "unknown_platform"),
        ("deployment", "unknown_deployment"),
        ("signature", "signature"),
        ("public key", "signature"),
        ("decode", "signature"),
        ("audience", "unknown_platform"),
    ):
        if needle in text:
            return code
    return "malformed"


@dataclass(frozen=True)
class Person:
    """Who launched, as the platform says."""

    sub: str
    name: str
    given_name: str
    family_name: str
    email: str
    username: str


@dataclass(frozen=True)
class Claims:
    """What the tool reads of a validated launch."""

    platform: Platform
    deployment_id: str
    person: Person
    instructor: bool
    learner: bool
    language: str
    resource_link_id: str
    resource_title: str
    context_id: str  # the course
    quiz_id: int | None
    lineitem: str
    scopes: tuple[str, ...]
    target: str  # iframe, window, frame


def _text(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


def language_of(data: dict[str, Any]) -> str:
    """The launch's locale (``locale``, else ``launch_presentation.locale``) as one of
    the site's languages (``cs_CZ``, ``ja-JP`` and ``bn`` all read), else the site's default."""
    presentation = data.get(CLAIM + "launch_presentation") or {}
    locale = _text(data.get("locale")) or _text(presentation.get("locale"))
    code = locale.replace("_", "-").split("-")[0].lower()
    known = {language for language, _name in settings.LANGUAGES}
    return code if code in known else settings.LANGUAGE_CODE


def _person(data: dict[str, Any]) -> Person:
    ext = data.get(CLAIM + "ext") or {}
    return Person(
        sub=_text(data.get("sub")),
        name=_text(data.get("name")),
        given_name=_text(data.get("given_name")),
        family_name=_text(data.get("family_name")),
        email=_text(data.get("email")),
        username=_text(ext.get("user_username")) or _text(data.get("preferred_username")),
    )


def _quiz_id(data: dict[str, Any]) -> int | None:
    value = _text((data.get(CLAIM + "custom") or {}).get("quiz"))
    return int(value) if value.isdigit() and len(value) < 12 else None


def claims(launch: ToolLaunch) -> Claims:
    data: dict[str, Any] = dict(launch.get_launch_data())
    platform = Platform.objects.filter(
        issuer=launch.get_iss(), client_id=launch.get_client_id()
    ).first()
    if platform is None:
        raise Refused("unknown_platform")
    link = data.get(CLAIM + "resource_link") or {}
    ags = data.get(AGS_CLAIM) or {}
    scopes = ags.get("scope") or []
    return Claims(
        platform=platform,
        deployment_id=_text(data.get(CLAIM + "deployment_id")),
        person=_person(data),
        instructor=launch.check_teacher_access()
        or launch.check_teaching_assistant_access()
        or launch.check_staff_access()
        or launch.check_designer_access(),
        learner=launch.check_student_access(),
        language=language_of(data),
        resource_link_id=_text(link.get("id")),
        resource_title=_text(link.get("title")),
        context_id=_text((data.get(CLAIM + "context") or {}).get("id")),
        quiz_id=_quiz_id(data),
        lineitem=_text(ags.get("lineitem")),
        scopes=tuple(s for s in scopes if isinstance(s, str)),
        target=_text((data.get(CLAIM + "launch_presentation") or {}).get("document_target")),
    )
