"""Where a catalog entry shows: the page a translator opens, in translation mode, to see
it in place (the status page links each entry to fix there).

A rule page's segment shows on its document's page. An interface string shows wherever
its code does: its first ``#:`` location that names a drill (its template or module)
leads to that drill's page, one under a page's templates or app to that page; strings
of ``tutor/words`` and ``tutor/concepts``, which every drill uses, to the drills page.
An entry with no such location has no link.

>>> page_name("django", ("templates/drills/side_pots.html",))[0]  # with the drill's slug
'drills:drill'

>>> page_name("django", ("tutor/words/cards.py", "templates/rules/page.html"))
('drills:index', ())
>>> page_name("rules-holdem", ())
('rules:page', ('texas-holdem',))
"""

from __future__ import annotations

from django.urls import NoReverseMatch, reverse
from django.utils import translation

from tutor.drills.registry import DRILLS
from tutor.rules.documents import DOCUMENTS

# The first folder (or file) of a location that matches, and the page it shows on.
PAGES_BY_FOLDER: tuple[tuple[str, str], ...] = (
    ("templates/rules/hand_rankings.html", "rules:hand-rankings"),
    ("tutor/rules/chart", "rules:hand-rankings"),
    ("templates/rules/", "rules:page"),
    ("tutor/rules/", "rules:page"),
    ("templates/drills/", "drills:index"),
    ("tutor/drills/", "drills:index"),
    ("tutor/drill_pages/", "drills:index"),
    ("tutor/words/", "drills:index"),
    ("tutor/concepts/", "drills:index"),
    ("templates/lessons/", "lessons:index"),
    ("tutor/lessons/", "lessons:index"),
    ("tutor/learning/", "lessons:index"),
    ("templates/classrooms/", "classrooms:index"),
    ("tutor/classrooms/", "classrooms:index"),
    ("templates/quizzes/", "quizzes:index"),
    ("tutor/quizzes/", "quizzes:index"),
    ("templates/translations/", "translations:status"),
    ("tutor/translations/", "translations:status"),
    ("templates/core/", "home"),
    ("templates/base.html", "home"),
)
RULE_PAGE = "texas-holdem"  # what a rule page's shared template is seen on first


def _drill_slug(location: str) -> str | None:
    """The drill a location belongs to: ``templates/drills/side_pots.html``,
    ``tutor/drills/side_pots.py`` or ``tutor/drills/side_pots/grade.py``."""
    for folder in ("templates/drills/", "tutor/drills/"):
        if location.startswith(folder):
            name = location[len(folder) :].split("/")[0].removesuffix(".html")
            slug = name.removesuffix(".py").replace("_", "-")
            return slug if slug in DRILLS else None
    return None


def page_name(domain: str, locations: tuple[str, ...]) -> tuple[str, tuple[str, ...]] | None:
    """The URL name and arguments of a page showing the entry, or None."""
    for document in DOCUMENTS.values():
        if document.domain == domain:
            if document.slug == "glossary":
                return "rules:glossary", ()
            return "rules:page", (document.slug,)
    for location in locations:
        slug = _drill_slug(location)
        if slug:
            return "drills:drill", (slug,)
    for location in locations:
        for folder, name in PAGES_BY_FOLDER:
            if location.startswith(folder):
                return name, ((RULE_PAGE,) if name == "rules:page" else ())
    return None


def page_in_translate_mode(domain: str, locations: tuple[str, ...], language: str) -> str | None:
    """The address of a page showing the entry in ``language``, in translation mode."""
    found = page_name(domain, locations)
    if found is None:
        return None
    name, args = found
    try:
        with translation.override(language):
            return reverse(name, args=args) + "?translate=1"
    except NoReverseMatch:
        return None
