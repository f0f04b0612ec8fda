"""The hand-rankings chart: every category strongest first, an example dealt by the engine,
and how many of all hands it is. Shared by the page ``/<lang>/rules/hand-rankings/``
(:mod:`tutor.rules.chart_views`) and the ``::: chart holdem`` / ``::: chart teenpatti``
block of the rule pages (:func:`chart_block`).

Nothing in a chart is typed by hand: the categories and their counts come from
:mod:`tutor.engine.census` (counted with the engine's evaluator), each example is
chosen by the engine from a fixed seed and evaluated again here, the sequence order is
:data:`tutor.engine.teenpatti.SEQUENCE_ORDER` and the paytable is the 6 Card Bonus
paytable of :mod:`tutor.engine.tp2020`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils import translation

from tutor.core.kept_text import kept_text
from tutor.core.locales import current_language
from tutor.engine import census, holdem, teenpatti, tp2020
from tutor.engine.cards import Card
from tutor.words import terms
from tutor.words.cards import rank_text
from tutor.words.chart import one_in, share_percent
from tutor.words.hands import describe_holdem, describe_teenpatti

GAMES = ("holdem", "teenpatti")


class ChartError(ValueError):
    """An example the evaluator does not put in its category (a defect, never shown)."""


@dataclass(frozen=True, slots=True)
class ChartRow:
    """One category: its name, a one-line definition, an example and how often it comes."""

    code: str
    name: str
    definition: str
    cards: tuple[Card, ...]
    example: str  # the example in words ("four tens"), "" where the name says it all
    count: int
    share: str  # "0.000154 %"
    odds: str  # "1 in 649,740"


@dataclass(frozen=True, slots=True)
class PaytableRow:
    name: str
    odds: Fraction  # x meaning "x to 1"


@dataclass(frozen=True, slots=True)
class Chart:
    """A game's chart in one language. ``sequences`` and ``paytable`` are Teen Patti's."""

    game: str
    total: int
    rows: tuple[ChartRow, ...]
    sequences: tuple[str, ...] = ()
    paytable_title: str = ""
    paytable: tuple[PaytableRow, ...] = ()


def _seed(game: str, code: str) -> str:
    """The seed that names a category's example: change it and the example changes."""
    return f"chart/{game}/{code}"


def _holdem_row(code: str, count: int, total: int, language: str) -> ChartRow:
    value = holdem.evaluate(census.holdem_example(code, _seed("holdem", code)))
    if value.code != code:
        raise ChartError(f"{code} example evaluates as {value.code}")
    share = Fraction(count, total)
    return ChartRow(
        code=code,
        name=terms.category_name("holdem", code),
        definition=terms.definition("holdem", code),
        cards=value.best_five,
        example="" if code == "royal_flush" else describe_holdem(value),
        count=count,
        share=share_percent(share, language),
        odds=one_in(share, language),
    )


def _teenpatti_row(code: str, count: int, total: int, language: str) -> ChartRow:
    value = teenpatti.evaluate(census.teenpatti_example(code, _seed("teenpatti", code)))
    if value.code != code:
        raise ChartError(f"{code} example evaluates as {value.code}")
    share = Fraction(count, total)
    return ChartRow(
        code=code,
        name=terms.category_name("teenpatti", code),
        definition=terms.definition("teenpatti", code),
        cards=value.cards,
        example=describe_teenpatti(value),
        count=count,
        share=share_percent(share, language),
        odds=one_in(share, language),
    )


# Key: the language (five at most). The chart is the same for every request: engine
# counts and examples in that language's words, nothing about the visitor. The value is
# a frozen dataclass of tuples and strings, safe to share.
@kept_text(maxsize=None)
def holdem_chart(language: str) -> Chart:
    """The Hold'em chart: the ten categories of the 2,598,960 five-card hands."""
    counts = census.holdem_counts()
    total = sum(counts.values())
    with translation.override(language):
        rows = tuple(_holdem_row(code, n, total, language) for code, n in counts.items())
    return Chart("holdem", total, rows)


# Key: the language, as for holdem_chart; nothing user-specific, the value is frozen.
@kept_text(maxsize=None)
def teenpatti_chart(language: str) -> Chart:
    """The Teen Patti chart: six categories of 22,100 hands, the sequence order and the
    6 Card Bonus paytable."""
    counts = census.teenpatti_counts()
    total = sum(counts.values())
    with translation.override(language):
        rows = tuple(_teenpatti_row(code, n, total, language) for code, n in counts.items())
        paytable = tuple(
            PaytableRow(str(terms.PAYTABLE_ROWS[row.code]), row.odds)
            for row in tp2020.DEFAULT.six_card_bonus
        )
        title = str(terms.PAYTABLE_NAMES["six_card_bonus"])
    sequences = tuple("-".join(rank_text(r) for r in seq) for seq in teenpatti.SEQUENCE_ORDER)
    return Chart("teenpatti", total, rows, sequences, title, paytable)


def chart(game: str, language: str) -> Chart:
    """The chart of ``"holdem"`` or ``"teenpatti"``; ValueError for another game."""
    if game == "holdem":
        return holdem_chart(language)
    if game == "teenpatti":
        return teenpatti_chart(language)
    raise ValueError(f"no chart for {game!r}")


def chart_block(args: list[str], opts: dict[str, str]) -> dict[str, Any]:
    """The ``::: chart holdem`` directive: the compact chart inside a rule page."""
    if len(args) != 1:
        raise ValueError(f"chart takes one game of {GAMES}, got {args!r}")
    return {"chart": chart(args[0], current_language()), "compact": True}
