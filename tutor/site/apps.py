from pathlib import Path
from typing import Any

from django.apps import AppConfig


def forget_fragments(sender: Any, file_path: Path, **kwargs: Any) -> None:
    """In development, an edited template or catalog must show at once: drop the rendered
    fragments kept in this process (the autoreloader reloads the templates themselves)."""
    from django.core.cache import caches

    if file_path.suffix in {".html", ".mo", ".po"}:
        caches["local"].clear()


class SiteConfig(AppConfig):
    name = "tutor.site"
    label = "site"

    def ready(self) -> None:
        from django.utils.autoreload import file_changed

        from .catalogs import install

        install()
        file_changed.connect(forget_fragments, dispatch_uid="tutor.site.forget_fragments")
