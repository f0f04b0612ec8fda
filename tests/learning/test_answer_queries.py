"""What a signed-in learner's drill answer costs the database: the day's count is one
statement, however far into the day's goal the learner is."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tutor.learning.models import DailyCount

from .drilling import answer, seed_with_concepts

pytestmark = pytest.mark.django_db


def daily_queries(captured: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in captured.captured_queries if "learning_dailycount" in q["sql"]]


def test_a_signed_in_answer_counts_its_day_in_one_statement(
    client: Client, user: AbstractBaseUser
) -> None:
    client.force_login(user)
    seed = seed_with_concepts()
    answer(client, seed)  # the day's first answer makes the day's row
    for n in range(1, 12):  # past the goal of 10, where the streak starts
        with CaptureQueriesContext(connection) as captured:
            answer(client, seed + n)
        assert len(daily_queries(captured)) == 1, daily_queries(captured)
    assert DailyCount.objects.get().answered == 12


def test_a_signed_in_drill_answer_costs_a_known_number_of_queries(
    client: Client, user: AbstractBaseUser
) -> None:
    client.force_login(user)
    seed = seed_with_concepts()
    answer(client, seed)
    with CaptureQueriesContext(connection) as captured:
        answer(client, seed + 1)
    assert len(captured) == ANSWER_QUERIES, "\n".join(q["sql"] for q in captured.captured_queries)


#: The session and user, the learner; in one savepoint the attempts, the day's upsert,
#: the concepts read and one update each (two here); the session's tally saved, in its own
#: savepoint. 17 before the day's count became one statement.
ANSWER_QUERIES = 13
