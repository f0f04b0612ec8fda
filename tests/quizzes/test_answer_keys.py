"""The right answer on the projector, the chart and the results page is the printed key.

For every drill a quiz can hold, at every level, a few seeds (among them those whose right
answer has the most parts and the most values in one field: several pots, several
winners, several legal actions), a live session asks the questions, a student answers
each right, the teacher reveals it: the key the console shows, the chart's right row, the
results page's key and the printed answer key all read the drill's own words for its
right answer, and no right row of nobody stands in for the student's.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.http import QueryDict
from django.test import Client
from django.utils.text import Truncator
from django.utils.translation import override

from tutor.drills.drill import QuestionDrill
from tutor.drills.registry import quiz_drills
from tutor.quizzes import charts, services
from tutor.quizzes.models import Participant, Quiz, Session, Slot

pytestmark = pytest.mark.django_db

#: The seeds searched for the right answers with the most parts and values.
SEARCHED = range(40)


def _multi(key: dict[str, list[str]]) -> int:
    return sum(len(values) - 1 for values in key.values() if len(values) > 1)


def seeds(drill: QuestionDrill[Any, Any], level: str) -> list[int]:
    """Seed 1, the seed whose key has the most values in one field, the one with most
    fields."""
    keys = {seed: drill.right_answer(drill.generate(seed, level)) for seed in SEARCHED}
    most_values = max(SEARCHED, key=lambda s: (_multi(keys[s]), -s))
    most_parts = max(SEARCHED, key=lambda s: (len(keys[s]), -s))
    return list(dict.fromkeys((1, most_values, most_parts)))


CASES = [
    pytest.param(drill, level, id=f"{drill.slug}-{level}")
    for drill in quiz_drills()
    for level in drill.levels
]


def posted(answer: dict[str, list[str]]) -> QueryDict:
    """An answer as the browser posts it."""
    data = QueryDict(mutable=True)
    for key, values in answer.items():
        data.setlist(key, values)
    return data


#: A bar of a split chart: its label, its colour class and its figure.
BAR = re.compile(
    r'<text class="chart__label"[^>]*>([^<]*)</text><rect class="chart__bar ([^"]*)"'
    r'.*?<text class="chart__value"[^>]*>([^<]*)</text>'
)


def bars(svg: str) -> list[tuple[str, str, str]]:
    return [(html.unescape(label), css, value) for label, css, value in BAR.findall(svg)]


def check_chart(svg: str, expected: str) -> None:
    """The chart's right rows: the student's answer with one vote, no right row of 0."""
    right = [(label, value) for label, css, value in bars(svg) if css == "chart__bar--ok"]
    assert right == [("✓ " + Truncator(expected).chars(charts.LABEL_CHARS), "1")] or (
        right == [(Truncator("✓ " + expected).chars(charts.LABEL_CHARS), "1")]
    ), right


def check_splits(splits: list[Any], expected: str) -> None:
    keys = [(s.label, s.count) for s in splits if s.is_key]
    assert keys == [(expected, 1)], keys
    assert not [s.label for s in splits if s.correct and s.count == 0]


@pytest.mark.parametrize(("drill", "level"), CASES)
def test_every_key_shown_is_the_printed_key(
    client: Client, drill: QuestionDrill[Any, Any], level: str
) -> None:
    teacher = get_user_model().objects.create_user("teacher", "t@example.org", "pw-1234567890")
    client.force_login(teacher)
    quiz = Quiz.objects.create(owner=teacher, title="Keys")
    chosen = seeds(drill, level)
    for order, seed in enumerate(chosen):
        Slot.objects.create(
            quiz=quiz, order=order, kind="fixed", drill=drill.slug, level=level, seed=seed
        )
    session = services.start_session(quiz, Session.Mode.LIVE)
    student = Participant.objects.create(session=session, nickname="Asha", language="en")
    with override("en"):
        expected = [
            drill.answer_label(question, drill.right_answer(question))
            for question in (drill.generate(seed, level) for seed in chosen)
        ]
    assert all(expected)
    for index, label in enumerate(expected):
        services.open_question(session, index)
        q = services.question(session, index)
        response, _feedback = services.submit(session, student, index, posted(q.right_answer))
        assert response.correct
        services.reveal(session)
        console = client.get(f"/en/quizzes/session/{session.code}/")
        assert console.status_code == 200
        assert console.context["key_label"] == label, (chosen[index], q.right_answer)
        check_chart(str(console.context["split_chart"]), label)
        if index < len(expected) - 1:
            services.next_question(session)
    services.end(session)
    page = client.get(f"/en/quizzes/session/{session.code}/results/")
    key = client.get(f"/en/quizzes/session/{session.code}/answer-key/")
    for index, label in enumerate(expected):
        result = page.context["questions"][index]["result"]
        assert result.key_label == label, chosen[index]
        check_splits(result.splits, label)
        check_chart(str(page.context["questions"][index]["chart"]), label)
        assert key.context["questions"][index].key_label == label
