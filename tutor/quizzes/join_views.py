"""Joining a quiz: a code and a nickname, no account.

Joining sets a signed cookie naming the participant, so a reload or a reconnect keeps
their place. Wrong codes are limited per device (a signed cookie the form sets) and, much
higher, per network address, so one guesser never locks out a class behind a school's
single address. Nicknames are normalised and compared by look (``nicknames.py``).
"""

from __future__ import annotations

import secrets

from django import forms
from django.core import signing
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_http_methods

from tutor.classrooms import class_sessions
from tutor.core.locales import current_language

from . import nicknames
from .models import CODE_ALPHABET, CODE_LENGTH, NICKNAME_LENGTH, Participant, Session, is_code

COOKIE_SALT = "tutor.quizzes.participant"
COOKIE_AGE = 60 * 60 * 24 * 14
# Wrong join codes allowed per window: per device (a signed cookie the join form sets),
# and per network address, much higher, so one guesser never locks out a class behind a
# school's single address. A post without the device cookie (a script that drops cookies)
# counts against its address at the device limit.
JOIN_ATTEMPTS = 20
JOIN_ATTEMPTS_PER_ADDRESS = 300
JOIN_WINDOW = 10 * 60
DEVICE_COOKIE = "quiz_device"
DEVICE_SALT = "tutor.quizzes.device"


def cookie_name(code: str) -> str:
    return f"quiz_{code}"


class JoinForm(forms.Form):
    code = forms.CharField(label=pgettext_lazy("quiz", "Join code"), max_length=CODE_LENGTH + 4)
    # Left empty for a class's quiz: its students pick their name next (tutor.classrooms).
    nickname = forms.CharField(
        label=pgettext_lazy("quiz", "Your nickname"), max_length=200, required=False
    )
    # A random value per join form (see Participant.join_key); not a secret of the quiz.
    attempt = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def clean_code(self) -> str:
        code = self.cleaned_data["code"].strip().upper().replace(" ", "").replace("-", "")
        if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
            raise forms.ValidationError(
                gettext_lazy("A join code has six letters and digits, as shown by your teacher.")
            )
        return code

    def clean_nickname(self) -> str:
        try:
            nickname = nicknames.clean(self.cleaned_data["nickname"])
        except nicknames.UnsafeNickname:
            raise forms.ValidationError(nicknames.MESSAGES["nickname_unsafe"]) from None
        if len(nickname) > NICKNAME_LENGTH:
            raise forms.ValidationError(
                gettext_lazy("A nickname has at most %(limit)s characters.")
                % {"limit": NICKNAME_LENGTH}
            )
        return nickname


def _address(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


def _device(request: HttpRequest) -> str | None:
    """This browser's device token (the signed cookie the join form sets), if any."""
    try:
        return request.get_signed_cookie(DEVICE_COOKIE, salt=DEVICE_SALT)
    except (KeyError, signing.BadSignature):
        return None


def _failure_counters(request: HttpRequest) -> list[tuple[str, int]]:
    """(cache key, limit) of each count a wrong code adds to. Keys: the device token, or
    the address for a post without one; and the address, at its own higher limit."""
    address, device = _address(request), _device(request)
    own = f"quiz-join-fail:device:{device}" if device else f"quiz-join-fail:bare:{address}"
    return [(own, JOIN_ATTEMPTS), (f"quiz-join-fail:address:{address}", JOIN_ATTEMPTS_PER_ADDRESS)]


def _too_many_failures(request: HttpRequest) -> bool:
    counters = _failure_counters(request)
    counts = cache.get_many([key for key, _limit in counters])  # one look-up
    return any(counts.get(key, 0) >= limit for key, limit in counters)


def _count_failure(request: HttpRequest) -> None:
    for key, _limit in _failure_counters(request):
        cache.add(key, 0, JOIN_WINDOW)
        try:
            cache.incr(key)
        except ValueError:
            cache.set(key, 1, JOIN_WINDOW)


def _with_device(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The response, setting this browser's device token when it has none yet."""
    if _device(request) is None:
        response.set_signed_cookie(
            DEVICE_COOKIE,
            secrets.token_urlsafe(18),
            salt=DEVICE_SALT,
            max_age=COOKIE_AGE,
            httponly=True,
            samesite="Lax",
            secure=request.is_secure(),
        )
    return response


def cookie_token(request: HttpRequest, code: str) -> str | None:
    """The participant token in this quiz's signed cookie (checked without a query).

    The signature is checked once per request: the poll middleware, the view and its
    stage each ask (the request's cookies do not change while it is answered)."""
    known: dict[str, str | None] = request.__dict__.setdefault("_quiz_cookie_tokens", {})
    name = cookie_name(code)
    if name not in known:
        try:
            known[name] = request.get_signed_cookie(name, salt=COOKIE_SALT, max_age=COOKIE_AGE)
        except (KeyError, signing.BadSignature):
            known[name] = None
    return known[name]


def participant_for(request: HttpRequest, session: Session) -> Participant | None:
    token = cookie_token(request, session.code)
    if token is None:
        return None
    return Participant.objects.filter(session=session, token=token, removed=False).first()


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str = "") -> HttpResponse:
    return _with_device(request, _join(request, code))


def _join_page(request: HttpRequest, code: str) -> HttpResponse:
    session = Session.objects.filter(code=code).first() if is_code(code) else None
    if session is not None and participant_for(request, session) is not None:
        return redirect("quizzes:play", code=session.code)  # already joined: back to your place
    picker = class_sessions.picker_url(code, session) if is_code(code) else None
    if picker is not None:  # a class's code or a class's quiz: pick your name there
        return redirect(picker)
    form = JoinForm(initial={"code": code, "attempt": secrets.token_urlsafe(24)})
    return render(request, "quizzes/student/join.html", {"form": form})


def _join(request: HttpRequest, code: str) -> HttpResponse:
    code = code.upper()[: CODE_LENGTH + 4]
    if request.method == "GET":
        return _join_page(request, code)
    form = JoinForm(request.POST)
    if _too_many_failures(request):
        form.is_valid()
        form.add_error(
            None,
            _("Too many wrong codes from this device. Please wait a few minutes and try again."),
        )
        return render(request, "quizzes/student/join.html", {"form": form}, status=429)
    if not form.is_valid():
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)
    session = Session.objects.filter(code=form.cleaned_data["code"]).first()
    if session is None and (picker := class_sessions.picker_url(form.cleaned_data["code"], None)):
        return redirect(picker)  # a class's own code
    if session is None:
        _count_failure(request)
        form.add_error("code", _("There is no quiz with this code. Check it with your teacher."))
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)
    if not session.is_open:
        form.add_error("code", _("This quiz is not open for answers now."))
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)
    existing = participant_for(request, session)
    if existing is not None:
        return redirect("quizzes:play", code=session.code)
    if picker := class_sessions.picker_url(session.code, session):
        return redirect(picker)  # a class's quiz: its students pick their name
    nickname = form.cleaned_data["nickname"]
    if not nickname:
        form.add_error("nickname", str(nicknames.MESSAGES["nickname_empty"]))
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)
    skeleton, capitals = nicknames.looks(nickname)
    attempt = form.cleaned_data["attempt"]

    def taken() -> HttpResponse:
        # The same form sent again (its first reply was lost, or both are in flight) gets
        # that student's place back; anyone else must choose another nickname.
        holder = session.participants.looking_like(nickname).first()
        if holder is not None and attempt and holder.join_key == attempt:
            return _joined(request, session, holder)
        form.add_error("nickname", str(nicknames.MESSAGES["nickname_taken"]))
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)

    if session.participants.looking_like(nickname).exists():
        return taken()
    try:
        with transaction.atomic():
            participant = Participant.objects.create(
                session=session,
                nickname=nickname,
                skeleton=skeleton,
                capitals=capitals,
                language=current_language(),
                join_key=attempt,
            )
    except IntegrityError:  # the same nickname joined meanwhile
        return taken()
    return _joined(request, session, participant)


def _joined(request: HttpRequest, session: Session, participant: Participant) -> HttpResponse:
    response = redirect("quizzes:play", code=session.code)
    response.set_signed_cookie(
        cookie_name(session.code),
        participant.token,
        salt=COOKIE_SALT,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response
