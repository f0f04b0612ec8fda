"""Template context every page needs: the language switcher and hreflang alternates."""

from __future__ import annotations

from functools import lru_cache

from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language

from .locales import language_choices


@lru_cache(maxsize=4096)
def _translated_paths(path: str) -> tuple[str, ...]:
    """The same page in every language (the path only: the query is added back as it is).
    Resolving and reversing five times costs more than the rest of a small page, and a
    site has a few hundred paths, so the answers are kept (bounded, for 404 paths)."""
    return tuple(translate_url(path, code) for code, _ in language_choices())


def site(request: HttpRequest) -> dict[str, object]:
    current = get_language() or "en"
    path, mark, query = request.get_full_path().partition("?")
    suffix = mark + query
    alternates = [
        {"code": code, "name": name, "url": url + suffix, "current": code == current}
        for (code, name), url in zip(language_choices(), _translated_paths(path), strict=True)
    ]
    english = next(a["url"] for a in alternates if a["code"] == "en")
    return {"language_alternates": alternates, "x_default_url": english}
