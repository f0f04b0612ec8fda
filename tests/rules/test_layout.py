"""What a rule page draws around its text: the game in one minute, the asides on what the
sources say, one practice link and a way back to the top per section, the folded
contents, and the Teen Patti sequence order as a list."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext
from markdown_it.token import Token

from tests.conftest import without_breaks
from tutor.concepts import CONCEPTS
from tutor.drills.practice import practice
from tutor.engine import teenpatti
from tutor.rules.documents import DOCUMENTS, RULE_PAGES
from tutor.rules.layout import boxes
from tutor.rules.render import render_sections
from tutor.rules.sections import section_bounds
from tutor.rules.segments import box_fence, is_fence, markdown

# Words that talk about the page's sources rather than state a rule.
SOURCE_TALK = re.compile(
    r"Czech text|Japanese guide|Hindi|Bengali|rules text|source texts|sources? (?:say|give|do)",
    re.I,
)
# The sections that are about the sources, and stay so.
ABOUT_SOURCES = {"where-sources-differ", "notes-on-the-source"}


def tokens_of(slug: str) -> list[Token]:
    return markdown().parse(DOCUMENTS[slug].path.read_text(encoding="utf-8"))


def page_html(client: Client, language: str, slug: str) -> str:
    response = client.get(f"/{language}/rules/{slug}/")
    assert response.status_code == 200
    return without_breaks(response.content.decode())


def h2_sections(html: str) -> list[tuple[str, str]]:
    """``(anchor, html)`` of each ``##`` section of a rendered page, up to the next one."""
    article = html.split('<article class="doc">', 1)[1].split("</article>", 1)[0]
    parts = re.split(r'(?=<h2 id="(?!in-one-minute)[^"]+")', article)
    return [(re.match(r'<h2 id="([^"]+)"', p).group(1), p) for p in parts[1:]]  # type: ignore[union-attr]


@pytest.mark.parametrize("slug", RULE_PAGES)
def test_page_opens_with_the_game_in_one_minute(client: Client, language: str, slug: str) -> None:
    html = page_html(client, language, slug)
    article = html.split('<article class="doc">', 1)[1]
    first_blocks = re.sub(r"\s+", " ", article.split("</h1>", 1)[1])[:200]
    assert first_blocks.startswith(' <section class="rule-summary"'), first_blocks
    summary = article.split('<section class="rule-summary"', 1)[1].split("</section>", 1)[0]
    with translation.override(language):
        assert gettext("The game in one minute") in summary
    assert 4 <= summary.count("<li") <= 6


@pytest.mark.parametrize("slug", RULE_PAGES)
def test_rules_read_as_rules_and_the_sources_talk_in_asides(slug: str) -> None:
    tokens = tokens_of(slug)
    inside = section = ""
    talking = []
    for index, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h2":
            section = tokens[index + 1].content.rsplit("{#", 1)[-1].rstrip("}")
        elif is_fence(token):
            inside = box_fence(token)[0]
        elif (
            token.type == "inline"
            and SOURCE_TALK.search(token.content)
            and inside != "aside"
            and section not in ABOUT_SOURCES
        ):
            talking.append(token.content[:80])
    assert talking == [], "source talk outside an aside"
    assert any(box_fence(t)[0] == "aside" for t in tokens if is_fence(t))


@pytest.mark.parametrize("slug", RULE_PAGES)
def test_asides_render_with_their_title_and_every_paragraph_inside(
    client: Client, slug: str
) -> None:
    html = page_html(client, "ja", slug)
    asides = re.findall(
        r'<div class="sources-note" role="note" aria-label="([^"]+)">(.*?)</div>', html, re.S
    )
    assert asides
    with translation.override("ja"):
        title = gettext("What the sources say")
    for label, body in asides:
        assert label == title
        assert f'<p class="sources-note__title">{title}</p>' in body
        assert body.count("<p") >= 2  # the title and at least one paragraph of the master


@pytest.mark.parametrize("slug", RULE_PAGES)
def test_every_section_cuts_out_whole_for_a_lesson(slug: str) -> None:
    """A box never spans two sections, so a lesson showing any one of them draws it."""
    for anchor in section_bounds(tokens_of(slug)):
        html = str(render_sections(DOCUMENTS[slug], "en", (anchor,)).html)
        assert html.count("<aside") == html.count("</aside>")


def test_lessons_keep_the_example_links_to_drills() -> None:
    html = str(render_sections(DOCUMENTS["texas-holdem"], "cs", ("straights-and-the-ace",)).html)
    assert 'class="drill-link"' in html
    assert 'href="/cs/drills/holdem-showdown/?level=easy&amp;board=' in html


@pytest.mark.parametrize("slug", RULE_PAGES)
def test_one_practice_link_per_section(client: Client, slug: str) -> None:
    html = page_html(client, "en", slug)
    assert 'class="drill-link"' not in html  # no link under every example
    bounds = section_bounds(tokens_of(slug))
    linked = 0
    for anchor, section in h2_sections(html):
        links = re.findall(r'class="practise-this">[^<]*<a href="([^"]+)"', section)
        assert len(links) <= 1, anchor
        inside = {a for a in bounds if bounds[anchor][0] <= bounds[a][0] < bounds[anchor][1]}
        taught = [c for c in CONCEPTS.values() if c.page == slug and c.anchor in inside]
        if any(practice(c.id) for c in taught):
            assert links, f"no practice link in {anchor}"
            concept = re.search(r"concept=([\w-]+)", links[0]).group(1)  # type: ignore[union-attr]
            assert concept in {c.id for c in taught}
            linked += 1
        assert section.count('href="#top"') == 1, anchor
    assert linked >= 3
    assert 'id="top"' in html


def test_contents_fold_on_narrow_screens_without_script(client: Client) -> None:
    html = page_html(client, "hi", "texas-holdem")
    fold = html.split('<nav class="toc toc--fold"', 1)[1].split("</nav>", 1)[0]
    wide = html.split('<nav class="toc toc--wide"', 1)[1].split("</nav>", 1)[0]
    assert '<details class="toc__details">' in fold  # closed until opened
    assert re.search(r'<summary class="toc__summary"><h2 [^>]*id="toc-fold-title"', fold)
    assert fold.count("<li>") == wide.count("<li>") >= 10
    assert "<script" not in fold + wide


def test_sequence_order_is_a_list_of_chips(client: Client, language: str) -> None:
    html = page_html(client, language, "teen-patti-20-20")
    block = html.split('<ol class="sequence-order"', 1)[1].split("</ol>", 1)[0]
    cards = re.findall(r'class="sequence-order__cards">([^<]+)<', block)
    assert len(cards) == len(teenpatti.SEQUENCE_ORDER) == block.count("<li ")
    assert cards[0] == "A-K-Q" and cards[1] == "A-2-3" and cards[-1] == "4-3-2"


def fence_tokens(source: str) -> list[Token]:
    return markdown().parse(source)


@pytest.mark.parametrize(
    "source",
    [
        ":::: aside sources\n\nOpen.\n",  # never closed
        "::::\n",  # closes nothing
        ":::: aside sources\n\n:::: summary\n\n::::\n\n::::\n",  # nested
        ":::: aside rumours\n\nNo such box.\n\n::::\n",  # unknown
        ":::: aside sources\nText run into the fence.\n\n::::\n",  # no blank line
    ],
)
def test_bad_box_fences_are_errors(source: str) -> None:
    with pytest.raises(ValueError):
        boxes(fence_tokens(source))
