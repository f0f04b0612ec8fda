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


def test_cards_row_is_the_same_markup_as_its_cards_in_each_language() -> None:
    """A row is joined from kept items (one per card, mark and language): each language's row
    holds that language's cards, in the order given, whichever language came first."""
    for language in ("en", "hi", "en"):
        html = render("{% cards hand highlight=best %}", language, hand=["As", "Kd"], best=["Kd"])
        first = render('{% card "As" %}', language)
        second = render('{% card "Kd" "card--best" %}', language)
        assert html.startswith(f'<ul class="cards"><li>{first}</li><li>{second}<span class=')
        assert html.endswith("</span></li></ul>")
    assert render("{% cards hand %}", "hi", hand=["As"]) != render(
        "{% cards hand %}", "en", hand=["As"]
    )


def test_cards_row_label_is_escaped() -> None:
    html = render("{% cards hand label=name %}", hand=["2c"], name='A & "B"')
    assert 'aria-label="A &amp; &quot;B&quot;"' in html


def test_player_name_filter_is_the_feedbacks_name() -> None:
    from tutor.words.terms import player_name

    for language in ("en", "cs"):
        with translation.override(language):
            expected = player_name(2)
        assert render("{{ i|player_name }}", language, i=2) == expected
