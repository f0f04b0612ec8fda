"""Every cache a process keeps is bounded (issue 18: a worker's memory must not grow with
the requests it serves). Three checks: a ``functools`` cache without a ``maxsize`` is
allowed only where its key space is finite, and this file says why; each in-memory Django
cache has its own entry limit; and serving drill pages at new seeds, unknown addresses and
bad input grows no module-level dict, list or set and no unbounded cache of the site.
``python -m benchmarks.memory`` measures the result (a worker's RSS)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

import tutor
from tutor.core.kept_awhile import KeptAWhile
from tutor.drills.registry import DRILLS, QuestionDrill

#: The caches without a size limit, each with what it is keyed on and why that is finite.
#: A new ``@cache`` (or ``lru_cache(maxsize=None)``) fails until it is bounded or listed here.
UNBOUNDED: dict[str, str] = {
    "tutor.core.locales.babel_locale": "a language code: the site's five, or Babel's finite list",
    "tutor.core.locales.native_name": "a language code, as babel_locale",
    "tutor.core.locales.language_name": "two language codes, as babel_locale",
    "tutor.core.locales.language_choices": "no arguments",
    "tutor.core.locales.languages": "no arguments",
    "tutor.core.locales.language": "a language code of the registry (others raise, not kept)",
    "tutor.words.phrases._parser": "a BudouX parser's name: only 'ja' (others raise)",
    "tutor.core.zones.zone_choices": "no arguments",
    "tutor.core.zones.zone_names": "no arguments",
    "tutor.engine.census.holdem_classes": "a tuple of ranks: the site passes all thirteen",
    "tutor.engine.census.holdem_counts": "a tuple of ranks, as holdem_classes",
    "tutor.engine.census._teenpatti_hands": "a tuple of ranks, as holdem_classes",
    "tutor.engine.tp_rtp.main_outcome_counts": "a tuple of ranks, as holdem_classes",
    "tutor.engine.tp_rtp.three_card_counts": "a tuple of ranks, as holdem_classes",
    "tutor.engine.tp_rtp.bonus_counts": "a tuple of ranks, as holdem_classes",
    "tutor.engine.tp2020._return_to_player": "paytables: the site has only the default ones",
    "tutor.rules.chart.holdem_chart": "the page language: five",
    "tutor.rules.chart.teenpatti_chart": "the page language: five",
    "tutor.table.layout._arc": "a table shape: layout.SHAPES, two",
    "tutor.translations.rendered.allowed_for": "the page language: five",
}

#: Module-level containers that a module bounds itself, each with the constant that bounds it.
BOUNDED_BY_HAND: dict[str, str] = {
    "tutor.drills.tournament.replay._RUNS": "tutor.drills.tournament.replay._RUNS_KEPT",
    "tutor.quizzes.board._kept": "tutor.quizzes.board.KEPT_BOARDS",
    "tutor.quizzes.console_kept._kept": "tutor.quizzes.console_kept.KEPT",
}


def _modules() -> Iterator[Any]:
    for info in pkgutil.walk_packages(tutor.__path__, "tutor."):
        if ".migrations" not in info.name and not info.name.endswith("__main__"):
            yield importlib.import_module(info.name)


def _functools_caches() -> dict[str, Callable[..., Any]]:
    """Every ``functools`` cache defined in the site's modules (and their classes' methods),
    by dotted name."""
    found: dict[str, Callable[..., Any]] = {}
    for module in _modules():
        for name, value in vars(module).items():
            members = [(name, value)]
            if inspect.isclass(value) and value.__module__ == module.__name__:
                members += [
                    (f"{name}.{k}", getattr(v, "__func__", v)) for k, v in vars(value).items()
                ]
            for member, item in members:
                if hasattr(item, "cache_parameters") and item.__module__ == module.__name__:
                    found[f"{module.__name__}.{member}"] = item
    return found


def test_every_cache_without_a_size_limit_has_a_finite_key_space_named_here() -> None:
    caches = _functools_caches()
    unbounded = {name for name, f in caches.items() if f.cache_parameters()["maxsize"] is None}
    assert unbounded - UNBOUNDED.keys() == set(), (
        "a cache without maxsize: bound it (lru_cache(maxsize=...), with a comment on why that "
        "size), or list it in UNBOUNDED with why its key space is finite"
    )
    assert UNBOUNDED.keys() - unbounded == set(), "listed in UNBOUNDED but gone or bounded now"


def test_every_in_memory_django_cache_has_its_own_entry_limit() -> None:
    for alias, cache in settings.CACHES.items():
        if cache["BACKEND"].endswith(("LocMemCache", "KeptCache")):
            limit = cache.get("OPTIONS", {}).get("MAX_ENTRIES")
            assert isinstance(limit, int) and 0 < limit <= 10_000, alias


def _containers() -> dict[str, int]:
    """The size of every module-level dict, list, set and ``KeptAWhile`` of the site, and
    of every unbounded functools cache."""
    sizes = {}
    for module in _modules():
        for name, value in vars(module).items():
            if isinstance(value, dict | list | set | KeptAWhile):
                sizes[f"{module.__name__}.{name}"] = len(value)
    for name, function in _functools_caches().items():
        if function.cache_parameters()["maxsize"] is None:
            sizes[name] = function.cache_info().currsize
    return sizes


def _visit(client: Client, first_seed: int) -> None:
    """Every question drill at every level at a new seed, and bad input, in two languages."""
    for language in ("en", "ja"):
        for slug, drill in DRILLS.items():
            if not isinstance(drill, QuestionDrill):
                continue
            for number, level in enumerate(drill.levels):
                seed = first_seed + number
                assert (
                    client.get(f"/{language}/drills/{slug}/?level={level}&seed={seed}").status_code
                    == 200
                )
            client.get(f"/{language}/drills/{slug}/?level=nope&seed=x{first_seed}")
        client.get(f"/{language}/no-such-page-{first_seed}/")
        client.get(f"/{language}/join/Q{first_seed % 100_000:05d}/")


@pytest.mark.slow
def test_new_seeds_and_bad_input_grow_no_module_level_container() -> None:
    client = Client()
    _visit(client, 1_000)  # every table and fragment a drill builds on first use
    before = _containers()
    _visit(client, 2_000_000)  # the same pages and input at new seeds and addresses
    grown = {
        name: (before.get(name, 0), size)
        for name, size in _containers().items()
        if size > before.get(name, 0)
    }
    unbounded = {name: sizes for name, sizes in grown.items() if name not in BOUNDED_BY_HAND}
    assert unbounded == {}, "grows with each new seed or address: bound it"
    for name, bound in BOUNDED_BY_HAND.items():  # those that may grow say up to what
        module, _, constant = bound.rpartition(".")
        limit = getattr(importlib.import_module(module), constant)
        assert isinstance(limit, int) and _containers()[name] <= limit, name
