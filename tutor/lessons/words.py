"""The learning path's sentences made from codes: why an answer was not taken, and the
mastery rules (``tutor.learning.mastery.RULES`` and ``DROP``) written out for the learner.
Tables from code to sentence; a test walks every code."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from babel.lists import format_list
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tutor.core.locales import current_language
from tutor.drills.base import LEVEL_NAMES
from tutor.learning.mastery import DROP, MASTERY_NAMES, RULES, Mastery, Rule

#: Why an answer was not counted (``sittings.Refused.code``).
REFUSALS: Mapping[str, Promise] = {
    "unreadable": gettext_lazy(
        "That answer did not come from this question's form, so it was not counted."
        " Here is the question again."
    ),
    "already_answered": gettext_lazy(
        "That question was already answered, so this answer was not counted again."
    ),
}


def _either(names: Sequence[str]) -> str:
    """``Medium or Hard`` in the page language."""
    return format_list(list(names), style="or", locale=current_language().replace("-", "_"))


def _levels(numbers: Mapping[str, object]) -> str:
    levels = numbers.get("levels", ())
    assert isinstance(levels, tuple)
    return _either([str(LEVEL_NAMES[level]) for level in levels])


def _count(numbers: Mapping[str, object]) -> int:
    count = numbers.get("count", 0)
    assert isinstance(count, int)
    return count


def _any_answer(numbers: Mapping[str, object]) -> str:
    return _("You have answered a question on it.")


def _right_answers(numbers: Mapping[str, object]) -> str:
    count = _count(numbers)
    return ngettext(
        "%(count)d right answer, at any level.", "%(count)d right answers, at any level.", count
    ) % {"count": count}


def _right_in_a_row_over_time(numbers: Mapping[str, object]) -> str:
    count, hours = _count(numbers), numbers.get("hours", 0)
    # Translators: levels is a list such as "Medium or Hard" (drill levels); hours is a
    # whole number of hours (8): the streak must reach over a later sitting.
    return ngettext(
        "%(count)d right answer in a row at %(levels)s level, the first at least "
        "%(hours)d hours before the last.",
        "%(count)d right answers in a row at %(levels)s level, the first at least "
        "%(hours)d hours before the last.",
        count,
    ) % {"count": count, "levels": _levels(numbers), "hours": hours}


def _right_again_later(numbers: Mapping[str, object]) -> str:
    hours = numbers.get("hours", 0)
    assert isinstance(hours, int)
    return ngettext(
        "Proficient, then right again at %(levels)s level at least %(hours)d hour later.",
        "Proficient, then right again at %(levels)s level at least %(hours)d hours later.",
        hours,
    ) % {"hours": hours, "levels": _levels(numbers)}


def _wrong_drops(numbers: Mapping[str, object]) -> str:
    levels = numbers.get("levels", ())
    assert isinstance(levels, tuple)
    names = _either([str(MASTERY_NAMES[Mastery(level)]) for level in levels])
    return _("A wrong answer while a concept is %(levels)s takes it down one level.") % {
        "levels": names
    }


RULE_SENTENCES: Mapping[str, Callable[[Mapping[str, object]], str]] = {
    "any_answer": _any_answer,
    "right_answers": _right_answers,
    "right_in_a_row_over_time": _right_in_a_row_over_time,
    "right_again_later": _right_again_later,
    "wrong_drops_one_level": _wrong_drops,
}


def rule_sentence(rule: Rule) -> str:
    return RULE_SENTENCES[rule.code](rule.numbers)


def mastery_rules() -> tuple[list[tuple[Promise, str]], str]:
    """Each level with the rule that reaches it, and the rule of the way down."""
    return [(MASTERY_NAMES[r.mastery], rule_sentence(r)) for r in RULES], rule_sentence(DROP)
