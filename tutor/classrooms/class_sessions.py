"""A class's sessions: the run form's "For a class" choice, the link it makes between a
session and a class (:class:`ClassSession`), and where a class's posted join code leads.

The quizzes app calls these three from its run view and its join view, through
``tutor.quizzes.classes`` (this module is handed to it at start-up: that app imports
nothing of classes), so that it needs no table of its own for classes: ``offer`` before
the form is checked, ``attach`` once the session exists, and ``admit`` when a posted join
code may be a class's.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, cast

from django import forms
from django.db import connections, router
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import pgettext

from tutor.quizzes import hot
from tutor.quizzes.models import Session

from . import passes
from .models import Classroom, ClassSession

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def offer(form: forms.Form, owner: User, wanted: object = None) -> None:
    """Fill the run form's ``classroom`` choice with the teacher's classes (``wanted``
    chosen at first, when it is one of them); a teacher without classes is not asked."""
    classes = list(Classroom.objects.filter(owner=owner).values_list("pk", "name"))
    if not classes:
        form.fields.pop("classroom", None)
        return
    cast(forms.ChoiceField, form.fields["classroom"]).choices = [
        ("", pgettext("run a quiz for", "No class: students type a nickname")),
        *classes,
    ]
    if str(wanted) in {str(pk) for pk, _name in classes}:
        form.initial["classroom"] = str(wanted)


def attach(session: Session, classroom_id: int | None, owner: User) -> None:
    """Make ``session`` the class's (the form offered only the teacher's own classes)."""
    if classroom_id is None:
        return
    classroom = Classroom.objects.filter(pk=classroom_id, owner=owner).first()
    if classroom is not None:
        ClassSession.objects.create(classroom=classroom, session=session)


# Kept per process. Key: the database alias, one of settings.DATABASES (a finite set).
@lru_cache(maxsize=8)
def _classroom_read(alias: str) -> hot.Read:
    quote = connections[alias].ops.quote_name
    classroom = hot.Columns.of(Classroom, alias, "c")
    link = quote(ClassSession._meta.db_table)
    sql = (
        f"SELECT {', '.join(classroom.sql)} FROM {quote(Classroom._meta.db_table)} {quote('c')}"
        f" INNER JOIN {link} {quote('l')} ON {quote('l')}.{quote('classroom_id')}"
        f" = {quote('c')}.{quote('id')} WHERE {quote('l')}.{quote('session_id')} = %s"
    )
    return hot.Read(sql, (classroom,))


def classroom_of(session: Session) -> Classroom | None:
    """The class ``session`` was run for, if any. Asked on every posted join code, so read
    without the ORM's SQL builder (``tutor.quizzes.hot``): a session has at most one."""
    alias = router.db_for_read(ClassSession)
    found = _classroom_read(alias).one(alias, [session.pk])
    return None if found is None else found[0]


def admit(request: HttpRequest, code: str, session: Session | None) -> str | None:
    """Where a posted join code leads instead of the nickname form: the class's name picker,
    for a session run for a class or for a class's own code, which this browser may now see
    (``passes.grant``); ``None`` for anything else."""
    if session is not None:
        classroom = classroom_of(session)
    else:
        classroom = Classroom.objects.filter(code=code).first()
    if classroom is None:
        return None
    passes.grant(request, classroom)
    return reverse("classrooms:join", args=[code])


def open_sessions(classroom: Classroom) -> list[Session]:
    """The class's sessions open for answers now, newest first."""
    sessions = Session.objects.filter(class_session__classroom=classroom).exclude(
        state=Session.State.ENDED
    )
    return [s for s in sessions.select_related("quiz") if s.is_open]
