"""Play a Teen Patti 20-20 round with play money.

The balance, the round counter and the history live in the learner's session. Each deal
uses a fresh seed (kept in the history, so a round can be looked up again), is settled by
the engine line by line, and the running result is shown beside the engine's exact
expected result for the same stakes. A double submit of the same slip deals once.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tutor.engine import tp2020
from tutor.engine.errors import InvalidInput
from tutor.words import terms
from tutor.words.errors import stake_error

from .base import get_progress, new_seed, record_answer
from .drill import PlayDrill

SESSION_KEY = "teenpatti_round"
START_BALANCE = Decimal(1000)
HISTORY_KEEP = 20


def _new_state() -> dict[str, Any]:
    """A fresh table: the starting balance, round 1, no history."""
    return {
        "balance": str(START_BALANCE),
        "round": 1,
        "history": [],
        "staked": "0",
        "expected": "0",
    }


def _state(request: HttpRequest) -> dict[str, Any]:
    state = request.session.get(SESSION_KEY)
    return state if isinstance(state, dict) and "balance" in state else _new_state()


def _slip(request: HttpRequest) -> dict[str, str]:
    slip = {}
    for bet in tp2020.BETS:
        value = request.POST.get(bet, "").strip().replace(",", ".")
        if value:
            slip[bet] = value[:40]
    return slip


def view(request: HttpRequest, drill: PlayDrill) -> HttpResponse:
    state = _state(request)
    context: dict[str, Any] = {
        "drill": drill,
        "bets": [(b, terms.TEENPATTI_BETS[b]) for b in tp2020.BETS],
    }
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "reset":
            state = request.session[SESSION_KEY] = _new_state()
        elif action == "deal":
            _deal(request, state, context)
        else:
            context["error"] = _("Choose your bets and press Deal.")
    rtp = tp2020.return_to_player()
    balance = Decimal(state["balance"])
    context.update(
        state=state,
        balance=balance,
        result_so_far=balance - START_BALANCE,
        expected_so_far=Decimal(state["expected"]),
        next_round=state["round"],
        rtp_rows=[(terms.TEENPATTI_BETS[b], rtp[b]) for b in tp2020.BETS],
        progress=get_progress(request, drill.slug),
    )
    status = 422 if context.get("error") else 200
    if request.htmx and request.method == "POST":
        return render(request, f"{drill.template}#table", context, status=200)
    return render(request, drill.template, context, status=status)


def _deal(request: HttpRequest, state: dict[str, Any], context: dict[str, Any]) -> None:
    posted_round = request.POST.get("round", "")
    if posted_round != str(state["round"]):
        # A second click or a resent form: the round was already dealt.
        context["error"] = _("That bet slip was already dealt; its result is shown below.")
        if state["history"]:
            context["last"] = state["history"][0]
        return
    slip = _slip(request)
    try:
        stakes = tp2020.parse_bets(slip)
    except InvalidInput as error:
        context["error"] = stake_error(error)
        context["slip"] = slip
        return
    if not stakes:
        context["error"] = _("Place at least one bet before dealing.")
        return
    staked = sum(stakes.values(), Decimal(0))
    balance = Decimal(state["balance"])
    if staked > balance:
        context["error"] = _("Your bets (%(staked)s) are more than your balance (%(balance)s).") % {
            "staked": staked,
            "balance": balance,
        }
        context["slip"] = slip
        return
    seed = new_seed()
    settlement, entry = _settle(seed, state["round"], stakes)
    state["balance"] = str(balance + settlement.net)
    state["round"] += 1
    state["staked"] = str(Decimal(state["staked"]) + staked)
    exact = Fraction(Decimal(state["expected"])) + _expected_net(stakes)
    state["expected"] = str(
        (Decimal(exact.numerator) / Decimal(exact.denominator)).quantize(Decimal("0.01"))
    )
    state["history"] = [entry, *state["history"]][:HISTORY_KEEP]
    request.session[SESSION_KEY] = state
    record_answer(request, DRILL.slug, f"round-{seed}", settlement.net >= 0)
    context["last"] = entry
    context["slip"] = slip


def _settle(seed: int, round_no: int, stakes: dict[str, Decimal]) -> tuple[Any, dict[str, Any]]:
    """Deal round ``seed``, settle the slip, and write the round down for the history."""
    dealt = tp2020.deal_round(seed)
    settlement = tp2020.settle(dealt.hand_a, dealt.hand_b, stakes)
    entry = {
        "round": round_no,
        "seed": seed,
        "order": [c.code for c in dealt.deal_order],
        "hand_a": [c.code for c in dealt.hand_a],
        "hand_b": [c.code for c in dealt.hand_b],
        "result": settlement.result,
        "lines": [_line(line) for line in settlement.lines],
        "staked": str(settlement.total_staked),
        "returned": str(settlement.total_returned),
        "net": str(settlement.net),
        "a": settlement.showdown.values[0].paytable_code if settlement.showdown else "",
        "b": settlement.showdown.values[1].paytable_code if settlement.showdown else "",
        "bonus": settlement.bonus.code if settlement.bonus else "none",
    }
    return settlement, entry


def _line(line: Any) -> dict[str, Any]:
    odds = line.odds
    return {
        "bet": line.bet,
        "stake": str(line.stake),
        "outcome": line.outcome,
        "row": line.row,
        "odds": str(Decimal(odds.numerator) / Decimal(odds.denominator))
        if odds is not None
        else None,
        "returned": str(line.returned),
    }


def _expected_net(stakes: dict[str, Decimal]) -> Fraction:
    """The engine's exact expected result of these stakes (return to player minus one)."""
    rtp = tp2020.return_to_player()
    return sum((Fraction(stake) * (rtp[bet] - 1) for bet, stake in stakes.items()), Fraction(0))


DRILL = PlayDrill(
    slug="teenpatti-round",
    title=gettext_lazy("Play a Teen Patti 20-20 round"),
    summary=gettext_lazy(
        "Place play-money bets on Player A, Player B, Tie, Pair Plus and the 6 Card Bonus, deal, and see every bet settled."
    ),
    view=view,
)
