"""The two rows behind every student request of a quiz, read without the ORM's SQL builder.

Each request a student makes beyond the "nothing new" poll (the new stage, an answer, the
question page) reads the student with their session, then the response row of the
question on screen. Through the QuerySet API each of these reads spent 0.5-0.8 ms
building its SQL, while the database answered in about 0.03 ms (benchmarks/README.md,
"Where a live quiz request's time goes"). Here each read's SQL is written once per
process and database from the models' own field lists, and a row becomes a model instance
through every field's own converters and ``Model.from_db``: the same objects, with the
same values, that the QuerySet would have made (``tests/quizzes/test_hot.py`` compares
them on SQLite and PostgreSQL). A join's reads and its one write are here too: the
session a posted code names (the columns a join uses), the look-alike check, and the new
participant's ``INSERT``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any, TypedDict

from django.db import connections, router, transaction
from django.db.models import Field, JSONField, Model
from django.db.models.signals import post_save, pre_save

from tutor.core.kept_json import kept_json

from .models import Participant, Response, Session
from .scoring import Score

Converter = Callable[[Any, Any, Any], Any]


def _column_name(field: Field[Any, Any]) -> str:
    """A concrete field's column name (set for every field a table has)."""
    if field.column is None:
        raise ValueError(f"{field.name} has no column")
    return field.column


@dataclass(frozen=True)
class Columns:
    """The concrete fields of one model as a query selects them, with their converters."""

    model: type[Model]
    attnames: tuple[str, ...]
    sql: tuple[str, ...]  # "alias"."column", in the order of attnames
    converters: tuple[tuple[tuple[Converter, ...], Any], ...]  # per field: (converters, column)

    @classmethod
    def of(
        cls, model: type[Model], alias: str, table_alias: str, only: tuple[str, ...] = ()
    ) -> Columns:
        """Every concrete field, or those named in ``only`` (the others are deferred in
        the instances made: reading one of them is a query of its own). The JSON of a
        session and of a participant is decoded through :func:`kept_json`."""
        connection = connections[alias]
        quote = connection.ops.quote_name
        fields: Sequence[Field] = model._meta.concrete_fields
        if only:
            fields = [field for field in fields if field.name in only]
        converters = []
        for field in fields:
            column = field.get_col(table_alias)
            own = field.get_db_converters(connection)
            if model in KEPT_JSON_MODELS and isinstance(field, JSONField) and not field.decoder:
                own = [kept_json(field)]
            found = connection.ops.get_db_converters(column) + own
            converters.append((tuple(found), column))
        return cls(
            model,
            tuple(field.attname for field in fields),
            tuple(f"{quote(table_alias)}.{quote(_column_name(field))}" for field in fields),
            tuple(converters),
        )

    def instance(self, alias: str, values: Sequence[Any]) -> Any:
        connection = connections[alias]
        converted = []
        for value, (converters, column) in zip(values, self.converters, strict=True):
            for convert in converters:
                value = convert(value, column, connection)
            converted.append(value)
        return self.model.from_db(alias, self.attnames, converted)


#: The models whose JSON is the same text on request after request: a session's questions
#: and settings (every student of the class reads them), a participant's own questions.
KEPT_JSON_MODELS = (Session, Participant)


@dataclass(frozen=True)
class Read:
    sql: str
    parts: tuple[Columns, ...]

    def one(self, alias: str, params: Sequence[Any]) -> tuple[Any, ...] | None:
        """The first row as one instance per part, or None."""
        with connections[alias].cursor() as cursor:
            cursor.execute(self.sql, params)
            row = cursor.fetchone()
        return None if row is None else self._instances(alias, row)

    def every(self, alias: str, params: Sequence[Any]) -> list[tuple[Any, ...]]:
        """Every row, each as one instance per part."""
        with connections[alias].cursor() as cursor:
            cursor.execute(self.sql, params)
            rows = cursor.fetchall()
        return [self._instances(alias, row) for row in rows]

    def _instances(self, alias: str, row: Sequence[Any]) -> tuple[Any, ...]:
        instances, start = [], 0
        for part in self.parts:
            end = start + len(part.attnames)
            instances.append(part.instance(alias, row[start:end]))
            start = end
        return tuple(instances)


# Kept per process. Key: the database alias, one of settings.DATABASES (a finite set): the
# SQL and the converters depend only on the models and that database's backend.
@lru_cache(maxsize=8)
def _student_read(alias: str) -> Read:
    quote = connections[alias].ops.quote_name
    participant = Columns.of(Participant, alias, "p")
    session = Columns.of(Session, alias, "s")
    sql = (
        f"SELECT {', '.join(participant.sql + session.sql)}"
        f" FROM {quote(Participant._meta.db_table)} {quote('p')}"
        f" INNER JOIN {quote(Session._meta.db_table)} {quote('s')}"
        f" ON {quote('s')}.{quote('id')} = {quote('p')}.{quote('session_id')}"
        f" WHERE {quote('s')}.{quote('code')} = %s AND {quote('p')}.{quote('token')} = %s"
        f" AND {quote('p')}.{quote('removed')} = %s"
    )
    return Read(sql, (participant, session))


# Kept per process. Key: the database alias and whether one question's row is read (True)
# or every row of the participant (False): four entries per database at most.
@lru_cache(maxsize=16)
def _response_read(alias: str, one_question: bool) -> Read:
    quote = connections[alias].ops.quote_name
    response = Columns.of(Response, alias, "r")
    sql = (
        f"SELECT {', '.join(response.sql)} FROM {quote(Response._meta.db_table)} {quote('r')}"
        f" WHERE {quote('r')}.{quote('participant_id')} = %s"
    )
    if one_question:
        sql += f" AND {quote('r')}.{quote('index')} = %s"
    return Read(sql, (response,))


# Kept per process. Key: the database alias, as above.
@lru_cache(maxsize=8)
def _session_read(alias: str) -> Read:
    quote = connections[alias].ops.quote_name
    session = Columns.of(Session, alias, "s")
    sql = (
        f"SELECT {', '.join(session.sql)} FROM {quote(Session._meta.db_table)} {quote('s')}"
        f" WHERE {quote('s')}.{quote('code')} = %s"
    )
    return Read(sql, (session,))


#: What a join reads of the session its code names: whether it is open (``is_open``) and
#: what a join writes and leads to (its key, its code). Not its questions and settings, the
#: largest values of the row, which a join never reads.
JOINING_FIELDS = ("id", "code", "mode", "state", "opens", "closes")


# Kept per process. Key: the database alias, as above.
@lru_cache(maxsize=8)
def _joining_read(alias: str) -> Read:
    quote = connections[alias].ops.quote_name
    session = Columns.of(Session, alias, "s", only=JOINING_FIELDS)
    sql = (
        f"SELECT {', '.join(session.sql)} FROM {quote(Session._meta.db_table)} {quote('s')}"
        f" WHERE {quote('s')}.{quote('code')} = %s"
    )
    return Read(sql, (session,))


# Kept per process. Key: the database alias, as above.
@lru_cache(maxsize=8)
def _look_alike_sql(alias: str) -> str:
    quote = connections[alias].ops.quote_name
    column = {f.name: quote(_column_name(f)) for f in Participant._meta.concrete_fields}
    return (
        f"SELECT 1 FROM {quote(Participant._meta.db_table)} WHERE {column['session']} = %s"
        f" AND ({column['skeleton']} = %s OR {column['capitals']} = %s) LIMIT 1"
    )


def session(code: str) -> Session | None:
    """The session with this code (unique), or None: what a posted join code names."""
    alias = router.db_for_read(Session)
    found = _session_read(alias).one(alias, [code])
    return None if found is None else found[0]


def joining_session(code: str) -> Session | None:
    """The session with this code, or None, with :data:`JOINING_FIELDS` only (the others
    deferred): what a posted join code names, for the join to check and lead on."""
    alias = router.db_for_read(Session)
    found = _joining_read(alias).one(alias, [code])
    return None if found is None else found[0]


def nickname_taken(session: Session, looks: tuple[str, str]) -> bool:
    """Whether a participant of ``session`` has a nickname that looks like one with these
    keys (``names.looks``): ``ParticipantQuerySet.looking_like(...).exists()``."""
    alias = router.db_for_read(Participant)
    with connections[alias].cursor() as cursor:
        cursor.execute(_look_alike_sql(alias), [session.pk, *looks])
        return cursor.fetchone() is not None


def student(code: str, token: str) -> Participant | None:
    """The participant with this token in the session with this code, not removed, with
    ``participant.session`` filled in; None if there is none (the token is unique)."""
    alias = router.db_for_read(Participant)
    found = _student_read(alias).one(alias, [code, token, False])
    if found is None:
        return None
    participant, session = found
    participant.session = session
    return participant


def response(participant: Participant, index: int) -> Response | None:
    """The response row of ``participant`` for question ``index`` (unique), or None."""
    alias = router.db_for_read(Response)
    found = _response_read(alias, True).one(alias, [participant.pk, index])
    if found is None:
        return None
    (row,) = found
    row.participant = participant
    return row


def responses(participant: Participant) -> dict[int, Response]:
    """Every response row of ``participant``, by question index (a homework student's
    progress, read on each of their pages)."""
    alias = router.db_for_read(Response)
    rows = {}
    for (row,) in _response_read(alias, False).every(alias, [participant.pk]):
        row.participant = participant
        rows[row.index] = row
    return rows


class StoredAnswer(TypedDict):
    """What an answer writes into its response row (services.submit), besides ``attempts``."""

    answer: dict[str, list[str]]  # the posted fields (services.stored_answer)
    answered: datetime
    correct: bool
    points: Score  # the speed bonus included
    bonus: Score  # the speed bonus (scoring.py)
    elapsed_ms: int | None
    history: list[dict[str, Any]]  # every attempt: its answer, whether right, when


STORED = tuple(StoredAnswer.__annotations__)


# Kept per process. Key: the database alias, as above.
@lru_cache(maxsize=8)
def _store_sql(alias: str) -> str:
    quote = connections[alias].ops.quote_name
    fields = _stored_fields()
    quoted = {name: quote(_column_name(fields[name])) for name in STORED}
    attempts, answered, correct = quote("attempts"), quoted["answered"], quoted["correct"]
    assignments = ", ".join(f"{quoted[name]} = %s" for name in STORED)
    return (
        f"UPDATE {quote(Response._meta.db_table)} SET {attempts} = {attempts} + 1, {assignments}"
        f" WHERE {quote('id')} = %s AND {attempts} = %s"
        f" AND ({answered} IS NULL OR ({correct} = %s AND {attempts} < %s))"
    )


def _stored_fields() -> dict[str, Field[Any, Any]]:
    return {field.name: field for field in Response._meta.concrete_fields if field.name in STORED}


def store_answer(response: Response, values: StoredAnswer, attempts_allowed: int) -> bool:
    """The one conditional UPDATE that stores an answer (services.submit says why): it
    matches only the row as it was read (same attempts) and only while the question may
    still be answered (not answered yet, or wrong with attempts left). True if stored."""
    alias = router.db_for_write(Response)
    connection = connections[alias]
    fields = _stored_fields()
    stored: Mapping[str, object] = values  # read by the names of STORED, in its order
    params = [fields[name].get_db_prep_save(stored[name], connection) for name in STORED]
    params += [response.pk, response.attempts, False, attempts_allowed]
    with connection.cursor() as cursor:
        cursor.execute(_store_sql(alias), params)
        return cursor.rowcount == 1


@dataclass(frozen=True)
class Insert:
    """One model's INSERT of a new row: the fields written, in order, and the SQL."""

    fields: tuple[Field[Any, Any], ...]
    sql: str
    returning: bool  # the SQL ends with RETURNING the primary key


# Kept per process. Key: the model (Participant or Response) and the database alias.
@lru_cache(maxsize=8)
def _insert(model: type[Model], alias: str) -> Insert:
    connection = connections[alias]
    quote = connection.ops.quote_name
    meta = model._meta
    # As Model.save writes a new row: every concrete field but the automatic key.
    fields = tuple(field for field in meta.local_concrete_fields if field is not meta.auto_field)
    for field in fields:  # a field that writes its own SQL would need Django's compiler
        if getattr(field, "get_placeholder_sql", None) is not None:
            raise ValueError(f"{field.name} has its own placeholder")
    returning = bool(connection.features.can_return_columns_from_insert)
    sql = (
        f"INSERT INTO {quote(meta.db_table)}"
        f" ({', '.join(quote(_column_name(field)) for field in fields)})"
        f" VALUES ({', '.join('%s' for _ in fields)})"
    )
    if returning:
        sql += f" RETURNING {quote(_column_name(meta.pk))}"
    return Insert(fields, sql, returning)


def _saved_by_receivers(model: type[Model]) -> bool:
    return pre_save.has_listeners(model) or post_save.has_listeners(model)


def _write_new(instance: Model, alias: str) -> None:
    """``instance``'s new row written as ``save()`` writes it, by :func:`_insert`'s SQL:
    each field's ``pre_save`` and database value, then its key. Alone (autocommit), one
    INSERT is its own transaction; inside one, a savepoint keeps a refused INSERT
    (``IntegrityError``) from breaking it."""
    connection = connections[alias]
    model = type(instance)
    insert = _insert(model, alias)
    params = [
        field.get_db_prep_save(field.pre_save(instance, True), connection)
        for field in insert.fields
    ]
    inside = transaction.atomic(using=alias) if connection.in_atomic_block else nullcontext()
    with inside, connection.cursor() as cursor:
        cursor.execute(insert.sql, params)
        if insert.returning:
            row = cursor.fetchone()
            assert row is not None
            key = row[0]
        else:
            key = connection.ops.last_insert_id(
                cursor, model._meta.db_table, _column_name(model._meta.pk)
            )
    instance.pk = key
    instance._state.adding = False
    instance._state.db = alias


def add_participant(participant: Participant) -> None:
    """Write a new participant's row as ``participant.save()`` would, its SQL built once
    per process (:func:`_write_new`). ``IntegrityError`` if the nickname, or one looking
    like it, was taken meanwhile; a transaction the caller is in stays usable. With a
    ``pre_save`` or ``post_save`` receiver for participants, or no look-alike keys yet
    (``save`` puts them in), it is ``save()`` itself."""
    alias = router.db_for_write(Participant)
    if not participant.skeleton or _saved_by_receivers(Participant):
        with transaction.atomic(using=alias):
            participant.save(force_insert=True, using=alias)
        return
    _write_new(participant, alias)


def add_response(response: Response) -> None:
    """Write a question's new response row (the question first shown to a student) as
    ``response.save()`` would, its SQL built once per process (:func:`_write_new`): every
    homework student's every question, and a live question's latecomers, make one.
    ``IntegrityError`` if the student's row for that question was made meanwhile; a
    transaction the caller is in stays usable. With a ``pre_save`` or ``post_save``
    receiver for responses, it is ``save()`` itself."""
    alias = router.db_for_write(Response)
    if _saved_by_receivers(Response):
        with transaction.atomic(using=alias):
            response.save(force_insert=True, using=alias)
        return
    _write_new(response, alias)
