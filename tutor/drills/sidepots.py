"""Compute the side pots: first the pots and who can win each, then, with the hands shown,
how many chips each seat gets. Feedback compares the learner's numbers with the engine's,
layer by layer, and points at the first wrong step."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tutor.core import terms
from tutor.core.numbers import whole_number
from tutor.core.terms import seat_name
from tutor.engine import holdem, pots
from tutor.engine.cards import DECK, shuffled_deck

from .base import AnswerError

SEATS = {"easy": (3, 3), "medium": (4, 4), "hard": (5, 6)}
ALL_INS = {"easy": (1, 1), "medium": (2, 2), "hard": (2, 3)}
FOLDS = {"easy": (0, 0), "medium": (0, 1), "hard": (1, 1)}
MAX_AMOUNT = 10**9


def generate(seed: int, level: str) -> dict[str, Any]:
    rng = random.Random(f"side-pots/{level}/{seed}")
    n = rng.randint(*SEATS[level])
    unit = 5 if level == "hard" else (10 if level == "medium" else 50)
    seats = list(range(n))
    rng.shuffle(seats)
    all_in = sorted(seats[: rng.randint(*ALL_INS[level])])
    folded = sorted(seats[len(all_in) : len(all_in) + rng.randint(*FOLDS[level])])
    callers = [s for s in range(n) if s not in all_in and s not in folded]
    if not callers:  # someone must have matched the top bet
        callers, all_in = [all_in[-1]], all_in[:-1]
    top = unit * rng.randint(12, 40)
    levels = sorted(rng.sample(range(2, 12), len(all_in)))
    contributions = [0] * n
    for seat, lvl in zip(all_in, levels, strict=True):
        contributions[seat] = unit * lvl + (rng.randint(1, 9) if level == "hard" else 0)
    for seat in callers:
        contributions[seat] = top
    for seat in folded:
        contributions[seat] = unit * rng.randint(1, 10)
    if level == "hard" and len(callers) == 1 and rng.random() < 0.5:
        contributions[callers[0]] = top + unit * rng.randint(5, 20)  # an uncalled bet
    stacks = [
        c if s in all_in else c + unit * rng.randint(0, 60) for s, c in enumerate(contributions)
    ]
    deck = shuffled_deck(rng.randrange(2**63))
    board = tuple(deck[:5])
    hands: list[tuple | None] = []
    for seat in range(n):
        hands.append(None if seat in folded else tuple(deck[5 + 2 * seat : 7 + 2 * seat]))
    if level == "hard":
        live = [s for s in range(n) if s not in folded]
        a, b = rng.sample(live, 2)
        twin = _twin(hands[a], board, [h for h in hands if h])  # type: ignore[arg-type]
        if twin:
            hands[b] = twin
    return {
        "contributions": tuple(contributions),
        "stacks": tuple(stacks),
        "folded": tuple(s in folded for s in range(n)),
        "all_in": tuple(s in all_in for s in range(n)),
        "board": board,
        "hands": tuple(hands),
        "button": rng.randrange(n),
    }


def _twin(hand: tuple, board: tuple, used_hands: list[tuple]) -> tuple | None:
    """Two cards of the same ranks as ``hand`` in other suits, if free: a likely split."""
    used = set(board) | {c for h in used_hands for c in h}
    twin = []
    for card in hand:
        match = next(
            (c for c in DECK if c.rank == card.rank and c not in used and c not in twin), None
        )
        if match is None:
            return None
        twin.append(match)
    return tuple(twin)


def breakdown(question: dict[str, Any]) -> pots.PotBreakdown:
    return pots.build_pots(list(question["contributions"]), list(question["folded"]))


def the_award(question: dict[str, Any]) -> pots.Award:
    strengths = [
        None if h is None else holdem.evaluate(question["board"] + h).strength
        for h in question["hands"]
    ]
    return pots.award(
        list(question["contributions"]), list(question["folded"]), strengths, question["button"]
    )


def _amount(value: object) -> int | None:
    text = str(value or "").strip().replace(" ", "").replace(",", "").replace("\u00a0", "")
    if text == "":
        return None
    amount = whole_number(text)
    if amount is None or amount > MAX_AMOUNT:
        raise AnswerError(_("Amounts are whole numbers of chips, from 0 up to one billion."))
    return amount


def _getlist(answer: Mapping[str, Any], key: str) -> list[str]:
    return answer.getlist(key) if hasattr(answer, "getlist") else list(answer.get(key, []))


def pot_rows(question: dict[str, Any]) -> range:
    return range(len(question["contributions"]))


def grade(question: dict[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
    if answer.get("stage") == "2":
        return grade_payouts(question, answer)
    return grade_pots(question, answer)


def grade_pots(question: dict[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
    n = len(question["contributions"])
    learner = []
    for row in range(n):
        amount = _amount(answer.get(f"pot{row}"))
        seats = {
            k
            for s in _getlist(answer, f"eligible{row}")
            if (k := whole_number(s, 2)) is not None and k < n
        }
        if amount is None and not seats:
            continue
        learner.append((amount or 0, seats))
    if not learner:
        raise AnswerError(
            _("Enter the main pot in the first row, then each side pot in the rows below it.")
        )
    engine = breakdown(question)
    rows, first_wrong = [], None
    for i in range(max(len(learner), len(engine.pots))):
        pot = engine.pots[i] if i < len(engine.pots) else None
        mine = learner[i] if i < len(learner) else None
        amount_ok = bool(pot and mine and mine[0] == pot.amount)
        eligible_ok = bool(pot and mine and mine[1] == set(pot.eligible))
        if first_wrong is None and not (amount_ok and eligible_ok):
            first_wrong = i
        rows.append(
            {
                "index": i,
                "pot": pot,
                "exact": bool(pot and pot.amount == pot.layer * len(pot.contributors)),
                "contributors": len(pot.contributors) if pot else 0,
                "eligible": [seat_label(s) for s in pot.eligible] if pot else [],
                "mine_amount": mine[0] if mine else None,
                "mine_eligible": [seat_label(s) for s in sorted(mine[1])] if mine else [],
                "amount_ok": amount_ok,
                "eligible_ok": eligible_ok,
            }
        )
    return {
        "stage": 1,
        "correct": first_wrong is None,
        "rows": rows,
        "first_wrong": first_wrong,
        "returned": [(seat_label(s), r) for s, r in enumerate(engine.returned) if r],
        "hands": _hand_rows(question),
    }


def grade_payouts(question: dict[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
    n = len(question["contributions"])
    mine = []
    for seat in range(n):
        value = _amount(answer.get(f"payout{seat}"))
        mine.append(0 if value is None else value)
    award = the_award(question)
    seats = [
        {
            "label": seat_label(s),
            "mine": mine[s],
            "engine": award.payouts[s],
            "ok": mine[s] == award.payouts[s],
        }
        for s in range(n)
    ]
    first_wrong = next((s for s in range(n) if not seats[s]["ok"]), None)
    pot_rows_ = [
        {
            "index": i,
            "amount": pa.pot.amount,
            "winners": [seat_label(s) for s in pa.winners],
            "shares": [(seat_label(s), chips) for s, chips in pa.shares],
            "odd_chips": pa.odd_chips,
        }
        for i, pa in enumerate(award.pots)
    ]
    return {
        "stage": 2,
        "correct": first_wrong is None,
        "seats": seats,
        "first_wrong": first_wrong,
        "pots": pot_rows_,
        "hands": _hand_rows(question),
        "total": sum(question["contributions"]),
    }


def seat_label(seat: int) -> str:
    return seat_name(seat)


def _hand_rows(question: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for seat, hand in enumerate(question["hands"]):
        if hand is None:
            rows.append({"label": seat_label(seat), "folded": True})
            continue
        value = holdem.evaluate(question["board"] + hand)
        rows.append(
            {
                "label": seat_label(seat),
                "folded": False,
                "cards": hand,
                "best": value.best_five,
                "category": terms.category_name("holdem", value.code),
            }
        )
    return rows


def seat_rows(question: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "index": s,
            "label": seat_label(s),
            "stack": question["stacks"][s],
            "contribution": question["contributions"][s],
            "folded": question["folded"][s],
            "all_in": question["all_in"][s],
            "button": s == question["button"],
        }
        for s in range(len(question["contributions"]))
    ]
