from __future__ import annotations

import json
from collections.abc import Iterator
from decimal import Decimal

import pytest
from django.test import Client
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from tutor.drills import teenpatti_payouts as tp
from tutor.drills.base import AnswerError, make_token
from tutor.drills.money import AmountError, read_amount
from tutor.drills.teenpatti_payouts.question import BET_COUNTS
from tutor.engine import teenpatti, tp2020
from tutor.engine.cards import parse_cards

SLUG = tp.DRILL.slug


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def question(a: str, b: str, stopped_after: int | None = None, **stakes: str) -> tp.Question:
    slip = tuple((bet, stakes[bet]) for bet in tp2020.BETS if bet in stakes)
    return tp.Question(slip, tuple(parse_cards(a)), tuple(parse_cards(b)), stopped_after)


def answer(**figures: str) -> dict[str, list[str]]:
    return {tp.field(bet): [figure] for bet, figure in figures.items()}


# -- concepts, judged from the engine's settlement ----------------------------------------


def test_concepts_of_a_won_main_bet_beside_a_side_bet() -> None:
    q = question("Ks Kh Qc", "9d 7c 2s", player_a="10.00", six_card_bonus="5.00")
    assert tp.concepts_of(q) == {"tp-main-bet-payout", "tp-20-20-bets"}


def test_concepts_of_a_lost_main_bet_alone() -> None:
    q = question("Ks Kh Qc", "9d 7c 2s", player_b="10.00")
    assert tp.concepts_of(q) == frozenset()


def test_concepts_of_a_tie_decides_the_main_bets() -> None:
    q = question("Kh Qd 9c", "Ks Qc 9d", player_a="10.00", tie="2.00")
    assert tp.concepts_of(q) == {"tp-ties", "tp-main-bet-payout"}


def test_concepts_of_a_tie_without_a_main_bet_is_not_about_ties() -> None:
    q = question("Kh Qd 9c", "Ks Qc 9d", pair_plus_a="3.00")
    assert "tp-ties" not in tp.concepts_of(q)


def test_concepts_of_pair_plus_paid_on_a_losing_hand() -> None:
    q = question("4d 4h 2s", "As Ad 3c", pair_plus_a="5.00")
    assert tp.concepts_of(q) == {"tp-pair-plus"}


def test_concepts_of_pair_plus_on_high_card_is_not_pair_plus() -> None:
    q = question("Kd 9h 2s", "As Ad 3c", pair_plus_a="5.00")
    assert tp.concepts_of(q) == frozenset()


def test_concepts_of_a_paying_six_card_bonus() -> None:
    # Three kings and a pair of queens among the six cards: a full house.
    q = question("Ks Kh Qc", "Kd Qd 2s", six_card_bonus="1.00")
    assert tp.concepts_of(q) == {"tp-six-card-bonus"}


def test_concepts_of_a_six_card_bonus_on_two_pair_is_not_paid() -> None:
    q = question("Ks Kh Qc", "Qd 9d 2s", six_card_bonus="1.00")
    assert tp.concepts_of(q) == frozenset()


def test_concepts_of_two_main_bets_are_not_the_six_bets() -> None:
    q = question("Ks Kh Qc", "9d 7c 2s", player_a="10.00", tie="1.00")
    assert "tp-20-20-bets" not in tp.concepts_of(q)


def test_concepts_of_a_void_round_are_only_the_void_round() -> None:
    q = question("Ks Kh Qc", "Kd Qd 2s", 3, player_a="10.00", six_card_bonus="1.00")
    assert tp.concepts_of(q) == {"tp-void-round"}


@pytest.mark.parametrize("level", tp.DRILL.levels)
def test_aimed_ties_are_ties_of_the_same_kind(level: str) -> None:
    for seed in range(60):
        q = tp.DRILL.deal(seed, level, "tp-ties")
        shown = teenpatti.showdown(q.hand_a, q.hand_b)
        assert shown.result == "tie"
        assert shown.values[0].code == shown.values[1].code
        assert {c.rank for c in q.hand_a} == {c.rank for c in q.hand_b}


def test_aimed_pair_plus_is_paid_on_a_losing_hand_about_half_the_time() -> None:
    losing = 0
    for seed in range(100):
        settled = tp.settlement(tp.DRILL.deal(seed, "medium", "tp-pair-plus"))
        for line in settled.lines:
            if line.bet in ("pair_plus_a", "pair_plus_b") and line.outcome == "win":
                losing += settled.result not in ("tie", line.bet.replace("pair_plus", "player"))
    assert 25 <= losing <= 90


def test_untargeted_deals_exercise_several_concepts() -> None:
    seen: set[str] = set()
    for seed in range(300):
        seen |= tp.concepts_of(tp.generate(seed, "hard"))
    assert seen >= {"tp-20-20-bets", "tp-main-bet-payout", "tp-pair-plus", "tp-void-round"}


# -- what the engine pays, and the grade ----------------------------------------------------


def test_exact_returns_of_a_hard_slip() -> None:
    # Player A: a pair of kings beats Player B's king high; the six cards hold three kings.
    q = question(
        "Ks Kh Qc",
        "Kd 7c 2s",
        player_a="7.40",
        player_b="12.00",
        tie="7.35",
        pair_plus_a="7.35",
        pair_plus_b="3.10",
        six_card_bonus="2.05",
    )
    key = {k: v[0] for k, v in tp.right_answer(q).items()}
    assert key == {
        "return_player_a": "14.43",  # 7.40 + 0.95 x 7.40
        "return_player_b": "0.00",
        "return_tie": "0.00",
        "return_pair_plus_a": "14.70",  # a pair pays 1 to 1
        "return_pair_plus_b": "0.00",
        "return_six_card_bonus": "16.40",  # three kings: 7 to 1
    }


def test_a_tie_returns_the_main_stakes_and_pays_the_tie_bet() -> None:
    q = question("Kh Qd 9c", "Ks Qc 9d", player_a="7.40", player_b="3.00", tie="7.35")
    key = {k: v[0] for k, v in tp.right_answer(q).items()}
    assert key == {"return_player_a": "7.40", "return_player_b": "3.00", "return_tie": "374.85"}


def test_a_void_round_returns_every_stake() -> None:
    q = question("Kh Qd 9c", "Ks Qc 9d", 2, player_a="7.40", pair_plus_b="1.25")
    assert tp.right_answer(q) == {"return_player_a": ["7.40"], "return_pair_plus_b": ["1.25"]}
    g = tp.grade(q, tp.right_answer(q))
    assert g.result == "void" and g.rows == () and "void" in g.explanation


def test_grade_puts_each_figure_beside_the_engines_and_marks_the_first_wrong() -> None:
    q = question("4d 4h 2s", "As Ad 3c", player_a="10.00", pair_plus_a="5.00", tie="1.00")
    g = tp.grade(q, answer(player_a="0", pair_plus_a="5", tie="0"))
    assert not g.correct
    assert [(line.bet, line.mine, line.engine, line.ok) for line in g.lines] == [
        ("player_a", "0.00", "0.00", True),
        ("tie", "0.00", "0.00", True),
        ("pair_plus_a", "5.00", "10.00", False),
    ]
    assert g.first_wrong == 2
    assert "loses the round but has a pair of fours" in g.lines[2].rule


def test_grade_of_the_right_figures_written_the_czech_way() -> None:
    q = question("Ks Kh Qc", "Kd 7c 2s", player_a="7.40", pair_plus_a="7.35")
    g = tp.grade(q, answer(player_a="14,43", pair_plus_a=" 14,7 "))
    assert g.correct and g.first_wrong is None


@pytest.mark.parametrize("level", tp.DRILL.levels)
def test_the_right_answer_is_right_and_in_whole_cents(level: str) -> None:
    for seed in range(80):
        q = tp.generate(seed, level)
        key = tp.right_answer(q)
        assert set(key) == {tp.field(bet) for bet, _stake in q.slip}
        for (figure,) in key.values():
            assert Decimal(figure) == Decimal(figure).quantize(Decimal("0.01"))
            assert len(figure.split(".")[1]) == 2
        assert tp.grade(q, key).correct


@pytest.mark.parametrize("level", tp.DRILL.levels)
def test_slips_have_the_levels_number_of_bets(level: str) -> None:
    low, high = BET_COUNTS[level]
    for seed in range(60):
        q = tp.generate(seed, level)
        assert low <= len(q.slip) <= high
        assert [bet for bet, _stake in q.slip] == [b for b in tp2020.BETS if b in q.stakes]


def test_hard_slips_have_odd_stakes_and_whole_cent_main_bets() -> None:
    odd = 0
    for seed in range(60):
        for bet, stake in tp.generate(seed, "hard").slip:
            odd += Decimal(stake) % Decimal("0.05") != 0
            if bet in ("player_a", "player_b"):
                assert Decimal(stake) % Decimal("0.20") == 0
    assert odd > 60


def test_generation_is_deterministic_and_round_trips() -> None:
    for concept in tp.DRILL.concepts:
        q = tp.DRILL.deal(11, "hard", concept)
        assert q == tp.DRILL.deal(11, "hard", concept)
        assert tp.Question.from_dict(json.loads(json.dumps(q.to_dict()))) == q


@pytest.mark.parametrize(
    "data",
    [
        {"slip": [["player_a", "7.35"]]},  # 0.95 to 1 would not pay whole cents
        {"slip": [["tie", "1.00"], ["tie", "2.00"]]},
        {"slip": []},
        {"slip": [["jackpot", "1.00"]]},
        {"slip": [["tie", "-1.00"]]},
        {"slip": [["tie", "0"]]},
        {"slip": [["tie", "1.005"]]},
        {"slip": [["tie", "1.00"]], "stopped_after": 6},
        {"slip": [["tie", "1.00"]], "hand_b": ["Ks", "2d", "3d"]},  # Ks twice
    ],
)
def test_a_question_that_cannot_be_settled_to_cents_is_refused(data: dict[str, object]) -> None:
    base: dict[str, object] = {"hand_a": ["Ks", "Kh", "Qc"], "hand_b": ["9d", "7c", "2s"]}
    with pytest.raises(ValueError):
        tp.Question.from_dict(base | data)


# -- reading the learner's figures ----------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("2.50", "2.50"),
        ("2,50", "2.50"),
        ("2.5", "2.50"),
        (" 2 . 5 ", "2.50"),
        ("0", "0.00"),
        (".5", "0.50"),
        ("1 050,25", "1050.25"),
        ("1,050", "1050.00"),
        ("1,050.25", "1050.25"),
        ("1.050,25", "1050.25"),
        ("1,00,100.00", "100100.00"),
        ("2.500", "2.50"),
        ("\u0968\u096b", "25.00"),  # Devanagari digits
        ("\u09e7\u09e6", "10.00"),  # Bengali digits
        ("\uff11\uff19.\uff15", "19.50"),  # full-width digits
    ],
)
def test_read_amount_accepts(typed: str, read: str) -> None:
    assert str(read_amount(typed)) == read


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("", "missing"),
        ("   ", "missing"),
        ("-5", "negative"),
        ("\u22125", "negative"),
        ("1.005", "too_many_decimals"),
        ("1234,567", "too_many_decimals"),
        ("1000000001", "too_large"),
        ("9" * 60, "too_large"),
        ("abc", "unreadable"),
        ("1e5", "unreadable"),
        ("NaN", "unreadable"),
        ("Infinity", "unreadable"),
        ("1_000", "unreadable"),
        ("0x10", "unreadable"),
        ("\u00b2", "unreadable"),  # a superscript two is no digit to read
        (".", "unreadable"),
        ("1.2.3,4", "unreadable"),
        ("<script>alert(1)</script>", "unreadable"),
        ("\u202e19.50", "unreadable"),
        ("x" * 5000, "unreadable"),
    ],
)
def test_read_amount_refuses(typed: str, code: str) -> None:
    with pytest.raises(AmountError) as refused:
        read_amount(typed)
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("-1", "Tie: what a bet returns is never negative."),
        ("1.234", "Tie: use at most two decimal places."),
        ("10000000000", "Tie: that amount is far too large."),
        ("ten", "Tie: enter an amount of money, such as 19.50 or 0."),
    ],
)
def test_an_unreadable_figure_is_an_answer_error_naming_the_bet(typed: str, message: str) -> None:
    q = question("Ks Kh Qc", "9d 7c 2s", player_a="10.00", tie="1.00")
    with pytest.raises(AnswerError) as refused:
        tp.grade(q, answer(player_a="19.50", tie=typed))
    assert refused.value.message == message


def test_a_missing_figure_is_an_answer_error() -> None:
    q = question("Ks Kh Qc", "9d 7c 2s", player_a="10.00", tie="1.00")
    with pytest.raises(AnswerError, match="Player A: enter what this bet returns"):
        tp.grade(q, answer(tie="0"))


@given(st.dictionaries(st.sampled_from([tp.field(b) for b in tp2020.BETS]), st.text(max_size=30)))
def test_grade_reads_any_text_or_says_why_not(figures: dict[str, str]) -> None:
    q = question("Ks Kh Qc", "Kd 7c 2s", player_a="7.40", tie="7.35", six_card_bonus="1.00")
    try:
        g = tp.grade(q, {k: [v] for k, v in figures.items()})
    except AnswerError as error:
        assert error.message
    else:
        assert len(g.lines) == 3
    assert tp.answer_label(q, {k: [v] for k, v in figures.items()})


def test_answer_label_words_each_figure() -> None:
    q = question("Ks Kh Qc", "9d 7c 2s", player_a="10.00", tie="1.00")
    assert tp.answer_label(q, answer(player_a="19,5", tie="zero")) == "Player A: 19.50; Tie: zero"
    with translation.override("cs"):
        label = tp.answer_label(q, answer(player_a="1050"))
    assert "1\xa0050,00" in label and label.endswith(": —")


# -- the page -------------------------------------------------------------------------------


@pytest.mark.django_db
def test_right_figures_count_as_correct(client: Client, language: str) -> None:
    seed, level = 5, "hard"
    q = tp.generate(seed, level)
    data = {k: v[0] for k, v in tp.right_answer(q).items()}
    html = client.post(
        f"/{language}/drills/{SLUG}/",
        {"token": make_token(SLUG, seed, level), **data},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert 'class="feedback__verdict ok"' in html
    assert html.count('class="first-wrong"') == 0
    assert client.session["drill_progress"][SLUG] == {
        "answered": 1,
        "right": 1,
        "streak": 1,
        "best_streak": 1,
    }


@pytest.mark.django_db
def test_a_wrong_figure_marks_its_line(client: Client) -> None:
    seed, level = 5, "hard"
    q = tp.generate(seed, level)
    data = {k: v[0] for k, v in tp.right_answer(q).items()}
    last = tp.field(q.slip[-1][0])
    data[last] = str(Decimal(data[last]) + 1)
    html = client.post(
        f"/en/drills/{SLUG}/", {"token": make_token(SLUG, seed, level), **data}
    ).content.decode()
    assert "Not quite." in html
    assert html.count('class="first-wrong"') == 2  # the line and its rule
    assert "first wrong step" in html
    assert f'value="{data[last]}"' in html  # the learner's figures stay in the form


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["-5", "abc", "1e9", "99999999999999", "12.505", ""])
def test_bad_figures_are_refused_clearly(client: Client, bad: str) -> None:
    seed, level = 1, "medium"
    q = tp.generate(seed, level)
    data = {k: v[0] for k, v in tp.right_answer(q).items()}
    data[tp.field(q.slip[0][0])] = bad
    response = client.post(f"/cs/drills/{SLUG}/", {"token": make_token(SLUG, seed, level), **data})
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()
    assert "drill_progress" not in client.session


def test_a_void_round_shows_the_cards_dealt_and_the_rest_face_down(client: Client) -> None:
    seed = 0
    q = tp.DRILL.deal(seed, "easy", "tp-void-round")
    assert q.stopped_after is not None
    html = client.get(
        f"/en/drills/{SLUG}/", {"level": "easy", "seed": seed, "concept": "tp-void-round"}
    ).content.decode()
    assert html.count("card--down") == 6 - q.stopped_after
    assert "could not be solved straight away" in html
