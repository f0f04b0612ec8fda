"""The tournament: a short sit-and-go told hand by hand, played by the engine's own table.

The players start with equal stacks under a blind schedule that goes up every few hands.
In each hand told, some players put all their chips in (everyone else folds); between
them, quiet hands are folded to the big blind. The learner names each player's finishing
place and, from the schedule, the blinds of one hand.

The question keeps what was played, not what came of it: per hand, the seats that went
all-in and their cards. The engine's :class:`~tutor.engine.table.Table` plays it again
(:func:`run`) and says who was knocked out, the places and the blind levels.

Levels: easy, three players knocked out one per hand; medium, four or five players and
the blinds go up during the story; hard, six players and two of them knocked out in the
same hand with different stacks (the engine places them by their chips at the start of
that hand, more chips higher: the TDA rule).

The package: ``question.py`` (what was played), ``replay.py`` (the engine's run of it),
``deal.py`` (dealing a story that fits the level), ``grade.py`` (places and blinds, with
their reasons), ``story.py`` (the page: the story told); here the concepts, the right answer
and label, and ``DRILL``.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy, pgettext

from tutor.core.locales import current_language, format_number
from tutor.core.numbers import read_chips, whole_number
from tutor.words.base import answer_parts
from tutor.words.terms import seat_name

from ..answers import value
from ..drill import Answer, QuestionDrill
from .deal import PLAYERS, generate, target
from .grade import Grade, blinds_code, finish_code, grade
from .question import SLUG, Blinds, Played, Question, rules_of
from .replay import Run, Told, run
from .story import context

__all__ = [
    "DRILL",
    "PLAYERS",
    "SLUG",
    "Blinds",
    "Grade",
    "Played",
    "Question",
    "Run",
    "Told",
    "answer_label",
    "blinds_code",
    "concepts_of",
    "context",
    "finish_code",
    "generate",
    "grade",
    "right_answer",
    "rules_of",
    "run",
    "target",
]


def concepts_of(question: Question) -> frozenset[str]:
    """From the engine's answer: blind levels when the hand asked about is past the first
    level; the finishing order when at least two players were knocked out."""
    found = set()
    the_run = run(question)
    if question.asked and the_run.rules.level_index(question.asked) > 0:
        found.add("blind-levels")
    if sum(len(e.seats) for e in the_run.eliminations) >= 2:
        found.add("finishing-order")
    return frozenset(found)


def right_answer(question: Question) -> dict[str, list[str]]:
    the_run = run(question)
    key = {f"place{seat}": [str(place)] for seat, place in enumerate(the_run.places)}
    if question.asked:
        blinds = the_run.rules.level_for_hand(question.asked)
        key |= {"small": [str(blinds.small)], "big": [str(blinds.big)]}
    return key


def _number_text(text: str, language: str) -> str:
    number = read_chips(text)
    return format_number(number, language) if number is not None else "?"


def answer_label(question: Question, answer: Answer) -> str:
    language = current_language()
    given = []
    for seat in range(question.players):
        place = whole_number(value(answer, f"place{seat}"), 2)
        if place is not None:
            given.append((place, seat))
    parts = [
        # Translators: an answer in the results: a finishing place and the player given it.
        pgettext("quiz answer", "place %(place)s: %(player)s")
        % {"place": format_number(place, language), "player": seat_name(seat)}
        for place, seat in sorted(given)
    ]
    if question.asked and (value(answer, "small") or value(answer, "big")):
        parts.append(
            # Translators: an answer in the results: the small and the big blind of a hand.
            pgettext("quiz answer", "blinds %(small)s/%(big)s")
            % {
                "small": _number_text(value(answer, "small"), language),
                "big": _number_text(value(answer, "big"), language),
            }
        )
    return answer_parts(parts)


DRILL = QuestionDrill(
    slug=SLUG,
    title=gettext_lazy("Follow a tournament"),
    summary=gettext_lazy(
        "A short tournament told hand by hand: say the blinds of a hand from the schedule, and where each player finishes."
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    context=context,
    concepts={"blind-levels": ("medium", "hard"), "finishing-order": ("easy", "medium", "hard")},
    concepts_of=concepts_of,
    target=target,
)
