"""The development server sees an edited catalog without a restart.

``make run`` compiles the catalogs before it starts the server; after that, the
autoreloader watches every ``locale/<ll>/LC_MESSAGES/*.po`` too (Django watches only the
``.mo`` files). When one is saved, :func:`catalog_changed` compiles it (naming each
refused entry on the terminal, as ``compilecatalogs`` does), has Django read the
catalogs again and forgets the text the process keeps (``tutor.core.kept_text``: rule
pages, charts, card markup; the ``local`` fragments): the next page shows the edit. A
``.mo`` compiled by hand is taken the same way. Only the development server's
autoreloader sends these signals; nothing here runs in production.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from babel.messages.pofile import PoFileError
from django.conf import settings
from django.core.cache import caches
from django.utils.translation.reloader import translation_file_changed

from tutor.core.kept_text import forget_kept_text

from .compiling import compile_catalog, due, label


def _locale_dir(path: Path) -> Path | None:
    """The ``LOCALE_PATHS`` entry ``path`` is a catalog of, if any."""
    for locale_dir in map(Path, settings.LOCALE_PATHS):
        if path.parent.parent.parent == locale_dir and path.parent.name == "LC_MESSAGES":
            return locale_dir
    return None


def watch_catalogs(sender: Any, **kwargs: Any) -> None:
    """``autoreload_started``: watch the ``.po`` files of the site's catalogs."""
    for locale_dir in map(Path, settings.LOCALE_PATHS):
        sender.watch_dir(locale_dir, "*/LC_MESSAGES/*.po")


def forget_text() -> None:
    """Every translation the process has read or kept: Django's catalogs and ours."""
    forget_kept_text()
    caches["local"].clear()


def recompile(po_path: Path, locale_dir: Path) -> None:
    """Compile one edited catalog, naming on the terminal what it refuses."""
    mo_path = po_path.with_suffix(".mo")
    if not due(po_path, mo_path):
        return
    try:
        refused = compile_catalog(po_path, mo_path, str(po_path))
    except (PoFileError, OSError, ValueError) as error:
        sys.stderr.write(f"{label(po_path, locale_dir)}: not compiled: {error}\n")
        return
    for line in refused:
        sys.stderr.write(line + "\n")
    sys.stderr.write(f"Compiled {label(po_path, locale_dir)} ({len(refused)} refused).\n")


def catalog_changed(sender: Any, file_path: Path, **kwargs: Any) -> bool | None:
    """``file_changed``: an edited ``.po`` is compiled and taken in place (True: no
    restart needed); a compiled ``.mo`` has the kept text forgotten (Django's own
    receiver reads its catalogs again)."""
    path = Path(file_path)
    locale_dir = _locale_dir(path)
    if locale_dir is None or path.suffix not in {".po", ".mo"}:
        return None
    if path.suffix == ".po":
        recompile(path, locale_dir)
        translation_file_changed(sender, file_path=path.with_suffix(".mo"))
    forget_text()
    return path.suffix == ".po" or None
