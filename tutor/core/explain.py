"""Sentences for the engine's answers, in the page language.

The engine says *what* decided a showdown as data (``Decision``/``TPDecision``); this
module words it: "Player 2 and Player 3 both have a pair of kings; the first kicker
decides: ace beats queen." Every sentence is a whole message with named placeholders,
so each language can order the parts its own way.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.lists import format_list
from django.utils.translation import get_language, pgettext

from tutor.core import terms
from tutor.core.cardnames import rank_name
from tutor.engine import holdem, teenpatti


def join_names(names: Sequence[str]) -> str:
    """``A, B and C`` in the page language (Babel's list patterns)."""
    return format_list(list(names), locale=(get_language() or "en").replace("-", "_"))


def rank_text(rank: int) -> str:
    return "10" if rank == 10 else holdem_rank_char(rank)


def holdem_rank_char(rank: int) -> str:
    return "23456789TJQKA"[rank - 2]


def describe_holdem(value: holdem.HandValue) -> str:
    """'a pair of kings', 'a flush, ace high', 'a royal flush' ..."""
    r = value.ranks
    code = value.code
    if code == "high_card":
        return pgettext("holdem hand description", "high card %(rank)s") % {"rank": rank_name(r[0])}
    if code == "one_pair":
        return pgettext("holdem hand description", "a pair of %(ranks)s") % {
            "ranks": rank_name(r[0], plural=True)
        }
    if code == "two_pair":
        return pgettext("holdem hand description", "two pair, %(high)s and %(low)s") % {
            "high": rank_name(r[0], plural=True),
            "low": rank_name(r[1], plural=True),
        }
    if code == "three_of_a_kind":
        return pgettext("holdem hand description", "three %(ranks)s") % {
            "ranks": rank_name(r[0], plural=True)
        }
    if code == "straight":
        return pgettext("holdem hand description", "a straight, %(rank)s high") % {
            "rank": rank_name(r[0])
        }
    if code == "flush":
        return pgettext("holdem hand description", "a flush, %(rank)s high") % {
            "rank": rank_name(r[0])
        }
    if code == "full_house":
        return pgettext("holdem hand description", "a full house, %(trips)s full of %(pair)s") % {
            "trips": rank_name(r[0], plural=True),
            "pair": rank_name(r[1], plural=True),
        }
    if code == "four_of_a_kind":
        return pgettext("holdem hand description", "four %(ranks)s") % {
            "ranks": rank_name(r[0], plural=True)
        }
    if code == "straight_flush":
        return pgettext("holdem hand description", "a straight flush, %(rank)s high") % {
            "rank": rank_name(r[0])
        }
    return pgettext("holdem hand description", "a royal flush")


def _kicker_sentence(ordinal: int) -> str:
    sentences = {
        1: pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; the first kicker decides: "
            "%(winner_rank)s beats %(loser_rank)s.",
        ),
        2: pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; the second kicker decides: "
            "%(winner_rank)s beats %(loser_rank)s.",
        ),
        3: pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; the third kicker decides: "
            "%(winner_rank)s beats %(loser_rank)s.",
        ),
        4: pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; the fourth kicker decides: "
            "%(winner_rank)s beats %(loser_rank)s.",
        ),
    }
    return sentences[ordinal]


def _next_card_sentence(ordinal: int) -> str:
    sentences = {
        2: pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; comparing card by card, the second "
            "card decides: %(winner_rank)s beats %(loser_rank)s.",
        ),
        3: pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; comparing card by card, the third "
            "card decides: %(winner_rank)s beats %(loser_rank)s.",
        ),
        4: pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; comparing card by card, the fourth "
            "card decides: %(winner_rank)s beats %(loser_rank)s.",
        ),
        5: pgettext(
            "showdown",
            "%(winner)s and %(loser)s both have %(hand)s; comparing card by card, the fifth "
            "card decides: %(winner_rank)s beats %(loser_rank)s.",
        ),
    }
    return sentences[ordinal]


def explain_holdem(result: holdem.Showdown, names: Sequence[str]) -> str:
    """One sentence saying who won the showdown and what decided it."""
    decision = result.decided_by
    best = result.values[result.winners[0]]
    winners = join_names([names[i] for i in result.winners])
    if decision.kind == "only_hand":
        return pgettext("showdown", "%(winner)s is the only hand and wins.") % {"winner": winners}
    if decision.kind == "board_plays":
        return pgettext(
            "showdown",
            "The board plays: the best hand is the five cards on the board (%(hand)s), "
            "so %(players)s split the pot.",
        ) % {"hand": describe_holdem(best), "players": winners}
    if decision.kind == "tie":
        return pgettext(
            "showdown",
            "%(players)s tie with %(hand)s; suits never break a tie, so they split the pot.",
        ) % {"players": winners, "hand": describe_holdem(best)}
    assert decision.runner_up is not None
    second = result.values[decision.runner_up]
    params = {
        "winner": winners,
        "loser": names[decision.runner_up],
        "winner_hand": describe_holdem(best),
        "loser_hand": describe_holdem(second),
        "hand": describe_holdem(best),
        "winner_rank": rank_name(decision.winner_rank or 2),
        "loser_rank": rank_name(decision.loser_rank or 2),
    }
    if decision.kind == "category":
        return (
            pgettext(
                "showdown",
                "%(winner)s wins: %(winner_hand)s is a higher category than %(loser_hand)s.",
            )
            % params
        )
    if decision.kind == "rank":
        return (
            pgettext("showdown", "%(winner)s wins: %(winner_hand)s beats %(loser_hand)s.") % params
        )
    position = decision.position or 0
    if best.category in (holdem.Category.FLUSH, holdem.Category.HIGH_CARD):
        return _next_card_sentence(position + 1) % params
    return _kicker_sentence(position - holdem.MAIN_RANKS[best.category] + 1) % params


def sequence_text(value: teenpatti.TPHandValue) -> str:
    return "-".join(rank_text(r) for r in value.ranks)


def describe_teenpatti(value: teenpatti.TPHandValue) -> str:
    r = value.ranks
    code = value.code
    if code == "trail":
        return pgettext("teen patti hand description", "a trail of %(ranks)s") % {
            "ranks": rank_name(r[0], plural=True)
        }
    if code == "pure_sequence":
        return pgettext("teen patti hand description", "a pure sequence %(sequence)s") % {
            "sequence": sequence_text(value)
        }
    if code == "sequence":
        return pgettext("teen patti hand description", "a sequence %(sequence)s") % {
            "sequence": sequence_text(value)
        }
    if code == "color":
        return pgettext("teen patti hand description", "a color, %(rank)s high") % {
            "rank": rank_name(r[0])
        }
    if code == "pair":
        return pgettext("teen patti hand description", "a pair of %(ranks)s") % {
            "ranks": rank_name(r[0], plural=True)
        }
    return pgettext("teen patti hand description", "high card %(rank)s") % {"rank": rank_name(r[0])}


def explain_teenpatti(result: teenpatti.TPShowdown, names: Sequence[str]) -> str:
    a = result.values[0]
    decision = result.decided_by
    if result.result == "tie":
        return pgettext(
            "teen patti showdown",
            "Both hands are %(hand)s with the same ranks; suits never decide, so it is a tie.",
        ) % {"hand": describe_teenpatti(a)}
    win, lose = (0, 1) if result.result == "player_a" else (1, 0)
    params = {
        "winner": names[win],
        "loser": names[lose],
        "winner_hand": describe_teenpatti(result.values[win]),
        "loser_hand": describe_teenpatti(result.values[lose]),
        "hand": describe_teenpatti(result.values[win]),
        "winner_rank": rank_name(decision.winner_rank or 2),
        "loser_rank": rank_name(decision.loser_rank or 2),
    }
    if decision.kind == "category":
        return (
            pgettext(
                "teen patti showdown",
                "%(winner)s wins: %(winner_hand)s is a higher category than %(loser_hand)s.",
            )
            % params
        )
    if decision.kind == "sequence_order":
        return (
            pgettext(
                "teen patti showdown",
                "%(winner)s wins: in the sequence order A-K-Q, A-2-3, K-Q-J … 4-3-2, "
                "%(winner_hand)s ranks above %(loser_hand)s.",
            )
            % params
        )
    if decision.kind == "rank":
        return (
            pgettext(
                "teen patti showdown", "%(winner)s wins: %(winner_hand)s beats %(loser_hand)s."
            )
            % params
        )
    if result.values[win].code == "pair":
        return (
            pgettext(
                "teen patti showdown",
                "Both hands have %(hand)s; the odd card decides: %(winner_rank)s beats "
                "%(loser_rank)s, so %(winner)s wins.",
            )
            % params
        )
    if decision.position == 1:
        return (
            pgettext(
                "teen patti showdown",
                "The highest cards are equal; the second card decides: %(winner_rank)s beats "
                "%(loser_rank)s, so %(winner)s wins.",
            )
            % params
        )
    return (
        pgettext(
            "teen patti showdown",
            "The two highest cards are equal; the third card decides: %(winner_rank)s beats "
            "%(loser_rank)s, so %(winner)s wins.",
        )
        % params
    )


def holdem_rows(result: holdem.Showdown, hands: Sequence, names: Sequence[str]) -> list[dict]:
    """One display row per hand of a Hold'em showdown: cards, best five, category, winner."""
    return [
        {
            "name": names[i],
            "cards": tuple(hands[i]),
            "best": value.best_five,
            "category": terms.category_name("holdem", value.code),
            "winner": i in result.winners,
        }
        for i, value in enumerate(result.values)
    ]


def teenpatti_names() -> list[str]:
    return [str(terms.TEENPATTI_BETS["player_a"]), str(terms.TEENPATTI_BETS["player_b"])]


def teenpatti_rows(result: teenpatti.TPShowdown, names: Sequence[str]) -> list[dict]:
    """Player A's and Player B's rows: cards, category, winner (both on a tie)."""
    return [
        {
            "name": names[i],
            "cards": value.cards,
            "best": (),
            "category": terms.category_name(
                "teenpatti", "three_aces" if value.is_three_aces else value.code
            ),
            "winner": result.result in ("tie", ("player_a", "player_b")[i]),
        }
        for i, value in enumerate(result.values)
    ]
