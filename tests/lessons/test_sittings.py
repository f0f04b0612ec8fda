"""A whole practice and check through the pages: answers right and wrong, recorded once
for their concepts; the summary computed from the stored answers; replayed, forged and
unreadable posts refused and not counted; a new browser with the same cookie resumes."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tutor.learning.models import Attempt, ConceptProgress
from tutor.lessons.models import Sitting, SittingAnswer
from tutor.lessons.sittings import MAX_AGAIN, answer_token

from .conftest import HOLDEM_FIRST, TEENPATTI_FIRST, post_answer, right, start, token, wrong

pytestmark = pytest.mark.django_db


def answer_all(client: Client, sitting: Sitting, pattern: str) -> None:
    """Answer every question, right ("r") or wrong ("w") as ``pattern`` says."""
    sitting.refresh_from_db()
    for index, mark in enumerate(pattern):
        if index < sitting.position:  # answered already
            continue
        sitting.refresh_from_db()
        entry = sitting.questions[index]
        fields = right(entry) if mark == "r" else wrong(entry)
        response = post_answer(client, sitting, fields, token(client, sitting))
        assert response.status_code == 302, response.content.decode()[:500]
        assert response["Location"].endswith(f"?answered={index}")


def test_a_practice_from_start_to_summary(learner_client: Client) -> None:
    sitting = start(learner_client)
    assert sitting.kind == "practice" and sitting.total == 5
    assert "learner" in learner_client.cookies
    assert all(
        set(q["concepts"]) & {"best-five-of-seven", "hand-rankings"} for q in sitting.questions
    )
    answer_all(learner_client, sitting, "rwrrw")
    sitting.refresh_from_db()
    # The two missed concepts are asked again, each with a new question: then it is done.
    assert sitting.total == 7 and [q.get("again") for q in sitting.questions[5:]] == [1, 4]
    answer_all(learner_client, sitting, "rwrrwrr")
    sitting.refresh_from_db()
    assert sitting.done and sitting.position == 7 and not sitting.passed
    assert list(sitting.answers.values_list("correct", flat=True)) == [1, 0, 1, 1, 0, 1, 1]
    html = learner_client.get(f"/en/learn/sitting/{sitting.pk}/").content.decode()
    assert "You got 5 of 7 right (71%)." in html
    assert html.count('class="mistake"') == 2
    assert "Question 2</h4>" in html and "Question 5</h4>" in html
    assert "Your answer:" in html and "The right answer:" in html
    assert "Best five of seven</strong>: from Not started to" in html or (
        "Hand rankings</strong>: from Not started to" in html
    )  # moved up
    assert 'name="kind" value="check"' in html  # the next step: the check


def test_each_answer_is_recorded_once_for_its_concepts(learner_client: Client) -> None:
    sitting = start(learner_client)
    entry = sitting.questions[0]
    form_token = token(learner_client, sitting)
    post_answer(learner_client, sitting, right(entry), form_token)
    attempts = Attempt.objects.filter(source="lesson")
    assert sorted(attempts.values_list("concept", flat=True)) == sorted(entry["concepts"])
    stored = SittingAnswer.objects.get(sitting=sitting, index=0)
    assert set(stored.changes) == set(entry["concepts"])
    assert stored.changes["best-five-of-seven"] == [0, 1]  # not started -> attempted
    # The same post again (a double click, the back button): refused, counted once.
    again = post_answer(learner_client, sitting, right(entry), form_token)
    assert again.status_code == 409
    assert "already answered" in again.content.decode()
    assert attempts.count() == len(entry["concepts"]) and sitting.answers.count() == 1
    assert ConceptProgress.objects.get(concept="best-five-of-seven").answered == 1


def test_a_forged_or_mangled_token_is_refused(learner_client: Client) -> None:
    sitting = start(learner_client)
    entry = sitting.questions[0]
    real = token(learner_client, sitting)
    other = start(Client(), TEENPATTI_FIRST)
    for bad in ("", "nonsense", real[:-3] + "abc", answer_token(other), "x" * 5000):
        response = post_answer(learner_client, sitting, right(entry), bad)
        assert response.status_code == 409, bad
        assert "did not come from this question" in response.content.decode()
    sitting.position = 3  # a token for a question not reached yet
    ahead = answer_token(sitting)
    assert post_answer(learner_client, sitting, right(entry), ahead).status_code == 409
    assert SittingAnswer.objects.count() == 0 and Attempt.objects.count() == 0


def test_an_unreadable_answer_is_explained_and_not_counted(learner_client: Client) -> None:
    sitting = start(learner_client)
    response = post_answer(learner_client, sitting, {}, token(learner_client, sitting))
    assert response.status_code == 422
    html = response.content.decode()
    assert 'class="error"' in html and "Question 1 of 5" in html
    hostile = {"winners": ["\u202e" * 300, "9" * 400], "category": ["<script>"] * 100}
    response = post_answer(learner_client, sitting, hostile, token(learner_client, sitting))
    assert response.status_code in (200, 302, 422)
    assert SittingAnswer.objects.filter(correct=True).count() == 0


def test_htmx_gets_the_stage_with_the_verdict_announced(learner_client: Client) -> None:
    sitting = start(learner_client)
    response = post_answer(
        learner_client,
        sitting,
        right(sitting.questions[0]),
        token(learner_client, sitting),
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html
    assert re.search(r'<div id="announce" hx-swap-oob="innerHTML">\s*Correct!', html)
    assert 'id="fb-title"' in html and "Next question" in html
    following = learner_client.get(f"/en/learn/sitting/{sitting.pk}/", HTTP_HX_REQUEST="true")
    assert "Question 2 of 5" in following.content.decode()


def test_a_new_browser_with_the_same_cookie_resumes(learner_client: Client) -> None:
    sitting = start(learner_client)
    post_answer(
        learner_client, sitting, right(sitting.questions[0]), token(learner_client, sitting)
    )
    later = Client()
    later.cookies["learner"] = learner_client.cookies["learner"].value
    page = later.get(f"/en/learn/sitting/{sitting.pk}/").content.decode()
    assert "Question 2 of 5" in page
    lesson = later.get(HOLDEM_FIRST).content.decode()
    assert "Continue the practice (question 2 of 5)" in lesson
    assert start(later) == sitting  # the start button resumes it


def test_another_learners_sitting_is_not_found(learner_client: Client) -> None:
    sitting = start(learner_client)
    stranger = Client()
    start(stranger, TEENPATTI_FIRST)
    assert stranger.get(f"/en/learn/sitting/{sitting.pk}/").status_code == 404
    form = {"token": answer_token(sitting)}
    assert stranger.post(f"/en/learn/sitting/{sitting.pk}/answer/", form).status_code == 404
    assert Client().get(f"/en/learn/sitting/{sitting.pk}/").status_code == 404


def test_a_passed_check_finishes_the_unit(learner_client: Client) -> None:
    check = start(learner_client, kind="check")
    assert check.kind == "check" and check.total == 5
    assert {q["level"] for q in check.questions} <= {"medium", "hard"}
    answer_all(learner_client, check, "rrrwr")
    check.refresh_from_db()
    assert check.passed
    page = learner_client.get(f"/en/learn/sitting/{check.pk}/?answered=3").content.decode()
    assert "Not quite." in page and "The explanations come in your summary" in page
    summary = learner_client.get(f"/en/learn/sitting/{check.pk}/").content.decode()
    assert "Passed: the unit is done. Passing needs at least 4 of 5 right." in summary
    assert "Next: unit 2, Straights and the ace." in summary
    course = learner_client.get("/en/learn/texas-holdem/").content.decode()
    assert "1 of 9 units done" in course
    assert re.search(r'aria-current="step">\s*<h2[^>]*><a[^>]*>Unit 2:', course)


def test_a_failed_check_sends_the_learner_back_to_practice(learner_client: Client) -> None:
    check = start(learner_client, TEENPATTI_FIRST, kind="check")
    answer_all(learner_client, check, "rrrww")
    check.refresh_from_db()
    assert not check.passed
    summary = learner_client.get(f"/en/learn/sitting/{check.pk}/").content.decode()
    assert "You got 3 of 5 right (60%)." in summary
    assert "Not passed yet: passing needs at least 4 of 5 right." in summary
    assert "Practise again" in summary
    course = learner_client.get("/en/learn/teen-patti-20-20/").content.decode()
    assert "0 of 6 units done" in course and "In progress" in course


def test_the_summary_reads_the_stored_answers(learner_client: Client) -> None:
    sitting = start(learner_client)
    answer_all(learner_client, sitting, "rrrrr")
    SittingAnswer.objects.filter(sitting=sitting, index__in=[0, 1]).update(correct=False)
    html = learner_client.get(f"/en/learn/sitting/{sitting.pk}/").content.decode()
    assert "You got 3 of 5 right (60%)." in html and html.count('class="mistake"') == 2


def test_an_htmx_answer_puts_its_verdict_in_the_address(learner_client: Client) -> None:
    """Reloading after an answer shows that answer's explanation again: htmx replaces the
    address with the verdict's own (``?answered=<index>``), which a reload opens."""
    sitting = start(learner_client)
    response = post_answer(
        learner_client,
        sitting,
        wrong(sitting.questions[0]),
        token(learner_client, sitting),
        HTTP_HX_REQUEST="true",
    )
    address = response.headers.get("HX-Replace-Url", "")
    assert address == f"/en/learn/sitting/{sitting.pk}/?answered=0"
    reloaded = learner_client.get(address).content.decode()
    assert 'id="fb-title"' in reloaded and "Not quite." in reloaded
    assert 'class="feedback"' in reloaded
    assert 'class="rules-at-work"' in reloaded  # the rule the question turned on, named


def test_a_refused_htmx_answer_leaves_the_address_alone(learner_client: Client) -> None:
    sitting = start(learner_client)
    response = post_answer(
        learner_client,
        sitting,
        {"nothing": ["x"]},
        token(learner_client, sitting),
        HTTP_HX_REQUEST="true",
    )
    assert "HX-Replace-Url" not in response.headers


def test_a_sitting_takes_the_drill_keys(learner_client: Client) -> None:
    """1-9, Enter and N work in a sitting as on the drill pages (site.js reads the mark)."""
    sitting = start(learner_client)
    question = learner_client.get(f"/en/learn/sitting/{sitting.pk}/").content.decode()
    assert "data-drill-keys" in question
    post_answer(
        learner_client, sitting, right(sitting.questions[0]), token(learner_client, sitting)
    )
    verdict = learner_client.get(f"/en/learn/sitting/{sitting.pk}/?answered=0").content.decode()
    assert re.search(r"<a [^>]*data-next[^>]*>\s*Next question", verdict)


def test_a_missed_concept_is_asked_again_in_the_same_practice(learner_client: Client) -> None:
    sitting = start(learner_client)
    first = sitting.questions[0]
    post_answer(learner_client, sitting, wrong(first), token(learner_client, sitting))
    sitting.refresh_from_db()
    assert sitting.total == 6
    again = sitting.questions[-1]
    assert again["again"] == 0 and again["concept"] == first["concept"]
    assert again["seed"] != first["seed"] or again["drill"] != first["drill"]
    verdict = learner_client.get(f"/en/learn/sitting/{sitting.pk}/?answered=0").content.decode()
    assert "Another question on this rule comes later in this practice." in verdict


def test_re_asking_is_bounded_and_never_in_a_check(learner_client: Client) -> None:
    sitting = start(learner_client)
    answer_all(learner_client, sitting, "w" * 5)
    sitting.refresh_from_db()
    assert sitting.total == 5 + MAX_AGAIN
    check = start(learner_client, kind="check")
    post_answer(learner_client, check, wrong(check.questions[0]), token(learner_client, check))
    check.refresh_from_db()
    assert check.total == 5


def test_a_practice_that_grows_says_so_in_its_count(learner_client: Client) -> None:
    """Five questions planned; a miss adds one: every count shown follows the sitting,
    and says where the extra question came from."""
    sitting = start(learner_client)
    post_answer(
        learner_client, sitting, wrong(sitting.questions[0]), token(learner_client, sitting)
    )
    verdict = learner_client.get(f"/en/learn/sitting/{sitting.pk}/?answered=0").content.decode()
    assert "Question 1 of 6" in verdict and "This practice now has 6 questions." in verdict
    answer_all(learner_client, sitting, "wrrr")
    page = learner_client.get(f"/en/learn/sitting/{sitting.pk}/").content.decode()
    assert "Questions planned: 5; 1 more added on what you missed." in page
    answer_all(learner_client, sitting, "wrrrr")
    page = learner_client.get(f"/en/learn/sitting/{sitting.pk}/").content.decode()
    assert "Question 6 of 6" in page
    assert "One more question on what you missed in question 1." in page
    answer_all(learner_client, sitting, "wrrrrr")
    summary = learner_client.get(f"/en/learn/sitting/{sitting.pk}/").content.decode()
    assert "You got 5 of 6 right (83%)." in summary
    assert "1 of them was asked again on what you missed." in summary
