"""The first line of the feedback on a wrong answer, in every question drill: "You picked
…" names the learner's choice and says why it is wrong, from the engine's data; a right
answer has no such line. Then each drill's other wrong answers, one branch at a time."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from tutor.drills import (
    betting,
    holdem_showdown,
    legal_actions,
    name_the_hand,
    odd_chips,
    outs_and_odds,
    showdown_order,
    side_pots,
    teenpatti_payouts,
    teenpatti_rtp,
    teenpatti_showdown,
    tournament,
)
from tutor.drills.base import make_token
from tutor.drills.odd_chips.question import field as share_field
from tutor.drills.registry import DRILLS, QuestionDrill
from tutor.engine.cards import parse_cards as holdem_cards
from tutor.words import picked, picked_figures

Key = dict[str, list[str]]
#: A wrong answer made from the right one: (the answer, what the line must say).
Wrong = Callable[[Any, Key], tuple[Key, str]]
LINE = re.compile(r'<p class="you-picked">(.*?)</p>', re.S)


def _other(options: list[str], right: str) -> str:
    return next(option for option in options if option != right)


def _name_the_hand(q: name_the_hand.Question, key: Key) -> tuple[Key, str]:
    wrong = _other(["flush", "straight"], key["category"][0])
    return {**key, "category": [wrong]}, f"You picked {wrong.title()}, but these cards make"


def _holdem_showdown(q: holdem_showdown.Question, key: Key) -> tuple[Key, str]:
    loser = _other([str(i) for i in range(len(q.hands))], key["winners"][0])
    return {"winners": [loser]}, f"You picked Player {int(loser) + 1}: "


def _betting(q: betting.Question, key: Key) -> tuple[Key, str]:
    if "min_to" not in key:
        return {
            **key,
            "no_raise": [],
            "min_to": ["100"],
            "max_to": ["200"],
        }, "You picked 100 to 200"
    low = int(key["min_to"][0]) - 1
    return {**key, "min_to": [str(low)]}, f"You picked {low:,} as the smallest bet or raise."


def _legal_actions(q: legal_actions.Question, key: Key) -> tuple[Key, str]:
    refused = next(a for a in ("check", "call", "bet", "raise", "fold") if a not in key["act"])
    name = refused.title()
    return {"act": [*key["act"], refused]}, f"but {name} is not allowed now."


def _side_pots(q: side_pots.Question, key: Key) -> tuple[Key, str]:
    mine = int(key["pot0"][0]) + 50
    return {**key, "pot0": [str(mine)]}, f"You picked {mine:,} for Main pot, 50 too many"


def _odd_chips(q: odd_chips.Question, key: Key) -> tuple[Key, str]:
    field = sorted(key)[0]
    mine = int(key[field][0]) + 1
    return {**key, field: [str(mine)]}, f"You picked {mine:,} for Seat"


def _showdown_order(q: showdown_order.Question, key: Key) -> tuple[Key, str]:
    if key["first"] == ["all"]:
        return {
            **key,
            "first": [str(q.holes.index(next(h for h in q.holes if h)))],
        }, "to show first"
    return {**key, "first": ["all"]}, "You picked all hands face up at once"


def _tournament(q: tournament.Question, key: Key) -> tuple[Key, str]:
    return {**key, "place0": [key["place1"][0]], "place1": [key["place0"][0]]}, "You picked place"


def _outs_and_odds(q: outs_and_odds.Question, key: Key) -> tuple[Key, str]:
    given = int(key["outs"][0]) + 2
    return {**key, "outs": [str(given)]}, f"You picked {given} outs, but only"


def _teenpatti_showdown(q: teenpatti_showdown.Question, key: Key) -> tuple[Key, str]:
    if key["result"] == ["tie"]:
        return {"result": ["player_a"]}, "You picked Player A: "
    return {"result": ["tie"]}, "You picked a tie, but "


def _teenpatti_payouts(q: teenpatti_payouts.Question, key: Key) -> tuple[Key, str]:
    field = sorted(key)[0]
    return {**key, field: ["1234.00"]}, "You picked 1,234.00 for "


def _teenpatti_rtp(q: teenpatti_rtp.Question, key: Key) -> tuple[Key, str]:
    chosen = _other(list(q.bets), key["best"][0])
    return {"best": [chosen]}, "on average it gives back"


WRONG: dict[str, Wrong] = {
    "name-the-hand": _name_the_hand,
    "holdem-showdown": _holdem_showdown,
    "betting": _betting,
    "legal-actions": _legal_actions,
    "side-pots": _side_pots,
    "odd-chips": _odd_chips,
    "showdown-order": _showdown_order,
    "tournament": _tournament,
    "outs-and-odds": _outs_and_odds,
    "teenpatti-showdown": _teenpatti_showdown,
    "teenpatti-payouts": _teenpatti_payouts,
    "teenpatti-rtp": _teenpatti_rtp,
}


def test_every_question_drill_has_a_wrong_answer_here() -> None:
    assert set(WRONG) == {s for s, d in DRILLS.items() if isinstance(d, QuestionDrill)}


def _post(client: Client, slug: str, seed: int, level: str, answer: Key) -> str:
    data = {**answer, "token": make_token(slug, seed, level)}
    response = client.post(f"/en/drills/{slug}/", data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content.decode()[:500]
    return response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(WRONG))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_wrong_answer_starts_with_you_picked(client: Client, slug: str, seed: int) -> None:
    drill = DRILLS[slug]
    assert isinstance(drill, QuestionDrill)
    question = drill.generate(seed, "medium")
    key = drill.right_answer(question)
    answer, says = WRONG[slug](question, key)
    page = _post(client, slug, seed, "medium", answer)
    lines = LINE.findall(page)
    assert len(lines) == 1, page
    assert says in html.unescape(lines[0])
    # The line comes right after the verdict, before the explanation of the right answer.
    verdict = page.index("feedback__verdict bad")
    assert verdict < page.index('class="you-picked"') < page.index("Next question")
    assert "%(" not in lines[0]


@pytest.mark.django_db
@pytest.mark.parametrize("slug", list(WRONG))
def test_right_answer_has_no_you_picked_line(client: Client, slug: str) -> None:
    drill = DRILLS[slug]
    assert isinstance(drill, QuestionDrill)
    page = _post(client, slug, 1, "medium", drill.right_answer(drill.generate(1, "medium")))
    assert "feedback__verdict ok" in page
    assert 'class="you-picked"' not in page


@pytest.mark.parametrize("slug", list(WRONG))
def test_the_whole_class_never_sees_a_choice(slug: str) -> None:
    drill = DRILLS[slug]
    assert isinstance(drill, QuestionDrill)
    assert drill.revealed(drill.generate(5, "hard")).picked == ""


# -- each drill's other wrong answers ------------------------------------------------------


def test_name_the_hand_wrong_five() -> None:
    question = name_the_hand.Question("holdem", holdem_cards("As Ad Kc 7h 7d 3s 2c"), True)
    grade = name_the_hand.grade(
        question, {"category": ["two_pair"], "five": ["As", "Ad", "7h", "7d", "2c"]}
    )
    assert not grade.correct
    assert grade.picked == (
        "You picked A♠ A♦ 7♥ 7♦ 2♣ as the best five: they make two pair, aces and sevens too, "
        "but the best five keep higher cards beside it."
    )
    low = name_the_hand.grade(
        question, {"category": ["two_pair"], "five": ["As", "Kc", "7h", "7d", "2c"]}
    )
    assert "they make a pair of sevens, but the best five make two pair, aces and sevens" in (
        low.picked
    )


def test_holdem_showdown_reasons() -> None:
    two = holdem_showdown.custom({"board": "Kh Kd 7c 4s 2h", "hands": "As Qd|Ac Jd"}, "easy")
    assert holdem_showdown.grade(two, {"winners": ["1"]}).picked == (
        "You picked Player 2: a pair of kings. Player 1 has the same hand with a higher card: "
        "queen beats jack."
    )
    three = holdem_showdown.custom(
        {"board": "Kh Kd 7c 4s 2h", "hands": "As Qd|Ac Jd|9s 9c"}, "easy"
    )
    assert holdem_showdown.grade(three, {"winners": ["0", "2"]}).picked == (
        "You picked Player 1 and Player 3; Player 1 has a pair of kings. Player 3 has two "
        "pair, kings and nines, a higher category."
    )
    split = holdem_showdown.custom({"board": "Kh Kd 7c 4s 2h", "hands": "As Qd|Ac Qs"}, "easy")
    assert holdem_showdown.grade(split, {"winners": ["0"]}).picked == (
        "You picked only Player 1. Player 2 has the same hand, a pair of kings; suits never "
        "decide, so the pot is split."
    )


def test_teenpatti_showdown_reasons() -> None:
    tie = teenpatti_showdown.custom({"hands": "As Kd 5c|Ah Kc 5d"}, "easy")
    assert teenpatti_showdown.grade(tie, {"result": ["player_b"]}).picked == (
        "You picked Player B: high card ace. Player A has the same hand, high card ace; suits "
        "never decide, so it is a tie."
    )
    q = teenpatti_showdown.custom({"hands": "Qs Qd 5c|Kh Kc 2d"}, "easy")
    assert teenpatti_showdown.grade(q, {"result": ["player_a"]}).picked == (
        "You picked Player A: a pair of queens. Player B has a pair of kings, which ranks higher."
    )
    assert teenpatti_showdown.grade(q, {"result": ["player_b"]}).picked == ""


def _betting_seed(test: Callable[[Any], bool]) -> int:
    return next(s for s in range(400) if test(betting.build(s, "medium")))


def _can_raise(hand: Any) -> bool:
    opts = hand.options()
    return opts.aggression is not None and opts.blocked is None and opts.min_to < opts.max_to


def test_betting_seat_and_limits() -> None:
    seed = _betting_seed(_can_raise)
    question = betting.generate(seed, "medium")
    key = betting.right_answer(question)
    hand = question.hand
    opts = hand.options()
    other = next(s for s in range(hand.seats) if s != hand.to_act)
    seat = betting.grade(question, {**key, "next": [str(other)]}).picked
    assert seat.startswith(f"You picked Seat {other + 1} to act next, but Seat {hand.to_act + 1}")
    no_raise = betting.grade(question, {"next": key["next"], "no_raise": ["on"]}).picked
    assert no_raise.startswith("You picked no bet or raise, but")
    too_high = betting.grade(question, {**key, "max_to": [str(opts.all_in_to + 1)]}).picked
    assert "as the largest bet or raise." in too_high
    too_low = betting.grade(question, {**key, "max_to": [str(opts.max_to - 1)]}).picked
    assert too_low.endswith(f"but {opts.max_to:,} is allowed.")
    assert betting.grade(question, key).picked == ""


def test_legal_actions_missed_action() -> None:
    question = next(
        q
        for q in map(lambda s: legal_actions.generate(s, "easy"), range(50))
        if len(legal_actions.right_answer(q)["act"]) >= 2
    )
    left_out, *kept = legal_actions.right_answer(question)["act"]
    grade = legal_actions.grade(question, {"act": kept})
    assert grade.picked.startswith("You picked ")
    assert f" and left out {left_out.title()}. Allowed" in grade.picked


def test_side_pots_seats_and_pots() -> None:
    q = side_pots.Question(
        contributions=(100, 300, 300, 50),
        stacks=(100, 1000, 1000, 500),
        folded=(False, False, False, True),
        all_in=(True, False, False, False),
        board=holdem_cards("2c 7d 9h Js Kd"),
        hands=(holdem_cards("As Ah"), holdem_cards("Qs Qh"), holdem_cards("3s 4h"), None),
        button=0,
    )
    key = side_pots.right_answer(q)
    short = side_pots.grade(q, {**key, "eligible1": ["0", "1", "2"]}).picked
    assert short == (
        "You picked Seat 1 as able to win Side pot 1, but Seat 1 put in only 100, less than "
        "the 300 this pot takes from each seat."
    )
    folded = side_pots.grade(q, {**key, "eligible0": ["0", "1", "2", "3"]}).picked
    assert folded.startswith("You picked Seat 4 as able to win Main pot, but Seat 4 folded")
    missed = side_pots.grade(q, {**key, "eligible0": ["0", "1"]}).picked
    assert missed.startswith("You left Seat 3 out of Main pot, but Seat 3 put in 300")
    extra = side_pots.grade(q, {**key, "pot2": ["10"], "eligible2": ["1"]}).picked
    assert extra == "You picked an extra pot of 10, but there are only 2 pots."
    few = side_pots.grade(q, {"stage": ["1"], "pot0": key["pot0"], "eligible0": key["eligible0"]})
    assert few.picked == "You picked no amount for Side pot 1, but it holds 400."
    payout = side_pots.grade(q, {"stage": ["2"], "payout0": ["450"], "payout1": ["300"]})
    assert payout.picked == (
        "You picked 450 for Seat 1, 100 too many: Seat 1 gets 350 from the pots it wins."
    )


def test_odd_chips_shares() -> None:
    for seed in range(200):
        question = odd_chips.generate(seed, "medium")
        pot = odd_chips.the_award(question).pots[0]
        if pot.odd_chips and len(pot.winners) > 1:
            break
    key = odd_chips.right_answer(question)
    names = [f"Seat {seat + 1}" for seat, _chips in pot.shares]
    for (seat, engine), name in zip(pot.shares, names, strict=True):
        field = share_field(0, seat)
        grade = odd_chips.grade(question, {**key, field: [str(engine + 5)]})
        assert grade.picked.startswith(f"You picked {engine + 5:,} for {name} from Main pot, but")
        assert "odd chip" in grade.picked


def test_showdown_order_mucks() -> None:
    for seed in range(300):
        q = showdown_order.generate(seed, "medium")
        key = showdown_order.right_answer(q)
        if key["first"] != ["all"] and key["muck"]:
            break
    missed = showdown_order.grade(q, {"first": key["first"]}).picked
    assert missed.startswith("You picked nobody as a player who may muck, but Seat ")
    shown = key["first"][0]
    wrongly = showdown_order.grade(q, {**key, "muck": [*key["muck"], shown]}).picked
    assert f"but Seat {int(shown) + 1} may not." in wrongly


def test_tournament_blinds() -> None:
    seed = next(s for s in range(100) if tournament.generate(s, "medium").asked)
    question = tournament.generate(seed, "medium")
    key = tournament.right_answer(question)
    grade = tournament.grade(question, {**key, "small": ["1"], "big": ["2"]})
    assert grade.picked.startswith(f"You picked 1/2 for hand {question.asked}. Hand ")


def test_outs_and_odds_pot_odds_and_call() -> None:
    question = outs_and_odds.generate(1, "hard")
    key = outs_and_odds.right_answer(question)
    odds = outs_and_odds.grade(question, {**key, "pot_odds": ["99"]}).picked
    assert odds.startswith("You picked 99.00% as the pot odds, but the call of ")
    wrong_call = "call" if key["call"] == ["fold"] else "fold"
    call = outs_and_odds.grade(question, {**key, "call": [wrong_call]}).picked
    assert call.startswith(f"You picked {wrong_call.title()}, but your equity")


def test_every_sentence_fills_in_every_language() -> None:
    from django.conf import settings
    from django.utils import translation

    names = (
        "chosen player hand winner other winner_hand winner_rank loser_rank definition "
        "cards picked_hand best best_rtp chosen_rtp action why seat mine pot amount "
        "difference low high minimum maximum chips level share receivers odd count ties "
        "given call total odds equity choice small big bet"
    )
    params = dict.fromkeys(names.split(" "), "x")
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            for code in picked.choice_codes()["choices"]:
                assert "%(" not in picked.choice_line(code, **params)
            for code in picked_figures.figure_codes()["figures"]:
                assert "%(" not in picked_figures.figure_line(str(code), language, **params)
            for code in picked_figures.PLURAL_CODES:
                for count in (1, 2, 5):
                    assert "%(" not in picked_figures.plural_line(code, count, language, **params)
            for kind in ("pot_amount", "payout"):
                for mine in (1, 3):
                    assert "%(" not in picked_figures.off_by(kind, mine, 2, language, **params)
