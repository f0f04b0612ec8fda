"""The daily goal and streak: answers counted on the learner's own day, in their zone."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.learning import daily, merge
from tutor.learning.models import DailyCount, Learner

from .drilling import answer, concepts

pytestmark = pytest.mark.django_db


def at(zone: str, *parts: int, fold: int = 0) -> datetime:
    """A local wall-clock time in ``zone``, as a moment."""
    return datetime(*parts, tzinfo=ZoneInfo(zone), fold=fold).astimezone(UTC)  # type: ignore[misc]


def answers(learner: Learner, moment: datetime, count: int = 1) -> None:
    for _ in range(count):
        daily.count_answer(learner, moment)


def days(learner: Learner) -> dict[date, int]:
    return dict(DailyCount.objects.filter(learner=learner).values_list("day", "answered"))


@pytest.mark.parametrize("zone", ["Asia/Kolkata", "America/Los_Angeles"])
def test_count_answer_ten_to_and_ten_past_midnight_are_two_days(zone: str) -> None:
    learner = Learner.objects.create(zone=zone)
    answers(learner, at(zone, 2026, 5, 3, 23, 50))
    answers(learner, at(zone, 2026, 5, 4, 0, 10))
    assert days(learner) == {date(2026, 5, 3): 1, date(2026, 5, 4): 1}


def test_count_answer_the_same_moment_is_another_day_elsewhere() -> None:
    moment = at("Asia/Kolkata", 2026, 5, 4, 0, 10)  # 18:40 UTC on the 3rd
    kolkata = Learner.objects.create(zone="Asia/Kolkata")
    prague = Learner.objects.create(zone="Europe/Prague")
    answers(kolkata, moment)
    answers(prague, moment)
    assert days(kolkata) == {date(2026, 5, 4): 1}
    assert days(prague) == {date(2026, 5, 3): 1}


def test_count_answer_across_the_spring_change_of_clocks() -> None:
    zone = "America/Los_Angeles"  # clocks go from 02:00 to 03:00 on 8 March 2026
    learner = Learner.objects.create(zone=zone)
    answers(learner, at(zone, 2026, 3, 7, 23, 50))
    answers(learner, at(zone, 2026, 3, 8, 0, 10))
    answers(learner, at(zone, 2026, 3, 8, 23, 50))  # 06:50 UTC on the 9th (PDT)
    answers(learner, at(zone, 2026, 3, 9, 0, 10))
    assert days(learner) == {
        date(2026, 3, 7): 1,
        date(2026, 3, 8): 2,
        date(2026, 3, 9): 1,
    }


def test_count_answer_across_the_autumn_change_of_clocks() -> None:
    zone = "Europe/Prague"  # 03:00 goes back to 02:00 on 25 October 2026: a 25-hour day
    learner = Learner.objects.create(zone=zone)
    answers(learner, at(zone, 2026, 10, 25, 0, 5))
    answers(learner, at(zone, 2026, 10, 25, 2, 30, fold=1))
    answers(learner, at(zone, 2026, 10, 25, 23, 55))  # 22:55 UTC (CET)
    assert days(learner) == {date(2026, 10, 25): 3}


def test_count_answer_before_any_zone_uses_the_languages_usual_one() -> None:
    learner = Learner.objects.create(language="hi")  # Asia/Kolkata
    answers(learner, datetime(2026, 5, 3, 18, 40, tzinfo=UTC))
    assert days(learner) == {date(2026, 5, 4): 1}


def test_standing_counts_today_against_the_goal() -> None:
    learner = Learner.objects.create(zone="UTC", daily_goal=5)
    now = datetime(2026, 5, 3, 12, tzinfo=UTC)
    answers(learner, now, 4)
    today = daily.standing(learner, now)
    assert (today.answered, today.goal, today.left, today.met, today.streak) == (4, 5, 1, False, 0)
    answers(learner, now)
    today = daily.standing(learner, now)
    assert today.met and today.just_met and today.streak == 1 and today.percent == 100


def test_standing_streak_survives_until_the_day_ends() -> None:
    zone = "Asia/Kolkata"
    learner = Learner.objects.create(zone=zone, daily_goal=5)
    answers(learner, at(zone, 2026, 5, 1, 9, 0), 5)
    answers(learner, at(zone, 2026, 5, 2, 22, 0), 6)
    assert daily.standing(learner, at(zone, 2026, 5, 2, 23, 0)).streak == 2
    next_day = daily.standing(learner, at(zone, 2026, 5, 3, 23, 59))
    assert next_day.streak == 2 and next_day.at_risk
    assert daily.standing(learner, at(zone, 2026, 5, 4, 0, 1)).streak == 0
    answers(learner, at(zone, 2026, 5, 3, 23, 59), 5)  # met just in time: three days
    assert daily.standing(learner, at(zone, 2026, 5, 3, 23, 59)).streak == 3


def test_standing_a_missed_day_ends_the_streak() -> None:
    learner = Learner.objects.create(zone="UTC", daily_goal=5)
    answers(learner, datetime(2026, 5, 1, 9, tzinfo=UTC), 5)
    answers(learner, datetime(2026, 5, 2, 9, tzinfo=UTC), 2)  # short of the goal
    answers(learner, datetime(2026, 5, 3, 9, tzinfo=UTC), 5)
    assert daily.standing(learner, datetime(2026, 5, 3, 10, tzinfo=UTC)).streak == 1


def test_set_goal_measures_today_against_the_new_goal() -> None:
    learner = Learner.objects.create(zone="UTC")
    now = datetime(2026, 5, 3, 12, tzinfo=UTC)
    answers(learner, now, 6)
    assert not daily.standing(learner, now).met
    daily.set_goal(learner, 5, now)
    learner.refresh_from_db()
    assert learner.daily_goal == 5 and daily.standing(learner, now).streak == 1
    daily.set_goal(learner, 20, now)
    assert daily.standing(learner, now).streak == 0


def test_set_goal_refuses_a_goal_not_offered() -> None:
    learner = Learner.objects.create()
    with pytest.raises(ValueError):
        daily.set_goal(learner, 7, datetime(2026, 5, 3, tzinfo=UTC))


def test_count_answer_drops_days_older_than_the_retention(settings: object) -> None:
    learner = Learner.objects.create(zone="UTC")
    first = datetime(2025, 1, 1, 12, tzinfo=UTC)
    answers(learner, first)
    answers(learner, first + timedelta(days=daily.kept_days()))
    assert date(2025, 1, 1) in days(learner)
    answers(learner, first + timedelta(days=daily.kept_days() + 1))
    assert date(2025, 1, 1) not in days(learner)


def test_merge_adds_up_a_day_both_counted() -> None:
    user = get_user_model().objects.create_user("mira", "", "a-long-password-123")
    mine = Learner.objects.create(user=user, zone="UTC", daily_goal=5)
    theirs = Learner.objects.create(zone="Asia/Kolkata")
    answers(mine, datetime(2026, 5, 1, 9, tzinfo=UTC), 5)
    answers(mine, datetime(2026, 5, 2, 9, tzinfo=UTC), 3)
    answers(theirs, datetime(2026, 5, 2, 9, tzinfo=UTC), 2)  # the 2nd in Kolkata too
    answers(theirs, datetime(2026, 4, 30, 9, tzinfo=UTC), 1)
    merge.merge(theirs, user)
    assert days(mine) == {date(2026, 4, 30): 1, date(2026, 5, 1): 5, date(2026, 5, 2): 5}
    assert daily.standing(mine, datetime(2026, 5, 2, 10, tzinfo=UTC)).streak == 2


def test_note_place_keeps_a_known_zone_and_the_language() -> None:
    learner = Learner.objects.create(zone="Europe/Prague", language="cs")
    daily.note_place(learner, "Mars/Olympus", "ja")
    learner.refresh_from_db()
    assert (learner.zone, learner.language) == ("Europe/Prague", "ja")
    daily.note_place(learner, "Asia/Tokyo", "ja")
    learner.refresh_from_db()
    assert learner.zone == "Asia/Tokyo"


def test_a_drill_answer_counts_and_the_one_that_meets_the_goal_says_so(client: Client) -> None:
    client.cookies["browser_zone"] = "America/Los_Angeles"
    seeds = [s for s in range(200) if concepts(s)][:6]
    first = answer(client, seeds[0])
    learner = Learner.objects.get()
    assert learner.zone == "America/Los_Angeles" and "Daily goal met!" not in first.text
    daily.set_goal(learner, 5, datetime.now(UTC))
    pages = [answer(client, seed).text for seed in seeds[1:6]]
    assert ["Daily goal met!" in page for page in pages] == [False, False, False, True, False]
    assert daily.standing(learner, datetime.now(UTC)).answered == 6


def test_logging_in_brings_the_browsers_days_to_the_account(client: Client) -> None:
    user = get_user_model().objects.create_user("sofa", "", "a-long-password-123")
    mine = Learner.objects.create(user=user, zone="UTC")
    today = datetime.now(UTC)
    answers(mine, today, 2)
    seeds = [s for s in range(200) if concepts(s)][:3]
    client.cookies["browser_zone"] = "UTC"  # the same day as the account's
    for seed in seeds:  # anonymous, in this browser
        answer(client, seed)
    response = client.post(
        "/en/accounts/login/", {"username": "sofa", "password": "a-long-password-123"}
    )
    assert response.status_code == 302
    assert Learner.objects.count() == 1
    assert daily.standing(mine, today).answered == 5


def test_count_answer_returns_the_standing_a_read_finds() -> None:
    learner = Learner.objects.create(zone="UTC", daily_goal=5)
    for day in (1, 2):
        for _ in range(6):
            moment = datetime(2026, 5, day, 9, tzinfo=UTC)
            counted = daily.count_answer(learner, moment)
            assert counted == daily.standing(learner, moment) == daily.counted(learner)
    assert counted.streak == 2
