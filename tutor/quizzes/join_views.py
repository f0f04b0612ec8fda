"""Joining a quiz: a code and a nickname, no account.

Joining sets a signed cookie naming the participant and wrong codes are limited
(``joins.py``, shared with a class's name picker). Nicknames are normalised and compared
by look (``nicknames.py``).
"""

from __future__ import annotations

import secrets

from django import forms
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy
from django.views.decorators.http import require_http_methods

from tutor.core.locales import current_language

from . import classes, nicknames
from .joins import count_failure, joined, participant_for, too_many_failures, with_device
from .models import CODE_ALPHABET, CODE_LENGTH, NICKNAME_LENGTH, Participant, Session, is_code


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


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str = "") -> HttpResponse:
    return with_device(request, _join(request, code))


def _join_page(request: HttpRequest, code: str) -> HttpResponse:
    session = Session.objects.filter(code=code).first() if is_code(code) else None
    if session is not None and participant_for(request, session) is not None:
        return redirect("quizzes:play", code=session.code)  # already joined: back to your place
    picker = classes.picker_url(code, session) if is_code(code) else None
    if picker is not None:  # a class's code or a class's quiz: pick your name there
        return redirect(picker)
    form = JoinForm(initial={"code": code, "attempt": secrets.token_urlsafe(24)})
    return render(request, "quizzes/student/join.html", {"form": form})


def _join(request: HttpRequest, code: str) -> HttpResponse:
    code = code.upper()[: CODE_LENGTH + 4]
    if request.method == "GET":
        return _join_page(request, code)
    form = JoinForm(request.POST)
    if too_many_failures(request):
        form.is_valid()
        form.add_error(
            None,
            _("Too many wrong codes from this device. Please wait a few minutes and try again."),
        )
        return render(request, "quizzes/student/join.html", {"form": form}, status=429)
    if not form.is_valid():
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)
    session = Session.objects.filter(code=form.cleaned_data["code"]).first()
    if session is None and (picker := classes.picker_url(form.cleaned_data["code"], None)):
        return redirect(picker)  # a class's own code
    if session is None:
        count_failure(request)
        form.add_error("code", _("There is no quiz with this code. Check it with your teacher."))
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)
    if not session.is_open:
        form.add_error("code", _("This quiz is not open for answers now."))
        return render(request, "quizzes/student/join.html", {"form": form}, status=422)
    existing = participant_for(request, session)
    if existing is not None:
        return redirect("quizzes:play", code=session.code)
    if picker := classes.picker_url(session.code, session):
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
            return joined(request, session, holder)
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
    return joined(request, session, participant)
