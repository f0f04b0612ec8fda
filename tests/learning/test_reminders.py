"""Reminder e-mails (Django's locmem backend): sent in the learner's language, only in
their early evening, at most once a day, with a stop link that works once signed and is
refused forged or too old; ``manage.py send_reminders --dry-run`` sends nothing."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from io import StringIO
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.core import mail, signing
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from django.utils.translation import gettext

from tutor.learning import daily, reminders
from tutor.learning.management.commands import send_reminders as command
from tutor.learning.models import ConceptProgress, Learner

pytestmark = pytest.mark.django_db

SITE = "https://tutor.example.org"


def learner_with(
    zone: str, language: str = "en", *, due: bool = True, name: str = "asha"
) -> Learner:
    user = get_user_model().objects.create_user(name, f"{name}@example.org", "x-long-password-1")
    learner = Learner.objects.create(
        user=user, zone=zone, language=language, remind=True, confirmed_email=user.email
    )
    if due:
        ConceptProgress.objects.create(
            learner=learner, concept="kickers", mastery=1, answered=1, right=1,
            due=datetime(2026, 1, 1, tzinfo=UTC),
        )  # fmt: skip
    return learner


def local(zone: str, *parts: int) -> datetime:
    return datetime(*parts, tzinfo=ZoneInfo(zone)).astimezone(UTC)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("zone", "hour", "sent"),
    [
        ("Asia/Kolkata", 16, False),
        ("Asia/Kolkata", 17, True),
        ("Asia/Kolkata", 19, True),
        ("Asia/Kolkata", 20, False),
        ("America/Los_Angeles", 18, True),
        ("America/Los_Angeles", 8, False),
    ],
)
def test_send_only_in_the_learners_early_evening(zone: str, hour: int, sent: bool) -> None:
    learner_with(zone)
    found = reminders.send(local(zone, 2026, 3, 10, hour, 30), SITE)
    assert (len(found), len(mail.outbox)) == ((1, 1) if sent else (0, 0))


def test_send_the_same_moment_reaches_only_the_zone_in_its_evening() -> None:
    kolkata = learner_with("Asia/Kolkata", name="kolkata")
    learner_with("America/Los_Angeles", name="angeles")
    found = reminders.send(local("Asia/Kolkata", 2026, 3, 10, 18, 0), SITE)
    assert [r.learner.pk for r in found] == [kolkata.pk]


def test_send_at_most_once_a_learners_day() -> None:
    zone = "America/Los_Angeles"
    learner_with(zone)
    reminders.send(local(zone, 2026, 3, 10, 17, 5), SITE)
    reminders.send(local(zone, 2026, 3, 10, 19, 55), SITE)
    assert len(mail.outbox) == 1
    reminders.send(local(zone, 2026, 3, 11, 17, 5), SITE)  # the next day of their own
    assert len(mail.outbox) == 2


@pytest.mark.parametrize("language", ["en", "bn", "hi", "ja", "cs"])
def test_the_email_is_in_the_learners_language(language: str) -> None:
    learner_with("Europe/Prague", language)
    reminders.send(local("Europe/Prague", 2026, 3, 10, 18, 0), SITE)
    (email,) = mail.outbox
    with translation.override(language):
        stop_words = gettext("Stop these reminders")
        hello = gettext("Hello %(name)s,") % {"name": "asha"}
    assert hello in email.body and stop_words in email.body
    html, kind = email.alternatives[0]
    assert kind == "text/html" and f'<html lang="{language}">' in html and stop_words in html
    assert f"{SITE}/{language}/learn/review/" in email.body
    stop_url = email.extra_headers["List-Unsubscribe"].strip("<>")
    assert (
        stop_url.startswith(f"{SITE}/{language}/learn/reminders/stop/") and stop_url in email.body
    )
    assert email.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    if language != "en":
        assert "Hello" not in email.body and "review" not in email.subject


def test_a_streak_that_ends_tonight_is_a_reason_and_nothing_else_is_none() -> None:
    zone = "Asia/Kolkata"
    learner = learner_with(zone, due=False)
    learner.daily_goal = 5
    learner.save()
    for _ in range(5):
        daily.count_answer(learner, local(zone, 2026, 3, 9, 10, 0))
    daily.count_answer(learner, local(zone, 2026, 3, 10, 10, 0))
    reminders.send(local(zone, 2026, 3, 10, 18, 0), SITE)
    (email,) = mail.outbox
    assert email.subject == "Your streak ends at midnight"
    assert "Streak: 1 day · answer 4 more questions today to keep it." in email.body
    quiet = learner_with(zone, due=False, name="quiet")
    assert reminders.reminder_for(quiet, local(zone, 2026, 3, 10, 18, 0)) is None


def test_no_email_for_a_learner_who_did_not_ask_or_has_no_address() -> None:
    off = learner_with("UTC", name="off")
    off.remind = False
    off.save()
    no_address = learner_with("UTC", name="blank")
    get_user_model().objects.filter(pk=no_address.user_id).update(email="")
    assert reminders.send(datetime(2026, 3, 10, 18, tzinfo=UTC), SITE) == []
    assert mail.outbox == []


def test_no_email_to_an_address_not_confirmed_or_changed_since() -> None:
    evening = local("Asia/Kolkata", 2026, 3, 10, 18)
    learner_with("Asia/Kolkata", name="asha")
    never = learner_with("Asia/Kolkata", name="noor")
    Learner.objects.filter(pk=never.pk).update(confirmed_email="")
    changed = learner_with("Asia/Kolkata", name="ravi")
    get_user_model().objects.filter(pk=changed.user_id).update(email="someone@example.org")
    assert [r.address for r in reminders.send(evening, SITE)] == ["asha@example.org"]
    assert [email.to for email in mail.outbox] == [["asha@example.org"]]


def stop_url(learner: Learner) -> str:
    return f"/cs/learn/reminders/stop/{reminders.stop_token(learner)}/"


def test_the_stop_link_asks_then_stops_without_logging_in() -> None:
    learner = learner_with("UTC")
    client = Client(enforce_csrf_checks=True)
    page = client.get(stop_url(learner))
    assert page.status_code == 200 and 'method="post"' in page.content.decode()
    assert Learner.objects.get(pk=learner.pk).remind
    done = client.post(stop_url(learner), {"List-Unsubscribe": "One-Click"})  # RFC 8058
    assert done.status_code == 200
    with translation.override("cs"):
        assert gettext("Reminders are off.") in done.content.decode().replace("\xa0", " ")
    assert not Learner.objects.get(pk=learner.pk).remind


FORGED = {
    "not-signed": lambda: "forged",
    "another-salt": lambda: signing.dumps(1, salt="another.salt"),
    "not-a-learner": lambda: signing.dumps("1", salt=reminders.TOKEN_SALT),
    "too-long": lambda: "x" * 300,
}


@pytest.mark.parametrize("kind", FORGED)
def test_a_forged_stop_link_is_refused_in_words(kind: str) -> None:
    learner = learner_with("UTC")
    token = FORGED[kind]()
    response = Client().post(f"/cs/learn/reminders/stop/{token}/")
    assert response.status_code == 400
    with translation.override("cs"):
        refusal = gettext(
            "This link does not work: it was changed, or it is too old. "
            "Log in and switch reminders off on your progress page."
        )
    assert refusal in response.content.decode().replace("\xa0", " ")  # Czech typography
    assert Learner.objects.get(pk=learner.pk).remind


def test_a_stop_link_too_old_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    learner = learner_with("UTC")
    then = (datetime.now(UTC) - reminders.TOKEN_AGE - timedelta(days=1)).timestamp()
    with monkeypatch.context() as patched:
        patched.setattr(signing.time, "time", lambda: then)
        url = stop_url(learner)
    assert Client().get(url).status_code == 400


def test_the_command_dry_run_sends_nothing(settings: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    learner_with("UTC")
    settings.SITE_URL = SITE
    out = StringIO()
    evening = datetime(2026, 3, 10, 18, tzinfo=UTC)
    monkeypatch.setattr(command.timezone, "now", lambda: evening)
    call_command("send_reminders", "--dry-run", stdout=out)
    assert "Would send 1 reminder e-mails." in out.getvalue() and mail.outbox == []
    assert Learner.objects.get().reminded_on is None
    call_command("send_reminders", stdout=out)
    assert len(mail.outbox) == 1 and f"{SITE}/en/" in mail.outbox[0].body
    assert Learner.objects.get().reminded_on == evening.date()


def many_learners(count: int) -> None:
    """``count`` learners who asked for reminders, half of them in their evening at
    18:00 UTC (London), the other half not (Tokyo); each has a review due, and every
    third a streak that ends tonight."""
    users = get_user_model().objects.bulk_create(
        get_user_model()(username=f"learner{n}", email=f"learner{n}@example.org")
        for n in range(count)
    )
    learners = Learner.objects.bulk_create(
        Learner(
            user=user,
            zone=("Europe/London", "Asia/Tokyo")[n % 2],
            remind=True,
            confirmed_email=user.email,
        )
        for n, user in enumerate(users)
    )
    ConceptProgress.objects.bulk_create(
        ConceptProgress(learner=learner, concept="kickers", due=datetime(2026, 1, 1, tzinfo=UTC))
        for learner in learners
    )
    for learner in learners[::3]:
        daily.count_answer(learner, datetime(2026, 3, 9, 9, tzinfo=UTC))


def queries_to_send(count: int) -> int:
    many_learners(count)
    with CaptureQueriesContext(connection) as captured:
        found = reminders.send(datetime(2026, 3, 10, 18, tzinfo=UTC), SITE)
    assert len(found) == len(mail.outbox) == (count + 1) // 2
    assert Learner.objects.filter(reminded_on=date(2026, 3, 10)).count() == len(found)
    return len(captured)


def test_send_costs_the_same_queries_for_50_learners_as_for_5() -> None:
    few = queries_to_send(5)
    get_user_model().objects.all().delete()
    mail.outbox.clear()
    assert queries_to_send(50) == few
