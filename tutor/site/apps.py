from pathlib import Path
from typing import Any

from django.apps import AppConfig


def forget_fragments(sender: Any, file_path: Path, **kwargs: Any) -> None:
    """In development, an edited template must show at once: drop the rendered fragments
    kept in this process (the autoreloader reloads the templates themselves; an edited
    catalog is ``dev_catalogs.catalog_changed``'s)."""
    from django.core.cache import caches

    if file_path.suffix == ".html":
        caches["local"].clear()


class SiteConfig(AppConfig):
    name = "tutor.site"
    label = "site"

    def ready(self) -> None:
        from django.utils.autoreload import autoreload_started, file_changed

        from tutor.core import kept_pages

        from .catalogs import install
        from .dev_catalogs import catalog_changed, watch_catalogs
        from .typography import typeset_html

        install()
        # A kept page (tutor/core/kept_pages.py) is typeset once, before it is kept.
        kept_pages.finish_with(typeset_html)
        file_changed.connect(forget_fragments, dispatch_uid="tutor.site.forget_fragments")
        autoreload_started.connect(watch_catalogs, dispatch_uid="tutor.site.watch_catalogs")
        file_changed.connect(catalog_changed, dispatch_uid="tutor.site.catalog_changed")
