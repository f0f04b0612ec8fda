"""The two courses and their units, in teaching order: the one list of the learning path.

A unit is a short lesson (the sections of a rule page named by ``anchors``, in the page
language, with their engine examples), practice aimed at its concepts and a short check.
Every concept of the map (``tutor.concepts``) is taught by exactly one unit; a test holds
the list to that and every anchor to its rule page.

>>> unit("texas-holdem", "deal-and-goal").concepts
('best-five-of-seven', 'hand-rankings')
>>> next_unit(COURSES["teen-patti-20-20"].units[-1]) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import ceil

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, pgettext_lazy

from tutor.concepts.model import HOLDEM_PAGE, TEENPATTI_PAGE

#: A check is passed with at least this share of its questions right.
PASS_RATIO = 0.8
PRACTICE_SIZES = range(5, 11)
CHECK_SIZES = range(3, 6)


def needed(total: int) -> int:
    """Right answers a check of ``total`` questions needs: at least :data:`PASS_RATIO`.

    >>> needed(5), needed(4), needed(3)
    (4, 4, 3)
    """
    return ceil(round(total * PASS_RATIO, 9))


@dataclass(frozen=True)
class Unit:
    course: str  # the course's slug
    slug: str
    title: Promise = field(compare=False)  # lazy: equality and hashing ignore it
    anchors: tuple[str, ...]  # the sections of the course's rule page its lesson shows
    concepts: tuple[str, ...]  # ids of tutor.concepts
    practice: int = 5  # questions in its practice
    check: int = 5  # questions in its check

    @property
    def number(self) -> int:
        """The unit's place in its course, from 1."""
        return COURSES[self.course].units.index(self) + 1

    @property
    def to_pass(self) -> int:
        """Right answers its check needs."""
        return needed(self.check)


@dataclass(frozen=True)
class Course:
    slug: str  # also the slug of its rule page
    title: Promise = field(compare=False)
    units: tuple[Unit, ...]

    @property
    def concepts(self) -> tuple[str, ...]:
        return tuple(c for u in self.units for c in u.concepts)


def _unit(course: str, slug: str, title: Promise, anchors: str, concepts: str, **n: int) -> Unit:
    return Unit(course, slug, title, tuple(anchors.split()), tuple(concepts.split()), **n)


def _holdem(slug: str, title: Promise, anchors: str, concepts: str, **n: int) -> Unit:
    return _unit(HOLDEM_PAGE, slug, title, anchors, concepts, **n)


def _teenpatti(slug: str, title: Promise, anchors: str, concepts: str, **n: int) -> Unit:
    return _unit(TEENPATTI_PAGE, slug, title, anchors, concepts, **n)


# The course titles are the rule pages' (same words, already translated). Translators:
# "learning unit" is the title of a unit of the learning path (a lesson, practice, a check).
HOLDEM = Course(
    HOLDEM_PAGE,
    gettext_lazy("Texas Hold'em"),
    (
        # The rankings come first: naming or comparing any hand needs them.
        _holdem(
            "deal-and-goal",
            pgettext_lazy("learning unit", "The deal and the hand rankings"),
            "how-a-hand-goes deck-and-goal hand-rankings",
            "best-five-of-seven hand-rankings",
        ),
        _holdem(
            "hand-rankings",
            pgettext_lazy("learning unit", "Straights and the ace"),
            "straights-and-the-ace",
            "wheel-straight no-wraparound",
        ),
        _holdem(
            "comparing-hands",
            pgettext_lazy("learning unit", "Comparing hands"),
            "comparing-hands full-house flush two-pair split-pots board-plays",
            "kickers full-house-ranks flush-vs-flush two-pair-kicker split-pot board-plays",
            practice=8,
        ),
        _holdem(
            "button-blinds-order",
            pgettext_lazy("learning unit", "Dealer button, blinds and order of action"),
            "button-blinds-antes dealer-button blinds antes order-of-action pre-flop"
            " non-committed-actions",
            "blinds-and-button antes-dead-money order-preflop order-postflop heads-up-order"
            " big-blind-option fold-when-check-free",
            practice=10,
        ),
        _holdem(
            "bet-sizes",
            pgettext_lazy("learning unit", "Bet sizes by structure"),
            "betting-structures fixed-limit pot-limit no-limit minimum-raise",
            "fixed-limit-sizes raise-cap pot-limit-max min-raise",
            practice=8,
        ),
        _holdem(
            "all-in-side-pots",
            pgettext_lazy("learning unit", "All-in and side pots"),
            "all-in short-all-in side-pots making-side-pots side-pot-example awarding-side-pots"
            " uncalled-chips",
            "short-all-in-reopen main-and-side-pots side-pot-folded-contributor uncalled-bet",
            practice=8,
        ),
        _holdem(
            "showdown",
            pgettext_lazy("learning unit", "The showdown"),
            "no-more-betting showdown showdown-order folded-cards-hidden odd-chip",
            "all-in-showdown showdown-order mucking odd-chip",
            practice=8,
        ),
        _holdem(
            "tournaments",
            pgettext_lazy("learning unit", "Tournaments"),
            "cash-games tournaments",
            "blind-levels finishing-order",
            practice=6,
        ),
        _holdem(
            "odds",
            pgettext_lazy("learning unit", "Odds"),
            "estimating-chances pot-odds",
            "outs pot-odds equity",
            practice=6,
        ),
    ),
)

TEENPATTI = Course(
    TEENPATTI_PAGE,
    gettext_lazy("Teen Patti 20-20"),
    (
        _teenpatti(
            "the-deal",
            pgettext_lazy("learning unit", "The deal"),
            "at-a-glance deck-and-hands dealing-order hand-rankings",
            "tp-rankings",
        ),
        _teenpatti(
            "rankings-and-sequences",
            pgettext_lazy("learning unit", "Rankings and sequence order"),
            "trail pure-sequence sequence color pair high-card",
            "tp-sequence-order",
            practice=6,
        ),
        # Suits never decide: that is what makes a tie, so it is taught with the ties.
        _teenpatti(
            "ties",
            pgettext_lazy("learning unit", "Ties"),
            "comparing-hands ties",
            "tp-ties tp-suits-never-decide",
        ),
        _teenpatti(
            "bets-and-payouts",
            pgettext_lazy("learning unit", "The six bets and payouts"),
            "bets results-and-payouts main-bets tie-bet pair-plus",
            "tp-20-20-bets tp-main-bet-payout tp-pair-plus",
            practice=8,
        ),
        _teenpatti(
            "six-card-bonus",
            pgettext_lazy("learning unit", "The 6 Card Bonus"),
            "six-card-bonus-rankings six-card-bonus",
            "tp-six-card-bonus",
        ),
        _teenpatti(
            "void-rounds-and-rtp",
            pgettext_lazy("learning unit", "Void rounds and the return to player"),
            "error-handling return-to-player",
            "tp-void-round tp-rtp",
            practice=6,
        ),
    ),
)

COURSES: dict[str, Course] = {course.slug: course for course in (HOLDEM, TEENPATTI)}


def unit(course: str, slug: str) -> Unit | None:
    """The unit ``slug`` of the course ``course``, if there is one."""
    found = COURSES.get(course)
    return next((u for u in found.units if u.slug == slug), None) if found else None


def next_unit(current: Unit) -> Unit | None:
    """The unit after ``current`` in its course (None after the last)."""
    units = COURSES[current.course].units
    place = units.index(current)
    return units[place + 1] if place + 1 < len(units) else None


def taught_by(current: Unit) -> frozenset[str]:
    """The concepts a learner has been taught by the end of ``current``'s lesson: its own
    and those of the units before it in its course. Its questions test no others."""
    units = COURSES[current.course].units
    return frozenset(c for u in units[: units.index(current) + 1] for c in u.concepts)


def unit_of_concept(concept: str) -> Unit | None:
    """The unit that teaches ``concept``."""
    return next((u for c in COURSES.values() for u in c.units if concept in u.concepts), None)
