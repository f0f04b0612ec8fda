"""Server-rendered SVG bar charts of a session's results: how the answers to one question
split, and the share of right answers question by question.

Each chart is an ``<svg role="img">`` with a title and a description, and each bar has
its own ``<title>``, so screen readers read it and it prints without JavaScript. There
are no inline styles (the site's Content-Security-Policy forbids them): bars take their
colour from CSS classes.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.text import Truncator
from django.utils.translation import gettext, pgettext

from tutor.core.locales import current_language, format_number, format_percentage

from .results import QuestionResult

CHART_WIDTH = 640
LABEL_WIDTH = 230
BAR_X = 240
BAR_MAX = 330
ROW = 30
BAR_HEIGHT = 20
LABEL_CHARS = 30
TITLE_CHARS = 80


def _num(value: int) -> str:
    return format_number(value, current_language())


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
    # Translators: a chart's title; "question" is the drill's name or a teacher's own
    # question's prompt.
    title = gettext("Question %(number)s (%(question)s): how the answers split") % {
        "number": result.number,
        "question": Truncator(result.drill_title).chars(TITLE_CHARS),
    }
    description = gettext("%(answered)s answers, %(correct)s correct.") % {
        "answered": _num(result.answered),
        "correct": _num(result.right),
    }
    return _svg(f"chart-q{result.number}", title, description, rows, 8 + len(rows) * ROW)


def overview_chart(results: Iterable[QuestionResult]) -> SafeString:
    """The share of right answers, question by question."""
    language = current_language()
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
