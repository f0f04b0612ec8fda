"""Joining a quiz: a code and a nickname, no account.

Joining sets a signed cookie naming the participant and wrong codes are limited
(``joins.py``, shared with a class's name picker). Nicknames are normalised and compared
by look (``nicknames.py``). A GET shows the same form whatever the code in its address
(only a device that has joined that quiz goes back to its place): only a posted code is
looked up, counted when wrong, and leads on.
"""

from __future__ import annotations

import secrets

from django import forms
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_http_methods

from tutor.core import kept_pages, names
from tutor.core.locales import current_language

from . import classes, hot, nicknames
from .joins import (
    cookie_token,
    count_failure,
    joined,
    mark_joined,
    participant_for,
    play_address,
    refusal,
    with_device,
)
from .models import (
    CODE_LENGTH,
    LONG_CODE_LENGTH,
    NICKNAME_LENGTH,
    Participant,
    Session,
    is_code,
    is_join_code,
)

#: The lengths of a join code: a session's, and a class's.
JOIN_LENGTHS = (CODE_LENGTH, LONG_CODE_LENGTH)


class JoinForm(forms.Form):
    code = forms.CharField(
        label=pgettext_lazy("quiz", "Join code"), max_length=LONG_CODE_LENGTH + 4
    )
    # Left empty for a class's quiz: its students pick their name next (tutor.classrooms).
    nickname = forms.CharField(
        label=pgettext_lazy("quiz", "Your nickname"), max_length=200, required=False
    )
    # A random value per join form (see Participant.join_key); not a secret of the quiz.
    attempt = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def clean_code(self) -> str:
        """A code of a join code's shape: six or ten letters and digits. One with a letter
        no code uses (B, O, I ...) is looked up all the same, so that its student hears it
        is no quiz's, not what a code looks like."""
        code = self.cleaned_data["code"].strip().upper().replace(" ", "").replace("-", "")
        if not (
            is_join_code(code) or (len(code) in JOIN_LENGTHS and code.isascii() and code.isalnum())
        ):
            raise forms.ValidationError(
                gettext_lazy(
                    "A join code has six or ten letters and digits, as shown by your teacher."
                )
            )
        return code

    def clean_nickname(self) -> str:
        try:
            nickname = names.clean(self.cleaned_data["nickname"])
        except names.UnsafeName as error:
            raise forms.ValidationError(
                error.message(nicknames.MESSAGES["nickname_unsafe"])
            ) from None
        if len(nickname) > NICKNAME_LENGTH:
            raise forms.ValidationError(
                gettext_lazy("A nickname has at most %(limit)s characters.")
                % {"limit": NICKNAME_LENGTH}
            )
        if nicknames.reserved(nickname):
            raise forms.ValidationError(nicknames.MESSAGES["nickname_reserved"])
        return nickname


JOIN_PAGE = "quizzes/student/join.html"


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str = "") -> HttpResponse:
    return with_device(request, _join(request, code))


def _join_page(request: HttpRequest, code: str) -> HttpResponse:
    """The join form, the same for any code: the code is not looked up unless this browser
    holds the signed cookie of a place in that quiz (then it goes back to its place)."""
    if is_code(code) and cookie_token(request, code) is not None:
        session = Session.objects.filter(code=code).first()
        if session is not None and participant_for(request, session) is not None:
            mark_joined(request)
            return HttpResponseRedirect(play_address(session.code))
    attempt = secrets.token_urlsafe(24)
    if not kept_pages.keeps(request):
        form = JoinForm(initial={"code": code, "attempt": attempt})
        return render(request, JOIN_PAGE, {"form": form})
    # A class opens this page in the same seconds: kept per language and address (the code
    # is in the path), with the form's random value put in per request.
    form = JoinForm(initial={"code": code, "attempt": kept_pages.stand_in("attempt")})
    slots = {"attempt": kept_pages.Slot(attempt)}
    return kept_pages.render(request, JOIN_PAGE, {"form": form}, key=(), slots=slots)


def _join(request: HttpRequest, code: str) -> HttpResponse:
    code = code.upper()[: LONG_CODE_LENGTH + 4]
    if request.method == "GET":
        return _join_page(request, code)
    form = JoinForm(request.POST)
    if (problem := refusal(request)) is not None:
        form.is_valid()
        form.add_error(None, problem)
        return render(request, "quizzes/student/join.html", {"form": form}, status=429)
    if not form.is_valid():
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)
    code = form.cleaned_data["code"]
    session = hot.joining_session(code) if is_code(code) else None
    if picker := classes.admit(request, code, session):
        # A class's code, or a class's quiz: pick your name there.
        return HttpResponseRedirect(picker)
    if session is None:
        count_failure(request)
        form.add_error("code", _("There is no quiz with this code. Check it with your teacher."))
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)
    if not session.is_open:
        form.add_error("code", _("This quiz is not open for answers now."))
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)
    if participant_for(request, session) is not None:
        mark_joined(request)
        return HttpResponseRedirect(play_address(session.code))
    nickname = form.cleaned_data["nickname"]
    if not nickname:
        form.add_error("nickname", str(nicknames.MESSAGES["nickname_empty"]))
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)
    skeleton, capitals = names.looks(nickname)
    attempt = form.cleaned_data["attempt"]

    def taken() -> HttpResponse:
        # The same form sent again (its first reply was lost, or both are in flight) gets
        # that student's place back; anyone else must choose another nickname.
        holder = session.participants.looking_like(nickname).first()
        if holder is not None and attempt and holder.join_key == attempt:
            return joined(request, session, holder)
        form.add_error("nickname", str(nicknames.MESSAGES["nickname_taken"]))
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)

    if hot.nickname_taken(session, (skeleton, capitals)):
        return taken()
    participant = Participant(
        session=session,
        nickname=nickname,
        skeleton=skeleton,
        capitals=capitals,
        language=current_language(),
        join_key=attempt,
    )
    try:
        hot.add_participant(participant)
    except IntegrityError:  # the same nickname joined meanwhile
        return taken()
    return joined(request, session, participant)
