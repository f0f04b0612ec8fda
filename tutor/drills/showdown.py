"""Pick the winner: Texas Hold'em (board + 2-6 hands) and Teen Patti (A, B or tie)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tutor.core import terms
from tutor.core.explain import (
    explain_holdem,
    explain_teenpatti,
    holdem_rows,
    teenpatti_names,
    teenpatti_rows,
)
from tutor.core.numbers import whole_number
from tutor.core.terms import player_name
from tutor.engine import holdem, teenpatti
from tutor.engine.cards import parse_cards, shuffled_deck
from tutor.engine.errors import InvalidInput

from .base import AnswerError

# How often a level insists on a close decision (kicker, split, board plays, sequence order).
CLOSE_CALL_SHARE = {"easy": 0.0, "medium": 0.5, "hard": 0.85}
HOLDEM_PLAYERS = {"easy": (2, 2), "medium": (3, 4), "hard": (4, 6)}
CLOSE_HOLDEM = {"kicker", "tie", "board_plays", "rank"}
CLOSE_TEENPATTI = {"kicker", "rank", "sequence_order", "tie"}
MAX_TRIES = 400


def _holdem_deal(rng: random.Random, players: int) -> tuple[tuple, list[tuple]]:
    deck = shuffled_deck(rng.randrange(2**63))
    board = tuple(deck[:5])
    hands = [tuple(deck[5 + 2 * i : 7 + 2 * i]) for i in range(players)]
    return board, hands


def generate_holdem(seed: int, level: str) -> dict[str, Any]:
    rng = random.Random(f"holdem-showdown/{level}/{seed}")
    low, high = HOLDEM_PLAYERS[level]
    players = rng.randint(low, high)
    want_close = rng.random() < CLOSE_CALL_SHARE[level]
    board, hands = _holdem_deal(rng, players)
    for _attempt in range(MAX_TRIES if want_close else 0):
        result = holdem.showdown(board, hands)
        if result.decided_by.kind in CLOSE_HOLDEM:
            break
        board, hands = _holdem_deal(rng, players)
    return {"board": board, "hands": hands}


def _selected(answer: Mapping[str, Any], key: str, count: int) -> set[int]:
    values = answer.getlist(key) if hasattr(answer, "getlist") else answer.get(key, [])
    chosen = set()
    for value in values:
        if (number := whole_number(value, 2)) is None or number >= count:
            raise AnswerError(_("Choose among the players shown."))
        chosen.add(number)
    return chosen


def grade_holdem(question: dict[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
    hands = question["hands"]
    chosen = _selected(answer, "winners", len(hands))
    if not chosen:
        raise AnswerError(
            _("Tick at least one player: the winner, or every player who splits the pot.")
        )
    result = holdem.showdown(question["board"], hands)
    names = [player_name(i) for i in range(len(hands))]
    rows = [
        {**row, "chosen": i in chosen} for i, row in enumerate(holdem_rows(result, hands, names))
    ]
    return {
        "correct": chosen == set(result.winners),
        "rows": rows,
        "explanation": explain_holdem(result, names),
        "split": len(result.winners) > 1,
    }


def generate_teenpatti(seed: int, level: str) -> dict[str, Any]:
    rng = random.Random(f"teenpatti-showdown/{level}/{seed}")
    want_close = rng.random() < CLOSE_CALL_SHARE[level]

    def deal() -> tuple[tuple, tuple]:
        deck = shuffled_deck(rng.randrange(2**63))
        return tuple(deck[0:6:2]), tuple(deck[1:6:2])  # A1, B1, A2, B2, A3, B3

    hand_a, hand_b = deal()
    for _attempt in range(MAX_TRIES if want_close else 0):
        result = teenpatti.showdown(hand_a, hand_b)
        if result.decided_by.kind in CLOSE_TEENPATTI and result.values[0].category >= (
            teenpatti.TPCategory.PAIR if level == "hard" else teenpatti.TPCategory.HIGH_CARD
        ):
            break
        hand_a, hand_b = deal()
    return {"hand_a": hand_a, "hand_b": hand_b}


TEENPATTI_CHOICES = ("player_a", "player_b", "tie")


def grade_teenpatti(question: dict[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
    choice = answer.get("result")
    if choice not in TEENPATTI_CHOICES:
        raise AnswerError(_("Choose Player A, Player B or Tie."))
    result = teenpatti.showdown(question["hand_a"], question["hand_b"])
    names = teenpatti_names()
    rows = teenpatti_rows(result, names)
    return {
        "correct": choice == result.result,
        "rows": rows,
        "explanation": explain_teenpatti(result, names),
        "result_name": terms.TEENPATTI_RESULTS[result.result],
        "chosen_name": terms.TEENPATTI_RESULTS[choice],
    }


def custom_holdem(params: Mapping[str, str], level: str) -> dict[str, Any]:
    """``board=Kh Kd 7c 4s 2h&hands=As Qd|Ac Jd`` (checked by the engine)."""
    board = parse_cards(params.get("board", ""))
    hands = [parse_cards(h) for h in params.get("hands", "").split("|")]
    if not 2 <= len(hands) <= 9:
        raise InvalidInput("hand_count", count=len(hands))
    holdem.showdown(board, hands)  # validates counts and duplicates
    return {"board": board, "hands": hands}


def custom_teenpatti(params: Mapping[str, str], level: str) -> dict[str, Any]:
    hands = params.get("hands", "").split("|")
    if len(hands) != 2:
        raise InvalidInput("hand_count", count=len(hands))
    result = teenpatti.showdown(hands[0], hands[1])
    return {"hand_a": result.values[0].cards, "hand_b": result.values[1].cards}
