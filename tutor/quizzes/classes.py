"""What running and joining a quiz ask of classes, without knowing them: the run form's
"For a class" choice, the link a run for a class makes, and where a class's join code
leads once it is posted.

The classrooms app sits above this one (its classes point at sessions), so this app
never imports it: at start-up ``ClassroomsConfig.ready`` hands its ``class_sessions`` module to
:func:`provide`. Until then (an app list without classrooms) a run form has no class
choice and every code is a quiz's.
"""

from __future__ import annotations

from typing import Any, Protocol

from django import forms
from django.http import HttpRequest

from .models import Session


class Classes(Protocol):
    def offer(self, form: forms.Form, owner: Any, wanted: object = None) -> None: ...

    def attach(self, session: Session, classroom_id: int | None, owner: Any) -> None: ...

    def admit(self, request: HttpRequest, code: str, session: Session | None) -> str | None: ...


class NoClasses:
    def offer(self, form: forms.Form, owner: Any, wanted: object = None) -> None:
        form.fields.pop("classroom", None)

    def attach(self, session: Session, classroom_id: int | None, owner: Any) -> None:
        return None

    def admit(self, request: HttpRequest, code: str, session: Session | None) -> str | None:
        return None


_classes: Classes = NoClasses()


def provide(classes: Classes) -> None:
    """Let the classrooms app answer for classes (its ``class_sessions`` module)."""
    global _classes
    _classes = classes


def offer(form: forms.Form, owner: Any, wanted: object = None) -> None:
    """Fill the run form's ``classroom`` choice with the teacher's classes, if any."""
    _classes.offer(form, owner, wanted)


def attach(session: Session, classroom_id: int | None, owner: Any) -> None:
    """Make ``session`` a run for the class the form chose (``None``: for no class)."""
    _classes.attach(session, classroom_id, owner)


def admit(request: HttpRequest, code: str, session: Session | None) -> str | None:
    """Where a posted join code leads instead of the nickname form (a class's name picker,
    which this browser may now see), or ``None``."""
    return _classes.admit(request, code, session)
