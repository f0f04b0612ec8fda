"""The round's one view: every press on the layout is a POST that re-renders it.

Without JavaScript each press (a chip onto a spot, clear, deal) submits the form and the
whole page comes back; with htmx the same POST swaps only the layout, and a line for
screen readers goes to the live region outside it. Every post carries the typed bets too,
so the slip is read and checked on the server each time, and a bet that cannot be taken
keeps its text and its error beside its spot while the other bets stay as they were.
"""

from __future__ import annotations

from decimal import Decimal

from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.translation import gettext as _

from tutor.core.http import HtmxHttpRequest
from tutor.core.locales import current_language, format_number
from tutor.drills.base import get_tally, new_seed, record_answer
from tutor.drills.drill import PlayDrill
from tutor.engine import tp2020
from tutor.words import terms

from . import money, play
from .limits import CHIPS
from .present import Outcome, context
from .slip import (
    MAX_TYPED,
    BetError,
    Slip,
    add_chip,
    check_total,
    error_text,
    read_bet,
    read_chip,
    read_spot,
)


def view(request: HtmxHttpRequest, drill: PlayDrill) -> HttpResponse:
    language = current_language()
    state = play.load_state(request.session)
    outcome = Outcome(show_last=bool(state.get("show_last")))
    if request.method == "POST":
        _press(request, drill.slug, state, outcome, language)
        play.save_state(request.session, state)
    if outcome.played is None and outcome.show_last and state["history"]:
        outcome.played = play.replay(state["history"][0])
    page = {
        "drill": drill,
        "tally": get_tally(request, drill.slug),
        **context(state, outcome, language),
    }
    if request.htmx and request.method == "POST":
        return render(request, f"{drill.template}#swap", page)
    return render(request, drill.template, page, status=422 if outcome.failed else 200)


def _press(
    request: HttpRequest, slug: str, state: play.Table, outcome: Outcome, language: str
) -> None:
    """Carry out one press on the layout."""
    post = request.POST
    action = post.get("action", "")
    if action == "reset":
        chip = state.get("chip") or CHIPS[0]
        state.update(play.new_state(chip))  # every key of the table
        outcome.show_last = False
        outcome.announce = _("A new table: your balance is %(balance)s.") % {
            "balance": money.plain(Decimal(state["balance"]), language)
        }
        return
    if action == "deal" and post.get("round") != str(state["round"]):
        # A second click or a resent form: that round was already dealt.
        outcome.general = _("That bet slip was already dealt; its result is shown below.")
        outcome.show_last = True
        return
    before = dict(state["slip"])
    slip = _typed(post, play.slip_of(state), outcome, language)
    if "chip" in post:
        try:
            state["chip"] = read_chip(post["chip"])
        except BetError as error:
            outcome.general = error_text(error, language)
    slip = _change(post, action, slip, state, outcome, language)
    play.set_slip(state, slip)
    if action == "deal" and not outcome.failed:
        _deal(request, slug, state, slip, outcome, language)
    elif action == "deal" and not outcome.general:
        outcome.general = _("Nothing was dealt: fix the bets marked below.")
    elif state["slip"] != before or outcome.failed:
        outcome.show_last = False  # the dealer clears the last round off the table
    state["show_last"] = outcome.show_last
    if outcome.failed:
        outcome.announce = outcome.general or next(iter(outcome.spots.values()))
    elif not outcome.announce and state["slip"] != before:
        outcome.announce = _("Your bets are updated: %(total)s on the table.") % {
            "total": money.plain(sum(slip.values(), Decimal(0)), language)
        }


def _typed(post: QueryDict, slip: Slip, outcome: Outcome, language: str) -> Slip:
    """The slip with the typed boxes read in; a box that cannot be read keeps its text and
    gets its error, and that spot's bet stays as it was."""
    slip = dict(slip)
    for bet in tp2020.BETS:
        if bet not in post:
            continue
        raw = post.get(bet, "")
        try:
            slip[bet] = read_bet(raw, language)
        except BetError as error:
            outcome.spots[bet] = error_text(error, language)
            outcome.typed[bet] = raw[:MAX_TYPED]
    return {bet: value for bet, value in slip.items() if value}


def _change(
    post: QueryDict,
    action: str,
    slip: Slip,
    state: play.Table,
    outcome: Outcome,
    language: str,
) -> Slip:
    """A chip added to a spot, a spot cleared, or the whole layout cleared."""
    if action == "clear_all":
        outcome.spots.clear()
        outcome.typed.clear()
        outcome.announce = _("All bets cleared.")
        return {}
    key = "add" if "add" in post else "clear" if "clear" in post else ""
    if not key:
        return slip
    try:
        bet = read_spot(post[key])
    except BetError as error:
        outcome.general = error_text(error, language)
        return slip
    name = terms.TEENPATTI_BETS[bet]
    if key == "clear":
        outcome.spots.pop(bet, None)
        outcome.typed.pop(bet, None)
        outcome.announce = _("%(spot)s: bet cleared.") % {"spot": name}
        return {b: v for b, v in slip.items() if b != bet}
    if bet in outcome.spots or outcome.general:
        return slip
    try:
        slip = add_chip(slip, bet, state["chip"], Decimal(state["balance"]))
    except BetError as error:
        outcome.spots[bet] = error_text(error, language)
        return slip
    outcome.announce = _("%(spot)s: your bet is now %(bet)s.") % {
        "spot": name,
        "bet": money.plain(slip[bet], language),
    }
    return slip


def _deal(
    request: HttpRequest,
    slug: str,
    state: play.Table,
    slip: Slip,
    outcome: Outcome,
    language: str,
) -> None:
    """Deal a round on the slip, if the slip can be dealt."""
    if not slip:
        outcome.general = _("Place at least one bet before dealing.")
        return
    try:
        check_total(slip, Decimal(state["balance"]))
    except BetError as error:
        outcome.general = error_text(error, language)
        return
    seed = new_seed()
    played = play.deal(state, seed, slip)
    record_answer(request, slug, f"round-{seed}", played.settlement.net >= 0)
    outcome.played, outcome.show_last = played, True
    outcome.announce = _(
        "Round %(number)s: %(result)s. Net result %(net)s; your balance is %(balance)s."
    ) % {
        "number": format_number(played.number, language),
        "result": terms.TEENPATTI_RESULTS[played.settlement.result],
        "net": money.signed(played.settlement.net, language),
        "balance": money.plain(Decimal(state["balance"]), language),
    }
