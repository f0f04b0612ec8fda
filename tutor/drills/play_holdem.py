"""Play a hand of Texas Hold'em against the engine's computer players.

The table and the hand live in the learner's session (the engine's JSON form, which holds
the deck, never leaves the server). The page shows only the learner's own view: other
players' hole cards appear only when they are shown at showdown. Every action is checked
by the engine; an illegal one is answered with the engine's reason, in the page language.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from tutor.core.http import HtmxHttpRequest
from tutor.core.locales import current_language
from tutor.core.numbers import read_chips, whole_number
from tutor.engine import bots
from tutor.engine.betting import Action, ActionKind, OptionsData
from tutor.engine.bots import DecisionData
from tutor.engine.errors import EngineError, IllegalAction
from tutor.engine.hand import Hand
from tutor.engine.table import Table
from tutor.table.picture import from_hand
from tutor.table.result import result_of
from tutor.words.base import number, parenthetical, preset_label
from tutor.words.bots import bot_reason, style_name
from tutor.words.narrate import narrate
from tutor.words.reasons import reason_text
from tutor.words.terms import STRUCTURES, seat_name, street_name, structure_name

from .base import get_tally, record_answer
from .betting import RULES
from .drill import PlayDrill

SESSION_KEY = "play_holdem"
YOU = 0
START_STACK = 10_000
STYLE_CYCLE = (bots.Style.TIGHT, bots.Style.LOOSE, bots.Style.AGGRESSIVE, bots.Style.PASSIVE)
PRESETS = ("2x", "3x", "33", "50", "100")


def you_name(seat: int) -> str:
    if seat == YOU:
        return pgettext("play", "Seat %(number)s (you)") % {"number": seat + 1}
    return seat_name(seat)


def _new_table(structure: str, opponents: int) -> tuple[Table, dict[int, str]]:
    rules = RULES[structure](50, 100)
    seats = opponents + 1
    table = Table(
        rules, [START_STACK] * seats, button=secrets.randbelow(seats), seed=secrets.randbelow(2**53)
    )
    styles = {seat: STYLE_CYCLE[(seat - 1) % len(STYLE_CYCLE)].value for seat in range(1, seats)}
    return table, styles


def _load(request: HttpRequest) -> tuple[Table, Hand, dict[int, str], list[DecisionData]] | None:
    state = request.session.get(SESSION_KEY)
    if not isinstance(state, dict):
        return None
    try:
        table = Table.from_dict(state["table"])
        hand = Hand.from_dict(state["hand"])
        styles = {int(k): str(v) for k, v in state["styles"].items()}
        return table, hand, styles, list(state.get("decisions", []))
    except (EngineError, KeyError, TypeError, ValueError, AttributeError):
        return None


def _save(
    request: HttpRequest,
    table: Table,
    hand: Hand,
    styles: dict[int, str],
    decisions: list[DecisionData],
) -> None:
    request.session[SESSION_KEY] = {
        "table": table.to_dict(),
        "hand": hand.to_dict(),
        "styles": {str(k): v for k, v in styles.items()},
        "decisions": decisions[-60:],
    }


def _run_bots(hand: Hand, styles: dict[int, str], decisions: list[DecisionData]) -> None:
    for decision in bots.play_bots(hand, {s: bots.Style(v) for s, v in styles.items()}):
        decisions.append(decision.to_dict())


def _start_hand(table: Table, styles: dict[int, str]) -> tuple[Hand, list[DecisionData]]:
    hand = table.new_hand()
    decisions: list[DecisionData] = []
    _run_bots(hand, styles, decisions)
    return hand, decisions


def _action_from_post(request: HttpRequest, hand: Hand) -> Action:
    act = request.POST.get("act", "")
    if act in PRESETS:
        return hand.preset_action(act)
    if act == "allin":  # only where all-in is a legal move of its own (see ``_all_in``)
        opts = hand.options()
        if opts.aggression is not None and opts.max_to == opts.all_in_to:
            return Action(opts.aggression, opts.all_in_to)
        if opts.can_call and opts.call_is_all_in:
            return Action(ActionKind.CALL)
        raise IllegalAction("illegal_action")
    if act in ("fold", "check", "call"):
        return Action(ActionKind(act))
    if act in ("bet", "raise"):
        amount = read_chips(request.POST.get("amount", ""))
        if amount is None:
            raise IllegalAction("amount_not_integer")
        return Action(ActionKind(act), amount)
    raise IllegalAction("unknown_action")


def view(request: HtmxHttpRequest, drill: PlayDrill) -> HttpResponse:
    language = current_language()
    loaded = _load(request)
    error = None
    if request.method == "POST":
        command = request.POST.get("command", "act")
        if command == "new":
            structure = request.POST.get("structure", "no_limit")
            opponents = whole_number(request.POST.get("opponents", "3"), 1)
            if structure not in STRUCTURES or opponents is None or not 1 <= opponents <= 5:
                error = _("Choose a betting structure and between one and five computer players.")
            else:
                table, styles = _new_table(structure, opponents)
                hand, decisions = _start_hand(table, styles)
                _save(request, table, hand, styles, decisions)
                loaded = (table, hand, styles, decisions)
        elif command == "next" and loaded is not None:
            table, hand, styles, decisions = loaded
            if hand.is_over:
                table.end_hand(hand)
                if table.stacks[YOU] is None or table.is_finished:
                    request.session.pop(SESSION_KEY, None)
                    loaded = None
                    error = _("The game is over. Start a new one.")
                else:
                    hand, decisions = _start_hand(table, styles)
                    _save(request, table, hand, styles, decisions)
                    loaded = (table, hand, styles, decisions)
        elif command == "act" and loaded is not None:
            table, hand, styles, decisions = loaded
            if request.POST.get("step") != str(len(hand.events)):
                error = _("That action was already taken; the table below is up to date.")
            elif hand.is_over or hand.to_act != YOU:
                error = reason_text("not_your_turn", {}, language)
            else:
                try:
                    action = _action_from_post(request, hand)
                    hand.do(action)
                except IllegalAction as problem:
                    error = reason_text(problem.code, problem.details, language)
                except EngineError:
                    error = reason_text("unknown_action", {}, language)
                else:
                    _run_bots(hand, styles, decisions)
                    _save(request, table, hand, styles, decisions)
                    if hand.is_over:
                        won = (hand.result.payouts[YOU] if hand.result else 0) > hand.committed[YOU]
                        record_answer(
                            request, drill.slug, f"hand-{table.seed}-{table.hand_no}", won
                        )
        elif loaded is None:
            error = _("There is no hand in progress. Start a new game.")
    context = _context(drill, loaded, language)
    context["error"] = error
    context["tally"] = get_tally(request, drill.slug)
    if request.htmx and request.method == "POST":
        return render(request, f"{drill.template}#game", context)
    return render(
        request, drill.template, context, status=422 if error and request.method == "POST" else 200
    )


def _context(drill: PlayDrill, loaded: tuple | None, language: str) -> dict[str, Any]:
    context: dict[str, Any] = {
        "drill": drill,
        "structures": [(code, structure_name(code)) for code in STRUCTURES],
        "opponent_choices": range(1, 6),
    }
    if loaded is None:
        return context
    _table, hand, styles, decisions = loaded
    view_data = hand.view(YOU)
    result = result_of(hand, you_name)
    street = street_name(view_data["street"])
    opts = view_data["options"]
    context.update(
        game=True,
        view=view_data,
        picture=from_hand(hand, YOU, you_name, language, best=result.best if result else None),
        result=result,
        styles=[(you_name(s), style_name(v)) for s, v in sorted(styles.items())],
        options=opts,
        presets=_legal_presets(hand) if opts else [],
        all_in=_all_in(opts, language) if opts else None,
        step=len(hand.events),
        log=narrate(view_data["history"], you_name, language)[::-1],
        reasons=[bot_reason(d, language) for d in decisions if d.get("reason")][::-1],
        structure=structure_name(hand.rules.structure.code),
        street=street,
        over=hand.is_over,
        your_cards=next((s["cards"] for s in view_data["seats"] if s["seat"] == YOU), None),
        hand_no=view_data["hand_no"],
    )
    return context


def _all_in(opts: OptionsData, language: str) -> str | None:
    """The all-in button's label, "All-in (9,900)", where all-in is a move of its own: a
    bet or raise of every chip, or a call that takes them all. Not in fixed limit below
    the stack, where it would only be a call or the fixed raise by another name."""
    shoves = opts["aggression"] is not None and opts["max_to"] == opts["all_in_to"]
    if not shoves and not (opts["can_call"] and opts["call_is_all_in"]):
        return None
    return parenthetical(pgettext("poker action", "All-in"), number(opts["all_in_to"], language))


def _legal_presets(hand: Hand) -> list[tuple[str, str]]:
    """The presets the learner may use now: the engine's code (the button's value) and
    the label, "2x (200)" in the page language's words, numbers and brackets. None where
    the size is fixed (fixed limit, or an all-in below the minimum), and one button for
    each amount (a preset that comes to the same as another is left out)."""
    language = current_language()
    opts = hand.options()
    if opts.aggression is None or opts.min_to == opts.max_to:
        return []
    out, amounts = [], set()
    for preset in PRESETS:
        try:
            action = hand.preset_action(preset)
        except EngineError:
            continue
        if action.to is not None and action.to not in amounts:
            amounts.add(action.to)
            out.append((preset, parenthetical(preset_label(preset), number(action.to, language))))
    return out


DRILL = PlayDrill(
    slug="play-holdem",
    title=gettext_lazy("Play a hand of Texas Hold'em"),
    summary=gettext_lazy(
        "Play against the computer players: choose the structure and the number of opponents, act with the legal actions, and see the showdown and the pots."
    ),
    view=view,
)
