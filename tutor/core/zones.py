"""Time zones: the ones a form offers (real places' zones by their current names), a
sensible one for each page language, and the one the visitor's browser is in.

Read by the quiz run form and console (``tutor.quizzes``) and by the learner's progress
page (``tutor.lessons.progress``).
"""

from __future__ import annotations

import zoneinfo
from functools import cache, lru_cache

from babel.core import get_global
from babel.dates import get_timezone, get_timezone_location
from django.http import HttpRequest

from .locales import babel_locale, languages

#: A sensible time zone for each page language (``locale/languages.toml``); the teacher
#: can pick any other.
DEFAULT_ZONES = {entry.code: entry.time_zone for entry in languages()}

#: The regions of real places' time zones (not ``Etc/GMT+5``, ``US/Pacific``, ``EST5EDT``).
ZONE_REGIONS = frozenset(
    {"Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic", "Australia", "Europe"}
    | {"Indian", "Pacific"}
)

BROWSER_ZONE_COOKIE = "browser_zone"  # set by site.js


@cache  # no key: the time zones the system knows; an immutable tuple
def zone_choices() -> tuple[tuple[str, str], ...]:
    """UTC and the time zones of real places, by their current names (CLDR's aliases,
    such as ``Asia/Calcutta`` for ``Asia/Kolkata``, left out)."""
    aliases = get_global("zone_aliases")
    names = [
        name
        for name in sorted(zoneinfo.available_timezones())
        if name.split("/")[0] in ZONE_REGIONS and name not in aliases
    ]
    return (("UTC", "UTC"), *((name, name.replace("_", " ")) for name in names))


@cache  # no key: the names of zone_choices(), an immutable set
def zone_names() -> frozenset[str]:
    return frozenset(name for name, _label in zone_choices())


def browser_zone(request: HttpRequest) -> str | None:
    """The time zone the visitor's browser is in (site.js keeps it in a cookie), when it
    is one the form offers."""
    zone = request.COOKIES.get(BROWSER_ZONE_COOKIE, "")
    return zone if zone in zone_names() else None


@lru_cache(maxsize=2048)  # key: the zone's name and the language; a few zones a language
def zone_label(name: str, language: str) -> str:
    """A time zone as a reader of ``language`` names it (CLDR's: "日本時間", "India Time"),
    never its database name in Latin letters in a sentence; UTC is UTC."""
    if name in {"UTC", "Etc/UTC", "GMT"}:
        return "UTC"
    try:
        zone = get_timezone(name)
    except LookupError:
        return name.replace("_", " ")
    return get_timezone_location(zone, locale=babel_locale(language))
