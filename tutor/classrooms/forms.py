"""The teacher's class forms: a class's name, and its roster of student names.

Roster names and class names follow the rules of every name (``tutor.core.names``):
normalised, refused with invisible or direction-changing characters, stacked marks or
joiners as padding; roster names are also refused when
they look like another name of the class, so two students of a class never look alike
on the projector. Many names arrive at once, one per line; either all of them are added
or, with the problems listed line by line, none.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tutor.core import names
from tutor.core.locales import current_language
from tutor.quizzes.models import NICKNAME_LENGTH
from tutor.words.base import number

from .models import CLASS_NAME_LENGTH, Classroom, Member

if TYPE_CHECKING:
    from django.contrib.auth.models import User


MAX_MEMBERS = 200
MAX_ROSTER_CHARS = 20_000
MAX_CLASSES = 200
MAX_LINE_ERRORS = 10

MESSAGES = {
    "class_name_empty": _("Give the class a name."),
    "class_name_unsafe": _(
        "A class name cannot contain invisible characters or characters that change the "
        "direction of text."
    ),
    "name_empty": _("Type the student's name."),
    "name_unsafe": _(
        "A name cannot contain invisible characters or characters that change the direction "
        "of text. Type it again with letters, digits and spaces."
    ),
    "name_long": _("A name has at most %(limit)s characters."),
    "name_alike": _(
        "“%(name)s” looks like “%(other)s”, already on the roster. Add something that tells "
        "them apart, such as an initial."
    ),
    "roster_empty": _("Type at least one name, one per line."),
    "roster_too_many": _(
        "A class has at most %(limit)s names; with these it would have %(count)s."
    ),
    # Translators: one problem of a list of names typed one per line, e.g. "Line 3: ...".
    "line": _("Line %(line)s: %(problem)s"),
    "line_alike": _(
        "“%(name)s” looks like “%(other)s” on line %(other_line)s. Add something that tells "
        "them apart, such as an initial."
    ),
    "roster_changed": _(
        "The roster changed meanwhile (in another tab?) and a name now looks like another. "
        "Look at the roster and try again."
    ),
    "too_many_classes": _("You have %(limit)s classes, the most an account may have."),
}


def _num(value: int) -> str:
    return number(value, current_language())


def clean_name(raw: str) -> str:
    """A roster name as stored, or a :class:`forms.ValidationError` saying what is wrong."""
    try:
        name = names.clean(raw)
    except names.UnsafeName as error:
        raise forms.ValidationError(error.message(MESSAGES["name_unsafe"]), code="unsafe") from None
    if not name:
        raise forms.ValidationError(MESSAGES["name_empty"], code="empty")
    if len(name) > NICKNAME_LENGTH:
        raise forms.ValidationError(
            MESSAGES["name_long"] % {"limit": _num(NICKNAME_LENGTH)}, code="long"
        )
    return name


def _alike_message(name: str, other: str) -> str:
    return str(MESSAGES["name_alike"] % {"name": name, "other": other})


class _Looks:
    """The names seen so far, by how they look: which one a new name looks like."""

    def __init__(self, names: Iterable[tuple[str, str, str]] = ()) -> None:
        self.seen: dict[str, str] = {}
        for name, skeleton, capitals in names:
            self.seen.setdefault(skeleton, name)
            self.seen.setdefault("^" + capitals, name)

    def add(self, name: str) -> str | None:
        """The name already seen that ``name`` looks like; else ``None``, and remember it."""
        skeleton, capitals = names.looks(name)
        other = self.seen.get(skeleton) or self.seen.get("^" + capitals)
        if other is None:
            self.seen[skeleton] = self.seen["^" + capitals] = name
        return other


def parse_roster(text: str, existing: list[Member]) -> list[str]:
    """The new names typed one per line (empty lines skipped), checked against each other
    and against the ``existing`` roster; every problem found is raised at once."""
    lines = [(n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if not lines:
        raise forms.ValidationError(MESSAGES["roster_empty"], code="empty")
    total = len(existing) + len(lines)
    if total > MAX_MEMBERS:  # before any name is checked: a huge paste costs nothing
        raise forms.ValidationError(
            MESSAGES["roster_too_many"] % {"limit": _num(MAX_MEMBERS), "count": _num(total)},
            code="too_many",
        )
    looks = _Looks((m.name, m.skeleton, m.capitals) for m in existing)
    line_of: dict[str, int] = {}
    names, problems = [], []
    for line_number, raw in lines:
        try:
            name = clean_name(raw)
        except forms.ValidationError as error:
            problems.append((line_number, str(error.messages[0])))
            continue
        other = looks.add(name)
        if other is None:
            names.append(name)
            line_of[name] = line_number
        elif other in line_of:
            problems.append((line_number, _line_alike(name, other, line_of[other])))
        else:
            problems.append((line_number, _alike_message(name, other)))
    if problems:
        raise forms.ValidationError(_problem_list(problems))
    return names


def _line_alike(name: str, other: str, other_line: int) -> str:
    return str(
        MESSAGES["line_alike"] % {"name": name, "other": other, "other_line": _num(other_line)}
    )


def _problem_list(problems: list[tuple[int, str]]) -> list[str]:
    shown = [
        str(MESSAGES["line"] % {"line": _num(line), "problem": problem})
        for line, problem in problems[:MAX_LINE_ERRORS]
    ]
    hidden = len(problems) - MAX_LINE_ERRORS
    if hidden > 0:
        shown.append(
            ngettext(
                "%(count)s more line has a problem.",
                "%(count)s more lines have a problem.",
                hidden,
            )
            % {"count": _num(hidden)}
        )
    return shown


def roster_field(required: bool) -> forms.CharField:
    return forms.CharField(
        label=_("Student names, one per line"),
        required=required,
        max_length=MAX_ROSTER_CHARS,
        widget=forms.Textarea(attrs={"rows": 8, "cols": 30, "autocomplete": "off"}),
        help_text=_(
            "First names are enough; add an initial where two would look alike. Students "
            "pick their name when they join; they need no account."
        ),
    )


class ClassNameForm(forms.Form):
    name = forms.CharField(label=_("Name of the class"), max_length=CLASS_NAME_LENGTH)

    def __init__(self, *args: Any, owner: User | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.owner = owner

    def clean_name(self) -> str:
        try:
            name = names.clean(self.cleaned_data["name"])
        except names.UnsafeName as error:
            raise forms.ValidationError(error.message(MESSAGES["class_name_unsafe"])) from None
        if not name:
            raise forms.ValidationError(MESSAGES["class_name_empty"])
        return name


class NewClassForm(ClassNameForm):
    """A new class: its name, and optionally its first names."""

    names = roster_field(required=False)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.owner is not None and (
            Classroom.objects.filter(owner=self.owner).count() >= MAX_CLASSES
        ):
            raise forms.ValidationError(MESSAGES["too_many_classes"] % {"limit": _num(MAX_CLASSES)})
        return data

    def clean_names(self) -> list[str]:
        text = self.cleaned_data["names"]
        return parse_roster(text, []) if text.strip() else []


class RosterForm(forms.Form):
    """Names added to a class's roster."""

    names = roster_field(required=True)

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.classroom = classroom

    def clean_names(self) -> list[str]:
        return parse_roster(self.cleaned_data["names"], list(self.classroom.members.all()))


class MemberForm(forms.Form):
    """A roster name renamed."""

    name = forms.CharField(label=_("New name"), max_length=200)

    def __init__(self, *args: Any, member: Member, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.member = member

    def clean_name(self) -> str:
        name = clean_name(self.cleaned_data["name"])
        others = Member.objects.filter(classroom_id=self.member.classroom_id).exclude(
            pk=self.member.pk
        )
        other = others.looking_like(name).first()
        if other is not None:
            raise forms.ValidationError(_alike_message(name, other.name))
        return name
