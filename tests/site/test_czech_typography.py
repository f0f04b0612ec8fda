"""Czech pages come out with their non-breaking spaces (tutor/site/typography.py); every
other page and every download comes out as the view made it."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.test import Client, RequestFactory

from tutor.drills.registry import DRILLS
from tutor.site.typography import TypographyMiddleware, typeset_html
from tutor.words.typography import NBSP, czech_nbsp

# A one-letter preposition or conjunction, then a plain space and more text on the line.
LOOSE = re.compile(r"(?<![\w;&'’\-])[ksvzouaiKSVZOUAI][ \t\r\n]+(?=\S)")
NOT_PROSE = {"script", "style", "textarea", "pre", "code", "option"}


class _VisibleText(HTMLParser):
    """The text nodes a reader sees (not scripts, styles, code or form data)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in NOT_PROSE:
            self._hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in NOT_PROSE and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.texts.append(data)


def visible_texts(html: str) -> list[str]:
    parser = _VisibleText()
    parser.feed(html)
    parser.close()
    return parser.texts


def loose_prepositions(html: str) -> list[str]:
    return [text.strip()[:80] for text in visible_texts(html) if LOOSE.search(text)]


def _drill_address(language: str) -> str:
    return f"/{language}/drills/{next(iter(DRILLS))}/?seed=7"


@pytest.mark.parametrize(
    "address",
    ["/cs/rules/texas-holdem/", "/cs/rules/teen-patti-20-20/", "/cs/glossary/", "/cs/"],
)
def test_czech_page_has_no_loose_one_letter_word(client: Client, address: str) -> None:
    html = client.get(address).content.decode()
    assert visible_texts(html)
    assert LOOSE.search(czech_nbsp(html).replace(NBSP, " "))  # there were some to fix
    assert loose_prepositions(html) == [], address


def test_czech_drill_page_has_no_loose_one_letter_word(client: Client) -> None:
    response = client.get(_drill_address("cs"))
    assert response.status_code == 200
    assert loose_prepositions(response.content.decode()) == []


def test_english_page_is_left_alone(client: Client) -> None:
    html = client.get("/en/rules/texas-holdem/").content.decode()
    assert czech_nbsp(html) != html  # the filter would have changed it
    assert not any(re.search(rf"\b[aAI]{NBSP}", text) for text in visible_texts(html))
    assert loose_prepositions(html)  # English "a hand", as written


def _middleware(response: HttpResponse, language: str = "cs") -> HttpResponse:
    request = RequestFactory().get(f"/{language}/")
    request.LANGUAGE_CODE = language

    def view(_: HttpRequest) -> HttpResponse:
        return response

    return TypographyMiddleware(view)(request)


def test_middleware_changes_czech_html_and_its_length() -> None:
    response = HttpResponse('<html lang="cs"><p>a v domě</p></html>')
    response["Content-Length"] = str(len(response.content))
    result = _middleware(response)
    assert result.content.decode() == f'<html lang="cs"><p>a{NBSP}v{NBSP}domě</p></html>'
    assert result["Content-Length"] == str(len(result.content))


def test_middleware_follows_the_page_language_over_the_address() -> None:
    english = '<html lang="en"><p>a v domě</p></html>'
    assert _middleware(HttpResponse(english), "cs").content.decode() == english
    czech = '<!doctype html><html lang="cs"><p>s kartou</p></html>'
    assert NBSP in _middleware(HttpResponse(czech), "en").content.decode()


def test_middleware_leaves_other_languages_inside_a_czech_page_alone() -> None:
    page = (
        '<html lang="cs"><p>a v</p><div lang="en"><p>Is a flush <span lang="cs">s tím'
        '</span> a <b>b</b></p><img lang="cs" alt="a b"></div><p>i u</p></html>'
    )
    expected = page.replace("a v", f"a{NBSP}v").replace("s tím", f"s{NBSP}tím")
    assert _middleware(HttpResponse(page)).content.decode() == expected.replace("i u", f"i{NBSP}u")


def test_middleware_fragment_takes_the_request_language() -> None:
    assert _middleware(HttpResponse("<p>s kartou</p>"), "cs").content.decode() == (
        f"<p>s{NBSP}kartou</p>"
    )
    assert _middleware(HttpResponse("<p>s kartou</p>"), "en").content == b"<p>s kartou</p>"


def test_middleware_leaves_downloads_and_streams_alone() -> None:
    csv = HttpResponse("jméno,a v domě\n", content_type="text/csv; charset=utf-8")
    assert _middleware(csv).content.decode() == "jméno,a v domě\n"
    stream = StreamingHttpResponse(iter([b'<html lang="cs">a v</html>']))
    assert b"".join(_middleware(stream)) == b'<html lang="cs">a v</html>'


def test_czech_part_of_another_page_gets_the_rule() -> None:
    page = (
        '<html lang="en"><p>a cat</p><article class="sheet" lang="cs"><p>a v <article>'
        'k tomu</article></p></article><p>I am</p><a hreflang="cs" href="/cs/">a b</a></html>'
    )
    result = _middleware(HttpResponse(page), "en").content.decode()
    assert result == page.replace("a v", f"a{NBSP}v").replace("k tomu", f"k{NBSP}tomu")


@pytest.mark.parametrize(
    "html",
    [
        '<html lang="cs"><div lang="en"><p>a b</div></p><p lang="en">a b</html></p>',
        '<p lang="cs">a b <span lang="en">x',
        '<p title="x lang=en">a b</p><p>lang="en" a b</p>',
    ],
)
def test_typeset_html_keeps_every_character_of_broken_markup(html: str) -> None:
    assert typeset_html(html, "cs").replace(NBSP, " ") == html
