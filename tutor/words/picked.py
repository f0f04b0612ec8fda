"""The first line of the feedback on a wrong answer: what the learner picked and why it is
wrong, from the engine's own data ("You picked Player 2: a pair of sevens. Player 1 has two
pair, kings and fours, a higher category."). The explanation of the right answer follows it.

This module words the choices among hands, players, bets and actions; the amounts, counts
and places are in :mod:`~tutor.words.picked_figures`. Each drill reads the facts from the
engine (a showdown of the chosen hand against a winner, a refusal's reason code ...) and
names them with a code; every code maps to a whole sentence with named placeholders, so
each language orders the parts its own way. A line is one or two such sentences. An
unknown code raises :class:`~tutor.words.base.MissingWords`.

>>> from django.utils import translation
>>> with translation.override("en"):
...     picked_player(["Player 2"], "Player 2", "a pair of sevens")
'You picked Player 2: a pair of sevens.'
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import pgettext

from tutor.engine import holdem, teenpatti

from .base import fill, join_names, lookup
from .cards import rank_name
from .hands import describe_holdem, describe_teenpatti

__all__ = [
    "choice_codes",
    "choice_line",
    "first_shown_line",
    "muck_line",
    "picked_only",
    "picked_player",
    "picked_tie",
    "why_holdem",
    "why_teenpatti",
    "wrong_category",
    "wrong_five",
]


def _players() -> dict[str, str]:
    """Which hand or hands the learner picked as the winner."""
    return {
        "one": pgettext("you picked", "You picked %(chosen)s: %(hand)s."),
        "several": pgettext("you picked", "You picked %(chosen)s; %(player)s has %(hand)s."),
        "only": pgettext("you picked", "You picked only %(chosen)s."),
        "tie": pgettext("you picked", "You picked a tie, but %(player)s has %(hand)s."),
    }


def _beaten() -> dict[str, str]:
    """What decided a showdown of a winner (``winner``) against the hand the learner
    picked, or against a winner the learner left out (``other``): the engine's decision kind,
    with the game's own sentence for a tie."""
    return {
        "category": pgettext("you picked", "%(winner)s has %(winner_hand)s, a higher category."),
        # Teen Patti pages name the categories otherwise ("kind" in Hindi and Bengali).
        "teenpatti_category": pgettext(
            "you picked, teen patti", "%(winner)s has %(winner_hand)s, a higher category."
        ),
        "rank": pgettext("you picked", "%(winner)s has %(winner_hand)s, which ranks higher."),
        "kicker": pgettext(
            "you picked",
            "%(winner)s has the same hand with a higher card: %(winner_rank)s beats "
            "%(loser_rank)s.",
        ),
        "sequence_order": pgettext(
            "you picked",
            "%(winner)s has %(winner_hand)s, which is higher in the sequence order A-K-Q, "
            "A-2-3, K-Q-J … 4-3-2.",
        ),
        "tie": pgettext(
            "you picked",
            "%(other)s has the same hand, %(hand)s; suits never decide, so the pot is split.",
        ),
        "board_plays": pgettext(
            "you picked",
            "The board plays: %(other)s also has the five cards on the board, %(hand)s, so "
            "the pot is split.",
        ),
        "teenpatti_tie": pgettext(
            "you picked",
            "%(other)s has the same hand, %(hand)s; suits never decide, so it is a tie.",
        ),
    }


def _choices() -> dict[str, str]:
    """A wrong choice among hand names, bets and actions (and the showdown order)."""
    return {
        "category": pgettext(
            "you picked",
            "You picked %(chosen)s, but these cards make %(hand)s. %(chosen)s: %(definition)s",
        ),
        "five": pgettext(
            "you picked",
            "You picked %(cards)s as the best five: they make %(picked_hand)s, but the best "
            "five make %(hand)s.",
        ),
        "five_kickers": pgettext(
            "you picked",
            "You picked %(cards)s as the best five: they make %(hand)s too, but the best five "
            "keep higher cards beside it.",
        ),
        "rtp": pgettext(
            "you picked",
            "You picked %(chosen)s: on average it gives back %(chosen_rtp)s of what is staked "
            "on it, but %(best)s gives back %(best_rtp)s.",
        ),
        "illegal_action": pgettext(
            "you picked", "You picked %(chosen)s, but %(action)s is not allowed now. %(why)s"
        ),
        "missed_action": pgettext(
            "you picked", "You picked %(chosen)s and left out %(action)s. %(why)s"
        ),
        "all_not_face_up": pgettext(
            "you picked",
            "You picked all hands face up at once, but that happens only when a player is "
            "all-in and nobody can bet any more; here %(seat)s shows first.",
        ),
        "seat_face_up": pgettext(
            "you picked",
            "You picked %(chosen)s to show first, but a player is all-in and the betting is "
            "over, so every hand is turned face up at once.",
        ),
        "seat_last_aggressor": pgettext(
            "you picked",
            "You picked %(chosen)s to show first, but %(seat)s made the last bet or raise on "
            "the river, so %(seat)s shows first.",
        ),
        "seat_first_left": pgettext(
            "you picked",
            "You picked %(chosen)s to show first, but nobody bet on the river, so the first "
            "player still in to the left of the button shows first: %(seat)s.",
        ),
        "muck_not_allowed": pgettext(
            "you picked",
            "You picked %(chosen)s as players who may muck, but %(seat)s may not. %(why)s",
        ),
        "muck_missed": pgettext(
            "you picked",
            "You picked %(chosen)s as players who may muck, but %(seat)s may muck too. %(why)s",
        ),
        "muck_missed_none": pgettext(
            "you picked", "You picked nobody as a player who may muck, but %(seat)s may. %(why)s"
        ),
    }


def choice_codes() -> dict[str, frozenset[str]]:
    """Every code of this module, by family (for the test that words them all)."""
    return {
        "players": frozenset(_players()),
        "beaten": frozenset(_beaten()),
        "choices": frozenset(_choices()),
    }


def choice_line(code: str, **params: str) -> str:
    """One of the choice sentences (``_choices``) with its placeholders."""
    return fill(lookup(_choices(), "you picked", code), params)


def picked_player(chosen: Sequence[str], player: str, hand: str) -> str:
    """The players the learner picked, and the hand of the one who does not win."""
    code = "one" if list(chosen) == [player] else "several"
    params = {"chosen": join_names(chosen), "player": player, "hand": hand}
    return fill(lookup(_players(), "you picked players", code), params)


def picked_only(chosen: Sequence[str]) -> str:
    """The learner picked winners, but not all of them."""
    return fill(_players()["only"], {"chosen": join_names(chosen)})


def picked_tie(player: str, hand: str) -> str:
    """The learner picked a tie where one hand wins (``player``: the losing hand's)."""
    return fill(_players()["tie"], {"player": player, "hand": hand})


def _why(kind: str, params: dict[str, str], winner_rank: int | None, loser_rank: int | None) -> str:
    if winner_rank is not None and loser_rank is not None:
        params |= {"winner_rank": rank_name(winner_rank), "loser_rank": rank_name(loser_rank)}
    return fill(lookup(_beaten(), "you picked decision", kind), params)


def why_holdem(result: holdem.Showdown, names: Sequence[str]) -> str:
    """Why the first of two Hold'em hands beats the second (or ties it), from the engine's
    showdown of just those two: ``names`` are theirs, the winner's first."""
    decision = result.decided_by
    winner = result.values[0]
    params = {
        "winner": names[0],
        "other": names[1],
        "winner_hand": describe_holdem(winner),
        "hand": describe_holdem(winner),
    }
    return _why(decision.kind, params, decision.winner_rank, decision.loser_rank)


def why_teenpatti(result: teenpatti.TPShowdown, names: Sequence[str]) -> str:
    """Why the first of two Teen Patti hands beats the second, or ties it."""
    decision = result.decided_by
    kind = "teenpatti_tie" if result.result == "tie" else decision.kind
    kind = "teenpatti_category" if kind == "category" else kind
    hand = describe_teenpatti(result.values[0])
    params = {"winner": names[0], "other": names[1], "winner_hand": hand, "hand": hand}
    return _why(kind, params, decision.winner_rank, decision.loser_rank)


def wrong_category(chosen: str, definition: str, hand: str) -> str:
    """The hand named wrongly: what the chosen name means, and what the cards make."""
    return choice_line("category", chosen=chosen, definition=definition, hand=hand)


def wrong_five(cards: str, picked_hand: str, hand: str) -> str:
    """The best five picked wrongly: what they make beside what the best five make."""
    if picked_hand == hand:
        return choice_line("five_kickers", cards=cards, hand=hand)
    return choice_line("five", cards=cards, picked_hand=picked_hand, hand=hand)


def first_shown_line(code: str, chosen: str, seat: str) -> str:
    """Who the learner said shows first (``chosen``), against the engine's ``seat``."""
    return choice_line(code, chosen=chosen, seat=seat)


def muck_line(code: str, chosen: Sequence[str], seat: str, why: str) -> str:
    """The players the learner said may muck, and the first one wrongly in or out."""
    return choice_line(code, chosen=join_names(chosen), seat=seat, why=why)
