"""Every cookie the site sets, for the privacy page: its name and lifetime read from where
it is set (settings and the modules that set it), so the page never drifts from the code."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tutor.core.zones import BROWSER_ZONE_COOKIE
from tutor.learning import learners
from tutor.lti.launches import COOKIE_PREFIX as LTI_COOKIE_PREFIX
from tutor.quizzes import joins
from tutor.translations import incontext

DAY = 24 * 60 * 60
BROWSER_ZONE_DAYS = 365  # site.js: max-age=31536000


@dataclass(frozen=True)
class Cookie:
    name: str
    purpose: Promise
    days: int | None  # None: until the browser is closed


def cookies() -> list[Cookie]:
    return [
        Cookie(
            settings.SESSION_COOKIE_NAME,
            _("keeps you logged in, and a drill's running score; set when one of them is used"),
            settings.SESSION_COOKIE_AGE // DAY,
        ),
        Cookie(
            settings.CSRF_COOKIE_NAME,
            _("proves that a form was sent from this site, not from another one"),
            settings.CSRF_COOKIE_AGE // DAY,
        ),
        Cookie(
            settings.LANGUAGE_COOKIE_NAME,
            _("the language you last read, so that the home address opens in it"),
            settings.LANGUAGE_COOKIE_AGE // DAY,
        ),
        Cookie(
            learners.COOKIE,
            _("the random key of your learning progress, set at your first answer"),
            learners.COOKIE_AGE.days,
        ),
        Cookie(
            joins.DEVICE_COOKIE,
            _("a random key for the device that joins a quiz, to limit wrong join codes"),
            joins.DEVICE_AGE // DAY,
        ),
        Cookie(
            joins.cookie_name("…"),
            _("which student you are in the quiz you joined, one per quiz"),
            joins.COOKIE_AGE // DAY,
        ),
        Cookie(
            BROWSER_ZONE_COOKIE,
            _(
                "your time zone, only once you are logged in, on a page that shows dates or "
                "where your answers count towards your daily goal"
            ),
            BROWSER_ZONE_DAYS,
        ),
        Cookie(
            f"{LTI_COOKIE_PREFIX}-…",
            _(
                "a sign-in from your school's learning platform (Moodle, Canvas) while it "
                "opens a quiz; only when you come from one"
            ),
            None,
        ),
        Cookie("messages", _("a one-time notice after a change, gone once shown"), None),
        Cookie(incontext.COOKIE, _("the translators' mode, for translators only"), None),
    ]
