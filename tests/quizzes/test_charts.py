"""The results' SVG bar charts: accessible, escaped, bars in proportion."""

from __future__ import annotations

import re

import pytest

from tutor.quizzes import charts, results
from tutor.quizzes.models import Session

from .classroom import NAMES, teenpatti_answers


def bar_widths(svg: str) -> list[int]:
    pattern = r'<rect class="chart__bar[^"]*" x="\d+" y="\d+" width="(\d+)"'
    return [int(w) for w in re.findall(pattern, svg)]


@pytest.mark.django_db
def test_split_chart_is_accessible_svg(homework: Session, answered: dict) -> None:
    first = results.question_results(homework)[0]
    svg = str(charts.split_chart(first))
    assert svg.startswith("<svg") and 'role="img"' in svg
    assert 'aria-labelledby="chart-q1-title chart-q1-desc"' in svg
    title = f"Question 1 ({first.drill_title}): how the answers split"
    assert f'<title id="chart-q1-title">{title}</title>' in svg
    assert '<desc id="chart-q1-desc">3 answers, 2 correct.</desc>' in svg
    assert "style=" not in svg and "<script" not in svg
    # Right answer 2, wrong answer 1, not reached yet 1 (the homework is open): bars in
    # proportion, the longest full.
    assert bar_widths(svg) == [charts.BAR_MAX, charts.BAR_MAX // 2, charts.BAR_MAX // 2]
    assert "chart__bar--ok" in svg and "chart__bar--bad" in svg and "chart__bar--waiting" in svg
    assert "<title>Not reached yet: 1</title>" in svg and "No answer" not in svg
    tp_right, _ = teenpatti_answers(homework)
    assert f"<title>✓ {NAMES[tp_right]}: 2</title>" in svg


@pytest.mark.django_db
def test_overview_chart_shows_the_share_right(homework: Session, answered: dict) -> None:
    svg = str(charts.overview_chart(results.question_results(homework)))
    assert 'role="img"' in svg and "<title" in svg and "style=" not in svg
    assert "<title>Question 1: 50%</title>" in svg  # 2 right of the 4 present
    assert "<title>Question 2: 50%</title>" in svg


def test_chart_escapes_what_students_typed() -> None:
    split = results.Split('<script>alert("x")</script>', 1, False)
    result = results.QuestionResult(0, "betting", "B", "easy", 1, 1, 1, 1, 0, None, "k", [split])
    svg = str(charts.split_chart(result))
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def test_a_question_nobody_answered_has_an_empty_bar() -> None:
    unanswered = results.QuestionResult(0, "betting", "B", "easy", 1, 1, 3, 0, 0, None, "k")
    svg = str(charts.overview_chart([unanswered]))
    assert bar_widths(svg) == [0] and "<title>Question 1: 0%</title>" in svg  # 0 of 3
    assert "<title>No answer: 3</title>" in str(charts.split_chart(unanswered))


def test_answers_that_begin_alike_stay_apart_on_the_chart() -> None:
    """Side pots answered "200 (Seats 1–4); …" right and "200 (Seats 1–3); …" wrong begin
    alike: cut at the same length they would read the same but for ✓ and ✗. Each row shows
    where its answer differs; the bar's tooltip keeps the whole answer."""
    right = "200 (Seat 1, Seat 2, Seat 3, and Seat 4); 90 (Seat 2, Seat 3, and Seat 4)"
    wrong = "200 (Seat 1, Seat 2, Seat 3); 250 (Seat 2 and Seat 3)"
    other = "80 (Seat 1)"
    splits = [
        results.Split(right, 2, True),
        results.Split(wrong, 1, False),
        results.Split(other, 1, False),
    ]
    result = results.QuestionResult(0, "side-pots", "S", "easy", 1, 4, 4, 2, 0, None, "k", splits)
    svg = str(charts.split_chart(result))
    labels = re.findall(r'<text class="chart__label"[^>]*>([^<]*)</text>', svg)[:3]
    assert len(set(labels)) == 3
    assert all(len(label) <= charts.LABEL_CHARS for label in labels)
    assert "and Seat 4" in labels[0] and "250" in labels[1]
    assert labels[2] == "✗ 80 (Seat 1)"  # short enough: as it is
    assert f"<title>✓ {right}: 2</title>" in svg
