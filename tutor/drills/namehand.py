"""Name the hand: 5-7 Hold'em cards or 3 Teen Patti cards; at the hard level, also pick
the best five cards."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tutor.core import terms
from tutor.core.explain import describe_holdem, describe_teenpatti
from tutor.engine import holdem, teenpatti
from tutor.engine.cards import DECK, Card, Rank, Suit, parse_cards
from tutor.engine.errors import InvalidCards, InvalidInput

from .base import AnswerError

HOLDEM_TARGETS = tuple(terms.HOLDEM_CATEGORIES)
TEENPATTI_TARGETS = tuple(c for c in terms.TEENPATTI_CATEGORIES if c != "three_aces")
RANKS = list(Rank)
SUITS = list(Suit)
TRIES = 60


def _card(rank: int, suit: Suit) -> Card:
    return Card.parse(Rank(rank).char + suit.char)


def _core(rng: random.Random, target: str, size: int) -> list[Card]:
    """Cards that make ``target`` (the rest of the hand is filled at random)."""
    suit = rng.choice(SUITS)
    ranks = rng.sample(RANKS, 2)
    if target in ("royal_flush", "straight_flush", "straight", "pure_sequence", "sequence"):
        length = 5 if size >= 5 else 3
        top = 14 if target == "royal_flush" else rng.randint(length, 14)
        run = [14 if r == 1 else r for r in range(top - length + 1, top + 1)]
        flush = target in ("royal_flush", "straight_flush", "pure_sequence")
        return [_card(r, suit if flush else rng.choice(SUITS)) for r in run]
    if target == "four_of_a_kind":
        return [_card(ranks[0], s) for s in SUITS]
    if target == "full_house":
        return [_card(ranks[0], s) for s in rng.sample(SUITS, 3)] + [
            _card(ranks[1], s) for s in rng.sample(SUITS, 2)
        ]
    if target in ("flush", "color"):
        return [_card(r, suit) for r in rng.sample(RANKS, 5 if size >= 5 else 3)]
    if target in ("three_of_a_kind", "trail"):
        return [_card(ranks[0], s) for s in rng.sample(SUITS, 3)]
    if target == "two_pair":
        return [_card(ranks[0], s) for s in rng.sample(SUITS, 2)] + [
            _card(ranks[1], s) for s in rng.sample(SUITS, 2)
        ]
    if target in ("one_pair", "pair"):
        return [_card(ranks[0], s) for s in rng.sample(SUITS, 2)]
    return []


def _deal(rng: random.Random, target: str, size: int) -> list[Card]:
    core = _core(rng, target, size)[:size]
    rest = [c for c in DECK if c not in core]
    cards = core + rng.sample(rest, size - len(core))
    rng.shuffle(cards)
    return cards


def generate(seed: int, level: str) -> dict[str, Any]:
    rng = random.Random(f"name-the-hand/{level}/{seed}")
    game = "teenpatti" if level == "easy" and rng.random() < 0.5 else "holdem"
    if game == "teenpatti":
        size, targets = 3, TEENPATTI_TARGETS
    else:
        size = {"easy": 5, "medium": rng.choice((6, 7)), "hard": 7}[level]
        targets = HOLDEM_TARGETS
    target = rng.choice(targets)
    cards = _deal(rng, target, size)
    for _attempt in range(TRIES):
        if _code(game, cards) == target:
            break
        cards = _deal(rng, target, size)
    return {"game": game, "cards": tuple(cards), "pick_five": level == "hard" and game == "holdem"}


def _code(game: str, cards: list[Card] | tuple[Card, ...]) -> str:
    if game == "holdem":
        return holdem.evaluate(cards).code
    return teenpatti.evaluate(cards).code


def choices(question: dict[str, Any]) -> list[tuple[str, str]]:
    table = terms.HOLDEM_CATEGORIES if question["game"] == "holdem" else terms.TEENPATTI_CATEGORIES
    return [(code, str(name)) for code, name in table.items() if code != "three_aces"]


def grade(question: dict[str, Any], answer: Mapping[str, Any]) -> dict[str, Any]:
    codes = {code for code, _ in choices(question)}
    chosen = answer.get("category")
    if chosen not in codes:
        raise AnswerError(_("Choose the name of the hand."))
    cards = question["cards"]
    if question["game"] == "holdem":
        value = holdem.evaluate(cards)
        best, code, description = value.best_five, value.code, describe_holdem(value)
        definitions = terms.HOLDEM_DEFINITIONS
    else:
        tp_value = teenpatti.evaluate(cards)
        best, code, description = (), tp_value.code, describe_teenpatti(tp_value)
        definitions = terms.TEENPATTI_DEFINITIONS
    five_ok = None
    if question["pick_five"]:
        picked = answer.getlist("five") if hasattr(answer, "getlist") else answer.get("five", [])
        try:
            picked_cards = tuple(Card.parse(p) for p in picked)
        except InvalidCards as error:
            raise AnswerError(_("Pick the best five cards from the cards shown.")) from error
        if len(set(picked_cards)) != 5 or not set(picked_cards) <= set(cards):
            raise AnswerError(_("Pick exactly five of the cards shown."))
        five_ok = holdem.evaluate(picked_cards) == holdem.evaluate(cards)
    table = terms.HOLDEM_CATEGORIES if question["game"] == "holdem" else terms.TEENPATTI_CATEGORIES
    return {
        "correct": chosen == code and five_ok is not False,
        "category_ok": chosen == code,
        "five_ok": five_ok,
        "name": table[code],
        "chosen_name": table[chosen],
        "description": description,
        "definition": definitions[code],
        "chosen_definition": definitions[chosen],
        "best": best,
    }


def custom(params: Mapping[str, str], level: str) -> dict[str, Any]:
    """``game=holdem&cards=As Ks Qs Js Ts`` (5-7 Hold'em cards or 3 Teen Patti cards)."""
    game = params.get("game", "holdem")
    cards = parse_cards(params.get("cards", ""))
    if game == "holdem":
        holdem.evaluate(cards)
    elif game == "teenpatti":
        teenpatti.evaluate(cards)
    else:
        raise InvalidInput("unknown_game", game=game)
    return {
        "game": game,
        "cards": cards,
        "pick_five": level == "hard" and game == "holdem" and len(cards) > 5,
    }
