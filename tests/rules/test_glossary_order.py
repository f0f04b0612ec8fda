"""The glossary in each language's own order (tutor/rules/glossary.py): ICU's collation of
the translated terms, Japanese by reading, English as the master has it."""

from __future__ import annotations

import html
import re
import tomllib
import unicodedata

import pytest
from django.test import Client

from tests.conftest import TRANSLATED
from tutor.core.collation import sorted_by_language
from tutor.rules import glossary, render
from tutor.rules.documents import DOCUMENTS
from tutor.rules.render import translations
from tutor.rules.segments import markdown, split_anchor
from tutor.words.typography import NBSP

DOCUMENT = DOCUMENTS[glossary.SLUG]
HEADING = re.compile(r'<h2 id="([^"]+)">(.*?)</h2>', re.DOTALL)


def _plain(fragment: str) -> str:
    text = html.unescape(re.sub(r"<[^>]+>", "", fragment)).replace(NBSP, " ")
    return text.removesuffix(" (not yet translated)").strip()


def _article(page: str) -> str:
    return page[page.index("<article") : page.index("</article>")]


def _entries(article: str) -> list[tuple[str, str, str]]:
    """(anchor, term, the entry's whole HTML) in page order."""
    marks = list(HEADING.finditer(article))
    ends = [m.start() for m in marks[1:]] + [len(article)]
    return [
        (m[1], _plain(m[2]), article[m.start() : end]) for m, end in zip(marks, ends, strict=True)
    ]


def _master_anchors() -> list[str]:
    tokens = markdown().parse(DOCUMENT.path.read_text(encoding="utf-8"))
    return [
        str(split_anchor(tokens[i + 1].content)[1])
        for i, t in enumerate(tokens)
        if t.type == "heading_open" and t.tag == "h2"
    ]


def _readings() -> dict[str, dict[str, str]]:
    with glossary.readings_path().open("rb") as fh:
        return tomllib.load(fh)


def _expected(entries: list[tuple[str, str, str]], language: str) -> list[str]:
    """ICU's order of the terms on the page, read from the readings file for Japanese."""
    readings = _readings() if language == "ja" else {}

    def text(entry: tuple[str, str, str]) -> str:
        anchor, term, _ = entry
        reading = readings.get(anchor, {})
        return reading["reading"] if reading.get("term") == term else term

    return [anchor for anchor, _, _ in sorted_by_language(entries, language, key=text)]


@pytest.mark.parametrize("language", TRANSLATED)
def test_glossary_is_in_the_languages_order(client: Client, language: str) -> None:
    page = client.get(f"/{language}/glossary/").content.decode()
    entries = _entries(_article(page))
    anchors = [anchor for anchor, _, _ in entries]
    assert sorted(anchors) == sorted(_master_anchors())  # every term exactly once
    assert anchors == _expected(entries, language)
    assert anchors != _master_anchors()  # the English order would show here


def test_english_glossary_keeps_the_masters_order(client: Client) -> None:
    page = client.get("/en/glossary/").content.decode()
    assert [anchor for anchor, _, _ in _entries(_article(page))] == _master_anchors()


@pytest.mark.parametrize("language", TRANSLATED)
def test_table_of_contents_follows_the_sorted_order(client: Client, language: str) -> None:
    page = client.get(f"/{language}/glossary/").content.decode()
    toc = page[page.index('id="toc-title"') : page.index("<article")]
    listed = re.findall(r'<a href="#([^"]+)">', toc)
    assert listed == [anchor for anchor, _, _ in _entries(_article(page))]


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_definition_is_still_there_once(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sorted page holds the same entries, whole, as the page in the master's order."""
    sorted_html = str(render.render_document(DOCUMENT, language).html)
    monkeypatch.setattr(
        glossary, "in_language_order", lambda tokens, toc, _language: (tokens, list(toc))
    )
    unsorted = render._render.__wrapped__(DOCUMENT, language, -1.0, -1.0, -1.0)
    entries, before = _entries(sorted_html), _entries(str(unsorted.html))
    assert [a for a, _, _ in before] == _master_anchors()
    assert sorted(e[2].strip() for e in entries) == sorted(e[2].strip() for e in before)
    assert (
        sorted_html[: sorted_html.index("<h2")]
        == str(unsorted.html)[: str(unsorted.html).index("<h2")]
    )


def test_czech_ch_comes_after_h() -> None:
    md = markdown()
    tokens = md.parse(
        "# Slovník\n\n## Chyba\n\nC.\n\n## Hra\n\nH.\n\n## Cena\n\nA.\n\n## Dáma\n\nD.\n"
    )
    for index, token in enumerate(tokens):
        if token.type == "heading_open":
            token.attrSet("id", tokens[index + 1].content.lower())
            tokens[index + 1].children = md.parseInline(tokens[index + 1].content)[0].children
    ordered, _ = glossary.in_language_order(tokens, [], "cs")
    terms = [
        glossary.heading_text(ordered[i + 1])
        for i, t in enumerate(ordered)
        if t.tag == "h2" and t.nesting == 1
    ]
    assert terms == ["Cena", "Dáma", "Hra", "Chyba"]
    assert sorted(terms) != terms  # code-point order puts Chyba before Dáma


def _is_kana(text: str) -> bool:
    return all(
        unicodedata.name(ch, "").startswith(("HIRAGANA", "KATAKANA")) or ch == "ー" for ch in text
    )


def test_every_japanese_term_written_with_kanji_has_its_reading() -> None:
    terms = translations("ja", DOCUMENT.domain)
    tokens = markdown().parse(DOCUMENT.path.read_text(encoding="utf-8"))
    readings = _readings()
    missing = []
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h2":
            english, anchor = split_anchor(tokens[index + 1].content)
            term = terms.get(english, "")
            if glossary.needs_reading(term) and readings.get(str(anchor), {}).get("term") != term:
                missing.append((anchor, term))
    assert missing == []
    assert any(glossary.needs_reading(term) for term in terms.values())


def test_japanese_readings_are_kana_and_read_the_current_terms() -> None:
    terms = translations("ja", DOCUMENT.domain)
    master = dict(zip(_master_anchors(), _english_terms(), strict=True))
    for anchor, entry in _readings().items():
        assert _is_kana(entry["reading"]), anchor
        assert terms.get(master[anchor]) == entry["term"], f"stale reading: {anchor}"


def _english_terms() -> list[str]:
    tokens = markdown().parse(DOCUMENT.path.read_text(encoding="utf-8"))
    return [
        split_anchor(tokens[i + 1].content)[0]
        for i, t in enumerate(tokens)
        if t.type == "heading_open" and t.tag == "h2"
    ]
