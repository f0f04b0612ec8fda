"""A teacher's own question: one right choice, several right choices, true or false, or a
number, written in one or more of the five languages.

It is not dealt from a seed: the teacher writes it in their question bank
(``tutor/quizzes/bank``), and a session stores it whole like every other question, so the
pages, grading, results and exports read it through the same interface as the engine's
drills. A student reads each part of it (prompt, choices, explanation, each answer's
feedback) in their language when the teacher wrote that part in it, else in the quiz's
language, else in the teacher's first language (:meth:`Question.read_in`; the page marks
a part in another language with ``lang``). It is plain text: the templates escape it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from babel.numbers import NumberFormatError, parse_decimal
from django.utils.translation import get_language, gettext_lazy, pgettext
from django.utils.translation import gettext as _

from tutor.core.locales import babel_locale, current_language, format_number
from tutor.words.base import join_names

from .answers import indexes, value
from .base import AnswerError
from .codec import JSON, Record
from .drill import Answer, QuestionDrill

SINGLE, MULTIPLE, TRUE_FALSE, NUMBER = "single", "multiple", "truefalse", "number"
KINDS = (SINGLE, MULTIPLE, TRUE_FALSE, NUMBER)
MAX_CHOICES = 10
#: The largest number a number question takes or asks for (well inside a Decimal's range).
MAX_NUMBER = Decimal(10) ** 12
MAX_NUMBER_TEXT = 40


@dataclass(frozen=True)
class Text(Record):
    """The question in one language."""

    language: str
    prompt: str
    choices: tuple[str, ...] = ()
    explanation: str = ""
    #: What a student reads after choosing each answer (GIFT's ``#feedback``): one a
    #: choice, in order; for true or false, after "false" then after "true". Empty: none.
    feedback: tuple[str, ...] = ()

    def to_dict(self) -> JSON:
        return _without_empty(super().to_dict(), "feedback")


@dataclass(frozen=True)
class Question(Record):
    kind: str
    #: In the teacher's order: the first is shown when the student's language is missing.
    texts: tuple[Text, ...]
    #: The positions of the right choices; for true or false, ``(1,)`` is true, ``(0,)`` false.
    right: tuple[int, ...] = ()
    number: Decimal | None = None
    #: A number answer within this much of ``number`` is right.
    tolerance: Decimal = Decimal(0)
    #: Partial credit (GIFT's ``~%50%``): each choice's weight in percent, in order; a
    #: wrong answer earns the weights of the choices it ticked, between none and all of
    #: the points. Empty: all or nothing.
    credit: tuple[Decimal, ...] = ()

    def to_dict(self) -> JSON:
        return _without_empty(super().to_dict(), "credit")

    def text(self, language: str | None = None) -> Text:
        """The text in ``language`` (the active one by default), else the first written."""
        language = language or get_language() or ""
        return next((t for t in self.texts if t.language == language), self.texts[0])

    def read_in(self, language: str | None = None) -> Reading:
        """The question as a reader in ``language`` (the active one by default) reads it:
        each part from the first text that has it, theirs before the others, in order.

        >>> q = Question(SINGLE, (Text("cs", "Pár?", ("A", "B"), "Dvě karty."), Text("en", "Pair?")))
        >>> r = q.read_in("en")
        >>> r.prompt, r.explanation, r.choices[1]
        (Part(text='Pair?', language='en'), Part(text='Dvě karty.', language='cs'), Part(text='B', language='cs'))
        """
        language = language or get_language() or ""
        texts = sorted(self.texts, key=lambda t: t.language != language)  # a stable sort
        count = len(self.texts[0].choices)
        said = max((len(t.feedback) for t in texts), default=0)
        return Reading(
            prompt=_part(texts, lambda t: t.prompt),
            choices=tuple(_part(texts, _nth(lambda t: t.choices, i)) for i in range(count)),
            explanation=_part(texts, lambda t: t.explanation),
            feedback=tuple(_part(texts, _nth(lambda t: t.feedback, i)) for i in range(said)),
        )

    @property
    def truth(self) -> bool:
        return self.right == (1,)


@dataclass(frozen=True)
class Part:
    """One part of a question (its prompt, a choice, its explanation...) and the language
    of the text it comes from, which the page marks with ``lang`` when it is not its own."""

    text: str
    language: str


@dataclass(frozen=True)
class Reading:
    """A question as one reader reads it (:meth:`Question.read_in`): every part in their
    language where the teacher wrote it, else in the first other language that has it (a
    session stores the quiz's language first, then the teacher's main language)."""

    prompt: Part
    choices: tuple[Part, ...]
    explanation: Part
    feedback: tuple[Part, ...]


def _part(texts: Sequence[Text], part: Callable[[Text], str]) -> Part:
    found = next((t for t in texts if part(t)), texts[0])
    return Part(part(found), found.language)


def _nth(parts: Callable[[Text], tuple[str, ...]], i: int) -> Callable[[Text], str]:
    return lambda text: parts(text)[i] if i < len(parts(text)) else ""


def for_quiz(question: Question, language: str) -> Question:
    """``question`` as a quiz given in ``language`` stores it: that language's text first,
    so a student in a language the teacher did not write reads the quiz's before the
    teacher's main one (the others keep their order).

    >>> q = Question(TRUE_FALSE, (Text("cs", "Ano?"), Text("hi", "हाँ?")), (1,))
    >>> [t.language for t in for_quiz(q, "hi").texts], for_quiz(q, "") == q
    (['hi', 'cs'], True)
    """
    texts = tuple(sorted(question.texts, key=lambda t: t.language != language))
    return replace(question, texts=texts) if language else question


def _without_empty(data: JSON, name: str) -> JSON:
    """A record's JSON without an optional field left empty, so a question stored before
    the field existed keeps the JSON (and the fingerprint) it had."""
    if not data.get(name):
        del data[name]
    return data


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    #: The language of the explanation.
    language: str
    right_label: str
    chosen_label: str
    explanation: str
    #: The teacher's words for the answer chosen, if they wrote any.
    answer_feedback: str = ""
    #: The share of the points a wrong answer earns (partial credit), from 0 to 1.
    credit: Decimal = Decimal(0)
    #: The language of the teacher's words for the answer chosen (empty: ``language``).
    feedback_language: str = ""
    #: The language of the choices named in the labels (empty: the page's).
    choices_language: str = ""


def read_number(text: str, language: str | None = None) -> Decimal:
    """A number as a learner types it in ``language``: its own digits (০১২, १२३), its
    decimal sign and grouping (``1 234,5`` in Czech), a plain ``12.5`` everywhere.

    >>> read_number("1 234,5", "cs"), read_number("১২.৫", "bn"), read_number("-3", "en")
    (Decimal('1234.5'), Decimal('12.5'), Decimal('-3'))
    """
    message = _("Write a number, such as 12 or 2.5.")
    if len(text) > MAX_NUMBER_TEXT:
        raise AnswerError(message)
    plain = "".join(
        str(unicodedata.decimal(ch)) if unicodedata.category(ch) == "Nd" else ch
        for ch in unicodedata.normalize("NFKC", text)
        if not ch.isspace() and ch not in "'\u2019_"
    ).replace("\u2212", "-")
    if not plain:
        raise AnswerError(message)
    number = _parse(plain, language or current_language())
    if number is None or not number.is_finite() or abs(number) > MAX_NUMBER:
        raise AnswerError(message)
    return number


def _parse(plain: str, language: str) -> Decimal | None:
    try:
        return parse_decimal(plain, locale=babel_locale(language), strict=True)
    except NumberFormatError:
        pass
    # "12,5" in English or "12.5" in Czech: one separator and no grouping is a decimal sign.
    if plain.count(",") + plain.count(".") == 1:
        try:
            return Decimal(plain.replace(",", "."))
        except InvalidOperation:
            return None
    return None


def _choice_label(reading: Reading, positions: list[int]) -> str:
    choices = reading.choices
    return join_names([choices[i].text for i in sorted(positions) if i < len(choices)])


def _choices_language(reading: Reading, positions: list[int]) -> str:
    """The language of the choices at ``positions`` (the first one's: a teacher writes
    every choice in each language, so they come from one text)."""
    found = [reading.choices[i].language for i in sorted(positions) if i < len(reading.choices)]
    return found[0] if found else ""


def _truth_label(truth: bool) -> str:
    return pgettext("true or false", "True") if truth else pgettext("true or false", "False")


def _chosen(question: Question, answer: Answer) -> tuple[list[int], bool | None, Decimal | None]:
    """The answer read: the choices ticked, the truth chosen, the number written."""
    if question.kind in (SINGLE, MULTIPLE):
        count = len(question.texts[0].choices)
        chosen = sorted(indexes(answer, "choice", count, _("Choose one of the answers offered.")))
        if not chosen or (question.kind == SINGLE and len(chosen) > 1):
            raise AnswerError(
                _("Choose one answer.")
                if question.kind == SINGLE
                else _("Tick at least one answer.")
            )
        return chosen, None, None
    if question.kind == TRUE_FALSE:
        picked = value(answer, "truth")
        if picked not in ("true", "false"):
            raise AnswerError(_("Choose true or false."))
        return [], picked == "true", None
    return [], None, read_number(value(answer, "number"))


def grade(question: Question, answer: Answer) -> Grade:
    chosen, truth, number = _chosen(question, answer)
    reading = question.read_in()
    choices_language = ""
    if question.kind in (SINGLE, MULTIPLE):
        correct = chosen == sorted(question.right)
        right, mine = _choice_label(reading, list(question.right)), _choice_label(reading, chosen)
        choices_language = _choices_language(reading, [*question.right, *chosen])
    elif question.kind == TRUE_FALSE:
        correct = truth is question.truth
        right, mine = _truth_label(question.truth), _truth_label(bool(truth))
    else:
        assert question.number is not None and number is not None
        correct = abs(number - question.number) <= question.tolerance
        right, mine = _number_label(question), format_number(number, current_language())
    picked = [int(bool(truth))] if question.kind == TRUE_FALSE else chosen
    said = [reading.feedback[i] for i in picked if i < len(reading.feedback)]
    said = [part for part in said if part.text]
    return Grade(
        correct=correct,
        language=reading.explanation.language,
        right_label=right,
        chosen_label=mine,
        explanation=reading.explanation.text,
        answer_feedback="\n".join(part.text for part in said),
        credit=Decimal(0) if correct else credit(question, chosen),
        feedback_language=said[0].language if said else "",
        choices_language=choices_language,
    )


def credit(question: Question, chosen: list[int]) -> Decimal:
    """The share of the points the choices ``chosen`` earn by their weights, from 0 to 1.

    >>> q = Question(MULTIPLE, (), (0, 1), credit=(Decimal(50), Decimal(50), Decimal(-100)))
    >>> credit(q, [0]), credit(q, [0, 2]), credit(q, [0, 1])
    (Decimal('0.5'), Decimal('0'), Decimal('1'))
    """
    if not question.credit:
        return Decimal(0)
    weight = sum((question.credit[i] for i in chosen if i < len(question.credit)), Decimal(0))
    return min(Decimal(1), max(Decimal(0), weight / 100))


def keeping_extras(old: Question, new: Question) -> Question:
    """``new`` (the question as the bank's form wrote it) with what that form does not
    show of ``old``: each answer's feedback (by language) and the partial credit, kept
    while the kind and the number of choices stay the same.

    >>> old = Question(SINGLE, (Text("en", "?", ("a", "b"), "", ("Yes", "No")),), (0,))
    >>> keeping_extras(old, Question(SINGLE, (Text("en", "Who?", ("a", "b")),), (0,))).texts
    (Text(language='en', prompt='Who?', choices=('a', 'b'), explanation='', feedback=('Yes', 'No')),)
    """
    if old.kind != new.kind or len(old.texts[0].choices) != len(new.texts[0].choices):
        return new
    said = {text.language: text.feedback for text in old.texts}
    texts = tuple(replace(text, feedback=said.get(text.language, ())) for text in new.texts)
    return replace(new, texts=texts, credit=old.credit)


def _number_label(question: Question) -> str:
    language = current_language()
    assert question.number is not None
    shown = format_number(question.number, language)
    if not question.tolerance:
        return shown
    return _("%(number)s, give or take %(tolerance)s") % {
        "number": shown,
        "tolerance": format_number(question.tolerance, language),
    }


def right_answer(question: Question) -> dict[str, list[str]]:
    if question.kind in (SINGLE, MULTIPLE):
        return {"choice": [str(i) for i in question.right]}
    if question.kind == TRUE_FALSE:
        return {"truth": ["true" if question.truth else "false"]}
    return {"number": [str(question.number)]}


def answer_label(question: Question, answer: Answer) -> str:
    try:
        chosen, truth, number = _chosen(question, answer)
    except AnswerError:
        return ""
    if question.kind in (SINGLE, MULTIPLE):
        return _choice_label(question.read_in(), chosen)
    if question.kind == TRUE_FALSE:
        return _truth_label(bool(truth))
    assert number is not None
    return format_number(number, current_language())


def context(question: Question) -> dict[str, object]:
    reading = question.read_in()
    return {
        "reading": reading,
        "choices": list(enumerate(reading.choices)),
        "several": question.kind == MULTIPLE,
    }


def generate(seed: int, level: str) -> Question:
    """Own questions are written by a teacher, never dealt."""
    raise LookupError("a teacher's own question is written in the question bank, not dealt")


def written(question: Question, fingerprint: int) -> dict[str, object]:
    """The session entry of an own question (``QuestionDrill.written``'s shape); the
    fingerprint (of the text) stands in for the seed, so the page caches keyed on the
    seed tell two questions apart."""
    return {
        "drill": DRILL.slug,
        "level": "",
        "seed": fingerprint,
        "concept": None,
        "version": DRILL.version,
        "question": question.to_dict(),
        "answer": right_answer(question),
        "concepts": [],
    }


def load(data: Mapping[str, object]) -> Question:
    return Question.from_dict(data)


DRILL = QuestionDrill(
    slug="own-question",
    title=gettext_lazy("Your own question"),
    summary=gettext_lazy("A question a teacher wrote."),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    context=context,
    quiz=False,  # put in a quiz from the question bank, not from the list of drills
    levels=(),
)
