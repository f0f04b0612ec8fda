"""The hot reads make the objects the QuerySet API makes, field by field, on every
database the suite runs on (SQLite here, PostgreSQL in ``make test-postgres``)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError
from django.db.models import Model
from django.db.models.signals import post_save
from django.utils import timezone

from tutor.core.kept_json import kept_json
from tutor.core.names import looks
from tutor.quizzes import hot
from tutor.quizzes.models import Participant, Response, Session


def values(instance: Model) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def test_student_is_what_the_queryset_reads(answered: dict[str, Participant]) -> None:
    session = answered["Asha"].session
    session.question_started = session.opens  # a datetime in a nullable column
    session.save()
    for participant in answered.values():
        expected = Participant.objects.select_related("session").get(pk=participant.pk)
        got = hot.student(session.code, participant.token)
        assert got is not None
        assert values(got) == values(expected)
        assert values(got.session) == values(expected.session)
        assert got.session.questions == expected.session.questions
        assert got._state.adding is False and got._state.db == "default"
        assert isinstance(got.session, Session)


def test_student_needs_the_right_code_token_and_no_removal(
    answered: dict[str, Participant],
) -> None:
    asha = answered["Asha"]
    code = asha.session.code
    assert hot.student(code, "not-a-token") is None
    assert hot.student("ZZZZZZ", asha.token) is None
    asha.removed = True
    asha.save()
    assert hot.student(code, asha.token) is None
    assert hot.student(code, answered["Dev"].token) is not None


def test_response_is_what_the_queryset_reads(answered: dict[str, Participant]) -> None:
    for participant in answered.values():
        for index in (0, 1, 7):
            expected = Response.objects.filter(participant=participant, index=index).first()
            got = hot.response(participant, index)
            if expected is None:
                assert got is None
                continue
            assert got is not None
            assert values(got) == values(expected)
            assert got.answer == expected.answer and got.history == expected.history
            assert got.participant is participant


def test_hot_rows_save_like_any_other(answered: dict[str, Participant]) -> None:
    """An instance from a hot read is a whole model instance: saving it changes one row."""
    asha = answered["Asha"]
    row = hot.response(asha, 0)
    assert row is not None
    row.points = 9
    row.save()
    assert Response.objects.get(participant=asha, index=0).points == 9
    assert Response.objects.filter(points=9).count() == 1


def test_store_answer_writes_what_the_orm_reads_back(answered: dict[str, Participant]) -> None:
    dev = answered["Dev"]  # joined, answered nothing
    row = Response.objects.create(participant=dev, index=0)
    now = timezone.now()
    values = {
        "answer": {"result": ["a"]},
        "answered": now,
        "correct": False,
        "points": 0,
        "bonus": 0,
        "elapsed_ms": 1234,
        "history": [{"answer": {"result": ["a"]}, "correct": False, "at": now.isoformat()}],
    }
    assert hot.store_answer(row, values, attempts_allowed=2)
    stored = Response.objects.get(pk=row.pk)
    assert {name: getattr(stored, name) for name in hot.STORED} == values
    assert stored.attempts == 1
    # The same read again (a double click): the attempts no longer match.
    assert not hot.store_answer(row, values, attempts_allowed=2)
    # Read afresh: wrong with an attempt left, so a second answer is stored ...
    row.attempts = 1
    right = {**values, "correct": True, "points": 3, "bonus": 1}
    assert hot.store_answer(row, right, attempts_allowed=2)
    # ... and after a right one nothing more is.
    row.attempts = 2
    assert not hot.store_answer(row, values, attempts_allowed=5)
    stored = Response.objects.get(pk=row.pk)
    assert (stored.attempts, stored.correct, stored.points, stored.bonus) == (2, True, 3, 1)
    assert Response.objects.filter(participant=dev).count() == 1


def test_store_answer_keeps_to_the_last_attempt(answered: dict[str, Participant]) -> None:
    """Wrong, and no attempt left: refused."""
    row = Response.objects.create(participant=answered["Dev"], index=1)
    wrong = {name: None for name in hot.STORED} | {
        "correct": False,
        "points": 0,
        "bonus": 0,
        "history": [],
    }
    wrong["answered"] = timezone.now()
    assert hot.store_answer(row, wrong, attempts_allowed=1)
    row.attempts = 1
    assert not hot.store_answer(row, wrong, attempts_allowed=1)


def test_responses_are_what_the_queryset_reads(answered: dict[str, Participant]) -> None:
    for participant in answered.values():
        expected = {r.index: values(r) for r in participant.responses.all()}
        got = hot.responses(participant)
        assert {index: values(row) for index, row in got.items()} == expected
        assert all(row.participant is participant for row in got.values())
    assert len(hot.responses(answered["Asha"])) == 2
    assert hot.responses(answered["Dev"]) == {}


def test_session_is_what_the_queryset_reads(answered: dict[str, Participant]) -> None:
    session = answered["Asha"].session
    session.question_started = session.opens
    session.save()
    got = hot.session(session.code)
    assert got is not None and isinstance(got, Session)
    assert values(got) == values(Session.objects.get(code=session.code))
    assert got.questions == session.questions and got._state.adding is False
    assert hot.session("ZZZZZZ") is None


def test_nickname_taken_is_what_looking_like_finds(answered: dict[str, Participant]) -> None:
    from tutor.core.names import looks

    session = answered["Asha"].session
    for nickname in ("Asha", "ASHA", "asha", "Аsha", "Dev", "Zed", "Ash"):
        expected = session.participants.looking_like(nickname).exists()
        assert hot.nickname_taken(session, looks(nickname)) is expected, nickname
    other = Session.objects.exclude(pk=session.pk).first()
    if other is not None:
        assert not hot.nickname_taken(other, looks("Asha"))


def test_joining_session_reads_what_a_join_needs_and_defers_the_rest(
    answered: dict[str, Participant], django_assert_num_queries
) -> None:
    stored = Session.objects.get(code=answered["Asha"].session.code)
    with django_assert_num_queries(1):
        got = hot.joining_session(stored.code)
        assert got is not None and isinstance(got, Session)
        assert got.get_deferred_fields() == {
            f.attname for f in Session._meta.concrete_fields if f.name not in hot.JOINING_FIELDS
        }
        for name in hot.JOINING_FIELDS:
            assert getattr(got, name) == getattr(stored, name), name
        assert got.is_open is stored.is_open is True and got._state.adding is False
    assert got.questions == stored.questions  # a deferred field is still read when asked
    assert hot.joining_session("ZZZZZZ") is None


def new_participant(session: Session, nickname: str, **extra: Any) -> Participant:
    skeleton, capitals = looks(nickname)
    return Participant(
        session=session, nickname=nickname, skeleton=skeleton, capitals=capitals, **extra
    )


def test_add_participant_writes_what_save_writes(answered: dict[str, Participant]) -> None:
    session = answered["Asha"].session
    added = new_participant(session, "Kiran", language="bn", join_key="form-1")
    hot.add_participant(added)
    saved = new_participant(session, "Mina", language="bn", join_key="form-2")
    saved.save()
    assert added.pk is not None and added._state.adding is False and added._state.db == "default"
    assert values(Participant.objects.get(pk=added.pk)) == values(added)
    ignored = {"id", "nickname", "skeleton", "capitals", "token", "join_key", "joined"}
    assert {k: v for k, v in values(added).items() if k not in ignored} == {
        k: v for k, v in values(saved).items() if k not in ignored
    }
    assert added.joined is not None and abs(added.joined - saved.joined).total_seconds() < 60
    assert len(added.token) == len(saved.token) and added.token != saved.token


def test_add_participant_refuses_a_taken_nickname_and_the_transaction_goes_on(
    answered: dict[str, Participant],
) -> None:
    session = answered["Asha"].session
    for nickname in ("Asha", "АSHA"):  # the same, and one alike (Cyrillic А)
        with pytest.raises(IntegrityError):
            hot.add_participant(new_participant(session, nickname))
    assert session.participants.filter(nickname__iexact="asha").count() == 1  # still usable


@pytest.mark.parametrize("model", [Participant, Response])
def test_a_new_row_is_save_when_a_receiver_listens(
    answered: dict[str, Participant], model: type[Model]
) -> None:
    """With a receiver of the model's ``post_save``, a new participant or response is
    written by ``save()`` itself, so the receiver hears it."""
    asha = answered["Asha"]
    heard: list[Model] = []

    def receiver(sender: type, instance: Model, **kwargs: Any) -> None:
        heard.append(instance)

    post_save.connect(receiver, sender=model)
    try:
        if model is Participant:
            new: Model = new_participant(asha.session, "Kiran")
            hot.add_participant(new)
        else:
            new = Response(participant=asha, index=8)
            hot.add_response(new)
    finally:
        post_save.disconnect(receiver, sender=model)
    assert heard == [new] and new.pk is not None


def test_add_response_writes_what_save_writes(answered: dict[str, Participant]) -> None:
    """A question first shown: the row ``add_response`` writes reads back as the row
    ``save()`` writes for the same question, field by field (its key and the moment shown
    aside), the defaults (an empty history, no answer, no points) included."""
    kiran = new_participant(answered["Asha"].session, "Kiran")
    kiran.save()
    added = Response(participant=kiran, index=5)
    hot.add_response(added)
    saved = Response(participant=answered["Dev"], index=5)
    saved.save()
    assert added.pk is not None and added._state.adding is False and added._state.db == "default"
    stored = Response.objects.get(pk=added.pk)
    assert values(stored) == values(added)
    ignored = {"id", "participant_id", "shown"}
    assert {k: v for k, v in values(stored).items() if k not in ignored} == {
        k: v for k, v in values(Response.objects.get(pk=saved.pk)).items() if k not in ignored
    }
    assert stored.history == [] and stored.answer is None and stored.participant_id == kiran.pk
    assert abs(stored.shown - timezone.now()).total_seconds() < 60


def test_add_response_refuses_a_second_row_and_the_transaction_goes_on(
    answered: dict[str, Participant],
) -> None:
    asha = answered["Asha"]
    hot.add_response(Response(participant=asha, index=6))
    with pytest.raises(IntegrityError):
        hot.add_response(Response(participant=asha, index=6))
    assert asha.responses.filter(index=6).count() == 1  # still usable


def test_a_kept_json_text_gives_each_read_its_own_copy(answered: dict[str, Participant]) -> None:
    asha = answered["Asha"]
    code, expected = asha.session.code, Session.objects.get(pk=asha.session.pk).questions
    first = hot.student(code, asha.token)
    assert first is not None and first.session.questions == expected
    first.session.questions[0]["drill"] = "changed by one request"
    first.session.questions.append({"added": True})
    first.session.settings["changed"] = True
    again = hot.student(code, asha.token)
    assert again is not None
    assert again.session.questions == expected  # the kept copy is not the one changed
    assert again.session.questions is not first.session.questions
    assert "changed" not in again.session.settings


@pytest.mark.parametrize(
    "text",
    [
        '[{"drill": "holdem-showdown", "seed": 12345678901234567890, "points": 1.5}]',
        '{"note": "\\u09ac\\u09be\\u0982\\u09b2\\u09be \\u200d", "nested": {"a": [null, true]}}',
        '{"a": 1, "a": 2}',  # the last of a repeated key, as json.loads
        '["\\ud800 a lone surrogate", "\\u0000", 1e400, -0.0]',  # hostile text, odd numbers
        "[]",
        "not json at all",  # left as text, as JSONField.from_db_value leaves it
    ],
)
def test_kept_json_decodes_as_the_field_does(text: str) -> None:
    field = Session._meta.get_field("questions")
    convert = kept_json(field)  # type: ignore[arg-type]
    for _ in range(2):  # decoded, then from the kept copy
        got = convert(text, None, None)
        assert got == field.from_db_value(text, None, None)  # type: ignore[attr-defined]
        assert repr(got) == repr(field.from_db_value(text, None, None))  # type: ignore[attr-defined]
    assert convert(None, None, None) is None
