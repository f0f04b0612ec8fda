"""Engine blocks of the rule pages: ``::: name key="value" ...`` paragraphs of a master.

Each directive is answered by the engine and rendered with a template in the page
language; nothing in a block is typed by hand. A directive the engine rejects (a bad
card, a duplicate) raises :class:`DirectiveError`, and the test that renders every page
fails, so such a block cannot be published.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from django.template.loader import render_to_string
from django.urls import reverse

from tutor.core.locales import current_language
from tutor.drills import holdem_showdown, name_the_hand, teenpatti_showdown
from tutor.drills.drill import QuestionDrill
from tutor.engine import holdem, pots, sixcard, teenpatti, tp2020
from tutor.engine.cards import parse_cards
from tutor.engine.errors import EngineError
from tutor.engine.rules import Rules
from tutor.engine.table import Street, Table
from tutor.table.examples import blinds_picture, sidepots_picture
from tutor.words import terms
from tutor.words.base import preset_label
from tutor.words.hands import describe_holdem, describe_teenpatti
from tutor.words.showdowns import (
    explain_holdem,
    explain_teenpatti,
    holdem_rows,
    teenpatti_names,
    teenpatti_rows,
)
from tutor.words.terms import player_name, seat_name

from .chart import chart_block


class DirectiveError(ValueError):
    pass


def parse_directive(text: str) -> tuple[str, list[str], dict[str, str]]:
    """``::: hand holdem cards="As Ks"`` -> ``("hand", ["holdem"], {"cards": "As Ks"})``."""
    parts = shlex.split(text.removeprefix(":::").strip())
    if not parts:
        raise DirectiveError(f"empty directive: {text!r}")
    name, positional, options = parts[0], [], {}
    for part in parts[1:]:
        if "=" in part:
            key, value = part.split("=", 1)
            options[key] = value
        else:
            positional.append(part)
    return name, positional, options


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.replace(" ", "").split(",") if x != ""]


def _hands(text: str) -> list[str | None]:
    return [None if h.strip() in ("-", "") else h.strip() for h in text.split("|")]


def _hand(args: list[str], opts: dict[str, str]) -> dict[str, Any]:
    game = args[0] if args else "holdem"
    cards = parse_cards(opts["cards"])
    if game == "holdem":
        value = holdem.evaluate(cards)
        return {
            "game": game,
            "cards": cards,
            "best": value.best_five,
            "name": terms.category_name(game, value.code),
            "description": "" if value.code == "royal_flush" else describe_holdem(value),
            "drill_url": drill_link(name_the_hand.DRILL, game="holdem", cards=opts["cards"]),
        }
    if game == "teenpatti":
        trio = teenpatti.evaluate(cards)
        code = "three_aces" if trio.is_three_aces else trio.code
        return {
            "game": game,
            "cards": cards,
            "best": (),
            "name": terms.category_name(game, code),
            "description": "" if trio.is_three_aces else describe_teenpatti(trio),
            "drill_url": drill_link(name_the_hand.DRILL, game="teenpatti", cards=opts["cards"]),
        }
    if game == "bonus":
        bonus = sixcard.evaluate_bonus(cards)
        return {
            "game": game,
            "cards": cards,
            "best": bonus.best_five,
            "name": terms.category_name(game, bonus.code),
            "description": "",
        }
    raise DirectiveError(f"unknown game {game!r}")


def _showdown(args: list[str], opts: dict[str, str]) -> dict[str, Any]:
    game = args[0] if args else "holdem"
    hands = [h or "" for h in _hands(opts["hands"])]
    if game == "holdem":
        board = parse_cards(opts["board"])
        result = holdem.showdown(board, hands)
        names = [player_name(i) for i in range(len(hands))]
        rows = holdem_rows(result, [parse_cards(h) for h in hands], names)
        return {
            "game": game,
            "board": board,
            "rows": rows,
            "explanation": explain_holdem(result, names),
            "drill_url": drill_link(
                holdem_showdown.DRILL, board=opts["board"], hands=opts["hands"]
            ),
        }
    if game == "teenpatti":
        duel = teenpatti.showdown(hands[0], hands[1])
        names = teenpatti_names()
        return {
            "game": game,
            "board": (),
            "rows": teenpatti_rows(duel, names),
            "explanation": explain_teenpatti(duel, names),
            "drill_url": drill_link(teenpatti_showdown.DRILL, hands=opts["hands"]),
        }
    raise DirectiveError(f"unknown game {game!r}")


def _sidepots(args: list[str], opts: dict[str, str]) -> dict[str, Any]:
    contributions = _ints(opts["contributions"])
    folded_seats = set(_ints(opts.get("folded", "")))
    allin = set(_ints(opts.get("allin", "")))
    folded = [i in folded_seats for i in range(len(contributions))]
    breakdown = pots.build_pots(contributions, folded)
    seats = [
        {
            "name": seat_name(i),
            "contribution": c,
            "folded": folded[i],
            "allin": i in allin,
            "returned": breakdown.returned[i],
        }
        for i, c in enumerate(contributions)
    ]
    layers = [
        {
            "index": n,
            "pot": p,
            "contributor_count": len(p.contributors),
            "eligible": [seat_name(i) for i in p.eligible],
            "exact": p.amount == p.layer * len(p.contributors),
        }
        for n, p in enumerate(breakdown.pots)
    ]
    return {
        "seats": seats,
        "layers": layers,
        "total": sum(contributions),
        "returned_any": any(breakdown.returned),
        "picture": sidepots_picture(
            contributions,
            folded,
            [i in allin for i in range(len(contributions))],
            current_language(),
        ),
    }


def _award(args: list[str], opts: dict[str, str]) -> dict[str, Any]:
    contributions = _ints(opts["contributions"])
    folded_seats = set(_ints(opts.get("folded", "")))
    folded = [i in folded_seats for i in range(len(contributions))]
    board = parse_cards(opts["board"])
    hands = _hands(opts["hands"])
    live = [(i, h) for i, h in enumerate(hands) if h and not folded[i]]
    result = holdem.showdown(board, [h for _, h in live])
    strengths: list[int | None] = [None] * len(contributions)
    for (seat, _), value in zip(live, result.values, strict=True):
        strengths[seat] = value.strength
    button = int(opts.get("button", "0"))
    awards = [
        (rule, pots.award(contributions, folded, strengths, button, odd_chip=rule))
        for rule in pots.OddChipRule
    ]
    outcomes = [{"rule": rule.value, "award": awarded} for rule, awarded in awards]
    seats = [
        {
            "name": seat_name(i),
            "contribution": c,
            "folded": folded[i],
            "cards": parse_cards(hand) if (hand := hands[i]) else (),
            "button": i == button,
            "payouts": [awarded.payouts[i] for _rule, awarded in awards],
        }
        for i, c in enumerate(contributions)
    ]
    return {"board": board, "seats": seats, "outcomes": outcomes}


def _sequence_order(args: list[str], opts: dict[str, str]) -> dict[str, Any]:
    return {
        "sequences": [
            "-".join("10" if r == 10 else "23456789TJQKA"[r - 2] for r in seq)
            for seq in teenpatti.SEQUENCE_ORDER
        ]
    }


def _paytable(args: list[str], opts: dict[str, str]) -> dict[str, Any]:
    table = args[0]
    paytables = tp2020.DEFAULT
    rows = {
        "main": (paytables.main,),
        "tie": (paytables.tie,),
        "pair_plus": paytables.pair_plus,
        "six_card_bonus": paytables.six_card_bonus,
    }[table]
    return {
        "table": table,
        "title": terms.PAYTABLE_NAMES[table],
        "rows": [{"name": terms.PAYTABLE_ROWS[r.code], "odds": r.odds} for r in rows],
    }


def _rtp(args: list[str], opts: dict[str, str]) -> dict[str, Any]:
    returns = tp2020.return_to_player()
    best = max(returns.values())
    quoted = Fraction(39, 40)
    rows = [
        {
            "bet": terms.TEENPATTI_BETS[bet],
            "code": bet,
            "fraction": value,
            "edge": 1 - value,
            "highest": value == best,
            "matches_quote": round(value * 10000) == round(quoted * 10000),
        }
        for bet, value in returns.items()
    ]
    return {"rows": rows, "quoted": quoted}


def _blinds(args: list[str], opts: dict[str, str]) -> dict[str, Any]:
    """A six-seat table: who posts, who is under the gun, the order of action."""
    small, big = int(opts.get("sb", "50")), int(opts.get("bb", "100"))
    seats = int(opts.get("seats", "6"))
    hand = Table(Rules.no_limit(small, big), [big * 100] * seats, button=0).new_hand(seed=0)
    preflop: list[int] = []
    while hand.street is Street.PREFLOP and hand.to_act is not None:
        preflop.append(hand.to_act)
        hand.check_or_call()
    postflop: list[int] = []
    while hand.street is Street.FLOP and hand.to_act is not None:
        postflop.append(hand.to_act)
        hand.check_or_call()
    roles = {
        hand.button: "button",
        hand.small_blind_seat: "small_blind",
        hand.big_blind_seat: "big_blind",
        preflop[0]: "under_the_gun",
    }
    rows = [
        {
            "name": seat_name(s),
            "role": roles.get(s, ""),
            "posts": small
            if s == hand.small_blind_seat
            else big
            if s == hand.big_blind_seat
            else 0,
        }
        for s in range(seats)
    ]
    return {
        "rows": rows,
        "preflop": [seat_name(s) for s in preflop],
        "postflop": [seat_name(s) for s in postflop],
        "small": small,
        "big": big,
        "picture": blinds_picture(small, big, seats, current_language()),
    }


def _presets(args: list[str], opts: dict[str, str]) -> dict[str, Any]:
    """The seed game's presets in chips: everyone called the big blind, the flop is out."""
    big = int(opts.get("bb", "100"))
    pot, bet, stack = int(opts["pot"]), int(opts["bet"]), int(opts["stack"])
    players = pot // big
    table = Table(Rules.no_limit(big // 2, big), [stack + big] * players, button=0)
    hand = table.new_hand(seed=0)
    while hand.street is Street.PREFLOP:
        hand.check_or_call()
    bettor = hand.to_act
    bets = [(preset_label(share), hand.preset_action(share).to) for share in ("33", "50", "100")]
    hand.bet(bet)
    raiser = hand.to_act
    raises = [(preset_label(f"{m}x"), hand.preset_action(f"{m}x").to) for m in (2, 3)]
    opts_now = hand.options()
    return {
        "pot": hand.pot - bet,
        "bet": bet,
        "stack": stack,
        "big": big,
        "bettor": seat_name(bettor or 0),
        "raiser": seat_name(raiser or 0),
        "bets": bets,
        "raises": raises,
        "min_raise": opts_now.min_to,
        "all_in": opts_now.max_to,
    }


RENDERERS: dict[str, Callable[[list[str], dict[str, str]], dict[str, Any]]] = {
    "hand": _hand,
    "showdown": _showdown,
    "sidepots": _sidepots,
    "award": _award,
    "sequence-order": _sequence_order,
    "paytable": _paytable,
    "rtp": _rtp,
    "blinds": _blinds,
    "presets": _presets,
    "chart": chart_block,
}


def drill_link(drill: QuestionDrill[Any, Any], level: str = "easy", **params: str) -> str:
    """A drill opened on this very situation (the drill checks it again)."""
    if set(params) != set(drill.situation):
        raise DirectiveError(f"{drill.slug} takes a situation of {drill.situation}")
    return f"{reverse('drills:drill', args=[drill.slug])}?{urlencode({'level': level, **params})}"


def render_directive(text: str, language: str, *, drill_links: bool = True) -> str:
    """The block of ``text``. ``drill_links=False`` leaves out the link that opens a drill
    on the example (a rule page links to practice once per section instead)."""
    name, args, opts = parse_directive(text)
    renderer = RENDERERS.get(name)
    if renderer is None:
        raise DirectiveError(f"unknown directive {name!r} in {text!r}")
    try:
        context = renderer(args, opts)
    except (EngineError, KeyError, ValueError, IndexError) as error:
        raise DirectiveError(f"{text!r}: {error!r}") from error
    context["directive"] = text
    if not drill_links:
        context.pop("drill_url", None)
    return render_to_string(f"rules/blocks/{name}.html", context)
