"""Reminder e-mails, for learners who asked for them: an account with an e-mail address
that turned them on (off by default, on the progress page).

``manage.py send_reminders``, run from cron (every half hour, say), writes to a learner
when reviews are due or their streak ends with the day, at most once a day of their own,
and only in their early evening (:data:`WINDOW`, in their time zone), in the language
they last used. Each e-mail carries a signed link that stops them without logging in
(also as ``List-Unsubscribe``, with ``List-Unsubscribe-Post`` for one-click).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives, mailers
from django.db import transaction
from django.db.models import Case, F, Q, QuerySet, Value, When
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext

from tutor.words.base import number

from . import daily, review
from .models import Learner

#: The local hours a reminder may go out in: from 17:00 until 20:00.
WINDOW = (time(17), time(20))
TOKEN_SALT = "tutor.learning.reminders.stop"
#: How long a stop link works (a newer e-mail brings a new one).
TOKEN_AGE = timedelta(days=60)
#: Learners read (and their e-mails sent over one connection) at a time.
BATCH = 500


@dataclass(frozen=True)
class Reminder:
    """One e-mail to send: to whom, in which language, on which of their days, and why."""

    learner: Learner
    address: str
    name: str
    language: str
    day: date
    due: int
    goal: daily.Standing


def asking() -> QuerySet[Learner]:
    """The learners who asked for reminders and can get them: to an address they
    confirmed that is still their account's (``addresses.py``)."""
    return (
        Learner.objects.filter(remind=True, user__is_active=True, user__email=F("confirmed_email"))
        .exclude(user__email="")
        .select_related("user")
    )


def in_window(now: datetime, zone: ZoneInfo) -> bool:
    start, end = WINDOW
    return start <= now.astimezone(zone).time() < end


def language_of(learner: Learner) -> str:
    codes = {code for code, _name in settings.LANGUAGES}
    return learner.language if learner.language in codes else settings.LANGUAGE_CODE


def reminder_for(learner: Learner, now: datetime) -> Reminder | None:
    """The e-mail ``learner`` is due now, if any (see :func:`due_reminders`)."""
    found = due_reminders([learner], now)
    return found[0] if found else None


def due_reminders(learners: Sequence[Learner], now: datetime) -> list[Reminder]:
    """The e-mails these learners are due now: in their evening, none yet today, and
    something to say (reviews due, or a streak that ends tonight). Two queries however
    many learners: their reviews due, and their days."""
    waiting = [
        learner
        for learner in learners
        if learner.user is not None
        and in_window(now, zone := daily.learner_zone(learner))
        and learner.reminded_on != daily.local_day(now, zone)
    ]
    if not waiting:
        return []
    due = review.due_counts((learner.pk for learner in waiting), now, limit=99)
    goals = daily.standings(waiting, now)
    found = []
    for learner in waiting:
        goal = goals[learner.pk]
        if not due.get(learner.pk) and not goal.at_risk:
            continue
        user = learner.user
        assert user is not None
        found.append(
            Reminder(
                learner,
                user.email,
                user.get_username(),
                language_of(learner),
                goal.day,
                due.get(learner.pk, 0),
                goal,
            )
        )
    return found


def stop_token(learner: Learner) -> str:
    return signing.dumps(learner.pk, salt=TOKEN_SALT)


def read_stop_token(token: str) -> int | None:
    """The learner a stop link names: None when it is forged, mangled or too old."""
    if len(token) > 200:
        return None
    try:
        pk = signing.loads(token, salt=TOKEN_SALT, max_age=TOKEN_AGE)
    except signing.BadSignature:  # SignatureExpired is one too
        return None
    return pk if isinstance(pk, int) and not isinstance(pk, bool) else None


def stop(pk: int) -> None:
    Learner.objects.filter(pk=pk).update(remind=False)


def subject(reminder: Reminder) -> str:
    if reminder.due:
        return ngettext("%(count)s review due", "%(count)s reviews due", reminder.due) % {
            "count": number(reminder.due, reminder.language)
        }
    return gettext("Your streak ends at midnight")


def message(reminder: Reminder, site_url: str) -> EmailMultiAlternatives:
    """The e-mail, plain text with an HTML alternative, in the learner's language."""
    with translation.override(reminder.language):
        stop_url = site_url + reverse("lessons:stop-reminders", args=[stop_token(reminder.learner)])
        context = {
            "reminder": reminder,
            "goal": reminder.goal,
            "language": reminder.language,
            "learn_url": site_url + reverse("home"),
            "review_url": site_url + reverse("lessons:review"),
            "stop_url": stop_url,
        }
        mail = EmailMultiAlternatives(
            subject(reminder),
            render_to_string("learning/reminder.txt", context),
            to=[reminder.address],
            headers={
                "List-Unsubscribe": f"<{stop_url}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            },
        )
        mail.attach_alternative(render_to_string("learning/reminder.html", context), "text/html")
    return mail


def send(now: datetime, site_url: str, dry_run: bool = False) -> list[Reminder]:
    """Send every reminder due now (``dry_run``: only find them); returns them. Learners
    are read :data:`BATCH` at a time, each batch in a bounded number of queries (read,
    reviews due, days, claim, one update) and its e-mails over one connection."""
    found: list[Reminder] = []
    after = 0
    while batch := list(asking().filter(pk__gt=after).order_by("pk")[:BATCH]):
        after = batch[-1].pk
        due = due_reminders(batch, now)
        if not dry_run:
            due = claim(due)
            mailers.default.send_messages([message(r, site_url) for r in due])
        found.extend(due)
    return found


def claim(due: list[Reminder]) -> list[Reminder]:
    """The reminders this run sends: each learner's day is marked before the e-mail goes,
    in one update, so two runs at once send it once (a row another run holds or has
    marked is left to it)."""
    if not due:
        return []
    days: dict[date, list[int]] = defaultdict(list)
    for reminder in due:
        days[reminder.day].append(reminder.learner.pk)
    unmarked = Q()
    for day, ids in days.items():
        unmarked |= Q(pk__in=ids) & ~Q(reminded_on=day)
    with transaction.atomic():
        free = Learner.objects.select_for_update(skip_locked=True).filter(unmarked)
        ours = set(free.values_list("pk", flat=True))
        marks = [When(pk__in=ids, then=Value(day)) for day, ids in days.items()]
        Learner.objects.filter(pk__in=ours).update(reminded_on=Case(*marks))
    return [reminder for reminder in due if reminder.learner.pk in ours]
