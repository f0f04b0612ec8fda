"""A short tournament in words: the hands told, who is knocked out, why each player
finishes where they do, and which blind level a hand is in.

The engine says what happened (its table's eliminations and places, its rules' blind
levels, each hand's events); the tournament drill names each fact with a code and its
numbers, and this module words it. Each code maps to a whole message with named
placeholders; an unknown code raises :class:`~tutor.words.base.MissingWords`.

>>> from django.utils import translation
>>> with translation.override("en"):
...     finish_reason("out_more", player="Seat 2", place=3, hand=7, chips=900,
...                   others=["Seat 5"], language="en")
'Seat 2 is knocked out in hand 7, the same hand as Seat 5, but started it with more chips (900), so finishes higher: place 3.'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils.translation import pgettext

from tutor.engine.events import EventData

from .base import fill, join_names, lookup, number
from .narrate import narrate

__all__ = [
    "TOLD",
    "blinds_reason",
    "finish_reason",
    "hand_lines",
    "knocked_out",
    "quiet_hands",
    "winner",
]

#: The events of an all-in hand the story tells: the bets, the calls, the chips that go
#: back and the pots won. Blinds are left out (the learner works them out from the
#: schedule), and so are the folds, the cards (shown as cards, never as codes in a
#: sentence) and the closing tally.
TOLD = frozenset({"bet", "raise", "call", "return_uncalled", "award_pot"})


def _story() -> dict[str, str]:
    """What happened in a hand (or a run of hands) -> message."""
    return {
        "quiet_one": pgettext(
            "tournament story",
            "Hand %(hand)s: everyone folds to the big blind, who takes the blinds.",
        ),
        "quiet_many": pgettext(
            "tournament story",
            "Hands %(first)s to %(last)s: each time, everyone folds to the big blind.",
        ),
        "nobody_out": pgettext("tournament story", "Nobody is knocked out."),
        "out_one": pgettext(
            "tournament story", "%(players)s has no chips left and is knocked out."
        ),
        "out_many": pgettext(
            "tournament story",
            "%(players)s have no chips left: they are knocked out in the same hand.",
        ),
        "winner": pgettext(
            "tournament story", "%(player)s has all the chips and wins the tournament."
        ),
    }


def _finish() -> dict[str, str]:
    """Why a player finishes in their place -> message."""
    return {
        "winner": pgettext(
            "tournament place", "%(player)s is the last player left with chips: place %(place)s."
        ),
        "out": pgettext(
            "tournament place",
            "%(player)s is knocked out in hand %(hand)s, so finishes below everyone still "
            "in after it: place %(place)s.",
        ),
        "out_more": pgettext(
            "tournament place",
            "%(player)s is knocked out in hand %(hand)s, the same hand as %(others)s, but "
            "started it with more chips (%(chips)s), so finishes higher: place %(place)s.",
        ),
        "out_fewer": pgettext(
            "tournament place",
            "%(player)s is knocked out in hand %(hand)s, the same hand as %(others)s, and "
            "started it with fewer chips (%(chips)s), so finishes lower: place %(place)s.",
        ),
        "out_between": pgettext(
            "tournament place",
            "%(player)s is knocked out in hand %(hand)s, the same hand as %(others)s, and "
            "started it with %(chips)s chips, more than some of them and fewer than "
            "others: place %(place)s.",
        ),
        "out_tied": pgettext(
            "tournament place",
            "%(player)s is knocked out in hand %(hand)s, the same hand as %(others)s, "
            "with as many chips at its start (%(chips)s): they share place %(place)s.",
        ),
    }


def _blinds() -> dict[str, str]:
    """Where a hand falls in the blind schedule -> message."""
    return {
        "level": pgettext(
            "tournament blinds",
            "Hand %(hand)s is in level %(level)s, which covers hands %(first)s to "
            "%(last)s: blinds %(small)s/%(big)s.",
        ),
        "last_level": pgettext(
            "tournament blinds",
            "Hand %(hand)s comes after the end of the schedule, so the blinds stay at "
            "those of its last level, level %(level)s: %(small)s/%(big)s.",
        ),
    }


def quiet_hands(first: int, last: int, language: str) -> str:
    """'Hand 3: everyone folds to the big blind ...', or hands 3 to 5 in one sentence."""
    code = "quiet_one" if first == last else "quiet_many"
    params = {"hand": number(first, language), "first": number(first, language)}
    return fill(
        lookup(_story(), "tournament story", code), params | {"last": number(last, language)}
    )


def knocked_out(players: Sequence[str]) -> str:
    """Who is knocked out in a hand (nobody, one player, or several together)."""
    code = {0: "nobody_out", 1: "out_one"}.get(len(players), "out_many")
    return fill(lookup(_story(), "tournament story", code), {"players": join_names(players)})


def winner(player: str) -> str:
    """The last player left, with all the chips."""
    return fill(lookup(_story(), "tournament story", "winner"), {"player": player})


def finish_reason(
    code: str,
    *,
    player: str,
    place: int,
    language: str,
    hand: int = 0,
    chips: int = 0,
    others: Sequence[str] = (),
) -> str:
    """Why ``player`` finishes in ``place``: the winner, knocked out alone in ``hand``, or
    with ``others`` in the same hand, placed by ``chips`` at the start of it."""
    params = {
        "player": player,
        "place": number(place, language),
        "hand": number(hand, language),
        "chips": number(chips, language),
        "others": join_names(others),
    }
    return fill(lookup(_finish(), "tournament place", code), params)


def blinds_reason(
    code: str,
    *,
    hand: int,
    level: int,
    first: int,
    last: int,
    small: int,
    big: int,
    language: str,
) -> str:
    """Which blind level (1 = the first) hand ``hand`` is in, and its blinds."""
    values = {"hand": hand, "level": level, "first": first, "last": last}
    params = {name: number(value, language) for name, value in values.items()}
    params |= {"small": number(small, language), "big": number(big, language)}
    return fill(lookup(_blinds(), "tournament blinds", code), params)


def hand_lines(events: Sequence[EventData], name: Callable[[int], str], language: str) -> list[str]:
    """The bets, calls, returned chips and pots of a hand, one sentence each (the other
    events are not told: see :data:`TOLD`)."""
    return narrate([e for e in events if e["kind"] in TOLD], name, language)
