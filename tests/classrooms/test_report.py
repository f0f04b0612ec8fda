"""The class report on a small hand-made set of sessions and answers, with every number
worked out by hand below; its page and its three CSV files."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from django.test import Client
from django.utils import timezone

from tutor.classrooms.export import csv_rows
from tutor.classrooms.models import Classroom, ClassSession, Member, NameClaim
from tutor.classrooms.report import class_report, tally
from tutor.concepts import CONCEPTS
from tutor.quizzes.models import Participant, Quiz, Response, Session

A, B, C = list(CONCEPTS)[:3]  # "hand-rankings", "best-five-of-seven", "kickers"
OLD = "a-retired-concept"  # an id the concept map no longer has


def entry(points: int, *concepts: str) -> dict:
    return {"drill": "holdem-showdown", "points": points, "concepts": list(concepts)}


@pytest.fixture
def week(classroom: Classroom, quiz: Quiz) -> Classroom:
    """Two sessions of the class, and a session of the same quiz run for no class.

    S1, homework (every question counts): q0 2 points [A, OLD], q1 3 points [B, A, A].
    S2, live, ended after opening only q0: q0 1 point [B]; q1 5 points [C] not asked.
    S1: Asha right, wrong; Bálint wrong, right (3 points).
    S2: Asha right (and an answer to q1, which never counts); Chen saw q0, no answer.
    Dev is on the roster and took nothing."""
    Member.objects.create(classroom=classroom, name="Dev")
    s1 = Session.objects.create(
        quiz=quiz, mode="homework", state="ended", questions=[entry(2, A, OLD), entry(3, B, A, A)]
    )
    s2 = Session.objects.create(
        quiz=quiz, mode="live", state="ended", current=0, questions=[entry(1, B), entry(5, C)]
    )
    elsewhere = Session.objects.create(quiz=quiz, mode="homework", questions=[entry(9, A)])
    for session in (s1, s2):
        ClassSession.objects.create(classroom=classroom, session=session)
    answers = {
        (s1, "Asha"): [(0, True, 2), (1, False, 0)],
        (s1, "Bálint"): [(0, False, 0), (1, True, 3)],
        (s2, "Asha"): [(0, True, 1), (1, True, 5)],
        (s2, "Chen"): [(0, None, 0)],  # shown, never answered
    }
    for (session, name), rows in answers.items():
        person = Participant.objects.create(session=session, nickname=name)
        NameClaim.objects.create(
            member=classroom.members.get(name=name), session=session, participant=person
        )
        for index, correct, points in rows:
            Response.objects.create(
                participant=person,
                index=index,
                correct=bool(correct),
                points=points,
                answered=None if correct is None else timezone.now(),
            )
    stray = Participant.objects.create(session=elsewhere, nickname="Asha")
    Response.objects.create(
        participant=stray, index=0, correct=True, points=9, answered=timezone.now()
    )
    return classroom


@pytest.mark.django_db
def test_each_student_across_the_sessions(week: Classroom) -> None:
    report = class_report(week)
    assert len(report.sessions) == 2
    rows = {
        r.member.name: (r.sessions, r.points, r.possible, r.questions.right, r.questions.asked)
        for r in report.students
    }
    assert rows == {
        "Asha": (2, 2 + 0 + 1, 5 + 1, 2, 3),
        "Bálint": (1, 3, 5, 1, 2),
        "Chen": (1, 0, 1, 0, 1),
        "Dev": (0, 0, 0, 0, 0),
    }
    shares = {r.member.name: r.questions.share for r in report.students}
    assert shares == {"Asha": Fraction(2, 3), "Bálint": Fraction(1, 2), "Chen": 0, "Dev": None}


@pytest.mark.django_db
def test_each_concept_for_each_student_and_the_class(week: Classroom) -> None:
    report = class_report(week)
    # Concept-map order, the retired id last; C was never asked (q1 of S2 never opened).
    assert [c.id for c in report.concepts] == [A, B, OLD]
    by_id = {c.id: c for c in report.concepts}
    tallies = {cid: {m.name: (t.right, t.asked) for m, t in c.students} for cid, c in by_id.items()}
    # A: S1 q0 and q1 (listed twice in q1, counted once) for Asha and Bálint.
    assert tallies[A] == {"Asha": (1, 2), "Bálint": (1, 2)}
    # B: S1 q1 for Asha and Bálint; S2 q0 for Asha and Chen.
    assert tallies[B] == {"Asha": (1, 2), "Bálint": (1, 1), "Chen": (0, 1)}
    assert tallies[OLD] == {"Asha": (1, 1), "Bálint": (0, 1)}
    whole = {cid: (c.whole_class.right, c.whole_class.asked) for cid, c in by_id.items()}
    assert whole == {A: (2, 4), B: (2, 4), OLD: (1, 2)}
    assert [m.name for m in by_id[A].not_asked] == ["Chen", "Dev"]
    assert by_id[A].title == "Hand rankings" and by_id[OLD].title == OLD


@pytest.mark.django_db
def test_a_class_without_sessions_has_every_name_and_no_concepts(classroom: Classroom) -> None:
    report = class_report(classroom)
    assert [r.member.name for r in report.students] == ["Asha", "Bálint", "Chen"]
    assert report.concepts == [] and report.sessions == []


@pytest.mark.django_db
def test_the_report_page(teacher: Client, week: Classroom) -> None:
    page = teacher.get(f"/en/quizzes/classes/{week.pk}/report/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "67%" in html  # Asha: 2 of 3
    assert "2 of 3" in html and "3 of 6" in html  # right answers; points
    assert "Not asked: <bdi>Chen</bdi> and <bdi>Dev</bdi>" in html  # Babel's list pattern
    concept = CONCEPTS[A]
    assert f'href="/en/rules/{concept.page}/#{concept.anchor}"' in html
    # Under half: Chen on B and Bálint on the retired concept, each 0 of 1.
    assert html.count('class="share share--low"') == 2
    cs = teacher.get(f"/cs/quizzes/classes/{week.pk}/report/").content.decode()
    assert "67\xa0%" in cs


def table(teacher: Client, classroom: Classroom, name: str) -> list[list[str]]:
    response = teacher.get(f"/en/quizzes/classes/{classroom.pk}/report/{name}.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert f"-{name}.csv" in response["Content-Disposition"]
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


@pytest.mark.django_db
def test_the_students_csv(teacher: Client, week: Classroom) -> None:
    rows = table(teacher, week, "students")
    assert rows[0][:4] == ["Student", "Sessions taken", "Sessions", "Sessions absent"]
    assert rows[1:] == [
        ["Asha", "2", "2", "0", "3", "6", "2", "3", "66.7"],
        ["Bálint", "1", "2", "1", "3", "5", "1", "2", "50.0"],
        ["Chen", "1", "2", "1", "0", "1", "0", "1", "0.0"],
        ["Dev", "0", "2", "2", "0", "0", "0", "0", ""],
    ]


@pytest.mark.django_db
def test_the_concept_csvs(teacher: Client, week: Classroom) -> None:
    assert table(teacher, week, "concepts")[1:] == [
        [A, "Hand rankings", "2", "4", "50.0"],
        [B, str(CONCEPTS[B].title), "2", "4", "50.0"],
        [OLD, OLD, "1", "2", "50.0"],
    ]
    per_student = table(teacher, week, "concept-students")
    assert per_student[0] == ["Concept id", "Concept", "Student", "Right", "Asked", "Right (%)"]
    assert [row[2:] for row in per_student[1:] if row[0] == B] == [
        ["Asha", "1", "2", "50.0"],
        ["Bálint", "1", "1", "100.0"],
        ["Chen", "0", "1", "0.0"],
    ]


@pytest.mark.django_db
def test_a_name_a_spreadsheet_would_run_is_made_harmless(week: Classroom) -> None:
    week.members.filter(name="Dev").update(name="=cmd|' /C calc'!A0")
    rows = csv_rows(class_report(week), "students")
    assert [r[0] for r in rows if "calc" in str(r[0])] == ["'=cmd|' /C calc'!A0"]


@pytest.mark.django_db
def test_an_unknown_table_is_a_404(teacher: Client, classroom: Classroom) -> None:
    assert teacher.get(f"/en/quizzes/classes/{classroom.pk}/report/secrets.csv").status_code == 404


def test_tally_needs_no_database() -> None:
    """A live session still running counts the questions opened so far (two of three)."""
    asha, ravi = Member(pk=1, name="Asha"), Member(pk=2, name="Ravi")
    running = Session(mode="live", state="question", current=1, questions=[entry(2, A)] * 3)
    students, concepts = tally([asha, ravi], [(running, 1, {0: (True, 2)}), (running, 9, {})])
    assert [(s.sessions, s.points, s.possible, s.questions.asked) for s in students] == [
        (1, 2, 4, 2),
        (0, 0, 0, 0),
    ]
    [concept] = concepts
    assert (concept.whole_class.right, concept.whole_class.asked) == (1, 2)
    assert concept.not_asked == [ravi]  # and the claim of a name no longer on the roster: left out


@pytest.mark.django_db
def test_per_student_homework_counts_the_concepts_each_student_was_asked(
    classroom: Classroom, quiz: Quiz
) -> None:
    """Each student of a per-student session answered their own questions, which may
    exercise other concepts than the session's first deal."""
    session = Session.objects.create(
        quiz=quiz,
        mode="homework",
        state="ended",
        questions=[entry(1, A)],
        settings={"per_student": True},
    )
    ClassSession.objects.create(classroom=classroom, session=session)
    person = Participant.objects.create(session=session, nickname="Asha", questions=[entry(1, B)])
    NameClaim.objects.create(
        member=classroom.members.get(name="Asha"), session=session, participant=person
    )
    Response.objects.create(
        participant=person, index=0, correct=True, points=1, answered=timezone.now()
    )
    report = class_report(classroom)
    assert [c.id for c in report.concepts] == [B]


@pytest.mark.django_db
def test_absent_students_are_counted_and_listed(teacher: Client, week: Classroom) -> None:
    """Regression (issue 23): a roster name that never joined a session was silently
    missing from it; the report names the absent of each session, and so does a CSV."""
    report = class_report(week)
    s1, s2 = report.sessions
    absent = {row.session.pk: [m.name for m in row.absent] for row in report.attendance}
    assert absent == {s1.pk: ["Chen", "Dev"], s2.pk: ["Bálint", "Dev"]}
    assert {r.member.name: r.absent for r in report.students} == {
        "Asha": 0,
        "Bálint": 1,
        "Chen": 1,
        "Dev": 2,
    }
    html = teacher.get(f"/en/quizzes/classes/{week.pk}/report/").content.decode()
    assert "Absent (2): <bdi>Chen</bdi> and <bdi>Dev</bdi>" in html
    assert "Absent (2): <bdi>Bálint</bdi> and <bdi>Dev</bdi>" in html
    rows = table(teacher, week, "absences")
    assert rows[0] == ["Session", "Date", "Student"]
    assert [(row[0], row[2]) for row in rows[1:]] == [
        (s1.title, "Chen"),
        (s1.title, "Dev"),
        (s2.title, "Bálint"),
        (s2.title, "Dev"),
    ]
