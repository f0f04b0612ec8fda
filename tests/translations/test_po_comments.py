"""`make messages` keeps what translators wrote: their comments above an entry and the
translations of removed strings (as obsolete `#~` entries)."""

from __future__ import annotations

import shutil
import subprocess
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from tutor.translations.po_comments import restore_comments

OLD = """msgid ""
msgstr ""

#. Translators: a button.
#. A note the Czech team wrote: keep it short.
#: templates/a.html
msgid "Fold"
msgstr "Složit"

#: templates/a.html
msgctxt "poker action"
msgid ""
"Call the "
"bet"
msgstr "Dorovnat"
"""

NEW = """msgid ""
msgstr ""

#. Translators: a button.
#: templates/a.html templates/b.html
msgid "Fold"
msgstr "Složit"

#. Translators: the action.
#: templates/a.html
msgctxt "poker action"
msgid "Call the bet"
msgstr "Dorovnat"
"""


def test_restore_puts_back_a_comment_the_merge_dropped() -> None:
    text, restored = restore_comments(OLD, NEW)
    assert restored == 1
    assert (
        "#. Translators: a button.\n#. A note the Czech team wrote: keep it short.\n"
        '#: templates/a.html templates/b.html\nmsgid "Fold"'
    ) in text
    assert text.count("#. Translators: a button.") == 1
    assert restore_comments(NEW, NEW) == (NEW, 0)


def test_restore_keeps_a_developer_comment_that_changed() -> None:
    """A "Translators:" comment comes from the code: the code's new wording wins."""
    old = OLD.replace("#. Translators: a button.", "#. Translators: an old wording.")
    text, _ = restore_comments(old, NEW)
    assert "an old wording" not in text


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("msgmerge") is None, reason="needs GNU gettext")
def test_updatemessages_keeps_comments_and_removed_translations(
    tmp_path: Path, settings: Any, monkeypatch: Any
) -> None:
    """On a copy of the project: a hand-written comment survives, and a string no longer
    in the code keeps its translation as an obsolete entry."""
    base = Path(settings.BASE_DIR)
    for folder in ("tutor", "templates", "locale"):
        shutil.copytree(base / folder, tmp_path / folder, ignore=shutil.ignore_patterns("*.mo"))
    catalog = tmp_path / "locale" / "cs" / "LC_MESSAGES" / "django.po"
    text = catalog.read_text("utf-8")
    text = text.replace(
        'msgid "Not quite."', '#. Czech team: keep this kind.\nmsgid "Not quite."', 1
    )
    text += '\n#: templates/gone.html\nmsgid "A string no longer in the code."\nmsgstr "Už není v kódu."\n'
    catalog.write_text(text, "utf-8")
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    monkeypatch.chdir(tmp_path)
    call_command("updatemessages", "--language", "cs", stdout=StringIO(), stderr=StringIO())
    after = catalog.read_text("utf-8")
    assert "#. Czech team: keep this kind.\n" in after
    assert '#~ msgid "A string no longer in the code."\n#~ msgstr "Už není v kódu."' in after
    subprocess.run(["msgfmt", "--check-format", "-o", "/dev/null", str(catalog)], check=True)
