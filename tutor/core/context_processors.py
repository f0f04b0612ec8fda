"""Template context every page needs: the language switcher and hreflang alternates."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language

from .locales import language_choices


def site(request: HttpRequest) -> dict[str, object]:
    current = get_language() or "en"
    path = request.get_full_path()
    alternates = []
    for code, name in language_choices():
        url = translate_url(path, code)
        alternates.append({"code": code, "name": name, "url": url, "current": code == current})
    english = next(a["url"] for a in alternates if a["code"] == "en")
    return {"language_alternates": alternates, "x_default_url": english}
