"""The translators' in-context mode (``?translate=1``, tutor/translations/incontext.py):
staff and development get every segment as a span naming its catalog and msgid; anyone
else gets the very same page; no marker character survives in any response."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from html.parser import HTMLParser

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from tests.conftest import LANGUAGES
from tutor.core import markers
from tutor.drills.registry import DRILLS
from tutor.rules.documents import DOCUMENTS
from tutor.rules.segments import extract_segments
from tutor.translations import segment_html
from tutor.translations.incontext import COOKIE
from tutor.words.typography import typeset

# Marker characters, raw (UTF-8) or escaped as JSON and HTML would write them.
MARKER = re.compile(
    rb"\xee\x80[\x80-\x82\x90-\x99]|\\u[eE]0(?:0[0-2]|1[0-9])|&#[xX][eE]0(?:0[0-2]|1[0-9]);"
)
# The per-response random parts of a page: the masked CSRF token, the seeds of fresh
# questions in links, the time in signed question tokens.
RANDOM = re.compile(
    rb'("X-CSRFToken": "|name="csrfmiddlewaretoken" value=")[^"]+|(seed=)\d+'
    rb"|(:)[\w-]{6}:[\w-]{43}\b"
)
DRILL = next(iter(DRILLS.values()))


def staff_client() -> Client:
    user = get_user_model().objects.create_user("editor", password="x", is_staff=True)
    client = Client()
    client.force_login(user)
    return client


def spans(html: str) -> list[dict[str, str]]:
    """The attributes of every segment span of a page."""
    return [
        dict(re.findall(r'(data-[a-z]+)="([^"]*)"', tag))
        for tag in re.findall(r'<span class="tr-seg"[^>]*>', html)
    ]


def translated(language: str, message: object) -> str:
    with translation.override(language):
        return str(message)


class SpanNesting(HTMLParser):
    """Fails on a ``</span>`` that closes anything but the innermost open span."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "span":
            self.open.append(dict(attrs).get("class") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "span":
            assert self.open, "a </span> with no open span"
            self.open.pop()


def well_nested(html: str) -> bool:
    checker = SpanNesting()
    checker.feed(html)
    checker.close()
    return not checker.open


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["cs", "ja"])
def test_staff_see_the_drill_title_as_a_django_segment(language: str) -> None:
    client = staff_client()
    page = f"/{language}/drills/{DRILL.slug}/?level=easy&seed=1&translate=1"
    html = client.get(page).content.decode()
    msgid = translated("en", DRILL.title)
    found = [s for s in spans(html) if s["data-msgid"] == escape(msgid)]
    assert found and found[0]["data-catalog"] == "django"
    assert found[0]["data-file"] == f"locale/{language}/LC_MESSAGES/django.po"
    text = typeset(escape(translated(language, DRILL.title)), language)
    assert f'data-msgid="{escape(msgid)}">{text}</span>' in html
    assert well_nested(html)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["cs", "ja"])
def test_staff_see_rule_page_segments_with_their_catalog(language: str) -> None:
    document = DOCUMENTS["texas-holdem"]
    client = staff_client()
    html = client.get(f"/{language}/rules/{document.slug}/?translate=1").content.decode()
    msgids = {escape(s.msgid) for s in extract_segments(document.path.read_text("utf-8"))}
    segments = [s for s in spans(html) if s["data-catalog"] == document.domain]
    assert len(segments) > 20
    assert {s["data-msgid"] for s in segments} <= msgids
    assert segments[0]["data-file"] == f"locale/{language}/LC_MESSAGES/{document.domain}.po"
    assert well_nested(html)


@pytest.mark.django_db
def test_development_offers_the_mode_to_anyone(client: Client, settings: object) -> None:
    settings.DEBUG = True  # type: ignore[attr-defined]
    html = client.get("/hi/drills/?translate=1").content.decode()
    assert spans(html)
    assert 'class="tr-banner"' in html


def without_csrf(content: bytes) -> bytes:
    return RANDOM.sub(rb"\1\2\3", content)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    ["/cs/drills/", f"/hi/drills/{DRILL.slug}/?level=easy&seed=2", "/ja/rules/texas-holdem/"],
)
def test_anyone_else_gets_the_same_page_with_the_parameter_or_without(path: str) -> None:
    user = get_user_model().objects.create_user("pupil", password="x")
    signed_in = Client()
    signed_in.force_login(user)
    for client in (Client(), signed_in):
        plain = client.get(path)
        asked = client.get(f"{path}{'&' if '?' in path else '?'}translate=1")
        assert asked.status_code == plain.status_code == 200
        assert without_csrf(asked.content) == without_csrf(plain.content)
        assert asked.get("Set-Cookie") == plain.get("Set-Cookie")
        assert not client.cookies.get(COOKIE)


PAGES = [
    "/en/",
    "/cs/drills/",
    f"/ja/drills/{DRILL.slug}/?level=easy&seed=3",
    f"/hi/drills/{DRILL.slug}/?level=easy&seed=4",
    "/bn/rules/",
    "/cs/rules/teen-patti-20-20/",
    "/ja/rules/hand-rankings/",
    "/hi/glossary/",
    "/cs/learn/",
    "/ja/quizzes/",
    "/bn/translations/",
    "/cs/join/",
    "/ja/no-such-page/",
]


@pytest.mark.django_db
def test_no_marker_survives_in_any_response() -> None:
    client = staff_client()
    client.get("/en/?translate=1")
    for path in PAGES:
        response = client.get(path)
        assert not MARKER.search(response.content), path
        assert not any(MARKER.search(v.encode()) for v in response.headers.values()), path
        if response.status_code == 200:
            html = response.content.decode()
            assert spans(html), path
            assert well_nested(html), path
            assert "tr-seg" not in html.split("</title>")[0], path  # not in the head
    fragment = client.get(
        f"/cs/drills/{DRILL.slug}/?level=easy&seed=1", headers={"HX-Request": "true"}
    )
    assert not MARKER.search(fragment.content)


@pytest.mark.django_db
def test_the_mode_marks_nothing_that_a_cache_keeps() -> None:
    """A normal visitor after a marked page, in the same process, gets plain pages."""
    anonymous = Client()
    before = {path: without_csrf(anonymous.get(path).content) for path in PAGES[:8]}
    client = staff_client()
    for path in PAGES[:8]:
        client.get(f"{path}{'&' if '?' in path else '?'}translate=1")
    for path in PAGES[:8]:
        after = anonymous.get(path).content
        assert not MARKER.search(after), path
        assert without_csrf(after) == before[path], path


@pytest.mark.django_db
def test_the_mode_is_kept_while_browsing_and_turns_off() -> None:
    client = staff_client()
    assert not spans(client.get("/cs/drills/").content.decode())
    client.get("/cs/drills/?translate=1")
    assert client.cookies[COOKIE].value == "1"
    kept = client.get("/ja/rules/")
    assert spans(kept.content.decode())
    assert "no-store" in kept["Cache-Control"]
    off = client.get("/ja/rules/?translate=0")
    assert not spans(off.content.decode())
    assert 'class="tr-banner"' not in off.content.decode()
    assert client.cookies[COOKIE].value == ""  # deleted
    assert not spans(client.get("/cs/drills/").content.decode())


@pytest.mark.django_db
def test_signing_out_ends_the_mode() -> None:
    client = staff_client()
    client.get("/cs/drills/?translate=1")
    client.logout()
    page = client.get("/cs/drills/")
    assert not spans(page.content.decode())
    assert not MARKER.search(page.content)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_banner_says_the_mode_is_on_in_each_language(language: str) -> None:
    client = staff_client()
    html = client.get(f"/{language}/drills/?level=1&translate=1").content.decode()
    banner = html.split('<aside class="tr-banner"', 1)[1].split("</aside>", 1)[0]
    with translation.override(language):
        title = typeset(escape(translation.gettext("Translation mode is on.")), language)
        off = typeset(escape(translation.gettext("Turn translation mode off")), language)
    assert f'data-msgid="Translation mode is on.">{title}</span>' in banner
    assert off in banner
    assert f'href="/{language}/drills/?level=1&amp;translate=0"' in banner


def test_markers_are_only_made_while_the_mode_is_on() -> None:
    source = markers.Source("django", "cs", "", "Fold")
    assert markers.frame("Složit", source) == "Složit"
    token = markers.start()
    try:
        framed = markers.frame("Složit", source)
        with translation.override("cs"):
            marked = translation.gettext("Drills")
    finally:
        markers.stop(token)
    assert framed != "Složit" and "Složit" in framed
    assert marked.startswith(markers.OPEN) and marked.endswith(markers.CLOSE)
    with translation.override("cs"):
        assert markers.OPEN not in translation.gettext("Drills")


def marked(index: int, text: str) -> str:
    return f"{markers.OPEN}{markers.encode(index)}{markers.SEP}{text}{markers.CLOSE}"


SOURCES = [
    markers.Source("django", "cs", "", "%(name)s folds"),
    markers.Source("django", "cs", "poker action", "Fold"),
    markers.Source("rules-holdem", "cs", "", 'Say "<b>"'),
]


def test_rewrite_nests_a_word_inside_its_sentence() -> None:
    html = segment_html.rewrite(f"<p>{marked(0, 'Ana ' + marked(1, 'skládá'))}</p>", SOURCES)
    assert html.count('<span class="tr-seg"') == 2 and well_nested(html)
    assert 'data-msgctxt="poker action" data-msgid="Fold">skládá</span></span></p>' in html
    assert not MARKER.search(html.encode())


def test_rewrite_spans_whole_elements_but_never_crosses_a_tag() -> None:
    whole = segment_html.rewrite(f"<p>{marked(2, 'Řekni <b>x</b>')}</p>", SOURCES)
    assert 'data-msgid="Say &quot;&lt;b&gt;&quot;">Řekni <b>x</b></span></p>' in whole
    crossing = f"<p>{markers.OPEN}{markers.encode(0)}{markers.SEP}a <b>b{markers.CLOSE}</b></p>"
    assert segment_html.rewrite(crossing, SOURCES) == "<p>a <b>b</b></p>"


@pytest.mark.parametrize(
    "template",
    [
        '<a title="{}">x</a>',
        "<title>{}</title>",
        "<script>var a = '{}';</script>",
        "<svg><text>{}</text></svg>",
        "<select><option>{}</option></select>",
        "<!-- {} -->",
        "<textarea>{}</textarea>",
    ],
)
def test_rewrite_drops_markers_where_a_span_cannot_go(template: str) -> None:
    html = segment_html.rewrite(template.format(marked(1, "Složit")), SOURCES)
    assert html == template.format("Složit")


def test_markers_escaped_in_json_are_removed_too() -> None:
    data = json.dumps({"label": marked(1, "Složit")}).encode()
    assert segment_html.strip_bytes(data) == json.dumps({"label": "Složit"}).encode()


@lru_cache(maxsize=8)
def kept_word(language: str) -> str:
    with translation.override(language):
        return translation.gettext("Drills")


def test_what_a_cache_keeps_is_never_marked_but_can_be_made_afresh() -> None:
    kept_word.cache_clear()
    token = markers.start()
    try:
        kept = kept_word("cs")
        fresh = markers.call_uncached(kept_word.__wrapped__, "cs")
    finally:
        markers.stop(token)
    assert markers.OPEN not in kept
    assert fresh.startswith(markers.OPEN) and kept in fresh


def po_line(language: str, domain: str, msgid: str) -> int:
    """The line of ``msgid "..."`` in a catalog (a message on one line)."""
    path = f"locale/{language}/LC_MESSAGES/{domain}.po"
    with open(path, encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    return lines.index(f"msgid {json.dumps(msgid, ensure_ascii=False)}") + 1


@pytest.mark.django_db
def test_segments_show_their_po_line_state_and_comment() -> None:
    document = DOCUMENTS["texas-holdem"]
    html = staff_client().get(f"/cs/rules/{document.slug}/?translate=1").content.decode()
    segments = [s for s in spans(html) if s["data-catalog"] == document.domain]
    heading = segments[0]
    msgid = heading["data-msgid"].replace("&#x27;", "'").replace("&amp;", "&")
    line = po_line("cs", document.domain, msgid)
    assert heading["data-where"] == f"locale/cs/LC_MESSAGES/{document.domain}.po:{line}"
    assert heading["data-state"] == "translated"
    with translation.override("cs"):
        state = translation.gettext("Translated")
    assert heading["data-about"].startswith(f"{state}\n")
    assert "Section:" in heading["data-about"]  # the comment above the entry


@pytest.mark.django_db
def test_the_mode_marks_kept_text_too() -> None:
    """The chart is kept per language; in the mode it is made afresh, its words marked."""
    client = staff_client()
    client.get("/cs/rules/hand-rankings/")  # the chart is kept first
    html = client.get("/cs/rules/hand-rankings/?translate=1").content.decode()
    odds = [s for s in spans(html) if s.get("data-msgctxt") == "hand odds"]
    assert odds and odds[0]["data-state"] == "translated"
    assert well_nested(html)
    plain = Client().get("/cs/rules/hand-rankings/").content
    assert not MARKER.search(plain)


def test_a_fuzzy_entry_is_marked_as_such(tmp_path, settings) -> None:
    from tests.translations.test_checks import HEADER, po_entry

    settings.LOCALE_PATHS = [tmp_path]
    catalog = tmp_path / "cs" / "LC_MESSAGES" / "django.po"
    catalog.parent.mkdir(parents=True)
    entry = "#. Translators: a test entry.\n#, fuzzy\n" + po_entry("Fold now.", "Složte.")
    catalog.write_text(HEADER + entry, encoding="utf-8")
    source = markers.Source("django", "cs", "", "Fold now.", translated=False)
    span = segment_html.span_open(source, segment_html.SiteCatalogs())
    attributes = dict(re.findall(r'(data-[a-z]+)="([^"]*)"', span))
    line = catalog.read_text("utf-8").splitlines().index('msgid "Fold now."') + 1
    assert attributes["data-where"] == f"locale/cs/LC_MESSAGES/django.po:{line}"
    assert attributes["data-state"] == "fuzzy"
    assert "a test entry." in attributes["data-about"]
