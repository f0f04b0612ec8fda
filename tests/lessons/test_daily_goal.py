"""A reason to come back, through the pages: answers count towards the daily goal in the
browser's time zone, the home card and the progress page show the goal and the streak,
the goal is set on the progress page, and a passed unit is celebrated (in words too)."""

from __future__ import annotations

import re
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

from tutor.learning.models import DailyCount, Learner
from tutor.lessons.models import Sitting

from .conftest import post_answer, right, start, token
from .test_sittings import answer_all

pytestmark = pytest.mark.django_db

SINGULAR = "%(answered)s of %(shown)s question today"
PLURAL = "%(answered)s of %(shown)s questions today"


def test_an_answer_counts_on_the_day_of_the_browsers_zone(learner_client: Client) -> None:
    learner_client.cookies["browser_zone"] = "Asia/Kolkata"
    sitting = start(learner_client)
    entry = sitting.questions[0]
    post_answer(learner_client, sitting, right(entry), token(learner_client, sitting))
    learner = Learner.objects.get()
    assert (learner.zone, learner.language) == ("Asia/Kolkata", "en")
    row = DailyCount.objects.get(learner=learner)
    assert row.answered == 1 and row.goal == 10
    assert row.day == timezone.now().astimezone(ZoneInfo("Asia/Kolkata")).date()


def test_the_home_card_shows_the_goal_and_the_streak(learner_client: Client) -> None:
    sitting = start(learner_client)
    answer_all(learner_client, sitting, "rrr")
    html = learner_client.get("/en/").content.decode()
    assert "3 of 10 questions today" in html
    assert "Meet your daily goal to start a streak." in html
    assert 'stroke-dasharray="30 100"' in html
    assert "Continue: unit 1" in html


def test_a_newcomer_sees_no_goal_yet(learner_client: Client) -> None:
    html = learner_client.get("/en/").content.decode()
    assert "questions today" not in html and 'class="goal"' not in html


def test_meeting_the_goal_is_noted_and_starts_a_streak(learner_client: Client) -> None:
    sitting = start(learner_client)
    learner = Learner.objects.get()
    learner_client.post("/en/learn/progress/goal/", {"goal": "5"})
    answer_all(learner_client, sitting, "rrrrr")
    verdict = learner_client.get(f"/en/learn/sitting/{sitting.pk}/?answered=4").content.decode()
    assert "Daily goal met! Come back tomorrow to keep your streak going." in verdict
    earlier = learner_client.get(f"/en/learn/sitting/{sitting.pk}/?answered=3").content.decode()
    assert "Daily goal met!" not in earlier
    html = learner_client.get("/en/").content.decode()
    assert "5 of 5 questions today" in html and "Streak: 1 day" in html
    assert DailyCount.objects.get(learner=learner).streak == 1


def test_answers_past_the_goal_read_as_a_count_and_the_goal(learner_client: Client) -> None:
    """'7 of 5 questions' reads as a slip: past the goal the card counts the answers and
    names the goal beside them."""
    sitting = start(learner_client)
    learner_client.post("/en/learn/progress/goal/", {"goal": "5"})
    answer_all(learner_client, sitting, "rrrrr")
    learner = Learner.objects.get()
    DailyCount.objects.filter(learner=learner).update(answered=7)
    html = learner_client.get("/en/").content.decode()
    assert "7 questions today (goal: 5)" in html and "7 of 5" not in html
    japanese = learner_client.get("/ja/").content.decode().replace("<wbr>", "")
    assert "今日は7問（目標：5問）" in japanese


def test_the_goal_is_set_on_the_progress_page(learner_client: Client) -> None:
    page = learner_client.get("/en/learn/progress/").content.decode()
    assert 'action="/en/learn/progress/goal/"' in page
    assert 'name="goal" value="10" checked' in page
    response = learner_client.post("/en/learn/progress/goal/", {"goal": "20"})
    assert response.status_code == 302
    assert Learner.objects.get().daily_goal == 20
    page = learner_client.get("/en/learn/progress/").content.decode()
    assert "Your daily goal is saved." in page and 'value="20" checked' in page
    assert "0 of 20 questions today" in page


@pytest.mark.parametrize("goal", ["7", "", "10000", "x", "１０"])
def test_a_goal_not_offered_is_refused_in_words(learner_client: Client, goal: str) -> None:
    response = learner_client.post("/cs/learn/progress/goal/", {"goal": goal})
    assert response.status_code == 422
    with translation.override("cs"):
        refusal = gettext("Choose one of the daily goals offered.")
    assert refusal in response.content.decode().replace("\xa0", " ")  # Czech typography
    assert not Learner.objects.exists()


@pytest.mark.parametrize("language", ["bn", "hi", "ja", "cs"])
def test_the_goal_is_in_every_language(learner_client: Client, language: str) -> None:
    start(learner_client)
    html = learner_client.get(f"/{language}/").content.decode()
    with translation.override(language):
        words = ngettext(SINGULAR, PLURAL, 10)
    assert words != PLURAL
    prefix = re.split(r"%\(\w+\)s", words)[1].strip()
    assert prefix and prefix in html


def test_a_passed_check_is_celebrated_and_announced_once(learner_client: Client) -> None:
    check = start(learner_client, kind="check")
    answer_all(learner_client, check, "rrrwr")
    html = learner_client.get(f"/en/learn/sitting/{check.pk}/").content.decode()
    assert 'class="celebrate"' in html and 'class="celebrate__burst" aria-hidden="true"' in html
    live = re.search(r'<div id="announce"[^>]*aria-live="polite">(.*?)</div>', html, re.S)
    assert live and live.group(1).count("Unit 1 passed!") == 1


def test_a_summary_opened_later_says_it_without_the_burst(learner_client: Client) -> None:
    check = start(learner_client, kind="check")
    answer_all(learner_client, check, "rrrrr")
    Sitting.objects.filter(pk=check.pk).update(finished=timezone.now() - timedelta(hours=1))
    html = learner_client.get(f"/en/learn/sitting/{check.pk}/").content.decode()
    assert "Unit 1 passed!" in html and "celebrate__burst" not in html


def test_a_failed_check_or_a_practice_is_not_celebrated(learner_client: Client) -> None:
    check = start(learner_client, kind="check")
    answer_all(learner_client, check, "rrwwr")
    html = learner_client.get(f"/en/learn/sitting/{check.pk}/").content.decode()
    assert "celebrate" not in html and "passed!" not in html
    assert Sitting.objects.get(pk=check.pk).passed is False


def test_reminders_are_offered_only_to_an_account_with_an_address(learner_client: Client) -> None:
    assert "Reminders" not in learner_client.get("/en/learn/progress/").content.decode()
    refused = learner_client.post("/en/learn/progress/reminders/", {"remind": "on"})
    assert refused.status_code == 422
    user = get_user_model().objects.create_user("noor", "", "a-long-password-123")
    learner_client.force_login(user)
    page = learner_client.get("/en/learn/progress/").content.decode()
    assert 'name="email"' in page and 'name="remind"' not in page  # an address first
    user.email = "noor@example.org"
    user.save()
    page = learner_client.get("/en/learn/progress/").content.decode()
    assert 'name="remind"' in page and "noor@example.org" in page
    assert learner_client.post("/en/learn/progress/reminders/", {"remind": "on"}).status_code == 302
    assert Learner.objects.get(user=user).remind
    learner_client.post("/en/learn/progress/reminders/", {})
    assert not Learner.objects.get(user=user).remind


def test_the_progress_page_names_the_zone_in_the_readers_language(learner_client: Client) -> None:
    """The day's zone in words of the page language (CLDR's), never 'Asia/Tokyo' in a
    Japanese sentence."""
    learner_client.cookies["browser_zone"] = "Asia/Tokyo"
    sitting = start(learner_client)
    answer_all(learner_client, sitting, "r")
    japanese = learner_client.get("/ja/learn/progress/").content.decode().replace("<wbr>", "")
    assert "日本時間" in japanese and "Asia/Tokyo" not in japanese
    assert "Japan Time" in learner_client.get("/en/learn/progress/").content.decode()
