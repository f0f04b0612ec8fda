"""Who acts next, and what is legal: a table part-way through a betting round; the learner
names the next seat and the smallest and largest raise (or says none is allowed)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from tutor.core.narrate import narrate, structure_name
from tutor.core.numbers import whole_number
from tutor.core.reasons import reason_text
from tutor.core.terms import seat_name
from tutor.engine.betting import Action, ActionKind
from tutor.engine.errors import IllegalAction
from tutor.engine.hand import Hand
from tutor.engine.rules import Rules
from tutor.engine.table import Table

from .base import AnswerError
from .sidepots import _amount

STRUCTURES = {
    "easy": ("no_limit",),
    "medium": ("pot_limit", "fixed_limit"),
    "hard": ("no_limit", "pot_limit", "fixed_limit"),
}
PLAYERS = {"easy": (3, 4), "medium": (4, 6), "hard": (4, 6)}


def _rules(structure: str) -> Rules:
    return {
        "no_limit": Rules.no_limit,
        "pot_limit": Rules.pot_limit,
        "fixed_limit": Rules.fixed_limit,
    }[structure](50, 100)


def _random_action(rng: random.Random, hand: Hand, aggressive: float) -> Action:
    opts = hand.options()
    roll = rng.random()
    if opts.aggression is not None and roll < aggressive:
        lo, hi = opts.min_to or 0, opts.max_to or 0
        to = hi if rng.random() < 0.15 else rng.randint(lo, max(lo, min(hi, lo * 3)))
        return Action(opts.aggression, to)
    if not opts.can_check and roll > 0.85:
        return Action(ActionKind.FOLD)
    return Action(ActionKind.CHECK) if opts.can_check else Action(ActionKind.CALL)


def build(seed: int, level: str) -> Hand:
    rng = random.Random(f"betting/{level}/{seed}")
    structure = rng.choice(STRUCTURES[level])
    players = rng.randint(*PLAYERS[level])
    for _attempt in range(50):
        stacks = [100 * rng.randint(20, 120) for _ in range(players)]
        if level == "hard":
            for seat in rng.sample(range(players), 2):
                stacks[seat] = rng.randint(120, 450)  # short stacks: short all-ins
        table = Table(_rules(structure), stacks, button=rng.randrange(players))
        hand = table.new_hand(seed=rng.randrange(2**32))
        steps = rng.randint(1, {"easy": 4, "medium": 7, "hard": 10}[level])
        for _step in range(steps):
            if hand.is_over or hand.to_act is None:
                break
            hand.do(_random_action(rng, hand, 0.45 if level != "easy" else 0.3))
        if not hand.is_over and hand.to_act is not None:
            return hand
    raise RuntimeError("no betting situation found")  # pragma: no cover


def generate(seed: int, level: str) -> dict[str, Any]:
    hand = build(seed, level)
    view = hand.view(None)
    return {"seed": seed, "level": level, "view": view, "structure": hand.rules.structure.code}


def describe(question: dict[str, Any]) -> dict[str, Any]:
    view = question["view"]
    language = get_language() or "en"
    return {
        "structure_name": structure_name(question["structure"]),
        "log": narrate(view["history"], seat_name, language),
        "seat_list": [
            {
                "index": s["seat"],
                "label": seat_name(s["seat"]),
                "stack": s["stack"],
                "bet": s["bet"],
                "folded": s["folded"],
                "all_in": s["all_in"],
                "button": s["seat"] == view["button"],
            }
            for s in view["seats"]
            if s["seated"]
        ],
    }


def grade(question: dict[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
    hand = build(question["seed"], question["level"])
    seats = hand.seats
    chosen = answer.get("next")
    if (seat := whole_number(chosen, 2)) is None or seat >= seats:
        raise AnswerError(_("Choose the seat that acts next."))
    no_raise = answer.get("no_raise") == "on"
    low = _amount(answer.get("min_to"))
    high = _amount(answer.get("max_to"))
    if not no_raise and (low is None or high is None):
        raise AnswerError(
            _(
                "Enter the smallest and the largest raise (the total bet after raising), or tick that no raise is allowed."
            )
        )
    opts = hand.options()
    can_raise = opts.aggression is not None and opts.blocked is None
    seat_ok = seat == hand.to_act
    if can_raise:
        limits_ok = not no_raise and low == opts.min_to and high == opts.max_to
    else:
        limits_ok = no_raise
    language = get_language() or "en"
    rnd = hand.round
    return {
        "correct": seat_ok and limits_ok,
        "seat_ok": seat_ok,
        "limits_ok": limits_ok,
        "next": seat_name(hand.to_act or 0),
        "can_raise": can_raise,
        "is_bet": opts.aggression is ActionKind.BET,
        "min_to": opts.min_to,
        "max_to": opts.max_to,
        "to_call": opts.to_call,
        "high": rnd.high if rnd else 0,
        "increment": (opts.min_to or 0) - (rnd.high if rnd else 0),
        "pot": hand.pot,
        "structure": question["structure"],
        "blocked": reason_text(opts.blocked.value, {}, language) if opts.blocked else "",
        "all_in_only": can_raise and opts.min_to == opts.max_to == opts.all_in_to,
    }


def check_action(hand: Hand, action: Action) -> str | None:
    """A translated reason if ``action`` is illegal now, else ``None``."""
    try:
        hand.verify(action)
    except IllegalAction as error:
        return reason_text(error.code, error.details, get_language() or "en")
    return None
