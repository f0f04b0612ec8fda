"""The extraction pipeline: new, changed and removed segments, and the English fallback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.rules import catalogs, render
from tutor.rules.documents import Document
from tutor.rules.segments import extract_segments

MASTER = """# Test page {#top}

## First section {#first}

The first paragraph.

- An item with *emphasis*.
- Another item.

::: sequence-order

| Hand | Note |
| --- | --- |
| Pair | Two cards of one rank. |

## Second section {#second}

A paragraph to be changed slightly later.

A paragraph to be removed.
"""


@pytest.fixture
def doc(tmp_path: Path, settings) -> Document:  # type: ignore[no-untyped-def]
    settings.BASE_DIR = tmp_path
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    master = tmp_path / "content" / "test.md"
    master.parent.mkdir()
    master.write_text(MASTER, encoding="utf-8")
    render._render.cache_clear()
    yield Document("test", "content/test.md", "test-doc", "Test")
    render._render.cache_clear()


def load(tmp_path: Path, language: str = "cs"):  # type: ignore[no-untyped-def]
    path = tmp_path / "locale" / language / "LC_MESSAGES" / "test-doc.po"
    return catalogs.read_catalog(path, language, "test-doc")


def test_segments_one_message_per_block() -> None:
    ids = [s.msgid for s in extract_segments(MASTER)]
    assert ids == [
        "Test page",
        "First section",
        "The first paragraph.",
        "An item with *emphasis*.",
        "Another item.",
        "Hand",
        "Note",
        "Pair",
        "Two cards of one rank.",
        "Second section",
        "A paragraph to be changed slightly later.",
        "A paragraph to be removed.",
    ]


def test_segments_name_their_section() -> None:
    segment = next(s for s in extract_segments(MASTER) if s.msgid == "Pair")
    assert segment.section == "First section"
    assert segment.kind == "cell"


def test_extract_new_changed_removed(doc: Document, tmp_path: Path) -> None:
    catalogs.update_catalogs([doc])
    catalog = load(tmp_path)
    assert catalog.get("The first paragraph.").string == ""
    assert "Section: First section (paragraph)" in catalog.get("The first paragraph.").auto_comments
    # A translator translates two messages.
    catalog.get("The first paragraph.").string = "První odstavec."
    catalog.get(
        "A paragraph to be changed slightly later."
    ).string = "Odstavec, který se později změní."
    path = tmp_path / "locale" / "cs" / "LC_MESSAGES" / "test-doc.po"
    path.write_bytes(catalogs.render_po(catalog))

    # The master changes: one paragraph edited, one removed, one added.
    master = doc.path.read_text(encoding="utf-8")
    master = master.replace("changed slightly later.", "changed a little later.")
    master = master.replace("A paragraph to be removed.\n", "A brand new paragraph.\n")
    doc.path.write_text(master, encoding="utf-8")
    assert catalogs.update_catalogs([doc], check=True)  # out of step now
    catalogs.update_catalogs([doc])

    catalog = load(tmp_path)
    changed = catalog.get("A paragraph to be changed a little later.")
    assert changed.fuzzy
    assert changed.previous_id == ["A paragraph to be changed slightly later."]
    assert changed.string == "Odstavec, který se později změní."
    new = catalog.get("A brand new paragraph.")
    assert new.string == "" and not new.fuzzy
    assert "A paragraph to be removed." in catalog.obsolete
    assert catalog.get("The first paragraph.").string == "První odstavec."
    assert catalogs.update_catalogs([doc], check=True) == []  # in step again
    assert '#| msgid "A paragraph to be changed slightly later."' in path.read_text(
        encoding="utf-8"
    )


def test_fallback_for_fuzzy_and_untranslated(doc: Document, tmp_path: Path, settings) -> None:  # type: ignore[no-untyped-def]
    catalogs.update_catalogs([doc])
    catalog = load(tmp_path)
    for message in catalog:
        if message.id and message.id != "The first paragraph.":
            message.string = f"CS {message.id}"
    catalog.get("Another item.").flags.add("fuzzy")
    path = tmp_path / "locale" / "cs" / "LC_MESSAGES" / "test-doc.po"
    path.write_bytes(catalogs.render_po(catalog))

    page = render.render_document(doc, "cs")
    html = str(page.html)
    assert '<p lang="en" class="untranslated">The first paragraph.' in html
    assert '<li lang="en" class="untranslated">Another item.' in html
    assert "CS An item with <em>emphasis</em>." in html
    assert 'class="fallback-mark" lang="cs"' in html
    assert page.translated == page.total - 2
    assert not page.complete
    assert '<h2 id="first">CS First section</h2>' in html


def test_language_neutral_links_get_the_prefix(doc: Document) -> None:
    doc.path.write_text("# T\n\nSee [the glossary](/glossary/) and [x](https://example.org/).\n")
    html = str(render.render_document(doc, "ja").html)
    assert 'href="/ja/glossary/"' in html
    assert 'href="https://example.org/"' in html


def test_long_changed_segment_keeps_its_previous_text_readable(
    doc: Document, tmp_path: Path
) -> None:
    """Babel wraps "#| msgid" comments at 76 columns; the catalog must still read back."""
    long_old = "A paragraph to be changed slightly later. " + "It goes on and on, " * 8 + "end."
    master = doc.path.read_text(encoding="utf-8")
    doc.path.write_text(master.replace("A paragraph to be changed slightly later.", long_old))
    catalogs.update_catalogs([doc])
    catalog = load(tmp_path)
    catalog.get(long_old).string = "Dlouhý odstavec."
    path = tmp_path / "locale" / "cs" / "LC_MESSAGES" / "test-doc.po"
    path.write_bytes(catalogs.render_po(catalog))
    doc.path.write_text(
        master.replace("A paragraph to be changed slightly later.", long_old + " Now.")
    )
    catalogs.update_catalogs([doc])
    changed = load(tmp_path).get(long_old + " Now.")
    assert changed.fuzzy and changed.previous_id == [long_old]
    assert f'#| msgid "{long_old}"\n' in path.read_text(encoding="utf-8")
    assert catalogs.update_catalogs([doc], check=True) == []
