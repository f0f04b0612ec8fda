"""Template helpers used on every page: numbers in the page language and playing cards.

{{ amount|num }}            1,234 / 1,234 / 12,34,567 / 1 234 567 ...
{{ ratio|pct }}             97.50% / 97,50 % ...
{% card "As" %}             an accessible card; {% card None %} is face down
{% cards hand %}            a row of cards
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language, pgettext

from tutor.core import terms
from tutor.core.cardnames import card_name
from tutor.core.locales import format_number, format_percentage
from tutor.engine.cards import Card
from tutor.engine.errors import InvalidCards

register = template.Library()


def _language() -> str:
    return get_language() or "en"


@register.filter
def num(value: object, decimals: int | None = None) -> str:
    """Format a number for the page's language; anything else passes through unchanged."""
    number = _as_number(value)
    if number is None:
        return "" if value is None else str(value)
    return format_number(number, _language(), decimals=decimals)


@register.filter
def pct(value: object, decimals: int = 2) -> str:
    number = _as_number(value)
    if number is None:
        return "" if value is None else str(value)
    return format_percentage(number, _language(), decimals=decimals)


def _as_number(value: object) -> int | Decimal | Fraction | float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | Decimal | Fraction | float):
        return value
    if isinstance(value, str):
        try:
            return Decimal(value)
        except ArithmeticError:
            return None
    return None


TERM_TABLES = {
    "bet": terms.TEENPATTI_BETS,
    "result": terms.TEENPATTI_RESULTS,
    "outcome": terms.SETTLEMENT_OUTCOMES,
    "row": terms.PAYTABLE_ROWS,
    "teenpatti": terms.TEENPATTI_CATEGORIES,
    "holdem": terms.HOLDEM_CATEGORIES,
    "bonus": terms.BONUS_CATEGORIES,
}


@register.filter
def get(mapping: object, key: str) -> object:
    """``{{ slip|get:code }}``: a dictionary value by a variable key ('' when missing)."""
    return mapping.get(key, "") if isinstance(mapping, dict) else ""


@register.filter
def term(code: object, table: str) -> str:
    """The page-language name of an engine code: ``{{ line.bet|term:"bet" }}``."""
    return str(TERM_TABLES[table].get(str(code), code))


def _as_card(value: object) -> Card | None:
    if value is None or value == "" or isinstance(value, Card):
        return value or None  # type: ignore[return-value]
    try:
        return Card.parse(str(value))
    except InvalidCards:
        return None


def render_card(value: object, extra_class: str = "") -> SafeString:
    card = _as_card(value)
    return _card_html(card.code if card else None, extra_class, _language())


@lru_cache(maxsize=2048)
def _card_html(code: str | None, extra_class: str, language: str) -> SafeString:
    """One card's markup in one language: built once per process (53 cards x 5 languages x
    a few classes), since every drill page shows a dozen cards or more. ``language`` is the
    active one; it is in the key so that each language gets its own names."""
    card = Card.parse(code) if code else None
    classes = "card" + (f" {extra_class}" if extra_class else "")
    if card is None:
        return format_html(
            '<span class="{} card--down" role="img" aria-label="{}"></span>',
            classes,
            card_name(None),
        )
    rank = "10" if card.rank.char == "T" else card.rank.char
    colour = "red" if card.suit.is_red else "black"
    return format_html(
        '<span class="{} card--{} card--{}" role="img" aria-label="{}">'
        '<span class="card__rank" aria-hidden="true">{}</span>'
        '<span class="card__suit" aria-hidden="true">{}</span></span>',
        classes,
        colour,
        card.suit.code,
        card_name(card),
        rank,
        card.suit.symbol,
    )


@register.simple_tag
def card(value: object, extra_class: str = "") -> SafeString:
    return render_card(value, extra_class)


@register.simple_tag
def cards(
    values: Iterable[object], highlight: Iterable[object] = (), label: str = ""
) -> SafeString:
    """A row of cards as a list; cards in ``highlight`` are marked (outline and a text mark)."""
    marked = {c for c in (_as_card(h) for h in highlight) if c is not None}
    items = []
    for value in values:
        c = _as_card(value)
        is_marked = c is not None and c in marked
        items.append(
            (
                render_card(c, "card--best" if is_marked else ""),
                format_html(
                    '<span class="visually-hidden">{}</span>',
                    # Translators: read after a card that is part of the best five cards.
                    pgettext("card", "(in the best five)"),
                )
                if is_marked
                else "",
            )
        )
    return format_html(
        '<ul class="cards"{}>{}</ul>',
        format_html(' aria-label="{}"', label) if label else "",
        format_html_join("", "<li>{}{}</li>", items),
    )


@register.simple_tag(takes_context=True)
def hreflang_links(context: template.Context) -> SafeString:
    """``<link rel="alternate">`` for the page in every language, plus x-default (English):
    one tag instead of a template loop, as it is on every page."""
    request = context["request"]
    origin = f"{request.scheme}://{request.get_host()}"
    links = [(alt["code"], origin, alt["url"]) for alt in context["language_alternates"]]
    links.append(("x-default", origin, context["x_default_url"]))
    return format_html_join("\n  ", '<link rel="alternate" hreflang="{}" href="{}{}">', links)


@register.simple_tag(takes_context=True)
def language_links(context: template.Context) -> SafeString:
    """The language switcher's items: each language's name in its own script, linking to
    this page (and its query) in that language."""
    return format_html_join(
        "\n",
        '<li><a href="{}" lang="{}" hreflang="{}"{}>{}</a></li>',
        (
            (
                alt["url"],
                alt["code"],
                alt["code"],
                SafeString(' aria-current="true"') if alt["current"] else "",
                alt["name"],
            )
            for alt in context["language_alternates"]
        ),
    )
