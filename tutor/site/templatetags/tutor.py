"""Template helpers used on every page: numbers in the page language and playing cards.

{{ amount|num }}            1,234 / 1,234 / 12,34,567 / 1 234 567 ...
{{ ratio|pct }}             97.50% / 97,50 % ...
{% card "As" %}             an accessible card; {% card None %} is face down
{% cards hand %}            a row of cards
{% sentences %}…{% endsentences %}  sentences run on as the language runs them
{% label_value label value %}  "<strong>label</strong>: value" in the language's pattern
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache

from django import template
from django.conf import settings
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import pgettext

from tutor.core.kept_text import kept_text
from tutor.core.locales import (
    current_language,
    format_number,
    format_percentage,
    is_beta,
    language_choices,
    language_name,
    shipped_languages,
)
from tutor.engine.cards import Card
from tutor.engine.errors import InvalidCards
from tutor.site.context_processors import translated_paths
from tutor.site.languages import shows_beta
from tutor.words import base as words
from tutor.words import terms
from tutor.words.cards import card_name

register = template.Library()


@register.filter
def num(value: object, decimals: int | None = None) -> str:
    """Format a number for the page's language; anything else passes through unchanged."""
    number = _as_number(value)
    if number is None:
        return "" if value is None else str(value)
    return format_number(number, current_language(), decimals=decimals)


@register.filter
def pct(value: object, decimals: int = 2) -> str:
    number = _as_number(value)
    if number is None:
        return "" if value is None else str(value)
    return format_percentage(number, current_language(), decimals=decimals)


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


@register.simple_tag
def sep() -> str:
    """The mark between items on one line ("Read the rule · Practise it"): a catalog
    message, since Japanese has no Latin middle dot (it writes ・ or ／)."""
    return words.separator()


class SentencesNode(template.Node):
    def __init__(self, nodelist: template.NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context: template.Context) -> str:
        return words.run_on(self.nodelist.render(context))


@register.tag
def sentences(parser: template.base.Parser, token: template.base.Token) -> SentencesNode:
    """``{% sentences %}…{% endsentences %}``: the sentences inside, written one after
    another with white space between them, as the page language runs them (no space after
    a Japanese 「。」「！」「？」, one space elsewhere)."""
    nodelist = parser.parse(("endsentences",))
    parser.delete_first_token()
    return SentencesNode(nodelist)


@register.filter(is_safe=True)
def after_label(value: object, label: object) -> SafeString:
    """``{% filter after_label:label %}<strong>…</strong>{% endfilter %}``: a label and a
    value that is markup, through the language's "label: value" pattern (Japanese 「：」
    with no space after it)."""
    return mark_safe(words.labelled(_escaped(label), _escaped(value)))


def _escaped(value: object) -> str:
    """``value`` as HTML: markup as it is, anything else as escaped text."""
    return conditional_escape(value if isinstance(value, SafeData) else str(value))


def _wrapped(text: object, element: str, css: str) -> object:
    """``text`` in ``<element class="css">`` (escaped), or as it is without an element."""
    if not element:
        return text
    if css:
        return format_html('<{0} class="{1}">{2}</{0}>', element, css, text)
    return format_html("<{0}>{1}</{0}>", element, text)


@register.simple_tag
def label_value(label: object, value: object, element: str = "strong", css: str = "") -> SafeString:
    """``{% label_value label value %}``: the label in ``<strong>`` (or ``element`` with the
    class ``css``) and its value, through the language's "label: value" pattern (Japanese
    「<strong>テーマ</strong>：7枚から…」, no space after 「：」). The value may be markup."""
    marked = _escaped(_wrapped(label, element, css))
    return mark_safe(words.labelled(marked, _escaped(value)))  # both escaped


@register.simple_tag
def hand_note(
    hand: object, note: object, hand_element: str = "", note_element: str = "", note_css: str = ""
) -> SafeString:
    """``{% hand_note row.category won note_element="strong" %}``: a hand and a note on it in
    the language's pattern ("Two pair — wins", Japanese 「ツーペア：勝ち」), either part
    optionally in an element of its own."""
    hand_html = _escaped(_wrapped(hand, hand_element, ""))
    note_html = _escaped(_wrapped(note, note_element, note_css))
    return mark_safe(words.hand_note(hand_html, note_html))  # both escaped


@register.filter(is_safe=True)
def with_link(link: object, text: object) -> SafeString:
    """``{% filter with_link:text %}<a href="…">the lesson</a>{% endfilter %}``: a statement
    and the link after it in the language's pattern (Japanese 「…で学びます。レッスンへ」)."""
    return mark_safe(words.with_link(_escaped(text), _escaped(link)))


@register.filter(is_safe=True)
def bdi(name: object) -> SafeString:
    """A name someone typed, isolated from the text around it (``<bdi>``), so an Arabic
    or Hebrew name cannot reorder what follows it ("سلمى (0/1)"): for a name inside a
    translated sentence, ``{% blocktranslate with name=p.nickname|bdi %}``. Never inside an
    attribute or a page title."""
    return format_html("<bdi>{}</bdi>", name)


@register.filter
def answer_parts(items: Iterable[object], mark: str = "") -> str:
    """The parts of one answer in the language's pattern ("a; b", Japanese 「a、b」), each
    after ``mark`` and a space when one is given (autoescaped like any text)."""
    return words.answer_parts([f"{mark} {item}" if mark else str(item) for item in items])


@register.filter
def join_names(items: Iterable[object]) -> str:
    """``A, B and C`` in the page language (Babel's list pattern; Japanese 「A、B、C」),
    instead of joining with ", " (autoescaped like any text)."""
    return words.join_names([str(item) for item in items])


@register.filter
def parenthetical(text: object, note: object) -> str:
    """``text (note)`` with the page language's brackets ("2番席（ボタン）")."""
    return words.parenthetical(str(text), str(note))


@register.filter
def labelled(value: object, label: object) -> str:
    """``label: value`` with the page language's colon ("メインポット：1,250")."""
    return words.labelled(str(label), str(value))


@register.filter
def bracketed(note: object) -> str:
    """``(note)`` with the page language's brackets, for a note in an element of its own."""
    return words.bracketed(str(note))


@register.filter
def get(mapping: object, key: str) -> object:
    """``{{ slip|get:code }}``: a dictionary value by a variable key ('' when missing)."""
    return mapping.get(key, "") if isinstance(mapping, dict) else ""


@register.filter
def player_name(index: int) -> str:
    """``{{ forloop.counter0|player_name }}``: "Player 1" (the words' own name, as in the
    feedback), a filter rather than a ``blocktranslate`` in a loop: a third of the cost."""
    return terms.player_name(index)


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
    return _card_html(card.code if card else None, extra_class, current_language())


# Key: the card, the extra class and the language: everything the markup shows. Nothing
# user-specific; the value is an immutable string.
@kept_text(maxsize=2048)
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
    return _cards_html(tuple(map(_code, values)), marked, str(label), current_language())


# Key: the cards, which are highlighted, the list's label and the language: everything the
# markup shows. Nothing user-specific; the value is an immutable string. Bounded at 2,048
# (about 1.5 MB): the rows of the pages being answered now come back; dealt boards rarely do.
@kept_text(maxsize=2048)
def _cards_html(
    codes: tuple[str | None, ...], marked: frozenset[str], label: str, language: str
) -> SafeString:
    """The markup of one row of cards in one language, kept: hands of two cards come back
    often (1,326 of them), and the markup is the same every time. A board of five rarely
    comes back; it is joined from the kept items, with no escaping left to do."""
    items = "".join(
        _card_item(code, code is not None and code in marked, language) for code in codes
    )
    if label:
        return format_html('<ul class="cards" aria-label="{}">{}</ul>', label, SafeString(items))
    return SafeString(f'<ul class="cards">{items}</ul>')


# Key: the card, whether it is marked, and the language: everything the item shows. Nothing
# user-specific; the value is an immutable string (53 cards x 2 x 5 languages at most).
@kept_text(maxsize=1024)
def _card_item(code: str | None, is_marked: bool, language: str) -> str:
    """One ``<li>`` of a row of cards: the card, and the spoken mark of a card of the best five."""
    if not is_marked:
        return f"<li>{_card_html(code, '', language)}</li>"
    # Translators: read after a card that is part of the best five cards.
    mark = escape(pgettext("card", "(in the best five)"))
    return f'<li>{_card_html(code, "card--best", language)}<span class="visually-hidden">{mark}</span></li>'


@register.simple_tag
def shipped_language_names() -> str:
    """The shipped languages other than English, by name in the page language, as a list
    in its pattern ("Bangla, Hindi, Japanese, and Czech"): a sentence that names them
    follows the registry."""
    here = current_language()
    codes = [entry.code for entry in shipped_languages() if entry.code != settings.LANGUAGE_CODE]
    return words.join_names([language_name(code, here) for code in codes])


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
    with_beta = shows_beta(context["request"])
    pieces = _switcher_pieces(context["page_path"], current_language(), with_beta)
    return _with_query(pieces, context["page_query"])


def _with_query(pieces: tuple[str, ...], query: str) -> SafeString:
    """Markup kept per path, with this request's query (escaped) put into every address."""
    return SafeString(escape(query).join(pieces))


# Key: the site's origin and the page's path (the query is escaped in per request, between
# the pieces). Nothing user-specific; the value is a tuple of strings. Bounded at 1,024:
# the site's own addresses fit; made-up ones (404s, guessed codes) only push out each other.
@lru_cache(maxsize=1024)
def _hreflang_pieces(origin: str, path: str) -> tuple[str, ...]:
    urls = translated_paths(path)
    codes = [code for code, _ in language_choices()]
    public = [(code, url) for code, url in zip(codes, urls, strict=True) if not is_beta(code)]
    links = [*public, ("x-default", urls[codes.index("en")])]
    markup = "\n  ".join(
        format_html('<link rel="alternate" hreflang="{}" href="{}{}', code, origin, url)
        + "\x00"
        + '">'
        for code, url in links
    )
    return tuple(markup.split("\x00"))


# Key: the page's path, the current language and whether beta languages are offered (the
# query is escaped in per request). Nothing user-specific (whether this visitor sees the
# beta languages is one of two values); a tuple of strings. Bounded as _hreflang_pieces.
@lru_cache(maxsize=1024)
def _switcher_pieces(path: str, current: str, with_beta: bool) -> tuple[str, ...]:
    # Translators: after a language's name in the language switcher, for a language whose
    # translation is not finished yet (it is not offered to every visitor).
    beta = format_html(
        ' <small class="beta-mark" lang="{}">{}</small>', current, pgettext("language", "beta")
    )
    markup = "\n".join(
        format_html('<li><a href="{}', url)
        + "\x00"
        + format_html(
            '" lang="{}" hreflang="{}"{}>{}{}</a></li>',
            code,
            code,
            SafeString(' aria-current="true"') if code == current else "",
            name,
            beta if is_beta(code) else "",
        )
        for (code, name), url in zip(language_choices(), translated_paths(path), strict=True)
        if with_beta or not is_beta(code)
    )
    return tuple(markup.split("\x00"))
