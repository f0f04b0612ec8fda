from __future__ import annotations

from django.template import Context, Template
from django.utils import translation


def render(template: str, language: str = "en", **context: object) -> str:
    with translation.override(language):
        return Template(template).render(Context(context))


def test_card_has_rank_suit_and_accessible_name() -> None:
    html = render('{% card "Th" %}')
    assert 'aria-label="Ten of hearts"' in html
    assert 'role="img"' in html
    assert ">10<" in html and ">♥<" in html
    assert "card--red" in html


def test_black_card_and_four_colour_hook() -> None:
    html = render('{% card "2c" %}')
    assert "card--black" in html and "card--clubs" in html


def test_face_down_card() -> None:
    html = render("{% card None %}")
    assert "card--down" in html
    assert 'aria-label="Face-down card"' in html


def test_card_name_is_translated() -> None:
    assert 'aria-label="Ace of spades"' not in render('{% card "As" %}', "hi")
    assert "aria-label=" in render('{% card "As" %}', "hi")


def test_cards_row_marks_best_five_in_text() -> None:
    html = render("{% cards hand highlight=best %}", hand=["As", "Kd"], best=["As"])
    assert html.count("<li>") == 2
    assert html.count("card--best") == 1
    assert "(in the best five)" in html
