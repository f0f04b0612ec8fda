"""Classes counted in words for the confirm pages of deletions ("3 names", "1 class"),
beside the sessions' counts of ``tutor.quizzes.deletion``."""

from __future__ import annotations

from django.utils.translation import ngettext

from tutor.core.locales import current_language
from tutor.words.base import number


def names(n: int) -> str:
    """Names on rosters."""
    return ngettext("%(shown)s name", "%(shown)s names", n) % {
        "shown": number(n, current_language())
    }


def classes(n: int) -> str:
    return ngettext("%(shown)s class", "%(shown)s classes", n) % {
        "shown": number(n, current_language())
    }
