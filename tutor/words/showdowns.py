"""Sentences for the engine's showdowns, in the page language.

The engine says *what* decided a showdown as data (``Decision``/``TPDecision``); this
module words it: "Player 2 and Player 3 both have a pair of kings; the first kicker
decides: ace beats queen." Each decision kind (and, for kickers, which card decided)
maps to a whole message with named placeholders, so each language can order the parts
its own way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext, pgettext

from tutor.engine import holdem, teenpatti
from tutor.engine.cards import Card

from .base import fill, join_names, lookup
from .cards import rank_name
from .hands import describe_holdem, describe_teenpatti
from .terms import TEENPATTI_BETS, category_name

__all__ = [
    "ShowdownRow",
    "chosen",
    "explain_holdem",
    "explain_teenpatti",
    "holdem_rows",
    "join_names",
    "teenpatti_names",
    "teenpatti_rows",
]

#: Hold'em categories compared card by card: every card of them is a "next card", none
#: a kicker.
_CARD_BY_CARD = frozenset({holdem.Category.FLUSH, holdem.Category.HIGH_CARD})


def _holdem_sentences() -> dict[tuple[str, int], str]:
    """(decision kind, which card decided or 0) -> message."""
    return {
        ("only_hand", 0): pgettext("showdown", "%(winner)s is the only hand and wins."),
        ("board_plays", 0): pgettext(
            "showdown",
            "The board plays: the best hand is the five cards on the board (%(hand)s), "
            "so %(players)s split the pot.",
        ),
        ("tie", 0): pgettext(
            "showdown",
            "%(players)s tie with %(hand)s; suits never break a tie, so they split the pot.",
        ),
        ("category", 0): pgettext(
            "showdown",
            "%(winner)s wins: %(winner_hand)s is a higher category than %(loser_hand)s.",
        ),
        ("rank", 0): pgettext("showdown", "%(winner)s wins: %(winner_hand)s beats %(loser_hand)s."),
        ("kicker", 1): pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; the first kicker decides: "
            "%(winner_rank)s beats %(loser_rank)s.",
        ),
        ("kicker", 2): pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; the second kicker decides: "
            "%(winner_rank)s beats %(loser_rank)s.",
        ),
        ("kicker", 3): pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; the third kicker decides: "
            "%(winner_rank)s beats %(loser_rank)s.",
        ),
        ("kicker", 4): pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; the fourth kicker decides: "
            "%(winner_rank)s beats %(loser_rank)s.",
        ),
        ("next_card", 2): pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; comparing card by card, the second "
            "card decides: %(winner_rank)s beats %(loser_rank)s.",
        ),
        ("next_card", 3): pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; comparing card by card, the third "
            "card decides: %(winner_rank)s beats %(loser_rank)s.",
        ),
        ("next_card", 4): pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; comparing card by card, the fourth "
            "card decides: %(winner_rank)s beats %(loser_rank)s.",
        ),
        ("next_card", 5): pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; comparing card by card, the fifth "
            "card decides: %(winner_rank)s beats %(loser_rank)s.",
        ),
    }


def _holdem_key(result: holdem.Showdown) -> tuple[str, int]:
    """The sentence's key: the decision kind, and for a kicker which card (1 = first)."""
    decision = result.decided_by
    if decision.kind != "kicker":
        return decision.kind, 0
    best = result.values[result.winners[0]]
    position = decision.position or 0
    if best.category in _CARD_BY_CARD:
        return "next_card", position + 1
    return "kicker", position - holdem.MAIN_RANKS[best.category] + 1


def _ranks(winner_rank: int | None, loser_rank: int | None) -> dict[str, str]:
    """The deciding ranks, when the decision names them."""
    if winner_rank is None or loser_rank is None:
        return {}
    return {"winner_rank": rank_name(winner_rank), "loser_rank": rank_name(loser_rank)}


def explain_holdem(result: holdem.Showdown, names: Sequence[str]) -> str:
    """One sentence saying who won the showdown and what decided it."""
    decision = result.decided_by
    best = describe_holdem(result.values[result.winners[0]])
    winners = join_names([names[i] for i in result.winners])
    params = {"winner": winners, "players": winners, "hand": best, "winner_hand": best}
    if decision.runner_up is not None:
        params["loser"] = names[decision.runner_up]
        params["loser_hand"] = describe_holdem(result.values[decision.runner_up])
    params |= _ranks(decision.winner_rank, decision.loser_rank)
    key = _holdem_key(result)
    if len(result.winners) > 1 and decision.runner_up is not None:
        return _shared(key, params, names[result.winners[0]])
    text = lookup(_holdem_sentences(), "holdem showdown decision", key)
    return fill(text, params)


def _shared(key: tuple[str, int], params: dict[str, str], first: str) -> str:
    """Several winners who tie with each other and beat the rest: say that they split the
    pot, then what put them ahead of the best of the others (told for the first winner,
    so no sentence says that one player wins a pot two share)."""
    if key[0] in ("category", "rank"):
        return fill(
            pgettext(
                "showdown",
                "%(players)s split the pot: each has %(winner_hand)s, which beats %(loser_hand)s.",
            ),
            params,
        )
    split = pgettext("showdown", "%(players)s split the pot with the same hand, %(hand)s.")
    ahead = lookup(_holdem_sentences(), "holdem showdown decision", key)
    return f"{fill(split, params)} {fill(ahead, params | {'winner': first})}"


def _teenpatti_sentences() -> dict[str, str]:
    """Decision kind (for a kicker: which card decided) -> message."""
    return {
        "tie": pgettext(
            "teen patti showdown",
            "Both hands are %(hand)s with the same ranks; suits never decide, so it is a tie.",
        ),
        "category": pgettext(
            "teen patti showdown",
            "%(winner)s wins: %(winner_hand)s is a higher category than %(loser_hand)s.",
        ),
        "sequence_order": pgettext(
            "teen patti showdown",
            "%(winner)s wins: in the sequence order A-K-Q, A-2-3, K-Q-J … 4-3-2, "
            "%(winner_hand)s ranks above %(loser_hand)s.",
        ),
        "rank": pgettext(
            "teen patti showdown", "%(winner)s wins: %(winner_hand)s beats %(loser_hand)s."
        ),
        "odd_card": pgettext(
            "teen patti showdown",
            "Both hands have %(hand)s; the odd card decides: %(winner_rank)s beats "
            "%(loser_rank)s, so %(winner)s wins.",
        ),
        "second_card": pgettext(
            "teen patti showdown",
            "The highest cards are equal; the second card decides: %(winner_rank)s beats "
            "%(loser_rank)s, so %(winner)s wins.",
        ),
        "third_card": pgettext(
            "teen patti showdown",
            "The two highest cards are equal; the third card decides: %(winner_rank)s beats "
            "%(loser_rank)s, so %(winner)s wins.",
        ),
    }


#: Which card of a Teen Patti hand decided, by its position in ``ranks``.
_TEENPATTI_KICKERS: dict[int, str] = {1: "second_card", 2: "third_card"}


def _teenpatti_key(result: teenpatti.TPShowdown) -> str:
    decision = result.decided_by
    if decision.kind != "kicker":
        return decision.kind
    if result.values[_winner(result)].code == "pair":
        return "odd_card"
    position = decision.position
    return lookup(_TEENPATTI_KICKERS, "teen patti kicker position", position or 0)


def _winner(result: teenpatti.TPShowdown) -> int:
    """Player A's index 0 or Player B's 1 (Player A's on a tie: both hands are alike)."""
    return 1 if result.result == "player_b" else 0


def explain_teenpatti(result: teenpatti.TPShowdown, names: Sequence[str]) -> str:
    """One sentence saying who won Player A's and Player B's showdown and why."""
    win = _winner(result)
    hand = describe_teenpatti(result.values[win])
    params = {
        "winner": names[win],
        "loser": names[1 - win],
        "winner_hand": hand,
        "loser_hand": describe_teenpatti(result.values[1 - win]),
        "hand": hand,
    }
    params |= _ranks(result.decided_by.winner_rank, result.decided_by.loser_rank)
    text = lookup(_teenpatti_sentences(), "teen patti showdown decision", _teenpatti_key(result))
    return fill(text, params)


@dataclass(frozen=True)
class ShowdownRow:
    """One hand of a showdown table: who, the cards, the best five, the category's name,
    whether it wins (both hands on a Teen Patti tie) and whether the learner chose it."""

    name: str
    cards: tuple[Card, ...]
    best: tuple[Card, ...]
    category: str
    winner: bool
    chosen: bool = False
    #: What a winning row's hand did, in words: wins, splits the pot (Hold'em), or ties
    #: (Teen Patti 20-20, where a tie returns the bets on the players: nobody wins).
    note: str = ""


def holdem_rows(
    result: holdem.Showdown, hands: Sequence[Sequence[Card]], names: Sequence[str]
) -> tuple[ShowdownRow, ...]:
    """One display row per hand of a Hold'em showdown: cards, best five, category, winner."""
    return tuple(
        ShowdownRow(
            name=names[i],
            cards=tuple(hands[i]),
            best=tuple(value.best_five),
            category=str(category_name("holdem", value.code)),
            winner=i in result.winners,
            note=(split_note() if len(result.winners) > 1 else win_note())
            if i in result.winners
            else "",
        )
        for i, value in enumerate(result.values)
    )


def win_note() -> str:
    return pgettext("showdown result", "wins")


def split_note() -> str:
    return gettext("splits the pot")


def tie_note() -> str:
    # Translators: beside each hand of a Teen Patti 20-20 tie, as "wins" is beside a winner:
    # the round is a tie, nobody wins and the bets on Player A and Player B are returned.
    return pgettext("showdown result", "tie")


def teenpatti_names() -> list[str]:
    """The two hands' names, Player A's first."""
    return [str(TEENPATTI_BETS["player_a"]), str(TEENPATTI_BETS["player_b"])]


def teenpatti_rows(result: teenpatti.TPShowdown, names: Sequence[str]) -> tuple[ShowdownRow, ...]:
    """Player A's and Player B's rows: cards, category, winner (both on a tie)."""
    return tuple(
        ShowdownRow(
            name=names[i],
            cards=tuple(value.cards),
            best=(),
            category=str(category_name("teenpatti", value.paytable_code)),
            winner=result.result in ("tie", ("player_a", "player_b")[i]),
            note=_teenpatti_note(result.result, ("player_a", "player_b")[i]),
        )
        for i, value in enumerate(result.values)
    )


def _teenpatti_note(result: str, player: str) -> str:
    if result == "tie":
        return tie_note()
    return win_note() if result == player else ""


def chosen(rows: tuple[ShowdownRow, ...], picked: set[int]) -> tuple[ShowdownRow, ...]:
    """The rows with the learner's choices marked."""
    return tuple(replace(row, chosen=i in picked) for i, row in enumerate(rows))
