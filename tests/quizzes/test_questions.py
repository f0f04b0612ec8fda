"""A session keeps its questions whole: what was dealt and the right answer are stored when
it starts, and nothing after that deals them again."""

from __future__ import annotations

import dataclasses
import importlib
import re
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.core.cache import caches
from django.test import Client

from tutor.drills import registry, side_pots, written
from tutor.drills.registry import quiz_drills
from tutor.quizzes import services
from tutor.quizzes.models import Quiz, Session, Slot

pytestmark = pytest.mark.django_db

SEEDS = {"easy": 5, "medium": 6, "hard": 7}


@pytest.fixture
def every_drill_quiz(quiz: Quiz) -> Quiz:
    """The conftest quiz plus one fixed question of every quiz drill at every level."""
    order = 10
    for drill in quiz_drills():
        for level, seed in SEEDS.items():
            Slot.objects.create(
                quiz=quiz, order=order, kind="fixed", drill=drill.slug, level=level, seed=seed
            )
            order += 1
    return quiz


def test_a_new_session_stores_every_question_whole(every_drill_quiz: Quiz) -> None:
    session = services.start_session(every_drill_quiz, Session.Mode.HOMEWORK)
    assert len(session.questions) == 2 + 3 * len(quiz_drills())
    for entry in session.questions:
        drill = registry.question_drill(entry["drill"])
        assert drill is not None
        assert entry["version"] == drill.version
        dealt = drill.generate(entry["seed"], entry["level"])
        assert entry["question"] == dealt.to_dict()
        assert entry["answer"] == drill.right_answer(dealt)


def _strip_per_request(html: str) -> str:
    html = re.sub(r'nonce="[^"]+"', "", html)
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html)
    html = re.sub(r"\?v=\d+", "", html)  # the session's version, which the second run bumps
    return re.sub(r'"X-CSRFToken": "[^"]+"', "", html)


def _pages(owner: Client, student: Client, session: Session) -> dict[str, str]:
    code = session.code
    pages = {
        "results": owner.get(f"/en/quizzes/session/{code}/results/"),
        "csv": owner.get(f"/en/quizzes/session/{code}/results.csv"),
    }
    for index in range(len(session.questions)):
        session.refresh_from_db()
        services.open_question(session, index)
        pages[f"question {index}"] = student.get(f"/en/play/{code}/")
        session.refresh_from_db()
        services.reveal(session)
        pages[f"reveal {index}"] = owner.get(f"/en/quizzes/session/{code}/")
    assert all(page.status_code == 200 for page in pages.values()), {
        name: page.status_code for name, page in pages.items()
    }
    return {name: _strip_per_request(page.content.decode()) for name, page in pages.items()}


def _deal_differently(drill: Any) -> Any:
    return dataclasses.replace(drill, generate=lambda seed, level: drill.generate(seed + 1, level))


def test_stored_questions_render_the_same_after_a_generator_changes(
    every_drill_quiz: Quiz, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    owner = Client()
    owner.force_login(every_drill_quiz.owner)
    session = services.start_session(every_drill_quiz, Session.Mode.LIVE)
    student = client
    response = student.post(
        "/en/join/", {"code": session.code, "nickname": "Asha", "attempt": "a1"}
    )
    assert response.status_code == 302
    services.open_question(session, 0)
    session.refresh_from_db()
    answer = session.questions[0]["answer"]
    assert student.post(f"/en/play/{session.code}/answer/", {"index": "0", **answer})
    before = _pages(owner, student, session)

    for drill in quiz_drills():
        monkeypatch.setitem(registry.DRILLS, drill.slug, _deal_differently(drill))
    changed = registry.question_drill(side_pots.DRILL.slug)
    assert changed is not None
    assert changed.generate(7, "hard") != side_pots.generate(7, "hard")
    written._read_shared.cache_clear()
    caches["local"].clear()
    session.refresh_from_db()
    services._bump(session, state=Session.State.QUESTION, current=0)  # the same run again
    after = _pages(owner, student, session)
    for name in before:
        assert after[name] == before[name], name


def test_migration_deals_old_sessions_once(quiz: Quiz) -> None:
    """Migration 0003 (data only) deals a session stored before questions were kept whole."""
    migration = importlib.import_module("tutor.quizzes.migrations.0003_store_questions_whole")
    entries = [
        {"drill": "side-pots", "level": "hard", "seed": 7, "points": 2, "time_limit": None},
        {"drill": "betting", "level": "easy", "seed": 8, "points": 1, "time_limit": None},
    ]
    old = Session.objects.create(quiz=quiz, questions=entries)
    migration.store_whole(django_apps, None)
    migration.store_whole(django_apps, None)  # a second run changes nothing

    session = Session.objects.get(pk=old.pk)
    for was, now in zip(entries, session.questions, strict=True):
        drill = registry.question_drill(was["drill"])
        assert drill is not None
        assert now["points"] == was["points"] and now["seed"] == was["seed"]
        dealt = drill.generate(was["seed"], was["level"])
        assert now["question"] == dealt.to_dict()
        assert now["answer"] == drill.right_answer(dealt)
        assert now["version"] == drill.version
    assert written.question(session, 0).data == side_pots.generate(7, "hard")


def _wrong(answer: dict[str, list[str]]) -> dict[str, list[str]]:
    """Another answer of the same shape: each value changed (a number moved by one, a
    choice replaced by the next one the form could hold)."""
    changed = {}
    for key, values in answer.items():
        changed[key] = [str(int(v) + 1) if v.lstrip("-").isdigit() else v + "x" for v in values]
    return changed


def test_kept_grades_are_the_drills_own(every_drill_quiz: Quiz) -> None:
    """The grades kept per process (shareable drills) are what the drill grades, per
    language, for the right answer and another, with the form's own fields ignored."""
    from django.utils import translation

    from tutor.drills.base import AnswerError

    session = services.start_session(every_drill_quiz, Session.Mode.HOMEWORK)
    kept = 0
    for index in range(len(session.questions)):
        q = services.question(session, index)
        for answer in (q.right_answer, _wrong(q.right_answer)):
            form = answer
            for language in ("en", "cs"):
                with translation.override(language):
                    try:
                        expected = q.drill.grade(q.data, form)
                    except AnswerError:
                        with pytest.raises(AnswerError):
                            written.grade(q, form)
                        continue
                    posted = {**answer, "csrfmiddlewaretoken": ["x"], "index": ["1"]}
                    assert written.grade(q, posted) == expected, (q.entry["drill"], language)
                    assert written.grade(q, form) == expected
                    kept += q.drill.shareable
    assert kept > 2 * len(quiz_drills())
    assert written._grade_shared.cache_info().hits > 0


def test_oversized_answers_are_graded_but_not_kept(every_drill_quiz: Quiz) -> None:
    """A forged answer with huge extra fields is graded as usual, and not kept."""
    session = services.start_session(every_drill_quiz, Session.Mode.HOMEWORK)
    q = services.question(session, 0)
    written._grade_shared.cache_clear()
    form = {**q.right_answer, "junk": ["x" * 100_000]}
    assert written.grade(q, form) == q.drill.grade(q.data, form)
    assert written._grade_shared.cache_info().currsize == 0
    written.grade(q, q.right_answer)
    assert written._grade_shared.cache_info().currsize == 1
