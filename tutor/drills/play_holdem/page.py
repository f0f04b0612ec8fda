"""What the page of "play a hand" shows: the table from the learner's seat, their
options with the price of a call, the log, and once the hand is over their hand named,
the show-or-muck choice and the review; or a kept hand stepped through."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext, pgettext

from tutor.core.numbers import whole_number
from tutor.engine.betting import OptionsData
from tutor.engine.errors import EngineError
from tutor.engine.hand import Hand
from tutor.table.picture import from_hand
from tutor.table.result import result_of
from tutor.words.base import labelled, number, parenthetical, preset_label
from tutor.words.bots import bot_reason, style_name
from tutor.words.coach import net_text, price_text
from tutor.words.narrate import narrate
from tutor.words.terms import STRUCTURES, street_name, structure_name

from ..drill import PlayDrill
from . import hands
from .coach import ReviewLine, as_chosen, may_muck, review, your_hand
from .state import YOU, Game, you_name

PRESETS = ("2x", "3x", "33", "50", "100")


def context(drill: PlayDrill, game: Game | None, language: str) -> dict[str, Any]:
    ctx: dict[str, Any] = {
        "drill": drill,
        "structures": [(code, structure_name(code)) for code in STRUCTURES],
        "opponent_choices": range(1, 6),
    }
    if game is None:
        return ctx
    hand = game.hand
    ctx.update(_table(hand, language, game.shown))
    opts = ctx["options"]
    ctx.update(
        styles=[(you_name(s), style_name(v)) for s, v in sorted(game.styles.items())],
        presets=_legal_presets(hand, language) if opts else [],
        all_in=all_in(opts, language) if opts else None,
        price=price_text(hand.pot, 0 if opts["can_check"] else opts["to_call"], language)
        if opts
        else "",
        reasons=[bot_reason(d, language) for d in game.decisions if d.get("reason")][::-1],
        structure=structure_name(hand.rules.structure.code),
        game=True,
        step=len(hand.events),
        hand_id=game.hand_id,
    )
    if hand.is_over:
        ctx.update(
            your_hand=your_hand(hand, game.choices, game.shown),
            may_muck=may_muck(hand) and game.shown is None,
            review=_with_moments(review(game.choices, language), hands.action_marks(hand)),
        )
    return ctx


def _table(hand: Hand, language: str, shown: bool | None = None) -> dict[str, Any]:
    """The table, the result banner and the log, as the learner's seat sees them
    (``shown``: the learner's answer to "show or muck", told in the log)."""
    view_data = hand.view(YOU)
    result = result_of(hand, you_name)
    return {
        "view": view_data,
        "picture": from_hand(hand, YOU, you_name, language, best=result.best if result else None),
        "result": result,
        "options": view_data["options"],
        "log": _log(hand, view_data["history"], shown, language)[::-1],
        "street": street_name(view_data["street"]),
        "over": hand.is_over,
        "hand_no": view_data["hand_no"],
    }


def _log(hand: Hand, history: list[Any], shown: bool | None, language: str) -> list[str]:
    """The hand told event by event; the learner's muck as they chose it, and before
    they choose, that they may show or muck."""
    lines: list[str] = []
    for event in as_chosen(hand, history, shown):
        if event is None:
            text = pgettext("play", "%(seat)s lost the showdown and may show or muck the hand.")
            lines.append(text % {"seat": you_name(YOU)})
        else:
            lines += narrate([event], you_name, language)
    return lines


def replay(request: HttpRequest, language: str) -> dict[str, Any] | None:
    """A kept hand at one step (``?hand=<id>&step=<n>``), with its review; ``None`` when
    the address names no kept hand."""
    kept = hands.kept_hand(request, request.GET.get("hand", ""))
    if kept is None:
        return None
    last = len(kept.actions)
    step = whole_number(request.GET.get("step", str(last)), 3)
    step = last if step is None else min(step, last)
    try:
        shown = kept.at(step)
    except EngineError:
        return None
    lines = _with_moments(review(kept.choices, language), kept.actions)
    cut = kept.actions[step] if step < last else len(kept.hand.events)
    table = _table(shown, language, kept.shown if step == last else False)
    return {
        "id": kept.hand_id,
        "number": kept.number,
        "step": step,
        "last": last,
        "net": net_text(kept.net, language),
        "your_hand": your_hand(kept.hand, kept.choices, kept.shown) if step == last else "",
        "review": lines,
        "current": next((line.number for line in lines if line.step == cut), None),
        "picture": table["picture"],
        "result": table["result"],
        "log": table["log"],
        "street": table["street"],
        # Step 0 is the deal: people count the steps from 1, the deal's included.
        "heading": pgettext("coach", "Hand %(number)s, step %(step)s of %(last)s")
        % {
            "number": number(kept.number, language),
            "step": number(step + 1, language),
            "last": number(last + 1, language),
        },
    }


def _with_moments(lines: list[ReviewLine], marks: tuple[int, ...]) -> list[ReviewLine]:
    """Each decision with its step in the kept hand, for its "see this moment" link."""
    moments = {at: k for k, at in enumerate(marks)}
    return [replace(line, moment=moments.get(line.step)) for line in lines]


def kept_list(request: HttpRequest, language: str) -> list[dict[str, Any]]:
    """The learner's kept hands for the list: the id and a line, "Hand 12: You won 250."."""
    return [
        {
            "id": k["id"],
            "line": labelled(_hand_label(k["number"], language), net_text(k["net"], language)),
        }
        for k in hands.kept_hands(request)
    ]


def _hand_label(hand_no: int, language: str) -> str:
    return gettext("Hand %(number)s") % {"number": number(hand_no, language)}


def all_in(opts: OptionsData, language: str) -> str | None:
    """The all-in button's label, "All-in (9,900)", where all-in is a move of its own: a
    bet or raise of every chip, or a call that takes them all. Not in fixed limit below
    the stack, where it would only be a call or the fixed raise by another name."""
    shoves = opts["aggression"] is not None and opts["max_to"] == opts["all_in_to"]
    if not shoves and not (opts["can_call"] and opts["call_is_all_in"]):
        return None
    return parenthetical(pgettext("poker action", "All-in"), number(opts["all_in_to"], language))


def _legal_presets(hand: Hand, language: str) -> list[tuple[str, str]]:
    """The presets the learner may use now: the engine's code (the button's value) and
    the label, "2x (200)" in the page language's words, numbers and brackets. None where
    the size is fixed (fixed limit, or an all-in below the minimum), and one button for
    each amount (a preset that comes to the same as another is left out)."""
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
