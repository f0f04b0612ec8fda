"""The roster's forms: names cleaned and checked as quiz nicknames are, many at once."""

from __future__ import annotations

import pytest
from django import forms

from tutor.classrooms.forms import (
    MAX_LINE_ERRORS,
    MAX_MEMBERS,
    MAX_ROSTER_CHARS,
    ClassNameForm,
    MemberForm,
    NewClassForm,
    RosterForm,
    parse_roster,
)
from tutor.classrooms.models import Classroom, Member


def problems(text: str, existing: list | None = None) -> list[str]:
    with pytest.raises(forms.ValidationError) as caught:
        parse_roster(text, existing or [])
    return caught.value.messages


def test_names_are_cleaned_and_empty_lines_skipped() -> None:
    text = "  Asha   K \n\n\t\nＢａｌｉｎｔ\r\nChen\n   \n"
    assert parse_roster(text, []) == ["Asha K", "Balint", "Chen"]


def test_only_empty_lines_are_refused() -> None:
    assert problems("\n  \n\t\n") == ["Type at least one name, one per line."]


@pytest.mark.parametrize(
    "bad", ["\u202etniop", "Asha\u200b", "Ki\u2066ran", "Li\ue000", "Omar\x07"]
)
def test_invisible_or_bidi_characters_are_refused_by_line(bad: str) -> None:
    [message] = problems(f"Chen\n\n{bad}")
    assert message.startswith("Line 3: A name cannot contain invisible characters")


def test_a_long_name_is_refused() -> None:
    [message] = problems("x" * 41)
    assert message == "Line 1: A name has at most 40 characters."
    assert parse_roster("x" * 40, []) == ["x" * 40]


@pytest.mark.parametrize(
    ("first", "second"),
    [("Kiran", "kіran"), ("RAVI", "ravi"), ("Mina", "Мina"), ("Ann", "Ann"), ("rn", "m")],
)
def test_look_alike_names_in_one_paste_are_refused(first: str, second: str) -> None:
    [message] = problems(f"{first}\nChen\n{second}")
    assert message.startswith(f"Line 3: “{second}” looks like “{first}” on line 1.")


def test_a_name_like_one_on_the_roster_is_refused(db: None, django_user_model) -> None:
    owner = django_user_model.objects.create_user("t", "t@example.org", "pw-long-enough-1")
    classroom = Classroom.objects.create(owner=owner, name="7B")
    classroom.members.create(name="Kiran")
    [message] = problems("Chen\nKIRAN", list(classroom.members.all()))
    assert message.startswith("Line 2: “KIRAN” looks like “Kiran”, already on the roster.")
    form = RosterForm({"names": "Chen\nkiran"}, classroom=classroom)
    assert not form.is_valid() and "already on the roster" in form.errors["names"][0]
    assert RosterForm({"names": "Chen\nKiran B"}, classroom=classroom).is_valid()


def test_many_problems_are_listed_up_to_a_limit() -> None:
    messages = problems("\n".join(["Asha\u200b"] * (MAX_LINE_ERRORS + 3)))
    assert len(messages) == MAX_LINE_ERRORS + 1
    assert messages[-1] == "3 more lines have a problem."


def test_a_huge_paste_is_refused_before_any_name_is_checked() -> None:
    [message] = problems("\n".join(f"n{i}" for i in range(MAX_MEMBERS + 1)))
    assert message == f"A class has at most {MAX_MEMBERS} names; with these it would have 201."
    form = NewClassForm({"name": "7B", "names": "a\n" * MAX_ROSTER_CHARS})
    assert not form.is_valid() and "at most 20000 characters" in form.errors["names"][0]


def test_the_limit_counts_the_names_already_on_the_roster() -> None:
    existing = [Member(name=f"n{i}", skeleton=f"n{i}", capitals=f"N{i}") for i in range(199)]
    assert parse_roster("Asha", existing) == ["Asha"]
    assert "at most 200 names; with these it would have 201" in problems("Asha\nChen", existing)[0]


@pytest.mark.parametrize("name", ["", "   ", "\u202e7B"])
def test_a_class_needs_a_safe_name(name: str) -> None:
    form = ClassNameForm({"name": name})
    assert not form.is_valid() and form.errors["name"]


def test_a_class_may_start_without_names() -> None:
    form = NewClassForm({"name": "  7B   maths ", "names": "\n"})
    assert form.is_valid(), form.errors
    assert form.cleaned_data == {"name": "7B maths", "names": []}


def test_renaming_checks_the_other_names_only(db: None, django_user_model) -> None:
    owner = django_user_model.objects.create_user("t", "t@example.org", "pw-long-enough-1")
    classroom = Classroom.objects.create(owner=owner, name="7B")
    asha = classroom.members.create(name="Asha")
    classroom.members.create(name="Chen")
    assert MemberForm({"name": "ASHA"}, member=asha).is_valid()  # itself, in capitals
    taken = MemberForm({"name": "chen"}, member=asha)
    assert not taken.is_valid() and "looks like “Chen”" in taken.errors["name"][0]
    assert not MemberForm({"name": "\u200b"}, member=asha).is_valid()
