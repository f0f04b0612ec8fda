"""Importing GIFT into a teacher's bank: the text read from an upload or the page, each
question read put through the bank form's checks, then saved.

Every question goes through what the bank's form asks of a question a teacher types
(``bank_forms.clean_text``: length, invisible and direction-changing characters; at
most ``MAX_CHOICES`` choices, no two the same), so an import never stores what the form
would refuse. A question already in the bank, or twice in the text, is imported once.
The words for every reason a question is left out are here, as a table of the reader's
codes.
"""

from __future__ import annotations

import codecs
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django import forms
from django.conf import settings
from django.db import transaction
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutor.core.locales import current_language, format_number
from tutor.drills import own_question as own
from tutor.drills.own_question import Question as OwnRecord
from tutor.drills.own_question import Text

from ..bank import add_slots
from ..bank_forms import MAX_CHOICE, MAX_EXPLANATION, MAX_PROMPT, clean_text, tag_name
from ..models import OwnQuestion, Quiz, Tag
from ..quotas import import_bytes, import_questions
from .gift_reader import Found, Reading
from .import_language import Given, given, letters_of, script_language

#: The languages a ``[lang:xx]`` marker may name: the site's.
LANGUAGE_CODES = tuple(code for code, _name in settings.LANGUAGES)

if TYPE_CHECKING:
    from django.contrib.auth.models import User


REASONS: dict[str, Promise] = {
    "description": gettext_lazy("No answers in braces: a description, not a question."),
    "unclosed": gettext_lazy(
        "A brace is not closed: every { needs its }. Write %(open)s and %(close)s for "
        "braces in a text."
    ),
    "braces": gettext_lazy(
        "More than one pair of braces. Only the answers go in braces; write %(open)s and "
        "%(close)s for braces in a text."
    ),
    "essay": gettext_lazy("An essay question (empty braces): the bank cannot hold it."),
    "short_answer": gettext_lazy("A short-answer question (typed words): the bank cannot hold it."),
    "matching": gettext_lazy("A matching question: the bank cannot hold it."),
    "few_choices": gettext_lazy("A multiple-choice question needs at least two choices."),
    "many_choices": gettext_lazy("More choices than a question can have (%(max)s at most)."),
    "several_full": gettext_lazy(
        "More than one choice is marked right with =. For several right choices, give "
        "each a weight, such as %(example)s."
    ),
    "no_right": gettext_lazy("No choice is marked right."),
    "number": gettext_lazy("The number cannot be read. Write it like %(examples)s."),
    "no_full_number": gettext_lazy("No number is marked as fully right."),
    "empty": gettext_lazy("The question has no text."),
    "too_many": gettext_lazy(
        "Only the first %(max)s questions of a text are read: import the rest separately."
    ),
}
#: What each reason's words need filled in (GIFT's own syntax is never translated).
REASON_VALUES: dict[str, object] = {
    "open": "\\{",
    "close": "\\}",
    "example": "~%50%",
    "examples": "12.5, 12.5:0.5, 12..13",
}
NOTES: dict[str, Promise] = {
    "number_partial": gettext_lazy(
        "Partial credit for a number is not kept: only the fully right number counts."
    ),
    "number_feedback": gettext_lazy("Feedback on single numbers is not kept; general feedback is."),
    "media": gettext_lazy("Pictures, sound and video are not kept: only the text is."),
}


class SourceError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def decode(data: bytes) -> str:
    """The text of an uploaded file: UTF-8 with or without a byte-order mark."""
    if len(data) > import_bytes():
        raise SourceError(too_big())
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        raise SourceError(
            _("The file is saved as UTF-16. Save it as UTF-8 instead and choose it again.")
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SourceError(
            _(
                "The file is not UTF-8 text. Save it with the encoding UTF-8 (most editors "
                "offer it under “Save as”) and choose it again."
            )
        ) from None
    return checked(text)


def checked(text: str) -> str:
    """Pasted or uploaded text, refused when it is too long or not text at all."""
    text = text.removeprefix("\ufeff")
    if "\x00" in text:
        raise SourceError(_("This is not text. Choose a GIFT file: plain text saved as UTF-8."))
    if len(text.encode("utf-8", "surrogatepass")) > import_bytes():
        raise SourceError(too_big())
    return text


def too_big() -> str:
    return _("The text is too long: import at most %(size)s KB at a time.") % {
        "size": format_number(import_bytes() // 1024, current_language())
    }


def reason_text(code: str) -> str:
    """The words for a reader's code, its values filled in."""
    text = str(REASONS[code])
    if "%(" not in text:
        return text
    limit = import_questions() if code == "too_many" else own.MAX_CHOICES
    return text % {**REASON_VALUES, "max": limit}


@dataclass(frozen=True)
class Ready:
    """A question that will be imported: as read, as stored, and its tags."""

    found: Found
    record: OwnRecord
    tags: tuple[str, ...]
    #: Its language and why (``import_language.py``).
    given: Given

    @property
    def notes(self) -> list[str]:
        return [str(NOTES[code]) for code in self.found.notes]


@dataclass(frozen=True)
class Refused:
    line: int
    title: str
    reason: str


@dataclass(frozen=True)
class Plan:
    ready: list[Ready]
    refused: list[Refused]


def _clean(raw: str, limit: int, what: str, *, lines: bool = True) -> str:
    try:
        return clean_text(raw, limit, lines=lines)
    except forms.ValidationError as error:
        # Translators: where a problem is in an imported question, then the problem.
        raise SourceError(
            _("%(part)s: %(problem)s") % {"part": what, "problem": " ".join(error.messages)}
        ) from None


def record(found: Found, language: str) -> OwnRecord:
    """The question as the bank stores it, in its ``[lang:xx]`` marker's language, else
    ``language``; or ``SourceError`` saying what the bank's form would refuse."""
    if found.language and found.language not in LANGUAGE_CODES:
        raise SourceError(
            _("%(marker)s names no language of this site: use one of %(codes)s.")
            % {"marker": f"[lang:{found.language}]", "codes": ", ".join(LANGUAGE_CODES)}
        )
    prompt = _clean(found.prompt, MAX_PROMPT, _("The question"))
    choices = tuple(
        _clean(choice, MAX_CHOICE, _("Choice %(number)s") % {"number": i + 1}, lines=False)
        for i, choice in enumerate(found.choices)
    )
    explanation = _clean(found.explanation, MAX_EXPLANATION, _("The explanation"))
    feedback = tuple(
        _clean(words, MAX_EXPLANATION, _("The feedback on answer %(number)s") % {"number": i + 1})
        for i, words in enumerate(found.feedback)
    )
    if not prompt:
        raise SourceError(reason_text("empty"))
    if empty := [i + 1 for i, choice in enumerate(choices) if not choice]:
        raise SourceError(_("Choice %(number)s is empty.") % {"number": empty[0]})
    if len(set(choices)) < len(choices):
        raise SourceError(_("Two choices are the same."))
    return OwnRecord(
        kind=found.kind,
        texts=(Text(found.language or language, prompt, choices, explanation, feedback),),
        right=found.right,
        number=found.number,
        tolerance=found.tolerance,
        credit=found.credit,
    )


def fingerprint(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def tag_names(found: Found, extra: str) -> tuple[str, ...]:
    names: dict[str, str] = {}
    for raw in (found.category, extra):
        try:
            name = tag_name(clean_text(raw, 400, lines=False))
        except forms.ValidationError:
            continue
        if name:
            names.setdefault(name.casefold(), name)
    return tuple(names.values())


def plan(reading: Reading, language: str, tag: str, owner: User) -> Plan:
    """What an import of ``reading`` would do: the questions to save, and those left out
    with the reason, in the order of the text. ``language``: the one chosen for questions
    without a marker, or ``import_language.AUTO`` to find it from their letters."""
    banked = {fingerprint(q.data) for q in OwnQuestion.objects.filter(owner=owner)}
    seen: dict[str, int] = {}
    ready: list[Ready] = []
    refused = [Refused(left.line, left.title, reason_text(left.reason)) for left in reading.left]
    whole = script_language("\n".join(letters_of(found) for found in reading.found))
    for found in reading.found:
        language_given = given(found, language, whole, current_language())
        try:
            stored = record(found, language_given.language)
        except SourceError as error:
            refused.append(Refused(found.line, found.title, error.message))
            continue
        key = fingerprint(stored.to_dict())
        if key in banked:
            refused.append(
                Refused(found.line, found.title, _("The same question is already in your bank."))
            )
        elif key in seen:
            refused.append(
                Refused(
                    found.line,
                    found.title,
                    _("The same as the question on line %(line)s.")
                    % {"line": format_number(seen[key], current_language())},
                )
            )
        else:
            seen[key] = found.line
            ready.append(Ready(found, stored, tag_names(found, tag), language_given))
    refused.sort(key=lambda item: item.line)
    return Plan(ready, refused)


def save(owner: User, ready: list[Ready], quiz: Quiz | None) -> list[OwnQuestion]:
    """The questions saved in ``owner``'s bank with their tags, and added to ``quiz``."""
    created: list[OwnQuestion] = []
    with transaction.atomic():
        tags: dict[str, Tag] = {}
        for item in ready:
            question = OwnQuestion.objects.create(
                owner=owner, kind=item.record.kind, data=item.record.to_dict()
            )
            for name in item.tags:
                if name.casefold() not in tags:
                    tags[name.casefold()], _created = Tag.objects.get_or_create(
                        owner=owner, key=name.casefold(), defaults={"name": name}
                    )
            question.tags.set([tags[name.casefold()] for name in item.tags])
            created.append(question)
        if quiz is not None and created:
            add_slots(quiz, created, 1)
    return created
