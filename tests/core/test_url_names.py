"""URL names: every app's addresses live in its own namespace (``quizzes:edit``,
``rules:page``), and every name the code and the templates spell out exists, so a
renamed address fails here rather than on the one page that links to it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import URLPattern, URLResolver, get_resolver

ROOT = Path(settings.BASE_DIR)
#: The addresses outside any app: the home page and the favicon (``tutor/urls.py``).
ROOT_NAMES = {"home", "favicon"}
SPELLED = (
    re.compile(r"\{% url ['\"]([^'\"]+)['\"]"),
    re.compile(r"\b(?:redirect|reverse|reverse_lazy|resolve_url)\(f?['\"]([^'\"{}/]+)['\"]"),
    re.compile(r"\b(?:LOGIN_URL|LOGIN_REDIRECT_URL|LOGOUT_REDIRECT_URL) = ['\"]([^'\"]+)['\"]"),
)


def names(patterns: list[URLPattern | URLResolver], namespace: str = "") -> Iterator[str]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from names(pattern.url_patterns, inner)
        elif pattern.name:
            yield f"{namespace}{pattern.name}"


def known() -> set[str]:
    return set(names(get_resolver().url_patterns))


def spelled() -> dict[str, set[str]]:
    """Each name spelled in a template or a module, with the files that spell it."""
    found: dict[str, set[str]] = {}
    files = [*(ROOT / "templates").rglob("*.html"), *(ROOT / "templates").rglob("*.txt")]
    files += [*(ROOT / "tutor").rglob("*.py"), *(ROOT / "benchmarks").rglob("*.py")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        for pattern in SPELLED:
            for name in pattern.findall(text):
                found.setdefault(name, set()).add(str(path.relative_to(ROOT)))
    return found


def test_names_are_found() -> None:
    assert {"quizzes:play", "accounts:login", "rules:page", "home"} <= set(spelled())


def test_every_spelled_name_exists() -> None:
    missing = {name: sorted(where) for name, where in spelled().items() if name not in known()}
    assert missing == {}


def test_every_app_address_is_namespaced() -> None:
    bare = {name for name in known() if ":" not in name} - ROOT_NAMES
    assert bare == set()


@pytest.mark.parametrize(
    "urls", sorted((ROOT / "tutor").glob("*/urls.py")), ids=lambda p: p.parent.name
)
def test_every_app_names_its_namespace(urls: Path) -> None:
    assert re.search(r'^app_name = "[a-z]+"$', urls.read_text(encoding="utf-8"), re.M)
