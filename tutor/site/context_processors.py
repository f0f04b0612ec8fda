"""Template context every page needs: the address of this page, split into its path and its
query, from which the language switcher and the hreflang alternates are built (by the
``language_links`` and ``hreflang_links`` tags, from markup kept per path and language)."""

from __future__ import annotations

from functools import lru_cache

from django.http import HttpRequest
from django.urls import translate_url

from tutor.core.locales import is_beta, language_choices


# Key: the path (without its query). Nothing user-specific; the value is a tuple of strings.
# Bounded at 1,024: the site's own addresses fit; made-up ones only push out each other.
@lru_cache(maxsize=1024)
def translated_paths(path: str) -> tuple[str, ...]:
    """The same page in every language (the path only: the query is added back as it is),
    in the order of ``language_choices()``. Resolving and reversing five times costs more
    than the rest of a small page, and a site has a few hundred paths, so the answers are
    kept (bounded, for 404 paths)."""
    return tuple(translate_url(path, code) for code, _ in language_choices())


def site(request: HttpRequest) -> dict[str, object]:
    path, mark, query = request.get_full_path().partition("?")
    beta = is_beta(getattr(request, "LANGUAGE_CODE", ""))
    return {"page_path": path, "page_query": mark + query, "language_is_beta": beta}
