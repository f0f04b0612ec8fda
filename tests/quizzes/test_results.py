"""Results: the engine's right answer for each drill, answer labels, how the answers
split, every student's answers, the SVG charts, the results page and the CSV export."""

from __future__ import annotations

import csv
import io
import re
from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client
from django.utils import timezone, translation

from tutor.drills.registry import DRILLS
from tutor.engine import holdem, teenpatti
from tutor.quizzes import results, services
from tutor.quizzes.models import Participant, Quiz, Response, Session

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-password-123"


def form(**fields: str | list[str]) -> QueryDict:
    data = QueryDict(mutable=True)
    for key, value in fields.items():
        data.setlist(key, value if isinstance(value, list) else [value])
    return data


# -- the right answer --------------------------------------------------------------------
@pytest.mark.parametrize("drill", services.QUIZ_DRILLS)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_answer_key_is_graded_right_by_the_drill(drill: str, level: str) -> None:
    spec = DRILLS[drill]
    for seed in range(6):
        data = spec.generate(seed, level)  # type: ignore[misc]
        q = services.Question(0, {"drill": drill, "level": level, "seed": seed}, spec, data)
        assert spec.grade(data, results.correct_answer(q))["correct"], (drill, level, seed)  # type: ignore[misc]


def test_answer_key_matches_the_engine_for_showdowns() -> None:
    for seed in range(10):
        spec = DRILLS["holdem-showdown"]
        data = spec.generate(seed, "hard")  # type: ignore[misc]
        q = services.Question(0, {}, spec, data)
        winners = holdem.showdown(data["board"], data["hands"]).winners
        assert results.correct_answer(q).getlist("winners") == [str(w) for w in sorted(winners)]
        spec = DRILLS["teenpatti-showdown"]
        data = spec.generate(seed, "hard")  # type: ignore[misc]
        q = services.Question(0, {}, spec, data)
        result = teenpatti.showdown(data["hand_a"], data["hand_b"]).result
        assert results.correct_answer(q).getlist("result") == [result]


def test_reveal_feedback_marks_no_choice() -> None:
    spec = DRILLS["holdem-showdown"]
    q = services.Question(0, {}, spec, spec.generate(3, "medium"))  # type: ignore[misc]
    feedback = results.reveal_feedback(q)
    assert feedback["correct"]
    assert not any(row["chosen"] for row in feedback["rows"])
    assert any(row["winner"] for row in feedback["rows"])


# -- labels ------------------------------------------------------------------------------
def question(drill: str, seed: int = 1, level: str = "easy") -> services.Question:
    spec = DRILLS[drill]
    return services.Question(
        0, {"drill": drill, "seed": seed, "level": level}, spec, spec.generate(seed, level)
    )  # type: ignore[misc]


def test_labels_per_drill() -> None:
    assert results.answer_label(question("holdem-showdown"), {"winners": ["2", "0"]}) == (
        "Player 1 + Player 3"
    )
    assert results.answer_label(question("teenpatti-showdown"), {"result": ["tie"]}) == "Tie"
    assert (
        results.answer_label(question("teenpatti-showdown"), {"result": ["player_b"]})
        == "Player B wins"
    )
    q = question("name-the-hand", level="hard")  # Hold'em cards at the hard level
    assert results.answer_label(q, {"category": ["full_house"], "five": []}) == "Full house"
    q = question("side-pots", level="easy")
    label = results.answer_label(
        q, {"stage": ["1"], "pot0": ["1200"], "eligible0": ["0", "2"], "pot1": [""]}
    )
    assert label == "1,200 (Seat 1, Seat 3)"
    q = question("betting")
    assert (
        results.answer_label(q, {"next": ["1"], "min_to": ["200"], "max_to": ["10000"]})
        == "Seat 2, raise 200 to 10,000"
    )
    assert results.answer_label(q, {"next": ["0"], "no_raise": ["on"]}) == "Seat 1, no raise"


def test_labels_follow_the_page_language() -> None:
    q = question("holdem-showdown")
    with translation.override("cs"):
        assert results.answer_label(q, {"winners": ["0"]}) == "Hráč 1"
        assert results.answer_label(question("side-pots"), {"pot0": ["1200"]}) == "1\xa0200"


def test_a_strange_stored_answer_still_gets_a_label() -> None:
    q = question("betting")
    assert results.answer_label(q, {"next": ["x"], "min_to": ["a"], "max_to": []}) != ""
    assert results.answer_label(q, None) == ""


# -- a session with answers --------------------------------------------------------------
@pytest.fixture
def session(quiz: Quiz) -> Session:
    return services.start_session(quiz, "homework", closes=timezone.now() + timedelta(hours=1))


def teenpatti_answers(session: Session) -> tuple[str, str]:
    q = services.question(session, 0)
    result = teenpatti.showdown(q.data["hand_a"], q.data["hand_b"]).result
    return result, ("tie" if result != "tie" else "player_a")


def holdem_answers(session: Session) -> tuple[list[str], list[str]]:
    q = services.question(session, 1)
    winners = holdem.showdown(q.data["board"], q.data["hands"]).winners
    loser = next(i for i in range(len(q.data["hands"])) if i not in winners)
    return [str(w) for w in winners], [str(loser)]


NAMES = {"player_a": "Player A wins", "player_b": "Player B wins", "tie": "Tie"}


@pytest.fixture
def answered(session: Session) -> dict[str, Participant]:
    """Asha: both right; Bálint: first wrong, second right; Chen: first right only;
    Dev joined and answered nothing."""
    people = {
        n: Participant.objects.create(session=session, nickname=n, language=lang)
        for n, lang in (
            ("Asha", "hi"),
            ("Bálint", "cs"),
            ("=cmd|' /C calc'!A0", "ja"),
            ("Dev", "en"),
        )
    }
    tp_right, tp_wrong = teenpatti_answers(session)
    hd_right, _hd_wrong = holdem_answers(session)
    services.submit(session, people["Asha"], 0, form(result=tp_right))
    services.submit(session, people["Asha"], 1, form(winners=hd_right))
    services.submit(session, people["Bálint"], 0, form(result=tp_wrong))
    services.submit(session, people["Bálint"], 1, form(winners=hd_right))
    services.submit(session, people["=cmd|' /C calc'!A0"], 0, form(result=tp_right))
    # Known times: 4 s, 6 s, 8 s on the first question.
    for nickname, ms in (("Asha", 4000), ("Bálint", 6000), ("=cmd|' /C calc'!A0", 8000)):
        Response.objects.filter(participant=people[nickname], index=0).update(elapsed_ms=ms)
    return people


def test_question_results_split_and_share(session: Session, answered: dict) -> None:
    first, second = results.question_results(session)
    tp_right, tp_wrong = teenpatti_answers(session)
    assert (first.joined, first.answered, first.correct, first.unanswered) == (4, 3, 2, 1)
    assert first.ratio == Decimal(2) / Decimal(3)
    assert first.average_seconds == Decimal("6.0")
    assert first.key_label == NAMES[tp_right]
    splits = [(s.label, s.count, s.correct, s.is_key) for s in first.splits]
    assert splits == [(NAMES[tp_right], 2, True, True), (NAMES[tp_wrong], 1, False, False)]
    assert (second.answered, second.correct, second.points) == (2, 2, 3)
    assert second.ratio == 1


def test_the_right_answer_shows_even_when_nobody_chose_it(session: Session) -> None:
    first, _second = results.question_results(session)
    tp_right, _ = teenpatti_answers(session)
    assert [(s.label, s.count, s.is_key) for s in first.splits] == [(NAMES[tp_right], 0, True)]
    assert first.ratio is None and first.average_seconds is None


def test_student_results_have_every_answer(session: Session, answered: dict) -> None:
    students = results.student_results(session)
    by_name = {s.participant.nickname: s for s in students}
    assert [s.participant.nickname for s in students][:2] == ["Asha", "Bálint"]  # best first
    assert (by_name["Asha"].points, by_name["Asha"].correct) == (5, 2)
    assert (by_name["Bálint"].points, by_name["Bálint"].correct) == (3, 1)
    assert (by_name["Dev"].points, by_name["Dev"].answered) == (0, 0)
    _tp_right, tp_wrong = teenpatti_answers(session)
    cell = by_name["Bálint"].cells[0]
    assert (cell.answered, cell.correct, cell.label, cell.points) == (
        True,
        False,
        NAMES[tp_wrong],
        0,
    )
    assert cell.seconds == Decimal("6.0")
    assert not by_name["Dev"].cells[0].answered


# -- charts ------------------------------------------------------------------------------
def test_split_chart_is_accessible_svg(session: Session, answered: dict) -> None:
    first = results.question_results(session)[0]
    svg = str(results.split_chart(first))
    assert svg.startswith("<svg") and 'role="img"' in svg
    assert 'aria-labelledby="chart-q1-title chart-q1-desc"' in svg
    assert '<title id="chart-q1-title">Question 1: how the answers split</title>' in svg
    assert '<desc id="chart-q1-desc">3 answers, 2 correct.</desc>' in svg
    assert "style=" not in svg and "<script" not in svg
    widths = [
        int(w)
        for w in re.findall(r'<rect class="chart__bar[^"]*" x="\d+" y="\d+" width="(\d+)"', svg)
    ]
    # Right answer 2, wrong answer 1, no answer 1: bars in proportion, the longest full.
    assert widths == [results.BAR_MAX, results.BAR_MAX // 2, results.BAR_MAX // 2]
    assert "chart__bar--ok" in svg and "chart__bar--bad" in svg and "chart__bar--none" in svg
    tp_right, _ = teenpatti_answers(session)
    assert f"<title>✓ {NAMES[tp_right]}: 2</title>" in svg


def test_overview_chart_shows_the_share_right(session: Session, answered: dict) -> None:
    svg = str(results.overview_chart(results.question_results(session)))
    assert 'role="img"' in svg and "<title" in svg and "style=" not in svg
    assert "<title>Question 1: 67%</title>" in svg
    assert "<title>Question 2: 100%</title>" in svg


def test_chart_escapes_what_students_typed() -> None:
    split = results.Split('<script>alert("x")</script>', 1, False)
    result = results.QuestionResult(0, "betting", "B", "easy", 1, 1, 1, 1, 0, None, "k", [split])
    svg = str(results.split_chart(result))
    assert "<script>" not in svg and "&lt;script&gt;" in svg


# -- the results page --------------------------------------------------------------------
@pytest.fixture
def owner(client: Client, session: Session) -> Client:
    client.force_login(session.quiz.owner)
    return client


def test_results_page(owner: Client, session: Session, answered: dict) -> None:
    response = owner.get(f"/en/quizzes/session/{session.code}/results/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('class="chart"') == 3  # the overview and one per question
    assert "67%" in html and "6 s" in html
    tp_right, tp_wrong = teenpatti_answers(session)
    assert f"Right answer: {NAMES[tp_right]}" in html
    table = html.split('class="student-results"')[1].split("</table>")[0]
    rows = re.findall(r"<tr><th scope=\"row\">(.*?)</th>", table)
    assert rows[:2] == ["Asha", "Bálint"]
    balint = table.split("Bálint")[1].split("</tr>")[0]
    assert NAMES[tp_wrong] in balint and "✗" in balint
    assert f'href="/en/quizzes/session/{session.code}/results.csv"' in html


def test_results_in_the_teachers_language_whatever_the_quiz_language(
    owner: Client, session: Session, answered: dict
) -> None:
    session.settings = {**session.settings, "language": "ja"}
    session.save()
    html = owner.get(f"/cs/quizzes/session/{session.code}/results/").content.decode()
    assert '<html lang="cs"' in html
    tp_right, _ = teenpatti_answers(session)
    czech = {"player_a": "Vyhrává Hráč A", "player_b": "Vyhrává Hráč B"}
    if tp_right in czech:
        assert czech[tp_right] in html
    assert "Hráč" in html  # the Hold'em winners' labels, in Czech


def test_results_page_with_nobody(owner: Client, session: Session) -> None:
    response = owner.get(f"/en/quizzes/session/{session.code}/results/")
    assert response.status_code == 200
    assert "Nobody has joined this session yet." in response.content.decode()


# -- CSV ---------------------------------------------------------------------------------
def read_csv(response: Any) -> list[list[str]]:
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


def test_csv_export(owner: Client, session: Session, answered: dict) -> None:
    response = owner.get(f"/en/quizzes/session/{session.code}/results.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    date = timezone.localdate(session.created).isoformat()
    assert response["Content-Disposition"] == (
        f'attachment; filename="showdowns-fridays-class-{date}.csv"'
    )
    rows = read_csv(response)
    header = rows[0]
    assert header[:3] == ["Student", "Language", "Question"]
    blank = rows.index([])
    detail = [dict(zip(header, row, strict=True)) for row in rows[1:blank]]
    assert len(detail) == 4 * 2  # one row per student × question
    _tp_right, tp_wrong = teenpatti_answers(session)
    balint = [r for r in detail if r["Student"] == "Bálint"]
    assert [(r["Question"], r["Answer"], r["Correct"], r["Points"]) for r in balint] == [
        ("1", NAMES[tp_wrong], "no", "0"),
        ("2", balint[1]["Answer"], "yes", "3"),
    ]
    assert balint[0]["Time (seconds)"] == "6.0" and balint[0]["Language"] == "cs"
    assert balint[0]["Seed"] == "11" and balint[1]["Seed"] == "12"
    dev = [r for r in detail if r["Student"] == "Dev"]
    assert [(r["Answer"], r["Correct"], r["Points"]) for r in dev] == [("", "no", "0")] * 2
    summary_header = rows[blank + 1]
    summary = {row[0]: dict(zip(summary_header, row, strict=True)) for row in rows[blank + 2 :]}
    assert summary["Asha"]["Points"] == "5" and summary["Asha"]["Points possible"] == "5"
    assert summary["Bálint"]["Correct answers"] == "1"
    assert summary["Dev"]["Questions answered"] == "0"
    assert summary["Asha"]["Average time (seconds)"] != ""
    # A nickname that a spreadsheet would run as a formula is made harmless.
    assert "'=cmd|' /C calc'!A0" in summary
    assert not any(row and row[0].startswith("=") for row in rows)


def test_csv_filename_keeps_non_latin_titles(owner: Client, session: Session) -> None:
    Session.objects.filter(pk=session.pk).update(settings={**session.settings, "title": "তাস খেলা"})
    response = owner.get(f"/bn/quizzes/session/{session.code}/results.csv")
    disposition = response["Content-Disposition"]
    assert disposition.startswith("attachment; filename*=utf-8''")
    assert disposition.endswith(".csv")
    rows = read_csv(response)
    assert len(rows) == 1 + 1 + 1  # header, blank, summary header: nobody joined


def test_csv_headers_in_the_teachers_language(owner: Client, session: Session) -> None:
    english = read_csv(owner.get(f"/en/quizzes/session/{session.code}/results.csv"))[0]
    with translation.override("cs"):
        expected = translation.gettext("Student")
    czech = read_csv(owner.get(f"/cs/quizzes/session/{session.code}/results.csv"))[0]
    assert czech[0] == expected and len(czech) == len(english)
