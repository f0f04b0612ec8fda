"""The kept matches of the URL resolver (tutor/core/kept_routes.py): every address resolves
as Django's walk through every pattern resolves it, in every language, the first time and
from the kept match; a language or an address that matches nothing is never kept; the
number kept is bounded."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf.urls.i18n import is_language_prefix_patterns_used
from django.urls import NoReverseMatch, Resolver404, get_resolver, resolve, reverse
from django.utils import translation

from tests.core.test_url_names import names
from tests.quizzes.test_student_route import WALK, shape
from tutor.core.kept_routes import LONGEST, KeptResolver
from tutor.drills.registry import DRILLS
from tutor.urls import localized

LANGUAGES = ["en", "bn", "hi", "ja", "cs"]


def kept() -> KeptResolver:
    return next(p for p in get_resolver().url_patterns if isinstance(p, KeptResolver))


def addresses() -> Iterator[str]:
    """Every address of the site that needs no argument, and every drill page."""
    for name in sorted(set(names(get_resolver().url_patterns))):
        try:
            yield reverse(name)
        except NoReverseMatch:
            continue  # it needs arguments
    for slug in DRILLS:
        yield reverse("drills:drill", args=[slug])


def test_the_site_keeps_the_language_prefixed_patterns_matches() -> None:
    resolver = kept()
    assert resolver.url_patterns == localized[0].url_patterns
    # What LocaleMiddleware and translate_url ask of the URLconf is unchanged.
    assert is_language_prefix_patterns_used(None) == (True, True)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_address_resolves_as_the_walk_does(language: str) -> None:
    with translation.override(language):
        paths = list(addresses())
        assert len(paths) > 60
        for path in paths:
            walked = shape(path, WALK)
            assert shape(path) == walked, path  # walked, then kept
            assert shape(path) == walked, path  # from the kept match


def test_a_match_is_kept_per_language() -> None:
    resolver = KeptResolver(localized[0])
    with translation.override("cs"):
        path = reverse("drills:drill", args=["holdem-showdown"])[1:]
        assert resolver.resolve(path).kwargs == {"slug": "holdem-showdown"}
        assert resolver.kept.cache_info().currsize == 1
    with translation.override("en"), pytest.raises(Resolver404):
        resolver.resolve(path)  # a Czech address while English is active: no match
    assert resolver.kept.cache_info().currsize == 1


def test_an_address_that_matches_nothing_is_not_kept() -> None:
    resolver = KeptResolver(localized[0])
    with translation.override("en"):
        for _ in range(3):
            with pytest.raises(Resolver404) as raised:
                resolver.resolve("en/no-such-page/")
            assert raised.value.args[0]["tried"]  # what the 404 page in DEBUG lists
        assert resolver.kept.cache_info().currsize == 0
        with pytest.raises(Resolver404):
            resolve("/en/no-such-page/")


def test_the_kept_matches_are_bounded() -> None:
    resolver = KeptResolver(localized[0], kept=4)
    slugs = list(DRILLS)[:10]
    with translation.override("en"):
        for slug in slugs * 2:
            match = resolver.resolve(f"en/drills/{slug}/")
            assert match.kwargs == {"slug": slug}
    assert resolver.kept.cache_info().currsize == 4


def test_a_long_path_is_walked_and_not_kept() -> None:
    resolver = KeptResolver(localized[0])
    slug = "x" * LONGEST
    with translation.override("en"):
        assert resolver.resolve(f"en/drills/{slug}/").kwargs == {"slug": slug}
    assert resolver.kept.cache_info().currsize == 0


def test_only_the_language_prefixed_resolver_is_kept() -> None:
    with pytest.raises(TypeError):
        KeptResolver(localized[0].url_patterns[0])
