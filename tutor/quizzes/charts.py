"""Server-rendered SVG bar charts of a session's results: how the answers to one question
split, and the share of right answers question by question.

Each chart is an ``<svg role="img">`` with a title and a description, and each bar has
its own ``<title>``, so screen readers read it and it prints without JavaScript. There
are no inline styles (the site's Content-Security-Policy forbids them): bars take their
colour from CSS classes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from unicodedata import east_asian_width

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


@dataclass(frozen=True)
class Frame:
    """A bar chart's drawing, in its own units (its text is 13 of them, ``site.css``)."""

    width: int = CHART_WIDTH
    label_width: int = LABEL_WIDTH
    bar_x: int = BAR_X
    bar_max: int = BAR_MAX
    label_chars: int = LABEL_CHARS


#: The results page's and the console's charts.
WIDE = Frame()
#: The projector's, in a column beside the question: fewer units across, so the same
#: column draws its words half as large again (readable from the back of the room).
NARROW = Frame(width=400, label_width=160, bar_x=168, bar_max=190, label_chars=18)


def _num(value: int) -> str:
    return format_number(value, current_language())


def _svg(
    chart_id: str,
    title: str,
    description: str,
    rows: list[SafeString],
    height: int,
    frame: Frame = WIDE,
) -> SafeString:
    return format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-labelledby="{}-title {}-desc" '
        'xmlns="http://www.w3.org/2000/svg">'
        '<title id="{}-title">{}</title><desc id="{}-desc">{}</desc>{}</svg>',
        frame.width,
        height,
        chart_id,
        chart_id,
        chart_id,
        title,
        chart_id,
        description,
        format_html_join("", "{}", ((row,) for row in rows)),
    )


def fitted(label: str, chars: int) -> str:
    """``label`` cut to ``chars`` half-width characters, an ellipsis last, a wide (CJK)
    character counting two: the room a label has is its drawn width, not its length.

    >>> fitted("Player A wins", 18), fitted("156（1番席、2番席、3番席）", 12)
    ('Player A wins', '156（1番席…')
    """
    widths = [2 if east_asian_width(c) in "WF" else 1 for c in label]
    if sum(widths) <= chars:
        return label
    used, cut = 1, 0  # the ellipsis's one
    while cut < len(label) and used + widths[cut] <= chars:
        used += widths[cut]
        cut += 1
    return label[:cut].rstrip() + "…"


def _bar(
    y: int,
    label: str,
    value_text: str,
    width: int,
    css: str,
    bar_title: str,
    frame: Frame = WIDE,
) -> SafeString:
    return format_html(
        '<g class="chart__row"><text class="chart__label" x="{}" y="{}" text-anchor="end">{}</text>'
        '<rect class="chart__bar {}" x="{}" y="{}" width="{}" height="{}"><title>{}</title></rect>'
        '<text class="chart__value" x="{}" y="{}">{}</text></g>',
        frame.label_width,
        y + BAR_HEIGHT - 5,
        fitted(label, frame.label_chars),
        css,
        frame.bar_x,
        y,
        width,
        BAR_HEIGHT,
        bar_title,
        frame.bar_x + width + 6,
        y + BAR_HEIGHT - 5,
        value_text,
    )


def _first_difference(a: str, b: str) -> int:
    return next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )


def distinct_labels(texts: list[str], chars: int) -> list[str]:
    """Each text cut to ``chars`` characters, as they all would be; but a text whose cut
    reads like another's is shown from a little before where the two differ, so no two
    answers look alike on the chart ("…Seat 3, and Seat 4); 90…" beside "…Seat 3); 250…").

    >>> distinct_labels(["200 (Seats 1, 2, 3 and 4)", "200 (Seats 1, 2, 3)", "80"], 12)
    ['…2, 3 and 4)', '…ts 1, 2, 3)', '80']
    """
    cut = [Truncator(text).chars(chars) for text in texts]
    times = Counter(cut)
    shown = list(cut)
    for i, text in enumerate(texts):
        if times[cut[i]] == 1:  # most rows: no other reads alike, nothing to compare
            continue
        alike = [other for j, other in enumerate(texts) if j != i and cut[j] == cut[i]]
        differs = min(_first_difference(text, other) for other in alike)
        start = max(0, min(differs - chars // 3, len(text) - chars + 1))
        shown[i] = "…" + Truncator(text[start:].lstrip()).chars(chars - 1)
    return shown


def split_chart(result: QuestionResult, frame: Frame = WIDE) -> SafeString:
    """How the answers to one question split: a bar per answer, the right ones marked (each
    bar's tooltip holds the whole answer; its label as much as tells it apart)."""
    shown = distinct_labels([s.label for s in result.splits], frame.label_chars - 2)
    rows_data: list[tuple[str, int, str, str]] = [
        (
            ("✓ " if s.correct else "✗ ") + label,
            s.count,
            "chart__bar--ok" if s.correct else "chart__bar--bad",
            ("✓ " if s.correct else "✗ ") + s.label,
        )
        for s, label in zip(result.splits, shown, strict=True)
    ]
    for count, css, words in (
        (result.in_progress, "chart__bar--waiting", pgettext("quiz results", "In progress")),
        (result.not_reached, "chart__bar--waiting", pgettext("quiz results", "Not reached yet")),
        (result.unanswered, "chart__bar--none", pgettext("quiz results", "No answer")),
    ):
        if count:
            rows_data.append((words, count, css, words))
    top = max((count for _, count, _, _ in rows_data), default=0) or 1
    rows = []
    for i, (label, count, css, whole) in enumerate(rows_data):
        width = round(frame.bar_max * count / top)
        value = _num(count)
        rows.append(_bar(4 + i * ROW, label, value, width, css, f"{whole}: {value}", frame))
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
    return _svg(f"chart-q{result.number}", title, description, rows, 8 + len(rows) * ROW, frame)


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
