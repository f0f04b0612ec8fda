"""The weight budget of issue 15: a drill or play page is at most 60 KB (60,000 bytes) of
compressed HTML, CSS and JavaScript, htmx excluded.

Every drill page of the registry is weighed in the five languages, in the state a learner
sees first and in its heaviest usual state: a question drill with its question, and again
after an answer (a plain form post: the whole page, question and feedback); the Hold'em
game in the middle of a hand; the Teen Patti round before and after a deal. The weight is
the HTML response plus every stylesheet and script the page links (each once), each
compressed with gzip at level 6 (whitenoise serves gzip; Brotli is not installed). A
table of the figures is printed.

No browser: Django's test client and the static files on disk, so it runs in seconds.
"""

from __future__ import annotations

import gzip
import re
import time
from collections.abc import Iterator
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

from tutor.drills.registry import DRILLS, QuestionDrill

pytestmark = pytest.mark.django_db

BUDGET = 60_000  # bytes, compressed
SEED, LEVEL = 7, "hard"  # the most players: the largest pages
IMPORT = re.compile(r"""@import\s+(?:url\()?["']?([^"')\s;]+)""")


class Links(HTMLParser):
    """The stylesheets and scripts a page links, and the fields of its forms (by form
    class) as a browser would send them."""

    def __init__(self) -> None:
        super().__init__()
        self.css: list[str] = []
        self.js: list[str] = []
        self.hidden: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "link" and "stylesheet" in a.get("rel", "").split():
            self.css.append(a["href"])
        elif tag == "script" and a.get("src"):
            self.js.append(a["src"])
        elif tag == "input" and a.get("type") == "hidden" and a.get("name"):
            self.hidden.setdefault(a["name"], a.get("value", ""))


def gzipped(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6, mtime=0))


@cache
def asset(url: str) -> bytes:
    """A linked static file's bytes (CSS with the files it ``@import``s)."""
    name = url.split("?")[0].removeprefix(settings.STATIC_URL)
    found = finders.find(name)
    assert found, f"{url}: linked, but no such static file"
    data = Path(str(found)).read_bytes()
    if url.endswith(".css"):
        base = url.rsplit("/", 1)[0]
        for target in IMPORT.findall(data.decode()):
            data += asset(target if target.startswith("/") else f"{base}/{target}")
    return data


def is_htmx(url: str) -> bool:
    return "htmx" in url.rsplit("/", 1)[-1] or "/django_htmx/" in url


def weigh(html: bytes) -> tuple[int, int, int]:
    """Compressed bytes of the HTML, of its stylesheets and of its scripts (htmx aside)."""
    links = Links()
    links.feed(html.decode())
    css = sum(gzipped(asset(u)) for u in dict.fromkeys(links.css))
    js = sum(gzipped(asset(u)) for u in dict.fromkeys(links.js) if not is_htmx(u))
    return gzipped(html), css, js


def page(client: Client, url: str, data: dict[str, str | list[str]] | None = None) -> bytes:
    response = client.get(url) if data is None else client.post(url, data)
    assert response.status_code == 200, f"{url}: HTTP {response.status_code}"
    return response.content


def states(client: Client, slug: str, lang: str) -> Iterator[tuple[str, bytes]]:
    """The page of drill ``slug`` in each state weighed, as (state, HTML)."""
    url = f"/{lang}/drills/{slug}/"
    drill = DRILLS[slug]
    if isinstance(drill, QuestionDrill):
        first = page(client, f"{url}?level={LEVEL}&seed={SEED}")
        yield "question", first
        links = Links()
        links.feed(first.decode())
        answer: dict[str, str | list[str]] = dict(links.hidden)
        answer.update(drill.right_answer(drill.generate(SEED, LEVEL)))
        yield "answered", page(client, url, answer)
    elif slug == "play-holdem":
        new = {"command": "new", "structure": "no_limit", "opponents": "5"}
        yield "mid-hand", page(client, url, new)
    elif slug == "replay-hand":
        yield "before", page(client, url)
        client.get(f"{url}?example=side_pot")
        yield "showdown", page(client, f"{url}?step=13")
    else:
        first = page(client, url)
        yield "before", first
        links = Links()
        links.feed(first.decode())
        bets = {**links.hidden, "action": "deal", "player_a": "50", "tie": "10"}
        yield "dealt", page(client, url, bets)


@pytest.mark.parametrize("lang", [code for code, _ in settings.LANGUAGES])
def test_drill_and_play_pages_stay_within_60_kb(
    client: Client, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    started = time.perf_counter()
    rows = []
    for slug in DRILLS:
        for state, html in states(client, slug, lang):
            rows.append((f"{slug} ({state})", *weigh(html)))
    lines = [f"{'page':<36} {'lang':<4} {'HTML':>6} {'CSS':>6} {'JS':>6} {'total':>6}  KB"]
    lines += [
        f"{name:<36} {lang:<4} {h / 1000:6.1f} {c / 1000:6.1f} {j / 1000:6.1f} {(h + c + j) / 1000:6.1f}"
        for name, h, c, j in rows
    ]
    lines.append(f"({lang}: {len(rows)} pages weighed in {time.perf_counter() - started:.1f} s)")
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    over = [f"{name}: {(h + c + j) / 1000:.1f} KB" for name, h, c, j in rows if h + c + j > BUDGET]
    assert not over, f"over {BUDGET / 1000:.0f} KB compressed in {lang}: {over}"
