"""The form of a teacher's own question: its kind, its text in any of the five languages,
the right answer and its tags.

The question is plain text. Text is normalised to NFC; characters that would change how
the text around them is drawn (bidi overrides and isolates) or cannot be shown (controls
other than line breaks and tabs, private use, unassigned, surrogates) are refused with a
message. Joiners (ZWJ, ZWNJ) stay: Bengali and Hindi spelling needs them. Tags are names,
cleaned as every name is (``tutor/core/names.py``).
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal
from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from tutor.core import names
from tutor.core.locales import current_language, format_number, language_name, native_name
from tutor.drills import own_question as own
from tutor.drills.base import AnswerError
from tutor.drills.own_question import Question, Text

SHOWN_CHOICES = 6
MAX_PROMPT = 2000
MAX_CHOICE = 300
MAX_EXPLANATION = 2000
MAX_TAGS = 10
MAX_TAG = 40
#: Directional formatting characters (UAX #9): they can flip the text around them.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
REFUSED = frozenset({"Cc", "Co", "Cs", "Cn"})
TAG_SEPARATORS = re.compile("[,、，;；]")

KIND_CHOICES = [
    (own.SINGLE, pgettext_lazy("question kind", "Multiple choice, one right answer")),
    (own.MULTIPLE, pgettext_lazy("question kind", "Multiple choice, several right answers")),
    (own.TRUE_FALSE, pgettext_lazy("question kind", "True or false")),
    (own.NUMBER, pgettext_lazy("question kind", "A number")),
]
KIND_NAMES = dict(KIND_CHOICES)
TRUTH_CHOICES = [
    ("true", pgettext_lazy("true or false", "True")),
    ("false", pgettext_lazy("true or false", "False")),
]


def _unsafe(ch: str) -> str:
    return _(
        "The text contains an invisible character or one that changes the "
        "direction of text (%(code)s). Remove it and type the text again."
    ) % {"code": f"U+{ord(ch):04X}"}


def clean_text(raw: str, limit: int, *, lines: bool = True) -> str:
    """Plain text as stored, or ``ValidationError`` naming what is wrong."""
    text = unicodedata.normalize("NFC", raw.replace("\r\n", "\n").replace("\r", "\n")).strip()
    for ch in text:
        allowed = ch == "\t" or (lines and ch == "\n")
        if ch in BIDI_CONTROLS or (unicodedata.category(ch) in REFUSED and not allowed):
            raise forms.ValidationError(_unsafe(ch))
    if not lines:
        text = " ".join(text.split())
    if len(text) > limit:
        raise forms.ValidationError(
            _("Keep it to %(limit)s characters at most.")
            % {"limit": format_number(limit, current_language())}
        )
    return text


def tag_name(part: str) -> str:
    """A tag as stored: a name, so the rules of every name (``names.clean``: no zero-width
    space, joiner as padding or stacked marks), at most :data:`MAX_TAG` characters."""
    try:
        return names.clean(part)[:MAX_TAG]
    except names.UnsafeName as error:
        raise forms.ValidationError(error.message(_unsafe(error.char))) from None


def in_words(code: str) -> str:
    """A language's name inside a sentence of the page language."""
    return language_name(code, current_language())


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


class OwnQuestionForm(forms.Form):
    """One field per language and choice (``prompt_en``, ``choice_en_0``...), shown by
    ``templates/quizzes/teacher/bank_question.html`` language by language."""

    kind = forms.ChoiceField(
        label=pgettext_lazy("question kind", "Kind of question"),
        choices=KIND_CHOICES,
        initial=own.SINGLE,
        widget=forms.RadioSelect,
    )
    first = forms.ChoiceField(
        label=gettext_lazy("Main language"),
        help_text=gettext_lazy(
            "Students whose language the question is not written in read it in this one."
        ),
    )
    right = forms.MultipleChoiceField(
        label=gettext_lazy("The right choices"), required=False, widget=forms.CheckboxSelectMultiple
    )
    truth = forms.ChoiceField(
        label=gettext_lazy("The statement is"),
        choices=TRUTH_CHOICES,
        required=False,
        widget=forms.RadioSelect,
    )
    number = forms.CharField(label=gettext_lazy("The right number"), required=False, max_length=40)
    tolerance = forms.CharField(
        label=gettext_lazy("Also right within"),
        required=False,
        max_length=40,
        help_text=gettext_lazy("Leave empty to accept only the exact number."),
    )
    tags = forms.CharField(
        label=gettext_lazy("Tags"),
        required=False,
        max_length=600,
        help_text=gettext_lazy("Separate them with commas, e.g. “preflop, week 3”."),
    )

    def __init__(self, *args: Any, rows: int = SHOWN_CHOICES, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rows = max(SHOWN_CHOICES, min(rows, own.MAX_CHOICES))
        choices = [(str(i), _("Choice %(number)s") % {"number": i + 1}) for i in range(self.rows)]
        first_choices = [(code, native_name(code)) for code in languages()]
        right, first = self.fields["right"], self.fields["first"]
        assert isinstance(right, forms.ChoiceField) and isinstance(first, forms.ChoiceField)
        right.choices, first.choices = choices, first_choices
        self.fields["first"].initial = current_language()
        for code in languages():
            self.fields[f"prompt_{code}"] = forms.CharField(
                label=_("Question"), required=False, widget=forms.Textarea(attrs={"rows": 3})
            )
            for i in range(self.rows):
                self.fields[f"choice_{code}_{i}"] = forms.CharField(
                    label=_("Choice %(number)s") % {"number": i + 1}, required=False
                )
            self.fields[f"explanation_{code}"] = forms.CharField(
                label=_("Explanation, shown after the answer"),
                required=False,
                widget=forms.Textarea(attrs={"rows": 2}),
            )

    def sections(self) -> list[dict[str, Any]]:
        """The fields of each language, for the template."""
        return [
            {
                "code": code,
                "name": native_name(code),
                "prompt": self[f"prompt_{code}"],
                "choices": [self[f"choice_{code}_{i}"] for i in range(self.rows)],
                "explanation": self[f"explanation_{code}"],
                "open": bool(self[f"prompt_{code}"].value()) or code == self["first"].value(),
            }
            for code in languages()
        ]

    def _texts(self, data: dict[str, Any]) -> dict[str, Text]:
        texts: dict[str, Text] = {}
        for code in languages():
            fields = {
                "prompt": (f"prompt_{code}", MAX_PROMPT, True),
                "explanation": (f"explanation_{code}", MAX_EXPLANATION, True),
                **{f"c{i}": (f"choice_{code}_{i}", MAX_CHOICE, False) for i in range(self.rows)},
            }
            values = {}
            for key, (name, limit, lines) in fields.items():
                try:
                    values[key] = clean_text(data.get(name) or "", limit, lines=lines)
                except forms.ValidationError as error:
                    self.add_error(name, error)
                    values[key] = ""
            if values["prompt"]:
                choices = tuple(values[f"c{i}"] for i in range(self.rows))
                texts[code] = Text(code, values["prompt"], choices, values["explanation"])
        return texts

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        texts = self._texts(data)
        kind, first = data.get("kind"), data.get("first")
        if not texts:
            self.add_error(None, _("Write the question in at least one language."))
            return data
        if first not in texts:
            first = next(iter(texts))
        ordered = [texts[first], *(t for code, t in texts.items() if code != first)]
        if kind in (own.SINGLE, own.MULTIPLE):
            ordered = self._check_choices(ordered, data, kind)
        elif kind == own.TRUE_FALSE and data.get("truth") not in ("true", "false"):
            self.add_error("truth", _("Say whether the statement is true or false."))
        elif kind == own.NUMBER:
            self._check_number(data)
        data["texts"] = (
            tuple(Text(t.language, t.prompt, (), t.explanation) for t in ordered)
            if (kind not in (own.SINGLE, own.MULTIPLE))
            else tuple(ordered)
        )
        data["tag_names"] = self._tag_names(data.get("tags") or "")
        return data

    def _check_choices(self, texts: list[Text], data: dict[str, Any], kind: str) -> list[Text]:
        """The choices written in the main language, the same ones in every other, and the
        right ones among them; returns the texts with the empty rows left out."""
        filled = [i for i, choice in enumerate(texts[0].choices) if choice]
        if len(filled) < 2:
            self.add_error(None, _("Write at least two choices."))
            return texts
        for text in texts:
            mine = [i for i, choice in enumerate(text.choices) if choice]
            if mine != filled:
                self.add_error(
                    None,
                    _(
                        "In %(language)s, write the same choices as in %(main)s (a translation "
                        "of each), or leave that language empty."
                    )
                    % {
                        "language": in_words(text.language),
                        "main": in_words(texts[0].language),
                    },
                )
            if len(set(text.choices[i] for i in filled)) < len(filled):
                self.add_error(
                    None,
                    _("Two choices in %(language)s are the same.")
                    % {"language": in_words(text.language)},
                )
        right = sorted(int(i) for i in data.get("right") or ())
        if any(i not in filled for i in right):
            self.add_error("right", _("A right answer must be one of the choices written."))
        elif kind == own.SINGLE and len(right) != 1:
            self.add_error("right", _("Tick exactly one right answer."))
        elif kind == own.MULTIPLE and not right:
            self.add_error("right", _("Tick at least one right answer."))
        data["right_positions"] = tuple(filled.index(i) for i in right if i in filled)
        return [
            Text(t.language, t.prompt, tuple(t.choices[i] for i in filled), t.explanation)
            for t in texts
        ]

    def _check_number(self, data: dict[str, Any]) -> None:
        for name in ("number", "tolerance"):
            text = data.get(name) or ""
            if not text.strip():
                if name == "number":
                    self.add_error(name, _("Write the right number."))
                continue
            try:
                data[f"{name}_value"] = own.read_number(text)
            except AnswerError as error:
                self.add_error(name, error.message)
        if data.get("tolerance_value", 0) < 0:
            self.add_error("tolerance", _("The margin cannot be negative."))

    def _tag_names(self, raw: str) -> list[str]:
        tags: dict[str, str] = {}
        try:
            for part in TAG_SEPARATORS.split(clean_text(raw, 600, lines=False)):
                if name := tag_name(part):
                    tags.setdefault(name.casefold(), name)
        except forms.ValidationError as error:
            self.add_error("tags", error)
        if len(tags) > MAX_TAGS:
            self.add_error("tags", _("Give it %(count)s tags at most.") % {"count": MAX_TAGS})
        return list(tags.values())

    def record(self) -> Question:
        """The question as stored (call after ``is_valid()``)."""
        data = self.cleaned_data
        kind = data["kind"]
        if kind == own.TRUE_FALSE:
            right: tuple[int, ...] = (1,) if data["truth"] == "true" else (0,)
        else:
            right = data.get("right_positions", ())
        return Question(
            kind=kind,
            texts=data["texts"],
            right=right,
            number=data.get("number_value") if kind == own.NUMBER else None,
            tolerance=data.get("tolerance_value", Decimal(0)) if kind == own.NUMBER else Decimal(0),
        )


def initial(record: Question, tags: list[str]) -> dict[str, Any]:
    """The form's initial values for a stored question."""
    values: dict[str, Any] = {
        "kind": record.kind,
        "first": record.texts[0].language,
        "tags": ", ".join(tags),
        "right": [str(i) for i in record.right]
        if record.kind in (own.SINGLE, own.MULTIPLE)
        else [],
        "truth": ("true" if record.truth else "false") if record.kind == own.TRUE_FALSE else "",
        "number": "" if record.number is None else str(record.number),
        "tolerance": str(record.tolerance) if record.tolerance else "",
    }
    for text in record.texts:
        values[f"prompt_{text.language}"] = text.prompt
        values[f"explanation_{text.language}"] = text.explanation
        for i, choice in enumerate(text.choices):
            values[f"choice_{text.language}_{i}"] = choice
    return values
