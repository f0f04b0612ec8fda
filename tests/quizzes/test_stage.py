"""The student's screen, rule by rule: which screen, retries, deadlines and when feedback
shows. Pure: no database, no request."""

from __future__ import annotations

import doctest
from dataclasses import fields, replace
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from tutor.quizzes import stage
from tutor.quizzes.models import Participant, Response, Session
from tutor.quizzes.stage import Attempts, Rules, Screen, Stage

NOW = datetime(2026, 3, 2, 10, 0, 0, tzinfo=UTC)
UNANSWERED = Attempts()
RIGHT = Attempts(answered=True, correct=True, made=1)
WRONG_ONCE = Attempts(answered=True, correct=False, made=1)


def live(state: str = "question", **settings: object) -> Rules:
    return Rules(mode="live", state=state, **settings)  # type: ignore[arg-type]


def homework(state: str = "question", **settings: object) -> Rules:
    return Rules(mode="homework", state=state, **settings)  # type: ignore[arg-type]


def ask(rules: Rules, attempts: Attempts, deadline: datetime | None = None) -> stage.StageView:
    return stage.at_question(rules, attempts, now=NOW, deadline=deadline)


def test_stage_doctests() -> None:
    assert doctest.testmod(stage).failed == 0


# -- which screen ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "index", "is_open", "expected"),
    [
        (live("lobby"), None, True, Screen.LOBBY),
        (live("question"), 0, True, Screen.QUESTION),
        (live("reveal"), 1, True, Screen.QUESTION),
        (live("question"), 0, False, Screen.QUESTION),  # opening hours are for homework
        (live("ended"), None, False, Screen.FINISHED),
        (live("ended"), 1, False, Screen.FINISHED),
        (homework(), 0, True, Screen.QUESTION),
        (homework(), None, True, Screen.FINISHED),  # every question answered
        (homework(), None, False, Screen.FINISHED),  # done, then it closed: still the score
        (homework(), 0, False, Screen.CLOSED),  # not done, outside its hours
        (homework("ended"), 0, True, Screen.FINISHED),
    ],
)
def test_screen(rules: Rules, index: int | None, is_open: bool, expected: Screen) -> None:
    assert stage.screen(rules, index=index, is_open=is_open) is expected


# -- the finished screen -----------------------------------------------------------------
def test_at_end_reviews_answers_when_feedback_waits_for_the_end() -> None:
    view = stage.at_end(homework(feedback="at_end"))
    assert view.kind is Screen.FINISHED and view.show_review


def test_at_end_reviews_answers_once_the_session_has_ended() -> None:
    assert stage.at_end(live("ended", feedback="at_once")).show_review
    assert stage.at_end(homework("ended", feedback="after_question")).show_review


def test_at_end_no_review_for_finished_homework_with_feedback_given_already() -> None:
    assert not stage.at_end(homework(feedback="at_once")).show_review
    assert not stage.at_end(homework(feedback="after_question")).show_review


def test_at_end_leaderboard_only_when_the_session_has_one() -> None:
    assert stage.at_end(homework(leaderboard=True)).show_leaderboard
    assert not stage.at_end(homework(leaderboard=False)).show_leaderboard


# -- answering and retrying --------------------------------------------------------------
def test_an_open_question_takes_an_answer() -> None:
    view = ask(live(), UNANSWERED)
    assert view.kind is Screen.QUESTION
    assert view.can_answer and not view.can_retry and not view.show_feedback
    assert view.seconds_left is None and not view.time_up


def test_a_right_answer_is_final() -> None:
    view = ask(live(attempts=3), RIGHT)
    assert not view.can_answer and not view.can_retry


def test_a_wrong_answer_may_be_retried_while_attempts_are_left() -> None:
    view = ask(live(attempts=2), WRONG_ONCE)
    assert view.can_retry and view.can_answer


def test_no_retry_once_the_attempts_are_used() -> None:
    view = ask(live(attempts=2), Attempts(answered=True, correct=False, made=2))
    assert not view.can_retry and not view.can_answer
    assert not ask(live(), WRONG_ONCE).can_answer  # one attempt, the default


def test_no_answer_and_no_retry_once_revealed() -> None:
    assert not ask(live("reveal"), UNANSWERED).can_answer
    view = ask(live("reveal", attempts=3), WRONG_ONCE)
    assert not view.can_retry and not view.can_answer


# -- deadlines ---------------------------------------------------------------------------
def test_time_left_is_whole_seconds_rounded_down() -> None:
    view = ask(live(), UNANSWERED, deadline=NOW + timedelta(seconds=20.9))
    assert view.seconds_left == 20 and view.can_answer and not view.time_up


def test_no_answer_once_time_is_up() -> None:
    view = ask(live(), UNANSWERED, deadline=NOW - timedelta(seconds=5))
    assert view.seconds_left == 0 and view.time_up and not view.can_answer


def test_the_last_part_second_counts_as_time_up() -> None:
    view = ask(live(), UNANSWERED, deadline=NOW + timedelta(milliseconds=500))
    assert view.seconds_left == 0 and not view.can_answer


def test_no_retry_once_time_is_up() -> None:
    view = ask(live(attempts=3), WRONG_ONCE, deadline=NOW)
    assert view.can_retry and not view.can_answer  # still wrong with attempts, but late


def test_seconds_left_without_a_deadline() -> None:
    assert stage.seconds_left(NOW, None) is None
    assert stage.seconds_left(NOW, NOW + timedelta(seconds=3)) == 3


# -- when feedback shows -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "attempts", "shown"),
    [
        (live(feedback="at_once"), WRONG_ONCE, True),  # one attempt: settled
        (live(feedback="at_once", attempts=2), WRONG_ONCE, False),  # may try again
        (live(feedback="at_once", attempts=2), Attempts(True, False, 2), True),  # the last
        (homework(feedback="at_once", attempts=3), WRONG_ONCE, False),
        (live(feedback="at_once"), UNANSWERED, False),
        (live(feedback="after_question"), RIGHT, False),  # wait for the reveal
        (live("reveal", feedback="after_question"), RIGHT, True),
        (homework(feedback="after_question"), RIGHT, True),  # homework reveals nothing
        (homework(feedback="after_question"), UNANSWERED, False),
        (live(feedback="at_end"), RIGHT, False),
        (live("reveal", feedback="at_end"), RIGHT, False),
        (homework(feedback="at_end"), RIGHT, False),
        (live("reveal", feedback="at_once"), UNANSWERED, True),  # the reveal shows everyone
        (live("reveal", feedback="after_question"), UNANSWERED, True),
        (live("reveal", feedback="at_end"), UNANSWERED, False),
    ],
)
def test_show_feedback(rules: Rules, attempts: Attempts, shown: bool) -> None:
    assert ask(rules, attempts).show_feedback is shown


# -- reading the facts -------------------------------------------------------------------
def test_rules_of_a_session() -> None:
    session = Session(
        mode="homework",
        state="question",
        settings={"feedback": "at_end", "attempts": 3},
        leaderboard=True,
    )
    assert Rules.of(session) == Rules("homework", "question", "at_end", 3, True)


def test_rules_of_a_session_without_settings_default_to_feedback_at_once_and_one_attempt() -> None:
    rules = Rules.of(Session(mode="live", state="lobby", settings={}))
    assert (rules.feedback, rules.attempts, rules.leaderboard) == ("at_once", 1, False)


def test_attempts_of_a_response() -> None:
    shown_only = SimpleNamespace(answered=None, correct=False, attempts=0)
    assert Attempts.of(shown_only) == UNANSWERED
    wrong = SimpleNamespace(answered=NOW, correct=False, attempts=1)
    assert Attempts.of(wrong) == WRONG_ONCE


def test_a_wrong_answer_before_the_last_attempt_hears_only_that_it_is_not_right() -> None:
    """Regression: with two attempts a wrong first answer showed the explanation, right
    answer included, above the form still open for the second attempt."""
    view = ask(live(attempts=3), WRONG_ONCE)
    assert view.try_again and view.can_answer and not view.show_feedback
    assert view.attempts_left == 2
    late = ask(live(attempts=3), WRONG_ONCE, deadline=NOW)  # time is up: settled
    assert not late.try_again and late.show_feedback


def test_homework_past_its_closing_time_is_over_with_the_review() -> None:
    """Regression: homework students never saw the explanations, even once it closed."""
    closed = Session(mode="homework", state="question", settings={"feedback": "after_question"})
    closed.closes = NOW - timedelta(minutes=1)
    rules = Rules.of(closed, now=NOW)
    assert rules.over
    assert stage.screen(rules, index=0, is_open=False) is Screen.FINISHED
    assert stage.at_end(rules).show_review
    closed.closes = NOW + timedelta(minutes=1)
    assert not Rules.of(closed, now=NOW).over


# -- the stage and the key it is kept under ----------------------------------------------
def question_stage(**changes: object) -> Stage:
    """A question's stage as a whole class sees it: answered right, with the explanation."""
    stage_ = Stage(
        session=Session(code="ACDEFG", mode="live", version=3),
        participant=Participant(nickname="Asha"),
        total=5,
        screen=Screen.QUESTION,
        index=1,
        response=Response(index=1, answered=NOW),
        feedback=SimpleNamespace(correct=True),  # type: ignore[arg-type]
        answer_json='{"winners": ["0"]}',
    )
    return replace(stage_, **changes)  # type: ignore[arg-type]


#: Other values of each field the key reads: each makes another key, or none (a stage of
#: the student's own, never kept).
CHANGES: dict[str, list[object]] = {
    "session": [
        Session(code="ACDEFH", mode="live", version=3),
        Session(code="ACDEFG", mode="homework", version=3),
        Session(code="ACDEFG", mode="live", version=4),
    ],
    "total": [6],
    "screen": [Screen.LOBBY, Screen.CLOSED, Screen.FINISHED],
    "index": [0, 2],
    "message": ["That question is no longer open."],
    "response": [Response(index=1, answered=None), None],
    "seconds_left": [12],  # a clock; its seconds are put in after (the next test)
    "can_answer": [True],
    "try_again": [True],
    "attempts_left": [1, 2],
    "feedback": [None, SimpleNamespace(correct=False)],
    "answer_json": ['{"winners": ["1"]}'],
    "notice": ["Time's up for question 2: it was not answered in time."],
    "time_up": [True],
    # A per-student session: each student's own question at the same index.
    "q": [
        SimpleNamespace(entry={"drill": "holdem-showdown", "version": 1, "seed": 5}),
        SimpleNamespace(entry={"drill": "holdem-showdown", "version": 1, "seed": 6}),
    ],
}
#: The fields the key leaves out, and why the stage is the same whatever they are.
NOT_KEYED = {
    "participant": "the stage shows nothing of the student (their nickname is above it)",
    "score": "the finished screen's, never kept",
    "right": "the finished screen's, never kept",
    "leaderboard": "the finished screen's, never kept",
    "review": "the finished screen's, never kept",
    "explained": "the finished screen's, never kept",
}


def test_stage_cache_key_changes_with_every_field() -> None:
    """Every field of a stage is in its key, or makes it a stage never kept, or is listed
    in NOT_KEYED with the reason: a field added to Stage fails here until it is keyed."""
    assert set(CHANGES) | set(NOT_KEYED) == {field.name for field in fields(Stage)}
    seen = {question_stage().cache_key("en")}
    assert None not in seen
    for name, values in CHANGES.items():
        for value in values:
            key = question_stage(**{name: value}).cache_key("en")
            assert key is None or key not in seen, (name, value)
            seen.add(key)
    assert question_stage().cache_key("ja") not in seen


def test_stage_cache_key_is_the_same_for_classmates_in_the_same_situation() -> None:
    bea = question_stage(participant=Participant(nickname="Bea"), response=Response(answered=NOW))
    assert bea.cache_key("cs") == question_stage().cache_key("cs")
    again = question_stage(session=Session(code="ACDEFG", mode="live", version=3))
    assert again.cache_key("cs") == question_stage().cache_key("cs")


def test_stage_cache_key_keeps_a_clock_apart_but_not_its_seconds() -> None:
    """A homework student's clock counts their own seconds: the stage is kept with a
    stand-in for them, once for every student on the same question."""
    clocked = question_stage(seconds_left=20).cache_key("en")
    assert clocked is not None and clocked != question_stage().cache_key("en")
    assert question_stage(seconds_left=3).cache_key("en") == clocked


def test_stage_of_a_student_is_never_kept() -> None:
    """A message for them, the lobby, the end with their score."""
    for own in (
        question_stage(message="Time was up."),
        question_stage(screen=Screen.LOBBY, response=None, feedback=None),
        question_stage(screen=Screen.FINISHED, score=3, right=1),
    ):
        assert own.cache_key("en") is None


def test_stage_context_is_its_fields_for_the_template() -> None:
    lobby = question_stage(screen=Screen.LOBBY, index=None, response=None, feedback=None)
    context = lobby.context()
    assert context["lobby"] and not context["finished"] and not context["closed"]
    assert context["total"] == 5 and context["session"].code == "ACDEFG"
    assert "question" not in context
