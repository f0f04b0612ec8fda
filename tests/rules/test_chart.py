"""The hand-rankings chart: its page in every language, the ``::: chart`` block, and that
every fact on it (order, examples, counts, shares) is the engine's."""

from __future__ import annotations

import html as html_lib
import re
from fractions import Fraction
from math import comb

import pytest
from django.test import Client
from django.utils import translation

from tutor.core.locales import format_number
from tutor.engine import census, holdem, teenpatti, tp2020
from tutor.rules import chart
from tutor.rules.directives import DirectiveError, render_directive
from tutor.words import terms
from tutor.words.cards import card_name
from tutor.words.chart import one_in, share_percent
from tutor.words.typography import typeset

URL = "/{}/rules/hand-rankings/"


def _rows(page: str) -> list[str]:
    return re.findall(r'<tr class="hand-chart__row">(.*?)</tr>', page, flags=re.S)


def test_page_renders_in_every_language(client: Client, language: str) -> None:
    response = client.get(URL.format(language))
    assert response.status_code == 200
    page = response.content.decode()
    assert f'<html lang="{language}"' in page
    assert page.count('<th scope="row" class="hand-chart__name">') == len(
        census.HOLDEM_ORDER
    ) + len(census.TEENPATTI_ORDER)


def test_page_lists_categories_strongest_first(client: Client, language: str) -> None:
    rows = _rows(client.get(URL.format(language)).content.decode())
    with translation.override(language):
        holdem_names = [terms.category_name("holdem", c) for c in census.HOLDEM_ORDER]
        tp_names = [terms.category_name("teenpatti", c) for c in census.TEENPATTI_ORDER]
    for row, name in zip(rows, holdem_names + tp_names, strict=True):
        assert typeset(html_lib.escape(name), language) in row


def test_page_counts_are_the_engines(client: Client, language: str) -> None:
    rows = _rows(client.get(URL.format(language)).content.decode())
    holdem_counts = census.holdem_counts()
    tp_counts = census.teenpatti_counts()
    assert sum(holdem_counts.values()) == comb(52, 5)
    assert sum(tp_counts.values()) == comb(52, 3)
    expected = [(n, comb(52, 5)) for n in holdem_counts.values()]
    expected += [(n, comb(52, 3)) for n in tp_counts.values()]
    with translation.override(language):
        for row, (count, total) in zip(rows, expected, strict=True):
            assert format_number(count, language) in row
            assert share_percent(Fraction(count, total), language) in row
            odds = html_lib.escape(one_in(Fraction(count, total), language))
            assert typeset(odds, language) in row


@pytest.mark.parametrize("game", chart.GAMES)
def test_examples_are_of_their_category(game: str) -> None:
    data = chart.chart(game, "en")
    for row in data.rows:
        if game == "holdem":
            assert holdem.evaluate(row.cards).code == row.code
        else:
            assert teenpatti.evaluate(row.cards).code == row.code
    assert len({row.cards for row in data.rows}) == len(data.rows)


def test_examples_are_drawn_on_the_page(client: Client) -> None:
    rows = _rows(client.get(URL.format("en")).content.decode())
    data = chart.holdem_chart("en").rows + chart.teenpatti_chart("en").rows
    for row, chart_row in zip(rows, data, strict=True):
        labels = re.findall(r'role="img" aria-label="([^"]+)"', row)
        assert labels == [html_lib.escape(card_name(c)) for c in chart_row.cards]


def test_share_has_significant_digits_not_two_decimals() -> None:
    rarest = Fraction(census.holdem_counts()["royal_flush"], comb(52, 5))
    with translation.override("en"):
        assert share_percent(rarest, "en") == "0.000154%"
        assert one_in(rarest, "en") == f"1 in {comb(52, 5) // 4:,}"
    assert share_percent(rarest, "cs") == "0,000154\xa0%"


def test_teen_patti_section_has_sequence_order_and_paytable(client: Client) -> None:
    page = client.get(URL.format("en")).content.decode()
    sequences = re.findall(r"<li>([0-9AKQJ]+(?:-[0-9AKQJ]+){2})</li>", page)
    assert len(sequences) == len(teenpatti.SEQUENCE_ORDER)
    assert sequences[1] == "A-2-3"  # the engine's order puts A-2-3 second
    with translation.override("en"):
        for row in tp2020.DEFAULT.six_card_bonus:
            assert html_lib.escape(str(terms.PAYTABLE_ROWS[row.code])) in page


def test_chart_is_built_once_per_language() -> None:
    assert chart.holdem_chart("en") is chart.holdem_chart("en")
    assert chart.holdem_chart("ja") is not chart.holdem_chart("en")
    with translation.override("ja"):
        assert chart.holdem_chart("ja").rows[0].name == terms.category_name("holdem", "royal_flush")


@pytest.mark.parametrize("game", chart.GAMES)
def test_chart_directive_renders_the_compact_chart(game: str) -> None:
    with translation.override("en"):
        block = render_directive(f"::: chart {game}", "en")
    assert "hand-chart--compact" in block
    assert 'href="/en/rules/hand-rankings/#' in block
    assert "hand-chart__definition" not in block
    assert len(_rows(block)) == len(chart.chart(game, "en").rows)


@pytest.mark.parametrize("text", ["::: chart", "::: chart omaha", "::: chart holdem teenpatti"])
def test_chart_directive_refuses_a_bad_game(text: str) -> None:
    with pytest.raises(DirectiveError):
        render_directive(text, "en")


def test_rules_index_links_to_the_chart(client: Client) -> None:
    assert 'href="/en/rules/hand-rankings/"' in client.get("/en/rules/").content.decode()


def test_post_is_refused(client: Client) -> None:
    assert client.post(URL.format("en")).status_code == 405
