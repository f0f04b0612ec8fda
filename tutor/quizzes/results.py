"""A session's results: the right answer of each question, how the answers split, every
student's answers, server-rendered SVG bar charts and the CSV export.

Answers are grouped by a readable label that each drill words its own way (the chosen
winners, the chosen hand, the pots built, the seat and raise limits). Labels are built in
the active language, so a teacher reads the results in their own page language whatever
language the quiz was given in.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC
from decimal import Decimal
from typing import Any

from django.http import HttpResponse, QueryDict
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.http import content_disposition_header
from django.utils.safestring import SafeString
from django.utils.text import Truncator, slugify
from django.utils.translation import get_language, gettext, pgettext

from tutor.core import terms
from tutor.core.locales import format_number, format_percentage
from tutor.core.numbers import whole_number
from tutor.core.terms import player_name, seat_name
from tutor.drills import betting, sidepots
from tutor.drills.base import LEVEL_NAMES
from tutor.engine import holdem, teenpatti

from . import services
from .models import Participant, Response, Session

Answer = Mapping[str, Any]


def as_querydict(answer: Answer | None) -> QueryDict:
    """A stored answer ({field: [values]}) as the form data the drill's ``grade`` reads."""
    data = QueryDict(mutable=True)
    for key, values in (answer or {}).items():
        data.setlist(key, [str(v) for v in values] if isinstance(values, list) else [str(values)])
    return data


def _values(answer: Answer, key: str) -> list[str]:
    if hasattr(answer, "getlist"):
        return [str(v) for v in answer.getlist(key)]
    value = answer.get(key, [])
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def _value(answer: Answer, key: str) -> str:
    values = _values(answer, key)
    return values[-1] if values else ""


def _num(value: int) -> str:
    return format_number(value, get_language() or "en")


# -- the right answer, built by the engine ------------------------------------------------
def _key_holdem(data: dict[str, Any]) -> dict[str, list[str]]:
    result = holdem.showdown(data["board"], data["hands"])
    return {"winners": [str(i) for i in sorted(result.winners)]}


def _key_teenpatti(data: dict[str, Any]) -> dict[str, list[str]]:
    return {"result": [teenpatti.showdown(data["hand_a"], data["hand_b"]).result]}


def _key_name_the_hand(data: dict[str, Any]) -> dict[str, list[str]]:
    if data["game"] == "holdem":
        value = holdem.evaluate(data["cards"])
        key = {"category": [value.code]}
        if data["pick_five"]:
            key["five"] = [c.code for c in value.best_five]
        return key
    return {"category": [teenpatti.evaluate(data["cards"]).code]}


def _key_side_pots(data: dict[str, Any]) -> dict[str, list[str]]:
    key: dict[str, list[str]] = {"stage": ["1"]}
    for i, pot in enumerate(sidepots.breakdown(data).pots):
        key[f"pot{i}"] = [str(pot.amount)]
        key[f"eligible{i}"] = [str(s) for s in pot.eligible]
    return key


def _key_betting(data: dict[str, Any]) -> dict[str, list[str]]:
    hand = betting.build(data["seed"], data["level"])
    opts = hand.options()
    key = {"next": [str(hand.to_act)]}
    if opts.aggression is not None and opts.blocked is None:
        key.update(min_to=[str(opts.min_to)], max_to=[str(opts.max_to)])
    else:
        key["no_raise"] = ["on"]
    return key


ANSWER_KEYS: dict[str, Callable[[dict[str, Any]], dict[str, list[str]]]] = {
    "holdem-showdown": _key_holdem,
    "teenpatti-showdown": _key_teenpatti,
    "name-the-hand": _key_name_the_hand,
    "side-pots": _key_side_pots,
    "betting": _key_betting,
}


def correct_answer(q: services.Question) -> QueryDict:
    """The answer the engine counts as right, as form data."""
    return as_querydict(ANSWER_KEYS[q.drill.slug](q.data))


def reveal_feedback(q: services.Question) -> dict[str, Any]:
    """The drill's feedback for the right answer: what the teacher shows on reveal.

    Nobody in the room chose it, so the "your choice" marks are taken off."""
    feedback = dict(services.grade(q, correct_answer(q)), reveal=True)
    if isinstance(feedback.get("rows"), list):
        feedback["rows"] = [
            {**row, "chosen": False} if isinstance(row, dict) else row for row in feedback["rows"]
        ]
    return feedback


# -- answer labels, one function per drill ------------------------------------------------
def _label_holdem(data: dict[str, Any], answer: Answer) -> str:
    chosen = sorted(
        {n for v in _values(answer, "winners") if (n := whole_number(v, 2)) is not None}
    )
    return " + ".join(player_name(i) for i in chosen)


def _label_teenpatti(data: dict[str, Any], answer: Answer) -> str:
    choice = _value(answer, "result")
    return str(terms.TEENPATTI_RESULTS.get(choice, choice))


def _label_name_the_hand(data: dict[str, Any], answer: Answer) -> str:
    table = terms.CATEGORIES.get(data["game"], {})
    choice = _value(answer, "category")
    return str(table.get(choice, choice))


def _label_side_pots(data: dict[str, Any], answer: Answer) -> str:
    seats = len(data["contributions"])
    if _value(answer, "stage") == "2":
        return "; ".join(
            f"{seat_name(s)}: {_num(v)}"
            for s in range(seats)
            if (v := whole_number(_value(answer, f"payout{s}").replace(" ", "").replace(",", "")))
            is not None
        )
    parts = []
    for row in range(seats):
        amount = _value(answer, f"pot{row}").replace(" ", "").replace(",", "").replace("\xa0", "")
        eligible = sorted(
            {
                n
                for s in _values(answer, f"eligible{row}")
                if (n := whole_number(s, 2)) is not None and n < seats
            }
        )
        if not amount and not eligible:
            continue
        amount_text = _num(whole_number(amount) or 0)
        seats_text = ", ".join(seat_name(s) for s in eligible)
        parts.append(f"{amount_text} ({seats_text})" if seats_text else amount_text)
    return "; ".join(parts)


def _label_betting(data: dict[str, Any], answer: Answer) -> str:
    chosen = _value(answer, "next")
    seat = seat_name(n) if (n := whole_number(chosen, 2)) is not None else "?"
    if _value(answer, "no_raise") == "on":
        # Translators: an answer in the results: the seat chosen to act next, and that no raise is allowed.
        return pgettext("quiz answer", "%(seat)s, no raise") % {"seat": seat}
    low = _value(answer, "min_to").replace(" ", "").replace(",", "")
    high = _value(answer, "max_to").replace(" ", "").replace(",", "")
    # Translators: an answer in the results: the seat to act next and the smallest and largest raise.
    return pgettext("quiz answer", "%(seat)s, raise %(low)s to %(high)s") % {
        "seat": seat,
        "low": _num(n) if (n := whole_number(low)) is not None else "?",
        "high": _num(n) if (n := whole_number(high)) is not None else "?",
    }


LABELS: dict[str, Callable[[dict[str, Any], Answer], str]] = {
    "holdem-showdown": _label_holdem,
    "teenpatti-showdown": _label_teenpatti,
    "name-the-hand": _label_name_the_hand,
    "side-pots": _label_side_pots,
    "betting": _label_betting,
}


def answer_label(q: services.Question, answer: Answer | None) -> str:
    """A short, readable text of an answer, in the active language."""
    if not answer:
        return ""
    labeller = LABELS.get(q.drill.slug)
    try:
        label = labeller(q.data, answer) if labeller else ""
    except (KeyError, TypeError, ValueError):
        label = ""
    if not label:
        label = "; ".join(f"{k}: {', '.join(_values(answer, k))}" for k in sorted(answer))
    return label or "—"


# -- per question ------------------------------------------------------------------------
@dataclass
class Split:
    label: str
    count: int
    correct: bool
    is_key: bool = False


@dataclass
class QuestionResult:
    index: int
    drill: str
    drill_title: str
    level: str
    seed: int
    points: int
    joined: int
    answered: int
    correct: int
    average_ms: int | None
    key_label: str
    splits: list[Split] = field(default_factory=list)

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def level_name(self) -> str:
        return str(LEVEL_NAMES.get(self.level, self.level))

    @property
    def ratio(self) -> Decimal | None:
        return Decimal(self.correct) / Decimal(self.answered) if self.answered else None

    @property
    def unanswered(self) -> int:
        return max(0, self.joined - self.answered)

    @property
    def average_seconds(self) -> Decimal | None:
        if self.average_ms is None:
            return None
        return (Decimal(self.average_ms) / 1000).quantize(Decimal("0.1"))


def answered_responses(session: Session) -> list[Response]:
    return list(
        Response.objects.filter(participant__session=session)
        .answered()
        .select_related("participant")
        .order_by("participant__joined", "participant_id", "index")
    )


def question_results(
    session: Session, responses: list[Response] | None = None
) -> list[QuestionResult]:
    responses = answered_responses(session) if responses is None else responses
    joined = session.participants.count()
    by_index: dict[int, list[Response]] = {}
    for response in responses:
        by_index.setdefault(response.index, []).append(response)
    results = []
    for index, entry in enumerate(session.questions):
        q = services.question(session, index)
        rows = by_index.get(index, [])
        key_label = answer_label(q, correct_answer(q))
        groups: dict[tuple[str, bool], int] = {}
        for response in rows:
            key = (answer_label(q, response.answer), response.correct)
            groups[key] = groups.get(key, 0) + 1
        if (key_label, True) not in groups:
            groups[(key_label, True)] = 0
        splits = [
            Split(label, count, correct, is_key=correct and label == key_label)
            for (label, correct), count in groups.items()
        ]
        splits.sort(key=lambda s: (not s.correct, -s.count, s.label))
        times = [r.elapsed_ms for r in rows if r.elapsed_ms is not None]
        results.append(
            QuestionResult(
                index=index,
                drill=entry["drill"],
                drill_title=str(q.drill.title),
                level=entry["level"],
                seed=entry["seed"],
                points=int(entry.get("points", 1)),
                joined=joined,
                answered=len(rows),
                correct=sum(1 for r in rows if r.correct),
                average_ms=round(sum(times) / len(times)) if times else None,
                key_label=key_label,
                splits=splits,
            )
        )
    return results


# -- per student -------------------------------------------------------------------------
@dataclass
class Cell:
    index: int
    answered: bool
    label: str = ""
    correct: bool = False
    points: int = 0
    elapsed_ms: int | None = None
    attempts: int = 0
    at: Any = None

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def seconds(self) -> Decimal | None:
        if self.elapsed_ms is None:
            return None
        return (Decimal(self.elapsed_ms) / 1000).quantize(Decimal("0.1"))


@dataclass
class StudentResult:
    participant: Participant
    cells: list[Cell]

    @property
    def points(self) -> int:
        return sum(c.points for c in self.cells)

    @property
    def correct(self) -> int:
        return sum(1 for c in self.cells if c.correct)

    @property
    def answered(self) -> int:
        return sum(1 for c in self.cells if c.answered)

    @property
    def average_seconds(self) -> Decimal | None:
        times = [c.elapsed_ms for c in self.cells if c.elapsed_ms is not None]
        if not times:
            return None
        return (Decimal(sum(times)) / len(times) / 1000).quantize(Decimal("0.1"))


def student_results(
    session: Session, responses: list[Response] | None = None
) -> list[StudentResult]:
    """Every participant with every question: the answer given (or none), best first."""
    responses = answered_responses(session) if responses is None else responses
    questions = [services.question(session, i) for i in range(len(session.questions))]
    answers: dict[tuple[int, int], Response] = {(r.participant_id, r.index): r for r in responses}
    students = []
    for participant in session.participants.all():
        cells = []
        for q in questions:
            response = answers.get((participant.pk, q.index))
            if response is None:
                cells.append(Cell(q.index, answered=False))
                continue
            cells.append(
                Cell(
                    q.index,
                    answered=True,
                    label=answer_label(q, response.answer),
                    correct=response.correct,
                    points=response.points,
                    elapsed_ms=response.elapsed_ms,
                    attempts=response.attempts,
                    at=response.answered,
                )
            )
        students.append(StudentResult(participant, cells))
    students.sort(key=lambda s: (-s.points, -s.correct, s.participant.joined))
    return students


def max_points(session: Session) -> int:
    return sum(int(e.get("points", 1)) for e in session.questions)


# -- SVG charts --------------------------------------------------------------------------
CHART_WIDTH = 640
LABEL_WIDTH = 230
BAR_X = 240
BAR_MAX = 330
ROW = 30
BAR_HEIGHT = 20
LABEL_CHARS = 30


def _svg(
    chart_id: str, title: str, description: str, rows: list[SafeString], height: int
) -> SafeString:
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-labelledby="{}-title {}-desc" '
        'xmlns="http://www.w3.org/2000/svg">'
        '<title id="{}-title">{}</title><desc id="{}-desc">{}</desc>{}</svg>',
        CHART_WIDTH,
        height,
        chart_id,
        chart_id,
        chart_id,
        title,
        chart_id,
        description,
        format_html_join("", "{}", ((row,) for row in rows)),
    )


def _bar(y: int, label: str, value_text: str, width: int, css: str, bar_title: str) -> SafeString:
    return format_html(
        '<g class="chart__row"><text class="chart__label" x="{}" y="{}" text-anchor="end">{}</text>'
        '<rect class="chart__bar {}" x="{}" y="{}" width="{}" height="{}"><title>{}</title></rect>'
        '<text class="chart__value" x="{}" y="{}">{}</text></g>',
        LABEL_WIDTH,
        y + BAR_HEIGHT - 5,
        Truncator(label).chars(LABEL_CHARS),
        css,
        BAR_X,
        y,
        width,
        BAR_HEIGHT,
        bar_title,
        BAR_X + width + 6,
        y + BAR_HEIGHT - 5,
        value_text,
    )


def split_chart(result: QuestionResult) -> SafeString:
    """How the answers to one question split: a bar per answer, the right ones marked."""
    rows_data: list[tuple[str, int, str]] = [
        (
            ("✓ " if s.correct else "✗ ") + s.label,
            s.count,
            "chart__bar--ok" if s.correct else "chart__bar--bad",
        )
        for s in result.splits
    ]
    if result.unanswered:
        rows_data.append(
            (pgettext("quiz results", "No answer"), result.unanswered, "chart__bar--none")
        )
    top = max((count for _, count, _ in rows_data), default=0) or 1
    rows = []
    for i, (label, count, css) in enumerate(rows_data):
        width = round(BAR_MAX * count / top)
        rows.append(_bar(4 + i * ROW, label, _num(count), width, css, f"{label}: {_num(count)}"))
    title = gettext("Question %(number)s: how the answers split") % {"number": result.number}
    description = gettext("%(answered)s answers, %(correct)s correct.") % {
        "answered": _num(result.answered),
        "correct": _num(result.correct),
    }
    return _svg(f"chart-q{result.number}", title, description, rows, 8 + len(rows) * ROW)


def overview_chart(results: Iterable[QuestionResult]) -> SafeString:
    """The share of right answers, question by question."""
    language = get_language() or "en"
    rows = []
    results = list(results)
    for i, result in enumerate(results):
        ratio = result.ratio
        label = gettext("Question %(number)s") % {"number": result.number}
        value = format_percentage(ratio, language, decimals=0) if ratio is not None else "—"
        width = round(BAR_MAX * float(ratio)) if ratio is not None else 0
        rows.append(_bar(4 + i * ROW, label, value, width, "chart__bar--ok", f"{label}: {value}"))
    return _svg(
        "chart-overview",
        gettext("Right answers, question by question"),
        gettext("The share of the answers given that were right, for each question."),
        rows,
        8 + len(rows) * ROW,
    )


# -- CSV export --------------------------------------------------------------------------
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    """Text that a spreadsheet would run as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _yes_no(flag: bool) -> str:
    # Translators: a cell of the CSV export, in the column "Correct".
    return pgettext("csv value", "yes") if flag else pgettext("csv value", "no")


def _seconds(value: Decimal | None) -> str:
    return "" if value is None else str(value)


def csv_filename(session: Session) -> str:
    title = slugify(session.settings.get("title") or session.quiz.title, allow_unicode=True)
    date = timezone.localdate(session.created).isoformat()
    return f"{title or 'quiz'}-{date}.csv"


def csv_rows(session: Session) -> list[list[Any]]:
    responses = answered_responses(session)
    questions = question_results(session, responses)
    students = student_results(session, responses)
    total = max_points(session)
    rows: list[list[Any]] = [
        [
            gettext("Student"),
            gettext("Language"),
            gettext("Question"),
            gettext("Drill"),
            pgettext("drill level", "Level"),
            gettext("Seed"),
            gettext("Answer"),
            gettext("Correct"),
            gettext("Points"),
            gettext("Points possible"),
            gettext("Time (seconds)"),
            gettext("Attempts"),
            gettext("Answered at (UTC)"),
        ]
    ]
    for student in students:
        for cell, question in zip(student.cells, questions, strict=True):
            rows.append(
                [
                    _cell(student.participant.nickname),
                    student.participant.language,
                    cell.number,
                    question.drill_title,
                    question.level_name,
                    question.seed,
                    _cell(cell.label),
                    _yes_no(cell.correct),
                    cell.points,
                    question.points,
                    _seconds(cell.seconds),
                    cell.attempts,
                    cell.at.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S") if cell.at else "",
                ]
            )
    rows.append([])
    rows.append(
        [
            gettext("Student"),
            gettext("Points"),
            gettext("Points possible"),
            gettext("Correct answers"),
            gettext("Questions answered"),
            gettext("Questions"),
            gettext("Average time (seconds)"),
        ]
    )
    for student in students:
        rows.append(
            [
                _cell(student.participant.nickname),
                student.points,
                total,
                student.correct,
                student.answered,
                len(questions),
                _seconds(student.average_seconds),
            ]
        )
    return rows


def csv_response(session: Session) -> HttpResponse:
    """The results as a CSV download: UTF-8 with a byte-order mark, so that spreadsheet
    programs read Bengali, Hindi, Japanese and Czech nicknames right."""
    buffer = io.StringIO()
    buffer.write("\ufeff")
    csv.writer(buffer).writerows(csv_rows(session))
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, csv_filename(session))
    return response
