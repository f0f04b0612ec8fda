"""A shortcut through the URL resolver for a student's live-quiz addresses.

Every address sits under ``i18n_patterns``, in one ``""`` include per app, and Django
tries them in order, building a match object at each level: a student's
``/<ll>/play/<code>/answer/`` (or ``state/``, ``events/``, the page itself) went through
seven resolvers: 27 µs of thread CPU, 7 through this shortcut (benchmarks/README.md,
"A student's answer, new stage and homework page"). :class:`StudentShortcut`,
first in the root URLconf, recognises those four addresses with one regular expression
and gives the match the full walk gives (the same view, arguments, names and route: the
first request of each language and kind walks it, through the language-prefixed
resolver, and keeps that match's shape). Any other address, or a language prefix that
is not the active language, is left to the URLconf as before. It adds no address:
``reverse`` never sees it.
"""

from __future__ import annotations

import re
from typing import Any

from django.conf import settings
from django.urls import URLPattern, URLResolver
from django.urls.resolvers import LocalePrefixPattern, ResolverMatch, RoutePattern

STUDENT_PATH = re.compile(
    r"(?P<language>[a-z-]+)/play/(?P<code>[^/]+)/(?P<kind>state/|answer/|events/)?"
)


class StudentShortcut(URLResolver):
    """Resolves a student's quiz address as ``localized`` (the ``i18n_patterns``
    resolver) would, without trying the patterns before it; None (next pattern) for any
    other address."""

    def __init__(self, localized: URLPattern | URLResolver) -> None:
        super().__init__(RoutePattern(""), [])
        if not isinstance(localized, URLResolver) or not isinstance(
            localized.pattern, LocalePrefixPattern
        ):
            raise TypeError("StudentShortcut follows the resolver of i18n_patterns()")
        self.localized = localized
        self.prefix: LocalePrefixPattern = localized.pattern
        self.languages = frozenset(code for code, _name in settings.LANGUAGES)
        # Kept per process. Key: (language, kind): five languages, four kinds. The value is
        # a match of the full walk; only the join code differs between students.
        self.shapes: dict[tuple[str, str], ResolverMatch] = {}

    def resolve(self, path: Any) -> ResolverMatch | None:  # type: ignore[override]
        found = STUDENT_PATH.fullmatch(str(path))
        if found is None:
            return None
        language, code, kind = found["language"], found["code"], found["kind"] or ""
        if language not in self.languages or self.prefix.language_prefix != f"{language}/":
            return None  # what LocalePrefixPattern decides: the URLconf's own walk
        shape = self.shapes.get((language, kind))
        if shape is None:
            shape = self.shapes[(language, kind)] = self._walk(str(path))
        app_names: list[str | None] = [*shape.app_names]
        namespaces: list[str | None] = [*shape.namespaces]
        return ResolverMatch(
            shape.func,
            shape.args,
            {**shape.kwargs, "code": code},
            shape.url_name,
            app_names,
            namespaces,
            shape.route,
            shape.tried,
            captured_kwargs={**shape.captured_kwargs, "code": code},  # type: ignore[attr-defined]
            extra_kwargs=shape.extra_kwargs,  # type: ignore[attr-defined]
        )

    def _walk(self, path: str) -> ResolverMatch:
        """The match the root URLconf's own walk gives through ``localized`` (as
        ``URLResolver.resolve`` wraps a sub-match: its prefix, names and arguments)."""
        localized = self.localized
        sub = localized.resolve(path)
        prefix = str(localized.pattern)  # "en/", joined as URLResolver._join_route does
        return ResolverMatch(
            sub.func,
            sub.args,
            {**localized.default_kwargs, **sub.kwargs},
            sub.url_name,
            [localized.app_name, *sub.app_names],
            [localized.namespace, *sub.namespaces],
            prefix + sub.route.removeprefix("^") if prefix else sub.route,
            [],
            captured_kwargs=sub.captured_kwargs,  # type: ignore[attr-defined]
            extra_kwargs={**localized.default_kwargs, **sub.extra_kwargs},  # type: ignore[attr-defined]
        )
