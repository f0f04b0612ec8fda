"""A replayed hand in words: why it was each player's turn, why each bet or raise was
legal (the minimum bet and raise, a short all-in that does not reopen the betting), the
pots the engine built with their odd chips, the showdown order and who may muck, and the
log compared with the engine.

Seats are named by the caller (``name``); numbers are written in the page language.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.utils.translation import npgettext, pgettext

from tutor.engine import events as ev
from tutor.engine.histories.replay import Check, Replay, Step
from tutor.engine.rules import Structure

from .base import fill, lookup, number
from .table import names_text, pot_name

type Namer = Callable[[int], str]
C = "hand replay"


def _turns() -> dict[str, str]:
    return {
        "first_after_big_blind": pgettext(
            C, "%(seat)s acts first before the flop: the first player after the big blind."
        ),
        "button_first_heads_up": pgettext(
            C,
            "%(seat)s acts first before the flop: heads-up, the button posts the small blind and speaks first.",
        ),
        "first_after_button": pgettext(
            C, "%(seat)s acts first on this street: the first player still in after the button."
        ),
        "next_in_turn": pgettext(
            C, "%(seat)s is next: the next player clockwise who still has a decision to make."
        ),
    }


def turn_text(step: Step, name: Namer, language: str) -> str:
    return fill(lookup(_turns(), "turn", step.turn), {"seat": name(step.seat)})


def _legal() -> dict[str, str]:
    return {
        "fold": pgettext(C, "A fold is always allowed; the chips already in stay in the pot."),
        "check": pgettext(C, "Legal: nobody has bet in this round, so there is nothing to call."),
        "call": pgettext(C, "Legal: a call matches the bet of %(high)s."),
        "call_all_in": pgettext(
            C, "Legal: the player has less than the call, so calling puts all their chips in."
        ),
        "bet": pgettext(C, "Legal: the smallest bet is %(minimum)s, the largest %(maximum)s."),
        "bet_fixed": pgettext(C, "Legal: in fixed limit a bet is exactly %(minimum)s."),
        "raise": pgettext(
            C,
            "Legal: the smallest raise is to %(minimum)s (the bet of %(high)s plus the last full raise of %(increment)s); the largest is to %(maximum)s.",
        ),
        "raise_fixed": pgettext(C, "Legal: in fixed limit a raise is exactly to %(minimum)s."),
        "short_all_in": pgettext(
            C,
            "Legal: a player may go all-in for less than a full raise (a full raise was to at least %(minimum)s). It does not reopen the betting for the players who have already acted.",
        ),
        "no_limit_max": pgettext(C, "all their chips"),
        "betting_not_reopened": pgettext(
            C,
            "%(seat)s could only call or fold, not raise: since their last action the bet grew by %(faced)s, only a short all-in, less than a full raise of %(full_raise)s, so the betting was not reopened for them.",
        ),
        "raise_cap_reached": pgettext(
            C,
            "%(seat)s could only call or fold: a bet and three raises were in, and the round was capped.",
        ),
    }


def legality_text(step: Step, replay: Replay, name: Namer, language: str) -> list[str]:
    """Why the move was allowed, and why the player could not raise when that was so."""
    words = _legal()
    event = step.decision
    opts = step.options
    n = lambda value: number(value, language)  # noqa: E731
    fixed = replay.history.structure is Structure.FIXED_LIMIT
    lines: list[str] = []
    if isinstance(event, ev.Fold | ev.Check):
        lines.append(words[event.kind])
    elif isinstance(event, ev.Call):
        key = "call_all_in" if event.all_in and event.added < step.high else "call"
        lines.append(fill(words[key], {"high": n(step.high)}))
    elif isinstance(event, ev.Bet | ev.Raise):
        lines.append(_aggression(event, step, fixed, words, n))
    blocked = opts.blocked.value if opts.blocked is not None else ""
    if blocked in words and isinstance(event, ev.Call | ev.Fold):
        params = {k: n(v) for k, v in opts.blocked_details} | {"seat": name(step.seat)}
        lines.append(fill(words[blocked], params))
    return lines


def _aggression(
    event: ev.Bet | ev.Raise,
    step: Step,
    fixed: bool,
    words: dict[str, str],
    n: Callable[[int], str],
) -> str:
    opts = step.options
    bet = isinstance(event, ev.Bet)
    if not event.full:
        return fill(words["short_all_in"], {"minimum": n(step.high + step.full_raise)})
    top = opts.max_to if opts.max_to is not None and opts.max_to < 1 << 60 else None
    maximum = n(top) if top is not None and top != opts.all_in_to else words["no_limit_max"]
    minimum = opts.min_to if opts.min_to is not None else event.to
    if fixed:
        return fill(words["bet_fixed" if bet else "raise_fixed"], {"minimum": n(minimum)})
    params = {
        "minimum": n(minimum),
        "maximum": maximum,
        "high": n(step.high),
        "increment": n(step.full_raise),
    }
    return fill(words["bet" if bet else "raise"], params)


def _ends() -> dict[str, str]:
    return {
        "won": pgettext(C, "%(pot)s: %(seat)s wins %(amount)s."),
        "won_before_rake": pgettext(C, "%(pot)s goes to %(seat)s: %(amount)s before the rake."),
        "rake": pgettext(C, "The house takes %(rake)s rake from the pots."),
        "collects": pgettext(C, "%(seat)s collects %(amount)s."),
        "odd_chip": pgettext(
            C,
            "It does not split evenly: the odd chip goes to %(seat)s, the first winner to the left of the button.",
        ),
        "first_aggressor": pgettext(
            C, "%(seat)s shows first: the last player to bet or raise on the river."
        ),
        "first_left": pgettext(
            C,
            "%(seat)s shows first: nobody bet on the river, so the first player still in to the left of the button.",
        ),
        "face_up": pgettext(
            C,
            "A player was all-in and the betting was over, so every hand still in was turned face up.",
        ),
        "all_in_show": pgettext(
            C, "With a player all-in, every hand still in is shown: nobody may muck."
        ),
        "nobody_mucks": pgettext(C, "Every player still in could win a pot, so each shows."),
        "uncontested": pgettext(C, "Everyone else folded: %(seat)s wins without showing."),
        "unknown_cards": pgettext(C, "The file does not show %(seat)s's cards."),
        "button": pgettext(C, "%(seat)s has the dealer button."),
        "dealt": pgettext(C, "%(seat)s is dealt %(cards)s."),
        "file_line": pgettext(C, "Line %(line)s of the file: “%(text)s”"),
    }


def end_text(code: str, params: dict[str, str]) -> str:
    """One of the hand's other sentences: the button, known hole cards, a line of the file."""
    return fill(lookup(_ends(), "replay sentence", code), params)


def pots_lines(replay: Replay, name: Namer, language: str) -> list[str]:
    """The engine's pots: each with its eligible players, its winners and the odd chip;
    with a rake, the rake taken and what each winner collected after it."""
    words = _ends()
    award = replay.hand.result
    assert award is not None
    won = words["won_before_rake"] if replay.rake else words["won"]
    lines = []
    for index, pot in enumerate(award.pots):
        amount = number(pot.pot.amount, language)
        eligible = [name(s) for s in pot.pot.eligible]
        lines.append(pot_text(pot_name(index), amount, eligible, language))
        for seat, chips in pot.shares:
            params = {"pot": pot_name(index), "seat": name(seat), "amount": number(chips, language)}
            lines.append(fill(won, params))
        if pot.odd_chips:
            shares = dict(pot.shares)
            top = max(shares.values())
            first = next(s for s in pot.winners if shares[s] == top)
            lines.append(fill(words["odd_chip"], {"seat": name(first)}))
    return lines + _rake_lines(replay, name, language)


def pot_text(pot: str, amount: str, eligible: Sequence[str], language: str) -> str:
    """ "Main pot: 300, which Asha and Dev can win.": one player in the singular (Czech
    and Bengali agree the verb and the pronoun with the number of players)."""
    text = npgettext(
        C,
        "%(pot)s: %(amount)s, which only %(eligible)s can win.",
        "%(pot)s: %(amount)s, which %(eligible)s can win.",
        len(eligible),
    )
    return fill(text, {"pot": pot, "amount": amount, "eligible": names_text(eligible, language)})


def may_muck_text(seats: Sequence[str], language: str) -> str:
    """Who may muck at the showdown: "Asha may muck: that hand cannot win any pot."."""
    text = npgettext(
        C,
        "%(seats)s may muck: that hand cannot win any pot.",
        "%(seats)s may muck: their hands cannot win any pot.",
        len(seats),
    )
    return fill(text, {"seats": names_text(seats, language)})


def _rake_lines(replay: Replay, name: Namer, language: str) -> list[str]:
    if not replay.rake:
        return []
    words = _ends()
    lines = [fill(words["rake"], {"rake": number(replay.rake, language)})]
    for seat, chips in enumerate(replay.collected):
        if chips:
            params = {"seat": name(seat), "amount": number(chips, language)}
            lines.append(fill(words["collects"], params))
    return lines


def showdown_lines(replay: Replay, name: Namer, language: str) -> list[str]:
    """Who shows first and why, and who may muck (the engine's showdown)."""
    words = _ends()
    hand = replay.hand
    turns = replay.showdown
    live = hand.in_hand()
    if len(live) == 1:
        return [fill(words["uncontested"], {"seat": name(live[0])})]
    lines = []
    if turns.face_up:
        lines.append(words["face_up"])
    elif turns.order:
        key = "first_aggressor" if hand.river_aggressor in live else "first_left"
        lines.append(fill(words[key], {"seat": name(turns.order[0])}))
    if any(hand.stacks[s] == 0 or s in _all_in(hand.events) for s in live) and not turns.mucked:
        lines.append(words["all_in_show"])
    elif turns.mucked:
        lines.append(may_muck_text([name(s) for s in sorted(turns.mucked)], language))
    else:
        lines.append(words["nobody_mucks"])
    return lines


def _all_in(events: Sequence[ev.Event]) -> set[int]:
    return {e.seat for e in events if isinstance(e, ev.Call | ev.Bet | ev.Raise) and e.all_in}


def _checks() -> dict[str, str]:
    return {
        "pots_match": pgettext(
            C, "The log agrees: %(total)s in the pots = %(logged)s collected + %(rake)s rake."
        ),
        "pots_match_implied_rake": pgettext(
            C,
            "The log agrees: %(total)s in the pots, %(logged)s collected; the file gives no rake, so it was %(rake)s.",
        ),
        "pots_mismatch": pgettext(
            C,
            "The log does not agree: the pots hold %(total)s, the log shows %(logged)s collected and %(rake)s rake.",
        ),
        "share_mismatch": pgettext(
            C,
            "The log does not agree: %(seat)s wins %(amount)s by the rules, the log says %(logged)s.",
        ),
        "winners_mismatch": pgettext(C, "The log does not agree on who won: look at %(seat)s."),
        "uncalled_match": pgettext(
            C, "The uncalled bet the log gives back is the one the rules give back."
        ),
        "uncalled_mismatch": pgettext(
            C,
            "The log does not agree on the uncalled bet: by the rules %(amount)s goes back, the log says %(logged)s.",
        ),
        "not_logged": pgettext(
            C,
            "The file does not say what each player collected, so the pots (%(total)s in all) cannot be compared.",
        ),
    }


def check_text(check: Check, name: Namer, language: str) -> str:
    params: dict[str, object] = {}
    for key, value in check.details.items():
        if key == "seat":
            params[key] = name(value) if isinstance(value, int) else ""
        else:
            params[key] = number(value, language) if isinstance(value, int) else str(value)
    return fill(lookup(_checks(), "replay check", check.code), params)


def unit_note(unit: int, currency: str, language: str) -> str:
    """How amounts are counted when the file has cents: '100 make $1'."""
    if unit == 1:
        return ""
    text = pgettext(C, "Amounts are shown as whole chips: %(count)s chips make %(one)s.")
    return fill(text, {"count": number(unit, language), "one": f"{currency}1"})


#: Every check code, for the test that walks them.
def check_codes() -> frozenset[str]:
    return frozenset(_checks())


def turn_codes() -> frozenset[str]:
    return frozenset(_turns())


__all__ = [
    "check_codes",
    "check_text",
    "legality_text",
    "pots_lines",
    "showdown_lines",
    "turn_codes",
    "turn_text",
    "unit_note",
]
