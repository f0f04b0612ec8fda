"""A session's settings: typed, with their defaults in one place, read from JSON of any
age. Pure: no database."""

from __future__ import annotations

import pytest

from tutor.quizzes.models import Quiz, RetryPoints, Session, SessionSettings

#: What sessions stored before SessionSettings: no zone until the run form set one.
OLD = {
    "title": "Blinds",
    "language": "cs",
    "feedback": "after_question",
    "attempts": 3,
    "retry_points": "half",
}


def test_session_settings_read_every_stored_key() -> None:
    read = SessionSettings.from_json({**OLD, "zone": "Europe/Prague"})
    assert read == SessionSettings(
        title="Blinds",
        language="cs",
        feedback=Quiz.Feedback.AFTER_QUESTION,
        attempts=3,
        retry_points=RetryPoints.HALF,
        zone="Europe/Prague",
    )


def test_session_settings_missing_keys_are_their_defaults() -> None:
    assert SessionSettings.from_json({}) == SessionSettings()
    read = SessionSettings.from_json(OLD)
    assert read.zone == "UTC" and read.attempts == 3
    defaults = SessionSettings()
    assert (defaults.feedback, defaults.attempts, defaults.retry_points) == (
        Quiz.Feedback.AT_ONCE,
        1,
        RetryPoints.FULL,
    )


@pytest.mark.parametrize(
    "stored",
    [
        {"shuffle": True, "colour": "red"},  # unknown keys
        {"attempts": "3", "feedback": "sometimes", "retry_points": 2},  # values of the wrong kind
        {"attempts": True, "title": None, "language": 5, "zone": ""},
    ],
)
def test_session_settings_ignore_what_they_cannot_read(stored: dict[str, object]) -> None:
    assert SessionSettings.from_json(stored) == SessionSettings()


def test_session_settings_keep_the_stored_shape() -> None:
    """to_json writes the keys sessions have always stored (and the zone and the speed
    bonus), as plain JSON values, and reads back the same."""
    settings = SessionSettings.from_json({**OLD, "zone": "Asia/Tokyo"})
    stored = settings.to_json()
    assert stored == {**OLD, "zone": "Asia/Tokyo", "speed_bonus": False, "per_student": False}
    assert all(type(value) in (str, int, bool) for value in stored.values())
    assert SessionSettings.from_json(stored) == settings


def test_session_settings_of_quiz() -> None:
    quiz = Quiz(title="Pots", language="", feedback="at_end", attempts=2, retry_points="none")
    settings = SessionSettings.of_quiz(quiz, zone="Asia/Kolkata")
    assert settings == SessionSettings(
        title="Pots",
        feedback=Quiz.Feedback.AT_END,
        attempts=2,
        retry_points=RetryPoints.NONE,
        zone="Asia/Kolkata",
    )


def test_session_settings_view_reads_and_writes_the_json_field() -> None:
    session = Session(settings=dict(OLD))
    assert session.settings_view.retry_points is RetryPoints.HALF
    session.settings_view = SessionSettings(title="Odd chips", attempts=2)
    assert session.settings["title"] == "Odd chips" and session.settings["attempts"] == 2
    assert session.title == "Odd chips"


def test_session_settings_per_student_reads_only_a_yes_or_no() -> None:
    assert SessionSettings.from_json({"per_student": True}).per_student
    assert not SessionSettings.from_json({"per_student": "yes"}).per_student
    assert not SessionSettings.from_json({"per_student": 1}).per_student


def test_session_settings_view_is_read_once_per_instance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every student request reads the settings about six times: parsed once."""
    session = Session(settings={**OLD})
    reads = []
    parse = SessionSettings.from_json
    monkeypatch.setattr(
        SessionSettings, "from_json", lambda data: reads.append(data) or parse(data)
    )
    assert session.settings_view.attempts == session.settings_view.attempts == 3
    assert len(reads) == 1


def test_session_settings_view_follows_the_json_field() -> None:
    """Replaced, changed in place or set through the view: read again, never the old copy."""
    session = Session(settings={**OLD})
    assert session.settings_view.language == "cs"
    session.settings["language"] = "ja"
    assert session.settings_view.language == "ja"
    session.settings = {**OLD, "attempts": 2}
    assert session.settings_view.attempts == 2 and session.settings_view.language == "cs"
    session.settings_view = SessionSettings(title="Pots")
    assert session.settings_view == SessionSettings(title="Pots")
