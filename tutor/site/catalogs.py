"""The interface catalogs as the site loads them: a translation that would not %-format
is left out, so that entry shows its English and the page never fails on it.

``manage.py compilecatalogs`` refuses such entries already; this covers a ``.mo``
compiled elsewhere (``msgfmt`` without ``--check-format``) or copied in afterwards.
Django builds each language's catalog once per process (``trans_real.translation``);
:class:`CheckedTranslation` takes its place there (``SiteConfig.ready``) and checks
the project's own catalogs (``LOCALE_PATHS``) as they are read, logging each entry left
out with its catalog and msgid. The rule pages' segment catalogs are Markdown read by
``tutor.rules.render`` and never %-formatted; their interface words (the charts' "1 in
%(number)s", the card names) come through here.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.translation import to_locale, trans_real

from tutor.core.message_format import compiled_problem

logger = logging.getLogger(__name__)
CONTEXT_SEPARATOR = "\x04"  # gettext writes a msgctxt before the msgid with it


def _describe(key: str) -> str:
    context, _, msgid = key.rpartition(CONTEXT_SEPARATOR)
    text = f"msgid {json.dumps(msgid, ensure_ascii=False)}"
    return f"msgctxt {json.dumps(context, ensure_ascii=False)} {text}" if context else text


def usable(catalog: dict[Any, str], label: str) -> dict[Any, str]:
    """``catalog`` (a compiled catalog's entries, as gettext reads them) without the
    entries that would not %-format; every form of a plural entry goes together."""
    broken: set[str] = set()
    for key, translation in catalog.items():
        plural = isinstance(key, tuple)
        msgid = key[0] if plural else key
        if not msgid or msgid in broken:
            continue
        problem = compiled_problem(
            msgid.rpartition(CONTEXT_SEPARATOR)[2], translation, plural=plural
        )
        if problem:
            broken.add(msgid)
            logger.warning("Left out of %s: %s: %s", label, _describe(msgid), problem)
    if not broken:
        return catalog
    return {k: v for k, v in catalog.items() if (k[0] if isinstance(k, tuple) else k) not in broken}


class CheckedTranslation(trans_real.DjangoTranslation):
    """Django's translation of one language, reading the project's catalogs checked."""

    def _new_gnu_trans(self, localedir: str, use_null_fallback: bool = True) -> Any:
        # Django's one step that reads a compiled file, for every catalog it merges.
        translation = super()._new_gnu_trans(localedir, use_null_fallback)  # type: ignore[misc]
        own = {str(Path(p)) for p in settings.LOCALE_PATHS}
        catalog = getattr(translation, "_catalog", None)
        if catalog and str(Path(localedir)) in own:
            locale = to_locale(self.language())
            label = str(Path(localedir) / locale / "LC_MESSAGES" / f"{self.domain}.mo")
            # gettext keeps one object per file and hands out shallow copies: a new dict
            # for this copy, never a change to the one gettext keeps.
            translation._catalog = usable(catalog, label)
        return translation


def install() -> None:
    """Load every language's interface catalog through :class:`CheckedTranslation`."""
    trans_real.DjangoTranslation = CheckedTranslation  # type: ignore[misc]
    # Forget any language loaded before (by another app's ready()): it loads again, checked.
    getattr(trans_real, "_translations", {}).clear()
