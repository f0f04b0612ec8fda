"""Czech typography's cost on a 50 KB page: the non-breaking-space rule alone
(``tutor/words/typography.py``) and the middleware on a real rendered rule page
(``tutor/site/typography.py``). Benchmarks, not limits: each prints its time; only what
the rule does is asserted."""

from __future__ import annotations

import timeit

import pytest
from django.test import Client

from tutor.site.typography import typeset_html
from tutor.words.typography import NBSP, czech_nbsp


def test_czech_nbsp_benchmark_50_kb_page() -> None:
    """A benchmark, not a limit: prints the time for a 50 KB Czech page."""
    paragraph = (
        '<p class="lead">Hráč s nejlepší kombinací vyhrává bank a v případě shody se '
        'bank dělí. <a href="/cs/rules/texas-holdem/#blinds">Viz blindy</a>: 3 hráči, '
        "5 karet, 2. kolo sázek, k tomu i u stolu o 10 % víc.</p>\n"
    )
    page = "<!doctype html><html lang=cs><body>" + paragraph * (50_000 // len(paragraph))
    page += "<script>var a = 1;</script></body></html>"
    assert 49_000 < len(page.encode()) < 60_000
    result = czech_nbsp(page)
    assert result.count(NBSP) > page.count(NBSP)
    seconds = min(timeit.repeat(lambda: czech_nbsp(page), number=20, repeat=5)) / 20
    print(f"\nczech_nbsp: {len(page.encode()) / 1000:.0f} KB in {seconds * 1000:.2f} ms")


@pytest.mark.django_db
def test_typeset_html_benchmark_real_czech_page(client: Client) -> None:
    """A benchmark, not a limit: the middleware's work on 50 KB of the Czech rule page."""
    html = client.get("/cs/rules/texas-holdem/").content.decode().replace(NBSP, " ")
    page = html[: html.index("<article")] + html[html.index("<article") :][:45_000]
    page += "</article></main></body></html>"
    assert 49_000 < len(page.encode()) < 60_000
    assert typeset_html(page, "cs").count(NBSP) > 100
    seconds = min(timeit.repeat(lambda: typeset_html(page, "cs"), number=10, repeat=5)) / 10
    reference = min(timeit.repeat(lambda: sum(range(10**6)), number=1, repeat=3))
    print(
        f"\ntypeset_html: {len(page.encode()) / 1000:.0f} KB Czech page in {seconds * 1000:.2f} ms"
        f" (this machine: sum(range(10**6)) in {reference * 1000:.1f} ms)"
    )
