"""What running and joining a quiz ask of classes (tutor/quizzes/classes.py): the
classrooms app answers once the site has started; without it, no class is offered and
every code is a quiz's."""

from __future__ import annotations

from django.test import RequestFactory

from tutor.classrooms import class_sessions
from tutor.quizzes import classes
from tutor.quizzes.forms import RunForm
from tutor.quizzes.models import Session


def test_the_classrooms_app_answers_for_classes() -> None:
    assert classes._classes is class_sessions


def test_without_classes_no_class_is_offered_and_no_code_is_a_class() -> None:
    none = classes.NoClasses()
    form = RunForm()
    assert "classroom" in form.fields
    none.offer(form, owner=None)
    assert "classroom" not in form.fields
    assert none.admit(RequestFactory().post("/en/join/"), "ABC234", None) is None
    assert none.attach(Session(), 1, owner=None) is None
