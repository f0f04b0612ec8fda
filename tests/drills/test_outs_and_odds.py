from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from django.test import Client
from django.utils import translation
from treys import Card as TreysCard
from treys import Evaluator

from tutor.drills import outs_and_odds as drill
from tutor.drills.base import AnswerError, make_token
from tutor.engine import holdem
from tutor.engine.cards import DECK, parse_cards

SLUG = "outs-and-odds"
ALL = ("outs", "pot_odds", "call")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def question(
    hand: str,
    opponent: str,
    board: str,
    pot: int = 0,
    to_call: int = 0,
    asks: tuple[str, ...] = ALL,
) -> drill.Question:
    return drill.Question(
        parse_cards(hand), parse_cards(opponent), parse_cards(board), pot, to_call, tuple(asks)
    )


# A flush draw on the turn against a pair of kings: the nine hearts left are the only outs.
FLUSH_DRAW = ("9h 8h", "Ks Qd", "2h 5h Kc Jd")
HEARTS_LEFT = parse_cards("Ah Kh Qh Jh Th 7h 6h 4h 3h")


def test_outs_of_a_flush_draw_are_the_nine_hearts_left() -> None:
    q = question(*FLUSH_DRAW, pot=300, to_call=100)
    odds = drill.analyse(q)
    assert odds.behind
    assert set(odds.outs) == set(HEARTS_LEFT) and len(odds.outs) == 9
    assert odds.splits == ()
    assert (odds.boards, odds.wins, odds.equity) == (44, 9, Fraction(9, 44))


def test_outs_on_the_flop_count_the_turn_card_only() -> None:
    q = question("9h 8h", "Ks Qd", "2h 5h Kc")
    odds = drill.analyse(q)
    assert set(odds.outs) == set(HEARTS_LEFT) and odds.boards == 45 * 44 // 2


def test_cards_that_only_tie_are_not_outs() -> None:
    # The same two ranks: every river splits the pot, nobody is behind.
    q = question("Ac Kd", "As Kh", "Qc Jd 2s 3h")
    odds = drill.analyse(q)
    assert odds.outs == () and len(odds.splits) == 44 and not odds.behind
    assert odds.equity == Fraction(1, 2)
    assert "outs" not in drill.concepts_of(q)


def test_concepts_of_a_drawing_hand_with_a_bet() -> None:
    q = question(*FLUSH_DRAW, pot=300, to_call=100)
    assert drill.concepts_of(q) == {"outs", "pot-odds", "equity"}


def test_concepts_follow_what_is_asked() -> None:
    assert drill.concepts_of(question(*FLUSH_DRAW, asks=("outs",))) == {"outs"}
    q = question(*FLUSH_DRAW, pot=300, to_call=100, asks=("outs", "pot_odds"))
    assert drill.concepts_of(q) == {"outs", "pot-odds"}


def test_no_outs_concept_when_the_learner_is_ahead() -> None:
    q = question("Ks Qd", "9h 8h", "2h 5h Kc Jd", asks=("outs",))
    assert not drill.analyse(q).behind
    assert drill.concepts_of(q) == frozenset()


def test_drawing_dead_exercises_neither_outs_nor_equity() -> None:
    # Four aces against two unsuited small cards: no card, no pair of cards saves them.
    q = question("2c 3d", "As Ah", "Ad Ac Kh", pot=300, to_call=100)
    odds = drill.analyse(q)
    assert odds.behind and odds.outs == () and odds.equity == 0
    assert drill.concepts_of(q) == {"pot-odds"}


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_outs_agree_with_the_showdown_and_with_treys(level: str) -> None:
    evaluator = Evaluator()
    for seed in range(12):
        q = drill.generate(seed, level)
        odds = drill.analyse(q)
        seen = set(q.hand + q.opponent + q.board)
        for card in (c for c in DECK if c not in seen):
            board = (*q.board, card)
            if len(board) == 5:
                winners = holdem.showdown(board, [q.hand, q.opponent]).winners
            else:
                mine, theirs = holdem.evaluate(q.hand + board), holdem.evaluate(q.opponent + board)
                winners = (0,) if mine > theirs else (1,) if theirs > mine else (0, 1)
            ranks = [
                evaluator.evaluate(
                    [TreysCard.new(c.code) for c in board], [TreysCard.new(c.code) for c in hand]
                )
                for hand in (q.hand, q.opponent)
            ]
            assert (ranks[0] < ranks[1]) == (winners == (0,)) == (card in odds.outs)
            assert (ranks[0] == ranks[1]) == (winners == (0, 1)) == (card in odds.splits)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_generated_questions_are_behind_with_outs_and_ask_their_level(level: str) -> None:
    for seed in range(40):
        q = drill.generate(seed, level)
        odds = drill.analyse(q)
        assert odds.behind and odds.outs
        assert q.asks == drill.ASKS[level]
        assert len(q.board) == {"easy": 4, "medium": 4, "hard": 3}[level]
        assert drill.Question.from_dict(q.to_dict()) == q
        assert drill.generate(seed, level) == q
        if level == "easy":
            assert (q.pot, q.to_call) == (0, 0)
        else:
            assert 0 < q.to_call < q.pot and q.pot % drill.UNIT == 0
            assert odds.pot_odds is not None
            assert abs(odds.equity - odds.pot_odds) >= drill.MARGIN


def test_hard_questions_deal_both_verdicts_and_big_draws() -> None:
    verdicts = set()
    big = 0
    for seed in range(60):
        odds = drill.analyse(drill.generate(seed, "hard"))
        verdicts.add(odds.verdict)
        big += len(odds.outs) >= drill.BIG_DRAW
    assert verdicts == {"call", "fold"}
    assert 15 <= big <= 50


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_right_answer_is_graded_right(level: str) -> None:
    for seed in range(15):
        q = drill.generate(seed, level)
        key = drill.right_answer(q)
        assert set(key) == set(q.asks)
        result = drill.grade(q, key)
        assert result.correct and all(result.checks)


def test_pot_odds_are_accepted_within_one_point() -> None:
    q = question(*FLUSH_DRAW, pot=300, to_call=100)  # 100 / 400 = 25 %
    for given, right in [("25", True), ("24", True), ("26,0", True), ("23.9", False)]:
        result = drill.grade(q, {"outs": ["9"], "pot_odds": [given], "call": ["fold"]})
        assert result.checks[1] is right, given
        assert result.correct is right
    assert drill.grade(q, {"outs": ["9"], "pot_odds": ["26.1"], "call": ["fold"]}).checks == (
        True,
        False,
        True,
    )


def test_call_pays_when_equity_beats_the_pot_odds() -> None:
    cheap = question(*FLUSH_DRAW, pot=900, to_call=100)  # 10 % against 9/44 = 20.45 %
    dear = question(*FLUSH_DRAW, pot=300, to_call=100)  # 25 %
    assert drill.analyse(cheap).verdict == "call" and drill.analyse(dear).verdict == "fold"
    answer = {"outs": ["9"], "pot_odds": ["10"], "call": ["call"]}
    assert drill.grade(cheap, answer).correct
    assert not drill.grade(dear, answer | {"pot_odds": ["25"]}).checks[2]


def test_a_call_at_exactly_the_pot_odds_is_right_either_way() -> None:
    q = question(*FLUSH_DRAW, pot=350, to_call=90)  # 90 / 440 = 9/44, the equity
    assert drill.analyse(q).verdict == "even"
    for choice in ("call", "fold"):
        assert drill.grade(q, {"outs": ["9"], "pot_odds": ["20.5"], "call": [choice]}).correct


def test_the_explanation_lists_pot_odds_equity_and_verdict() -> None:
    q = question(*FLUSH_DRAW, pot=300, to_call=100)
    result = drill.grade(q, {"outs": ["8"], "pot_odds": ["25"], "call": ["fold"]})
    assert result.checks == (False, True, True) and not result.correct
    assert result.outs_text == "River cards that give you the best hand (your outs): 9."
    assert result.reasons == (
        "The call costs 100 and the pot after your call holds 400: 100 ÷ 400 = 25.00%.",
        "Each of the 44 cards that can come on the river, dealt in turn: you win with 9 of "
        "them. Your equity is 20.45%.",
        "Your equity (20.45%) is less than the pot odds (25.00%): in the long run the call "
        "costs more than it wins, so fold.",
    )
    assert result.equity == Fraction(9, 44) and result.pot_odds == Fraction(1, 4)


@pytest.mark.parametrize(("given", "read"), [("５", 5), ("৯", 9), ("९", 9), (" 12 ", 12), ("0", 0)])
def test_outs_in_any_script_are_read(given: str, read: int) -> None:
    q = question(*FLUSH_DRAW, asks=("outs",))
    assert drill.grade(q, {"outs": [given]}).given_outs == read


@pytest.mark.parametrize(
    "bad", ["", "-5", "abc", "1e9", "99999999999999", "12.5", "45", "²", "\u202e9", "9" * 5000]
)
def test_unreadable_outs_are_refused(bad: str) -> None:
    q = question(*FLUSH_DRAW, asks=("outs",))
    with pytest.raises(AnswerError):
        drill.grade(q, {"outs": [bad]})


@pytest.mark.parametrize(
    "bad",
    ["", "-1", "101", "100.5", "25.12345", "1e2", "nan", "inf", "25.5.5", "2 5", "%", "25%%"],
)
def test_unreadable_pot_odds_are_refused(bad: str) -> None:
    q = question(*FLUSH_DRAW, pot=300, to_call=100)
    with pytest.raises(AnswerError):
        drill.grade(q, {"outs": ["9"], "pot_odds": [bad], "call": ["call"]})


@pytest.mark.parametrize("given", ["２５％", "25 %", "25,0", "২৫"])
def test_pot_odds_in_other_ways_of_writing_are_read(given: str) -> None:
    q = question(*FLUSH_DRAW, pot=300, to_call=100)
    assert drill.grade(q, {"outs": ["9"], "pot_odds": [given], "call": ["fold"]}).correct


@pytest.mark.parametrize("bad", [[], ["raise"], ["CALL"], [""]])
def test_a_missing_call_or_fold_is_refused(bad: list[str]) -> None:
    q = question(*FLUSH_DRAW, pot=300, to_call=100)
    with pytest.raises(AnswerError, match="call or fold"):
        drill.grade(q, {"outs": ["9"], "pot_odds": ["25"], "call": bad})


def test_answer_label_words_the_readable_parts() -> None:
    q = question(*FLUSH_DRAW, pot=300, to_call=100)
    answer = {"outs": ["9"], "pot_odds": ["25.5"], "call": ["call"]}
    assert drill.answer_label(q, answer) == "outs: 9; pot odds: 25.50%; Call"
    assert drill.answer_label(q, {"outs": ["x"], "call": ["fold"]}) == "Fold"


def test_targeted_deals_are_reproducible_and_aimed() -> None:
    for concept, levels in drill.DRILL.concepts.items():
        for level in levels:
            q = drill.DRILL.deal(5, level, concept)
            assert q == drill.DRILL.deal(5, level, concept)
            assert concept in drill.concepts_of(q)


@pytest.mark.django_db
def test_right_answer_on_the_page(client: Client, language: str) -> None:
    seed, level = 4, "hard"
    q = drill.generate(seed, level)
    data = {"token": make_token(SLUG, seed, level), **drill.right_answer(q)}
    html = client.post(f"/{language}/drills/{SLUG}/", data).content.decode()
    assert 'class="feedback__verdict ok"' in html
    with translation.override(language):
        from tutor.words.cards import card_name

        assert all(f'aria-label="{card_name(card)}"' in html for card in drill.analyse(q).outs)
    tally = client.session["drill_progress"][SLUG]
    assert tally["answered"] == 1 and tally["right"] == 1


@pytest.mark.django_db
def test_wrong_answer_is_explained_in_the_fragment(client: Client) -> None:
    seed, level = 2, "medium"
    q = drill.generate(seed, level)
    outs = len(drill.analyse(q).outs)
    data = {"token": make_token(SLUG, seed, level), "outs": str(outs + 1), "pot_odds": "99"}
    html = client.post(f"/en/drills/{SLUG}/", data, HTTP_HX_REQUEST="true").content.decode()
    assert "Not quite." in html and "<html" not in html
    assert html.count('<span class="bad">✗</span>') == 2
    assert "Your equity" in html


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["-5", "abc", "\u0000", "1" * 100])
def test_bad_answers_on_the_page_are_refused_clearly(client: Client, bad: str) -> None:
    data = {"token": make_token(SLUG, 1, "easy"), "outs": bad}
    response = client.post(f"/cs/drills/{SLUG}/", data)
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()
    assert "drill_progress" not in client.session
