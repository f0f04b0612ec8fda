"""A drill page is its content rendered alone inside the site's layout kept per language
and drill (``drill_pages.views._page``): for every question drill, in every language, it
is the page rendered as usual, with each visitor's query, question, tally and CSRF token."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

import pytest
from django.core.cache import caches
from django.test import Client

from tutor.core import kept_pages
from tutor.drill_pages import kept_content
from tutor.drills.drill import QuestionDrill
from tutor.drills.registry import DRILLS

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "bn", "hi", "ja", "cs")
TOKEN = re.compile(r'(name="csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]+"')
# Drawn afresh on every request: the "new question" link's seed (and, for a page whose
# seed was refused, its own seed and signed question token).
DRAWN = re.compile(r'seed=\d{6,}|(name="token" value=)"[^"]+"')
QUESTION_DRILLS = [slug for slug, drill in DRILLS.items() if isinstance(drill, QuestionDrill)]


@pytest.fixture(autouse=True)
def empty_fragments():
    caches["local"].clear()
    yield
    caches["local"].clear()


def kept_and_usual(client: Client, address: str, monkeypatch: Any) -> tuple[str, str]:
    kept = client.get(address)
    assert getattr(kept, kept_pages.FINISHED, False), address
    with monkeypatch.context() as patched:
        patched.setattr(kept_pages, "keeps", lambda request, query=False: False)
        usual = client.get(address)
    assert not getattr(usual, kept_pages.FINISHED, False)
    kept_page, usual_page = (
        DRAWN.sub(r"\1DRAWN", TOKEN.sub(r"\1TOKEN", r.content.decode())) for r in (kept, usual)
    )
    return kept_page, usual_page


@pytest.mark.parametrize("language", LANGUAGES)
def test_kept_drill_pages_are_the_pages_rendered_as_usual(language: str, monkeypatch: Any) -> None:
    client = Client()
    for slug in QUESTION_DRILLS:
        for seed in (3, 4):  # the second from the kept layout
            address = f"/{language}/drills/{slug}/?level=easy&seed={seed}"
            kept, usual = kept_and_usual(client, address, monkeypatch)
            assert kept == usual, address
            assert f"seed={seed}" in kept and kept_pages.stand_in("query") not in kept


@pytest.mark.parametrize("language", LANGUAGES)
def test_new_questions_from_the_kept_content_are_the_pages_rendered_as_usual(
    language: str, monkeypatch: Any
) -> None:
    """A new question's content comes from the copy kept per drill, language, level and
    concept (``drill_pages.kept_content``), rendered once for each: every question drill,
    levels and concepts in turn, the copy's stand-ins each filled with this question's."""
    whole: list[str] = []
    render = kept_content.render_to_string

    def counted(name: str, context: Any, request: Any = None) -> str:
        whole.append(name)
        return render(name, context, request)

    monkeypatch.setattr(kept_content, "render_to_string", counted)
    client = Client()
    for slug in QUESTION_DRILLS:
        concept = sorted(DRILLS[slug].concepts)[-1]
        asked = [("medium", 5, ""), ("hard", 6, f"&concept={concept}"), ("medium", 7, "")]
        asked += [("hard", 8, f"&concept={concept}"), ("easy", 9, ""), ("hard", 10, "")]
        for level, seed, aimed in asked:
            address = f"/{language}/drills/{slug}/?level={level}&seed={seed}{aimed}"
            kept, usual = kept_and_usual(client, address, monkeypatch)
            assert kept == usual, address
            assert "keptpagestandin" not in kept, address
    # A situation given in the address (a rule page's example) shares its level's copy.
    situation = "board=Kh+Kd+7c+4s+2h&hands=As+Qd|Ac+Jd|9s+9h"
    address = f"/{language}/drills/holdem-showdown/?level=medium&{situation}"
    kept, usual = kept_and_usual(client, address, monkeypatch)
    assert kept == usual and "9s" in unquote(kept), address
    # One whole content per drill, level and concept; every other page from its copy.
    assert len(whole) == 4 * len(QUESTION_DRILLS)


def test_a_drill_page_keeps_each_visitors_query_tally_and_notice(monkeypatch: Any) -> None:
    drill = DRILLS["holdem-showdown"]
    concept = sorted(drill.concepts)[0]
    asha, ben = Client(), Client()
    right = drill.right_answer(drill.generate(4, "easy"))
    from tutor.drills.base import make_token

    asha.post(f"/en/drills/{drill.slug}/", {"token": make_token(drill.slug, 4, "easy"), **right})
    addresses = (
        (asha, f"/en/drills/{drill.slug}/?level=easy&seed=5&concept={concept}"),
        (ben, f"/cs/drills/{drill.slug}/?level=easy&seed=5&x=%3Cb%3E"),
        (asha, f"/en/drills/{drill.slug}/?level=easy&seed=4"),  # answered: opened again
    )
    pages = []
    for client, address in addresses:
        kept, usual = kept_and_usual(client, address, monkeypatch)
        assert kept == usual, address
        pages.append(kept)
    assert "<dd>1</dd>" in pages[0] and "<dd>1</dd>" not in pages[1]
    assert "x=%3Cb%3E" in pages[1] or "x=&lt;b&gt;" in pages[1]
    assert "<b>" not in pages[1].split("<main")[0]
    # A refused seed: a new question drawn (so no page to compare with) and the notice.
    refused = ben.get(f"/en/drills/{drill.slug}/?level=hard&seed=not-a-seed")
    assert getattr(refused, kept_pages.FINISHED, False)
    assert 'class="notice" role="alert"' in refused.content.decode()


def test_a_signed_in_visitor_gets_the_drill_page_rendered_for_them() -> None:
    from django.contrib.auth import get_user_model

    client = Client()
    client.force_login(get_user_model().objects.create_user("lena", "l@example.org", "pw"))
    page = client.get("/en/drills/holdem-showdown/?level=easy&seed=3")
    assert not getattr(page, kept_pages.FINISHED, False)
    assert "site-logout" in page.content.decode()


def test_a_query_that_spells_a_stand_in_stays_as_typed() -> None:
    """The query and the content are put in after the page is kept: text in the address
    that spells the CSRF token's or the content's stand-in must not become either."""
    spelled = f"{kept_pages.TOKEN}{kept_pages.stand_in('content')}"
    client = Client()
    page = client.get(f"/en/drills/holdem-showdown/?level=easy&seed=3&x={spelled}")
    html = page.content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert token and getattr(page, kept_pages.FINISHED, False)
    assert html.count(token.group(1)) == 2  # the form and the htmx headers, nowhere else
    assert spelled in html  # the language links carry the query as it was typed
    assert html.count('class="question"') == 1
