"""Joining a class's quiz: the student picks their name from the roster.

The join box (``tutor.quizzes.join_views``) sends a posted class's code, or the code of a
quiz run for a class, here, with a pass (``passes.py``): without one, this address answers
as the join form's does for any code, and shows no names. A class's code leads to its open
quiz (a choice when several are open); a quiz's code to its roster, names already picked
shown as taken. Picking a free name asks the student to confirm it is theirs, then joins
as the quiz's join does (``tutor.quizzes.joins``): the same signed cookie (a student coming
back on the same device goes straight back to their place), the same device cookie, and
the same protection against a form sent twice (``Participant.join_key``).
"""

from __future__ import annotations

import secrets
from typing import Any, cast

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from tutor.core.locales import current_language
from tutor.quizzes import joins
from tutor.quizzes.models import Session, is_code, is_join_code

from . import claims, class_sessions, passes
from .models import Classroom, Member

TEMPLATE = "classrooms/join.html"


class PickForm(forms.Form):
    member = forms.TypedChoiceField(
        coerce=int,
        error_messages={
            "required": gettext_lazy("Pick your name from the list."),
            "invalid_choice": gettext_lazy("Pick your name from the list."),
        },
    )
    # A random value per form (see Participant.join_key); not a secret of the quiz.
    attempt = forms.Field(required=False, widget=forms.HiddenInput)
    # Sent by the second step only: the student has confirmed the name is theirs.
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, members: list[Member], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = cast(forms.ChoiceField, self.fields["member"])
        field.choices = [(m.pk, m.name) for m in members]

    def clean_attempt(self) -> str:
        """Never an error (a hidden field's error is one the student cannot see): cut to
        the stored length, without NUL characters (PostgreSQL's text refuses them)."""
        return str(self.cleaned_data["attempt"] or "").replace("\x00", "")[:64]


@require_http_methods(["GET", "POST"])
def pick(request: HttpRequest, code: str) -> HttpResponse:
    return joins.with_device(request, _pick(request, code.upper()))


def _refused(request: HttpRequest, message: str, status: int) -> HttpResponse:
    return render(request, TEMPLATE, {"problem": message}, status=status)


def _pick(request: HttpRequest, code: str) -> HttpResponse:
    if not is_join_code(code):  # checked before any query: no NUL or stray text reaches it
        message = _("There is no quiz with this code. Check it with your teacher.")
        return _refused(request, message, 404)
    found = Session.objects.filter(code=code) if is_code(code) else Session.objects.none()
    session = found.select_related("quiz").first()
    if session is not None:
        if joins.participant_for(request, session) is not None:
            joins.mark_joined(request)
            return redirect("quizzes:play", code=session.code)  # back to your place
        classroom = class_sessions.classroom_of(session)
    else:
        classroom = Classroom.objects.filter(code=code).first()
    if classroom is None or not passes.holds(request, classroom):
        # The same answer for any code (an ordinary quiz's, a class's, none): the join form.
        return redirect("quizzes:join-code", code=code)
    if session is None:
        return _choose_session(request, classroom)
    return _roster(request, classroom, session)


def _choose_session(request: HttpRequest, classroom: Classroom) -> HttpResponse:
    """A class's code: its one open quiz, or the open quizzes to choose from."""
    sessions = class_sessions.open_sessions(classroom)
    if len(sessions) == 1:
        return redirect("classrooms:join", code=sessions[0].code)
    joined = {s.pk for s in sessions if joins.participant_for(request, s) is not None}
    context = {"classroom": classroom, "sessions": sessions, "joined": joined}
    return render(request, TEMPLATE, context)


def _roster(request: HttpRequest, classroom: Classroom, session: Session) -> HttpResponse:
    context: dict[str, Any] = {"classroom": classroom, "session": session}
    if not session.is_open:
        context["problem"] = _("This quiz is not open for answers now.")
        return render(request, TEMPLATE, context, status=422 if request.method == "POST" else 200)
    members = classroom.members.in_order()
    if request.method == "GET":
        form = PickForm(members=members, initial={"attempt": secrets.token_urlsafe(24)})
        return _roster_page(request, context, form, members)
    form = PickForm(request.POST, members=members)
    if form.is_valid():
        member = next(m for m in members if m.pk == form.cleaned_data["member"])
        if form.cleaned_data["confirm"]:  # the second step: "Yes, I am ..."
            try:
                attempt, language = form.cleaned_data["attempt"], current_language()
                participant = claims.claim(session, member, attempt, language)
            except claims.NameTaken:
                form.add_error("member", _taken(member))
            else:
                return joins.joined(request, session, participant)
        elif member.pk in claims.taken_ids(session):
            form.add_error("member", _taken(member))
        else:  # a free name: ask the student to confirm it is theirs
            return render(request, TEMPLATE, {**context, "form": form, "confirming": member})
    return _roster_page(request, context, form, members, status=422)


def _taken(member: Member) -> str:
    return _(
        "Someone in this quiz has already picked %(name)s. Pick your own name, or tell your "
        "teacher."
    ) % {"name": member.name}


def _roster_page(
    request: HttpRequest,
    context: dict[str, Any],
    form: PickForm,
    members: list[Member],
    status: int = 200,
) -> HttpResponse:
    taken = claims.taken_ids(context["session"])
    context.update(form=form, members=members, taken=taken)
    return render(request, TEMPLATE, context, status=status)
