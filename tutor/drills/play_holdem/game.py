"""The page of "play a hand": commands posted by the learner and what the page shows.

Every action is checked by the engine; an illegal one is answered with the engine's
reason, in the page language. Before a decision of the learner's is played it is written
down as they saw it (:func:`.coach.choose`); a finished hand goes into their kept hands
(:mod:`.hands`), which ``?hand=<id>&step=<n>`` steps through.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tutor.core.http import HtmxHttpRequest
from tutor.core.locales import current_language
from tutor.core.numbers import read_chips, whole_number
from tutor.engine.betting import Action, ActionKind
from tutor.engine.errors import EngineError, IllegalAction
from tutor.engine.hand import Hand
from tutor.words.reasons import reason_text
from tutor.words.terms import STRUCTURES

from ..base import get_tally, record_answer
from ..drill import PlayDrill
from . import hands, page
from .coach import choose, may_muck
from .state import SESSION_KEY, YOU, Game, load, new_game, next_hand, run_bots, save

PRESETS = page.PRESETS


def _action_from_post(request: HtmxHttpRequest, hand: Hand) -> Action:
    act = request.POST.get("act", "")
    if act in PRESETS:
        return hand.preset_action(act)
    if act == "allin":  # only where all-in is a legal move of its own (see ``page.all_in``)
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


def _new(request: HtmxHttpRequest) -> tuple[Game | None, str | None]:
    structure = request.POST.get("structure", "no_limit")
    opponents = whole_number(request.POST.get("opponents", "3"), 1)
    if structure not in STRUCTURES or opponents is None or not 1 <= opponents <= 5:
        return None, _("Choose a betting structure and between one and five computer players.")
    game = new_game(structure, opponents)
    _saved(request, game)
    return game, None


def _next(request: HtmxHttpRequest, game: Game) -> tuple[Game | None, str | None]:
    if not game.hand.is_over:
        return game, None
    game.table.end_hand(game.hand)
    if game.table.stacks[YOU] is None or game.table.is_finished:
        request.session.pop(SESSION_KEY, None)
        return None, _("The game is over. Start a new one.")
    next_hand(game)
    _saved(request, game)
    return game, None


def _act(request: HtmxHttpRequest, drill: PlayDrill, game: Game) -> str | None:
    language = current_language()
    hand = game.hand
    if request.POST.get("step") != str(len(hand.events)):
        return _("That action was already taken; the table below is up to date.")
    if hand.is_over or hand.to_act != YOU:
        return reason_text("not_your_turn", {}, language)
    try:
        action = hand.verify(_action_from_post(request, hand))
        choose(game, action)
        hand.do(action)
    except IllegalAction as problem:
        return reason_text(problem.code, problem.details, language)
    except EngineError:
        return reason_text("unknown_action", {}, language)
    run_bots(game)
    _saved(request, game)
    if hand.is_over:
        won = (hand.result.payouts[YOU] if hand.result else 0) > hand.committed[YOU]
        record_answer(request, drill.slug, f"hand-{game.table.seed}-{game.table.hand_no}", won)
    return None


def _show_or_muck(request: HtmxHttpRequest, game: Game, command: str) -> str | None:
    if not may_muck(game.hand):
        return _("You have no hand to show or muck now.")
    game.shown = command == "show"
    _saved(request, game)
    return None


def _saved(request: HtmxHttpRequest, game: Game) -> None:
    """Save the game; a finished hand also goes into the learner's kept hands."""
    save(request, game)
    if game.hand.is_over:
        hands.keep(request, game)


def _post(
    request: HtmxHttpRequest, drill: PlayDrill, game: Game | None
) -> tuple[Game | None, str | None]:
    command = request.POST.get("command", "act")
    if command == "new":
        fresh, error = _new(request)
        return fresh or game, error
    if game is None:
        return None, _("There is no hand in progress. Start a new game.")
    if command == "next":
        return _next(request, game)
    if command in ("show", "muck"):
        return game, _show_or_muck(request, game, command)
    if command == "act":
        return game, _act(request, drill, game)
    return game, reason_text("unknown_action", {}, current_language())


def view(request: HtmxHttpRequest, drill: PlayDrill) -> HttpResponse:
    language = current_language()
    game = load(request)
    error = None
    if request.method == "POST":
        game, error = _post(request, drill, game)
    context = page.context(drill, game, language)
    context["error"] = error
    context["tally"] = get_tally(request, drill.slug)
    context["kept"] = page.kept_list(request, language)
    replay = page.replay(request, language) if request.method == "GET" else None
    if replay is not None:
        context["replay"] = replay
    if request.htmx and (request.method == "POST" or replay is not None):
        return render(request, f"{drill.template}#game", context)
    status = 422 if error and request.method == "POST" else 200
    if request.method == "GET" and "hand" in request.GET and replay is None:
        context["error"] = _(
            "That hand is no longer kept. Your last twenty hands are listed below."
        )
        status = 404
    return render(request, drill.template, context, status=status)
