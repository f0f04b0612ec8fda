"""The rankings one tap away: a closed box under a question with the game's hand chart
(and, for Teen Patti, its paytables), so a learner looks a ranking or a payout up instead
of being asked it from memory.

Which games a question needs is read from the concepts it exercises (each concept
belongs to one rule page), else from those its drill can exercise. The box is the same for every question of a game in a
language, so it is rendered once per (games, language) and kept.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from tutor.concepts import CONCEPTS
from tutor.concepts.model import HOLDEM_PAGE, TEENPATTI_PAGE
from tutor.core.kept_text import kept_text

from .chart import holdem_chart, teenpatti_chart
from .directives import render_directive

GAMES = (HOLDEM_PAGE, TEENPATTI_PAGE)
#: Teen Patti 20-20's paytables, in the order of its rule page.
PAYTABLES = ("main", "tie", "pair_plus", "six_card_bonus")


def games_of(concepts: Iterable[str]) -> tuple[str, ...]:
    """The rule pages (games) of ``concepts``, in a fixed order; unknown ids are ignored.

    >>> games_of(["tp-ties", "kickers", "nonsense"])
    ('texas-holdem', 'teen-patti-20-20')
    """
    pages = {CONCEPTS[c].page for c in concepts if c in CONCEPTS}
    return tuple(game for game in GAMES if game in pages)


def peek(concepts: Iterable[str], language: str) -> SafeString:
    """The box for a question exercising ``concepts`` ("" when it needs no chart)."""
    games = games_of(concepts)
    return _peek(games, language) if games else mark_safe("")


# Key: the games and the language, everything the box depends on (the charts and tables
# come from the engine; nothing user-specific). Bounded: three game sets, five languages.
@kept_text(maxsize=32)  # translated text: forgotten when a catalog is compiled again
def _peek(games: tuple[str, ...], language: str) -> SafeString:
    with translation.override(language):
        context = {
            "holdem": holdem_chart(language) if HOLDEM_PAGE in games else None,
            "teenpatti": teenpatti_chart(language) if TEENPATTI_PAGE in games else None,
            "paytables": [
                mark_safe(render_directive(f"::: paytable {name}", language, drill_links=False))
                for name in (PAYTABLES if TEENPATTI_PAGE in games else ())
            ],
        }
        return mark_safe(render_to_string("rules/_peek.html", context))
