"""A teacher downloads everything their account holds: a zip with a README in their
language, one CSV per table (formulas made harmless) and data.json; parsed back, it holds
their rows and none of another teacher's."""

from __future__ import annotations

import csv
import io
import json
import zipfile

import pytest
from django.test import Client

from tutor.privacy import export

from .school import NAMES, School

pytestmark = pytest.mark.django_db

CSVS = {
    "quizzes.csv", "quiz_questions.csv", "bank.csv", "tags.csv", "bank_tags.csv",
    "classes.csv", "rosters.csv", "sessions.csv", "students.csv", "answers.csv",
    "learning_settings.csv", "daily_counts.csv", "progress.csv", "learning_answers.csv",
    "lesson_sittings.csv", "lesson_answers.csv", "lms_accounts.csv", "lms_activities.csv",
    "lms_students.csv",
}  # fmt: skip


def download(client: Client, lang: str = "en") -> zipfile.ZipFile:
    response = client.get(f"/{lang}/accounts/data/download/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/zip"
    assert "attachment" in response["Content-Disposition"]
    content = b"".join(response.streaming_content)
    return zipfile.ZipFile(io.BytesIO(content))


def table(archive: zipfile.ZipFile, name: str) -> list[dict[str, str]]:
    text = archive.read(f"{name}.csv").decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.DictReader(io.StringIO(text[1:])))


def test_the_zip_holds_a_readme_every_table_and_json(teacher: Client, other: School) -> None:
    archive = download(teacher)
    assert set(archive.namelist()) == {"README.txt", "data.json", *CSVS}
    readme = archive.read("README.txt").decode()
    assert "the account teacher" in readme and "rosters.csv: the names" in readme


def test_the_csv_tables_are_the_teachers_own(
    teacher: Client, school: School, other: School
) -> None:
    archive = download(teacher)
    assert [r["name"] for r in table(archive, "rosters")] == ["Asha", "Bálint", "'" + NAMES[2]]
    students = table(archive, "students")
    assert sorted(r["nickname"] for r in students) == sorted(
        ["Asha", "Bálint", "'" + NAMES[2], "Dev"]
    )
    assert {r["session_id"] for r in students} == {
        str(school.session.pk),
        str(school.homework.pk),
    }
    answers = table(archive, "answers")
    assert len(answers) == 8
    assert {json.loads(r["answer"])["choice"][0] for r in answers} == {"a", "=1+1"}
    quizzes = table(archive, "quizzes")
    assert [q["title"] for q in quizzes] == ["'=Showdowns of teacher"]  # no formula
    assert table(archive, "classes")[0]["code"] == school.classroom.code
    assert [r["concept"] for r in table(archive, "progress")] == ["kickers"]
    assert len(table(archive, "lesson_answers")) == 1


def test_the_json_is_every_table_as_stored(teacher: Client, school: School, other: School) -> None:
    data = json.loads(download(teacher).read("data.json"))
    assert data["account"]["username"] == "teacher" and "password" not in data["account"]
    assert [q["title"] for q in data["quizzes"]] == ["=Showdowns of teacher"]
    assert len(data["answers"]) == 8 and len(data["students"]) == 4
    assert data["bank"][0]["question"]["kind"] == "truefalse"
    assert data["sessions"][0]["id"] in {school.session.pk, school.homework.pk}
    assert "token" not in data["students"][0]


def test_the_readme_is_in_the_page_language(teacher: Client) -> None:
    readme = download(teacher, "cs").read("README.txt").decode()
    assert "Vaše data" in readme


def test_the_download_needs_an_account(client: Client) -> None:
    response = client.get("/en/accounts/data/download/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_json_writer_writes_valid_json_for_no_learner(db: None) -> None:
    response = export.progress_json(None)
    data = json.loads(response.content)
    assert data["progress"] == [] and data["lesson_answers"] == []


def test_what_moodle_or_canvas_sent_is_in_the_download(
    teacher: Client, school: School, other: School
) -> None:
    """A teacher who came through LTI gets their LMS account, their activities and their
    students' LMS names and e-mails; another teacher's LMS students stay out."""
    from tutor.lti.models import LmsStudent, LmsTeacher, Platform, ResourceLink

    moodle = Platform.objects.create(
        name="Moodle", issuer="https://moodle.example", client_id="c", owner=other.user
    )
    LmsTeacher.objects.create(platform=moodle, sub="t-1", user=school.user)
    for owner, sub in ((school, "s-1"), (other, "s-2")):
        link = ResourceLink.objects.create(
            platform=moodle, resource_link_id=f"r-{sub}", session=owner.homework, context_id="c9"
        )
        LmsStudent.objects.create(
            link=link, sub=sub, participant=owner.homework.participants.first(),
            email=f"{sub}@school.example", sent_score=3,
        )  # fmt: skip
    archive = download(teacher)
    assert [r["lms_user"] for r in table(archive, "lms_accounts")] == ["t-1"]
    assert [r["course"] for r in table(archive, "lms_activities")] == ["c9"]
    students = table(archive, "lms_students")
    assert [(r["email"], r["sent_score"]) for r in students] == [("s-1@school.example", "3")]
