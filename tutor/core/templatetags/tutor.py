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
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language, pgettext

from tutor.core.context_processors import translated_paths
from tutor.core.locales import format_number, format_percentage, language_choices
from tutor.engine.cards import Card
from tutor.engine.errors import InvalidCards
from tutor.words import terms
from tutor.words.cards import card_name

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
    if isinstance(value, Card):
        return value
    if value is None or value == "":
        return None
    try:
        return Card.parse(str(value))
    except InvalidCards:
        return None


def render_card(value: object, extra_class: str = "") -> SafeString:
    card = _as_card(value)
    return _card_html(card.code if card else None, extra_class, _language())


# Key: the card, the extra class and the language: everything the markup shows. Nothing
# user-specific; the value is an immutable string.
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


def _code(value: object) -> str | None:
    card = _as_card(value)
    return card.code if card is not None else None


@register.simple_tag
def cards(
    values: Iterable[object], highlight: Iterable[object] = (), label: str = ""
) -> SafeString:
    """A row of cards as a list; cards in ``highlight`` are marked (outline and a text mark)."""
    marked = frozenset(code for code in map(_code, highlight) if code is not None)
    return _cards_html(tuple(map(_code, values)), marked, str(label), _language())


# Key: the cards, which are highlighted, the list's label and the language: everything the
# markup shows. Nothing user-specific; the value is an immutable string.
@lru_cache(maxsize=8192)
def _cards_html(
    codes: tuple[str | None, ...], marked: frozenset[str], label: str, language: str
) -> SafeString:
    """The markup of one row of cards in one language, kept: hands of two cards come back
    often (1,326 of them), and the markup is the same every time."""
    items = []
    for code in codes:
        is_marked = code is not None and code in marked
        items.append(
            (
                _card_html(code, "card--best" if is_marked else "", language),
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
    """``<link rel="alternate">`` for the page in every language, plus x-default (English)."""
    request = context["request"]
    origin = f"{request.scheme}://{request.get_host()}"
    return _with_query(_hreflang_pieces(origin, context["page_path"]), context["page_query"])


@register.simple_tag(takes_context=True)
def language_links(context: template.Context) -> SafeString:
    """The language switcher's items: each language's name in its own script, linking to
    this page (and its query) in that language."""
    pieces = _switcher_pieces(context["page_path"], get_language() or "en")
    return _with_query(pieces, context["page_query"])


def _with_query(pieces: tuple[str, ...], query: str) -> SafeString:
    """Markup kept per path, with this request's query (escaped) put into every address."""
    return SafeString(escape(query).join(pieces))


# Key: the site's origin and the page's path (the query is escaped in per request, between
# the pieces). Nothing user-specific; the value is a tuple of strings.
@lru_cache(maxsize=4096)
def _hreflang_pieces(origin: str, path: str) -> tuple[str, ...]:
    urls = translated_paths(path)
    codes = [code for code, _ in language_choices()]
    links = [*zip(codes, urls, strict=True), ("x-default", urls[codes.index("en")])]
    markup = "\n  ".join(
        format_html('<link rel="alternate" hreflang="{}" href="{}{}', code, origin, url)
        + "\x00"
        + '">'
        for code, url in links
    )
    return tuple(markup.split("\x00"))


# Key: the page's path and the current language (the query is escaped in per request).
# Nothing user-specific; the value is a tuple of strings.
@lru_cache(maxsize=4096)
def _switcher_pieces(path: str, current: str) -> tuple[str, ...]:
    markup = "\n".join(
        format_html('<li><a href="{}', url)
        + "\x00"
        + format_html(
            '" lang="{}" hreflang="{}"{}>{}</a></li>',
            code,
            code,
            SafeString(' aria-current="true"') if code == current else "",
            name,
        )
        for (code, name), url in zip(language_choices(), translated_paths(path), strict=True)
    )
    return tuple(markup.split("\x00"))
