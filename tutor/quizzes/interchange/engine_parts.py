"""The parts of an engine question, each tied to the field of the drill's form it stands for.

Every right answer is read from the answer key the quiz stored (a filled-in form): a choice
part is right on the choices whose form values the key holds, a number part on the key's
figure. Tying each part to its field also gives the way back (:func:`answer_form`): the
parts' right answers written as the drill's form, which the drill's own ``grade`` must
take as correct.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType

from django.utils.translation import pgettext

from tutor.drills.base import AnswerError
from tutor.drills.written import WrittenQuestion

from .snapshot import MULTIPLE, NUMBER, SINGLE, Part

#: A choice meaning "none of the others" (a form where ticking nothing is an answer).
NONE = ""

type Key = Mapping[str, Sequence[str]]
type FormAnswer = dict[str, list[str]]
#: What a learner gives for one part: the positions chosen, or a number.
type Pick = tuple[int, ...] | Decimal


@dataclass(frozen=True)
class Asked:
    """A part and the form field it is answered in."""

    part: Part
    field: str
    #: For a choice part, the form value of each choice (``NONE``: nothing is posted).
    values: tuple[str, ...] = ()


def _same(answer: FormAnswer) -> FormAnswer:
    return answer


@dataclass(frozen=True)
class Form:
    """What a drill's snapshot asks, and how its answers go back into the drill's form."""

    asked: tuple[Asked, ...]
    #: Lines the text adds after the question partial's (facts or questions that the page
    #: puts in its answer form, such as each player's hole cards).
    lines: tuple[str, ...] = ()
    #: Fields the form always posts (the side pots' stage).
    fixed: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    #: Turns the answers as the parts give them into what the form would post.
    finish: Callable[[FormAnswer], FormAnswer] = _same
    explanation: tuple[str, ...] = ()


def labelled(group: str, item: str) -> str:
    """A part's label in a question of several groups: 'Main pot: Amount'."""
    # Translators: the label of one answer of an exported quiz question: a group of answers
    # (a pot, a hand of the tournament) and what is asked in it.
    return pgettext("quiz export part", "%(group)s: %(item)s") % {"group": group, "item": item}


def choice(
    label: str,
    name: str,
    options: Sequence[tuple[str, str]],
    key: Key,
    *,
    multiple: bool = False,
) -> Asked:
    """A choice among ``options`` ((form value, words) pairs), right on the values the key
    holds for ``name`` (on the ``NONE`` option when it holds none). A key the options
    cannot say raises ``ValueError``: never a wrong right answer."""
    values = tuple(value for value, _words in options)
    wanted = set(key.get(name, ())) or {NONE}
    right = tuple(i for i, value in enumerate(values) if value in wanted)
    if len(right) != len(wanted) or (not multiple and len(right) != 1):
        raise ValueError(f"the stored answer of {name!r} is not among the choices")
    part = Part(
        MULTIPLE if multiple else SINGLE,
        label,
        tuple(str(words) for _value, words in options),
        right,
    )
    return Asked(part, name, values)


def number(label: str, name: str, key: Key, tolerance: Decimal = Decimal(0)) -> Asked:
    """A number, right on the key's figure for ``name`` (within ``tolerance``)."""
    stored = key.get(name, ())
    if len(stored) != 1:
        raise ValueError(f"the stored answer has no figure for {name!r}")
    return Asked(Part(NUMBER, label, number=Decimal(stored[0]), tolerance=tolerance), name)


def record[R](q: WrittenQuestion, kind: type[R]) -> R:
    """The question's record as its drill's own type (``TypeError`` for another drill's)."""
    if not isinstance(q.data, kind):
        raise TypeError(f"a {type(q.data).__name__} is not a {kind.__name__}")
    return q.data


def revealed[G](q: WrittenQuestion, kind: type[G]) -> G:
    """The drill's feedback for the stored answer, for an explanation (``ValueError`` when
    the drill cannot read what was stored)."""
    try:
        grade = q.drill.revealed(q.data, q.right_answer)
    except AnswerError as error:
        raise ValueError(f"the stored answer cannot be graded: {error.message}") from error
    if not isinstance(grade, kind):
        raise TypeError(f"a {type(grade).__name__} is not a {kind.__name__}")
    return grade


def right_picks(form: Form) -> list[Pick]:
    """Each part's right answer, as a learner would give it."""
    return [
        asked.part.number
        if asked.part.kind == NUMBER and asked.part.number is not None
        else asked.part.right
        for asked in form.asked
    ]


def answer_form(form: Form, picks: Sequence[Pick]) -> FormAnswer:
    """The drill's form filled in with ``picks`` (one for each part, in order)."""
    answer: FormAnswer = {name: list(values) for name, values in form.fixed.items()}
    for asked, pick in zip(form.asked, picks, strict=True):
        posted = answer.setdefault(asked.field, [])
        if isinstance(pick, Decimal):
            posted.append(str(pick))
        else:
            posted.extend(asked.values[i] for i in pick if asked.values[i] != NONE)
    return form.finish(answer)
