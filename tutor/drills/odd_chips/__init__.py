"""The odd chip: tied hands split a pot that does not divide evenly. With the seats, the
button, the pots and the rule in force on the page, how many chips does each winner get?

The engine awards the pots (:func:`tutor.engine.pots.award` with its
:class:`~tutor.engine.pots.OddChipRule`); feedback puts each winner's share beside the
learner's, pot by pot, and says who got the odd chips and why (:mod:`tutor.words.odd_chips`).

Levels: easy, two winners and one odd chip under the Japanese guide's rule (also the TDA's);
medium, three winners, one or two odd chips, either rule, the button not among the winners;
hard, six to nine seats, the button among the winners and a short all-in winner, so that a
side pot has its own odd chip.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from tutor.core.locales import current_language, format_number
from tutor.engine.pots import PotAward
from tutor.words import odd_chips as words
from tutor.words.base import answer_parts, join_names, labelled, on_one_line
from tutor.words.picked_figures import figure_line, plural_line
from tutor.words.terms import seat_name

from ..answers import amount, value
from ..base import AnswerError
from ..codec import Record
from ..drill import Answer, QuestionDrill
from .deal import generate
from .page import context
from .question import SLUG, Question, field, the_award


def concepts_of(question: Question) -> frozenset[str]:
    """A pot shared by tied hands is a split pot; one that leaves chips over needs the rule."""
    found = set()
    for pot in the_award(question).pots:
        if len(pot.winners) > 1:
            found.add("split-pot")
        if pot.odd_chips > 0:
            found.add("odd-chip")
    return frozenset(found)


# -- grading ---------------------------------------------------------------------------------


def chips(typed: str) -> int | None:
    """A share as typed, ``None`` when left empty: digits of any script (a Japanese
    keyboard's full-width ones, Bengali, Devanagari) read as ASCII digits; anything else
    unreadable raises ``AnswerError``.

    >>> chips("৮৮"), chips("１ ０５０"), chips("")
    (88, 1050, None)
    """
    ascii_digits = "".join(
        str(unicodedata.decimal(ch)) if ch.isdecimal() and not ch.isascii() else ch for ch in typed
    )
    return amount(ascii_digits)


@dataclass(frozen=True)
class ShareRow(Record):
    seat: int
    name: str
    engine: int
    mine: int
    odd_chips: int  # the odd chips in the engine's share
    ok: bool


@dataclass(frozen=True)
class PotRow(Record):
    index: int
    name: str
    amount: int
    share: int  # each winner's even share
    odd_chips: int
    shares: tuple[ShareRow, ...]
    mine_total: int
    explanation: tuple[str, ...]
    ok: bool


@dataclass(frozen=True)
class Grade(Record):
    correct: bool
    rule: str
    rule_name: str
    pots: tuple[PotRow, ...]
    first_wrong: int | None  # the first pot with a wrong share
    totals: tuple[tuple[str, int], ...]  # each winner's chips from every pot, by seat
    #: What the learner picked and why it is wrong ("" for a right answer).
    picked: str = ""


def grade(question: Question, answer: Answer) -> Grade:
    award = the_award(question)
    names = [seat_name(s) for s in range(len(question.contributions))]
    mine: dict[str, int] = {}
    for p, pot in enumerate(award.pots):
        for seat in pot.winners:
            typed = chips(value(answer, field(p, seat)))
            if typed is None:
                raise AnswerError(words.missing_share(words.pot_name(p), names[seat]))
            mine[field(p, seat)] = typed
    language = current_language()
    rows = []
    for p, pot in enumerate(award.pots):
        base = words.even_share(pot)
        shares = tuple(
            ShareRow(
                seat=seat,
                name=names[seat],
                engine=engine,
                mine=mine[field(p, seat)],
                odd_chips=engine - base,
                ok=mine[field(p, seat)] == engine,
            )
            for seat, engine in pot.shares
        )
        rows.append(
            PotRow(
                index=p,
                name=words.pot_name(p),
                amount=pot.pot.amount,
                share=base,
                odd_chips=pot.odd_chips,
                shares=shares,
                mine_total=sum(s.mine for s in shares),
                explanation=words.explain_pot(pot, question.rule, question.button, names, language),
                ok=all(s.ok for s in shares),
            )
        )
    first_wrong = next((row.index for row in rows if not row.ok), None)
    totals: Counter[int] = Counter()
    for pot in award.pots:
        for seat, engine in pot.shares:
            totals[seat] += engine
    return Grade(
        correct=first_wrong is None,
        rule=question.rule,
        rule_name=words.rule_name(question.rule),
        pots=tuple(rows),
        first_wrong=first_wrong,
        totals=tuple((names[s], totals[s]) for s in sorted(totals)),
        picked="" if first_wrong is None else _picked(rows[first_wrong], award.pots[first_wrong]),
    )


def _picked(row: PotRow, pot: PotAward) -> str:
    """The first wrong share of the first wrong pot, and why: the pot divides evenly, the
    seat is owed odd chips, or the odd chips go to other seats."""
    share = next(s for s in row.shares if not s.ok)
    language = current_language()
    params: dict[str, object] = {"mine": share.mine, "seat": share.name, "pot": row.name}
    params |= {"share": row.share, "amount": share.engine}
    if len(pot.winners) == 1:
        return figure_line("share_alone", language, **params)
    if not pot.odd_chips:
        return figure_line("share_even", language, **params)
    if share.odd_chips:
        return plural_line("share_odd", share.odd_chips, language, odd=share.odd_chips, **params)
    names = {s.seat: s.name for s in row.shares}
    receivers = join_names([names[seat] for seat in words.received(pot)])
    return figure_line("share_no_odd", language, receivers=receivers, **params)


def right_answer(question: Question) -> dict[str, list[str]]:
    return {
        field(p, seat): [str(engine)]
        for p, pot in enumerate(the_award(question).pots)
        for seat, engine in pot.shares
    }


def answer_label(question: Question, answer: Answer) -> str:
    """'Seat 2: 76; Seat 5: 75', each pot named when there are several (a figure that
    cannot be read as typed, cut short)."""
    language = current_language()
    award = the_award(question)
    parts = []
    for p, pot in enumerate(award.pots):
        figures = []
        for seat in pot.winners:
            typed = value(answer, field(p, seat))
            try:
                read = chips(typed)
            except AnswerError:
                read = None
            shown = "—" if read is None else format_number(read, language)
            if read is None and typed.strip():
                shown = typed.strip()[:20]
            figures.append(labelled(seat_name(seat), shown))
        text = answer_parts(figures)
        parts.append(labelled(words.pot_name(p), text) if len(award.pots) > 1 else text)
    return on_one_line(parts)


ALL_LEVELS = ("easy", "medium", "hard")

DRILL = QuestionDrill(
    slug=SLUG,
    title=gettext_lazy("Share out the odd chip"),
    summary=gettext_lazy(
        "Tied hands split a pot that does not divide evenly: give each winner its chips, "
        "odd chips included, by the rule in force."
    ),
    version=1,
    question_type=Question,
    generate=generate,
    grade=grade,
    right_answer=right_answer,
    answer_label=answer_label,
    context=context,
    concepts={"odd-chip": ALL_LEVELS, "split-pot": ALL_LEVELS},
    concepts_of=concepts_of,
)

__all__ = ["DRILL", "Question", "concepts_of", "context", "generate", "grade", "the_award"]
