"""The development server sees an edited catalog without a restart: it watches the `.po`
files, compiles the one edited and forgets the text kept in the process."""

from __future__ import annotations

import os
from io import StringIO
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.utils import autoreload, translation

from tests.translations.test_checks import HEADER, po_entry
from tutor.core.kept_text import kept_caches
from tutor.drills import written
from tutor.rules import chart, render
from tutor.site.templatetags import tutor as tags

MSGID = "A sentence only this test translates."


def write(locale_dir: Path, translation_: str) -> Path:
    po = locale_dir / "cs" / "LC_MESSAGES" / "django.po"
    po.parent.mkdir(parents=True, exist_ok=True)
    po.write_text(HEADER + po_entry(MSGID, translation_), "utf-8")
    return po


def czech() -> str:
    with translation.override("cs"):
        return translation.gettext(MSGID)


def test_dev_server_watches_the_catalogs(tmp_path: Path, settings: Any) -> None:
    po = write(tmp_path, "První věta.")
    settings.LOCALE_PATHS = [tmp_path]
    reloader = autoreload.StatReloader()
    autoreload.autoreload_started.send(sender=reloader)
    assert po in set(reloader.watched_files())


def test_an_edited_catalog_is_seen_without_a_restart(tmp_path: Path, settings: Any) -> None:
    po = write(tmp_path, "První věta.")
    settings.LOCALE_PATHS = [tmp_path]
    call_command("compilecatalogs", stdout=StringIO(), stderr=StringIO())
    assert czech() == "První věta."
    with translation.override("cs"):
        tags.render_card("As")
    assert tags._card_html.cache_info().currsize > 0
    write(tmp_path, "Druhá věta.")
    os.utime(po, (po.stat().st_mtime + 5, po.stat().st_mtime + 5))
    # A receiver that did not handle the change would make the reloader restart the
    # process (SystemExit): the edit is compiled and taken in place instead.
    autoreload.StatReloader().notify_file_changed(po)
    assert czech() == "Druhá věta."
    assert tags._card_html.cache_info().currsize == 0


def test_a_catalog_compiled_by_hand_forgets_the_kept_text(tmp_path: Path, settings: Any) -> None:
    po = write(tmp_path, "První věta.")
    settings.LOCALE_PATHS = [tmp_path]
    call_command("compilecatalogs", stdout=StringIO(), stderr=StringIO())
    with translation.override("cs"):
        tags.render_card("Kd")
    assert tags._card_html.cache_info().currsize > 0
    autoreload.StatReloader().notify_file_changed(po.with_suffix(".mo"))
    assert tags._card_html.cache_info().currsize == 0


def test_broken_edit_is_named_and_the_rest_still_compiles(
    tmp_path: Path, settings: Any, capsys: Any
) -> None:
    po = write(tmp_path, "První věta.")
    settings.LOCALE_PATHS = [tmp_path]
    call_command("compilecatalogs", stdout=StringIO(), stderr=StringIO())
    po.write_text(
        HEADER + po_entry(MSGID, "Druhá věta.") + po_entry("Read <b>this</b>.", "Čti <b>to</i>."),
        "utf-8",
    )
    os.utime(po, (po.stat().st_mtime + 5, po.stat().st_mtime + 5))
    autoreload.StatReloader().notify_file_changed(po)
    assert czech() == "Druhá věta."
    line = po.read_text("utf-8").splitlines().index('msgid "Read <b>this</b>."') + 1
    assert f'{po}:{line}: msgid "Read <b>this</b>.": "</i>" closes "<b>"' in capsys.readouterr().err


def test_every_cache_of_rendered_text_is_forgotten() -> None:
    """The caches holding interface text: card markup, rule pages with their engine
    examples, the hand-rankings charts, shared drills' grades."""
    kept = set(kept_caches())
    assert {tags._card_html, tags._cards_html, tags._card_item} <= kept
    assert {render._render, render._render_sections} <= kept
    assert {chart.holdem_chart, chart.teenpatti_chart, written._grade_shared} <= kept
