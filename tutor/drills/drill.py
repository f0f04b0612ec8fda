"""What a drill is: one typed definition with one name.

A drill's slug names everything about it: ``side-pots`` is the module (or package)
``tutor/drills/side_pots/`` (which defines ``DRILL``), the template
``templates/drills/side_pots.html`` and the test ``tests/drills/test_side_pots.py``.
The registry (``registry.py``) is the only list of drills.

Two kinds:

- a :class:`QuestionDrill` deals a question from ``(seed, level)`` and grades one answer;
  its ``Question`` is a frozen :class:`~tutor.drills.codec.Record`, so a quiz stores it
  whole and reads it back unchanged;
- a :class:`PlayDrill` keeps a game in the learner's session and brings its own view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from django.http import HttpResponse
from django.utils.functional import Promise

from tutor.core.http import HtmxHttpRequest
from tutor.engine.cards import Card

from .base import LEVELS, MAX_SEED
from .codec import JSON, Record

#: How many dealt questions :meth:`QuestionDrill.aim` tries for one aimed at a concept.
AIM_TRIES = 400

#: An answer as form data: every field with all its values, ``{field: [values]}``, as a
#: quiz stores it and as :func:`~tutor.drills.answers.posted` reads a posted form. One
#: type everywhere, so nothing reads a field's last value only (a ``QueryDict``'s ``[key]``
#: and ``items()`` do): a right answer of three pots or two winners stays whole.
Answer = Mapping[str, list[str]]
#: A row of cards as a template shows it (``{% cards row %}``).
Row = tuple[Card, ...]


class Grade(Protocol):
    """What every drill's grade has; each drill's own grade dataclass adds the rest."""

    @property
    def correct(self) -> bool: ...


@dataclass(frozen=True, kw_only=True)
class Drill:
    slug: str
    title: Promise
    summary: Promise
    #: The concepts this drill can aim a question at (ids of ``tutor.concepts``), each with
    #: the levels at which it can.
    concepts: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def name(self) -> str:
        """The slug as a Python name: the module, the template and the test use it."""
        return self.slug.replace("-", "_")

    @property
    def template(self) -> str:
        return f"drills/{self.name}.html"


@dataclass(frozen=True, kw_only=True)
class QuestionDrill[Q: Record, G: Grade](Drill):
    """A drill of one question and one answer, dealt again from its seed on the drill page
    and stored whole in a quiz."""

    #: Bump when ``generate`` deals differently for the same (seed, level); the golden
    #: fixtures (tests/drills/golden/) pin what each version deals.
    version: int
    question_type: type[Q]
    generate: Callable[[int, str], Q]
    #: Checks an answer; raises ``AnswerError`` (nothing counted) when it cannot be read.
    grade: Callable[[Q, Answer], G]
    #: The right answer as a filled-in form (what ``grade`` would take as correct).
    right_answer: Callable[[Q], dict[str, list[str]]]
    #: A learner's answer in words, for results and exports.
    answer_label: Callable[[Q, Answer], str]
    #: What the template needs besides the question (choices, rows of a form ...).
    context: Callable[[Q], dict[str, Any]] = lambda question: {}
    #: A situation given in the address (a rule page's example): its query parameters and
    #: a function building the question from them (raising the engine's errors when bad).
    situation: tuple[str, ...] = ()
    custom: Callable[[Mapping[str, str], str], Q] | None = None
    #: The grade of the right answer as a whole class sees it (no one's choice marked);
    #: by default the grade as it is.
    for_class: Callable[[G], G] | None = None
    #: Whether a question read back may be shared between requests: true when every field
    #: is immutable (cards, numbers, tuples); a question holding an engine ``Hand`` is not.
    shareable: bool = True
    #: Whether a teacher can put it in a quiz.
    quiz: bool = True
    levels: tuple[str, ...] = LEVELS
    #: The concepts a question really exercises, read from the engine's own answer (its
    #: showdown decision, reason code or award), never from how it was dealt.
    concepts_of: Callable[[Q], frozenset[str]] = lambda question: frozenset()
    #: Deals a question aimed at a concept, for concepts that trying dealt questions would
    #: rarely hit; by default :meth:`deal` tries dealt questions until one exercises it.
    target: Callable[[int, str, str], Q] | None = None
    #: A new question's rows of cards (``drill_pages.kept_content`` keeps its partials per
    #: shape): the question with every row of cards emptied, and the rows each partial
    #: shows, in their order (``{"question": (board,), "answer": hands}``). Only for a drill
    #: whose ``#question`` and ``#answer`` read the question's cards only as ``{% cards row
    #: %}`` (no highlight, no label) and nothing else of it but the count of its rows.
    rows: Callable[[Q], tuple[Q, Mapping[str, tuple[Row, ...]]]] | None = None

    def deal(self, seed: int, level: str, concept: str | None = None) -> Q:
        """The question named by (seed, level), aimed at ``concept`` when one is given."""
        if concept is None:
            return self.generate(seed, level)
        if self.target is not None:
            return self.target(seed, level, concept)
        return self.aim(seed, level, concept)

    def aim(self, seed: int, level: str, concept: str) -> Q:
        """The first of a seeded series of dealt questions that exercises ``concept`` (the
        last one tried if none does: tests hold every drill to at least half)."""
        rng = random.Random(f"{self.slug}/{level}/{concept}/{seed}")
        question = self.generate(rng.randrange(MAX_SEED), level)
        for _attempt in range(AIM_TRIES):
            if concept in self.concepts_of(question):
                break
            question = self.generate(rng.randrange(MAX_SEED), level)
        return question

    def written(self, seed: int, level: str, concept: str | None = None) -> JSON:
        """A question dealt now and written down whole: what was dealt, the right answer,
        the concepts it exercises and the generator's version (for quizzes and exports)."""
        question = self.deal(seed, level, concept)
        return {
            "drill": self.slug,
            "level": level,
            "seed": seed,
            "concept": concept,
            "version": self.version,
            "question": question.to_dict(),
            "answer": self.right_answer(question),
            "concepts": sorted(self.concepts_of(question)),
        }

    def load(self, data: JSON) -> Q:
        """A stored question read back (``ValueError`` when it does not fit)."""
        return self.question_type.from_dict(data)

    def revealed(self, question: Q, key: Answer | None = None) -> G:
        """The feedback of the right answer (``key``, else the engine's), for a projector."""
        grade = self.grade(question, self.right_answer(question) if key is None else key)
        return grade if self.for_class is None else self.for_class(grade)


@dataclass(frozen=True, kw_only=True)
class PlayDrill(Drill):
    """A game played over several requests, kept in the learner's session."""

    view: Callable[[HtmxHttpRequest, PlayDrill], HttpResponse]
