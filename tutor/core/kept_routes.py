"""The site's addresses resolved once per process and language, then kept.

Every address but the favicon, the admin and LTI sits under ``i18n_patterns``, whose
resolver tries each app's patterns in turn: a drill page's ``/en/drills/<slug>/`` walked
about seventy of them (31 µs, a tenth of a bare view's whole request). The walk depends
only on the path and the active language (``LocalePrefixPattern`` compares the path's
prefix with it, and translated routes are read in it), so :class:`KeptResolver` keeps
what it found for each (language, path), as many as :data:`KEPT` (the least recently
used go first) of paths up to :data:`LONGEST` characters: a page's address is resolved
once, and so is a new question's, whose seed is in the query string, not the path.
Nothing else changes: the same patterns, the same match, the same ``reverse``; an
address that matches nothing is walked every time and kept nowhere.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.urls import URLPattern, URLResolver
from django.urls.resolvers import LocalePrefixPattern, ResolverMatch

#: Addresses kept per process. The site's own pages in five languages, every drill and
#: rule page among them, are a few hundred; paths made up by a visitor push out the least
#: used and cost a walk, as before.
KEPT = 1024
#: The longest path kept (characters): the site's own are under a hundred, and a made-up
#: path of a few kilobytes is walked, so the kept matches stay under a megabyte or so.
LONGEST = 200


class KeptResolver(URLResolver):
    """``i18n_patterns``'s resolver, whose matches are kept per (language, path)."""

    def __init__(self, localized: URLPattern | URLResolver, kept: int = KEPT) -> None:
        if not isinstance(localized, URLResolver) or not isinstance(
            localized.pattern, LocalePrefixPattern
        ):
            raise TypeError("KeptResolver keeps the resolver of i18n_patterns()")
        super().__init__(
            localized.pattern,
            localized.urlconf_name,
            localized.default_kwargs,
            localized.app_name,
            localized.namespace,
        )
        self.prefix: LocalePrefixPattern = localized.pattern
        # Kept per process. Key: the active language's prefix ("en/") and the path, all
        # that the walk reads. The value is the walk's match, never changed afterwards:
        # the root resolver copies it into the match a request gets. Bounded by ``kept``.
        self.kept = lru_cache(maxsize=kept)(self._walk)

    def resolve(self, path: Any) -> ResolverMatch:  # type: ignore[override]
        path = str(path)
        if len(path) > LONGEST:
            return super().resolve(path)
        return self.kept(self.prefix.language_prefix, path)

    def _walk(self, prefix: str, path: str) -> ResolverMatch:
        """The match of the patterns' own walk (``prefix`` is only the key's part)."""
        return super().resolve(path)
