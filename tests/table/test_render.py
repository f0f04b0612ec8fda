"""The table's markup: the contract the page checks rely on, and its text equivalent."""

from __future__ import annotations

import re

import pytest

from tutor.engine.cards import Card

from .pages import page, picture

CODE = re.compile(r"\b[2-9TJQKA][shdc]\b")


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("seats", [2, 6, 10])
@pytest.mark.parametrize("state", ["mid", "showdown"])
def test_table_markup_has_one_seat_each_and_the_list_in_order(seats: int, state: str) -> None:
    html = page("", seats, state)
    shown = picture(seats, state)
    assert html.count('<figure class="poker-table poker-table--n') == 1
    assert len(re.findall(r'class="poker-table__seat poker-table__seat--p\d', html)) == seats
    assert 'aria-hidden="true"' in html  # the drawing; the list below is its text
    items = re.search(r'<ol class="poker-table__list[^"]*">(.*?)</ol>', html, re.S)
    assert items is not None
    sentences = re.findall(r"<li>(.*?)</li>", items.group(1))
    assert len(sentences) == seats
    names = [s.name for s in shown.in_order]
    assert [s.split(":")[0] for s in sentences] == names
    assert list(shown.order) == [s.seat for s in shown.in_order]


@pytest.mark.parametrize("language", ["en", "ja", "hi"])
def test_table_text_has_no_card_codes(language: str) -> None:
    html = page("", 6, "showdown", language)
    assert not CODE.search(_text(html))
    shown = picture(6, "showdown", language)
    card = Card.parse(shown.seats[0].cards[0] or "")
    assert card.code not in _text(html)


def test_table_marks_folded_to_act_and_you() -> None:
    html = page("", 6, "mid")
    assert html.count("poker-table__seat--you") == 1
    assert html.count("poker-table__seat--to-act") == 1
    assert "poker-table__seat--folded" in html and ">folded<" in html
    assert ">to act<" in html and ">all-in<" in html
    assert "to act now" in html  # said in the text list too


def test_table_has_no_inline_styles() -> None:
    assert "style=" not in page("", 10, "showdown")
