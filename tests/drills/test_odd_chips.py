from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from tutor.drills import odd_chips as oc
from tutor.drills.base import AnswerError, make_token
from tutor.drills.odd_chips import question as ocq
from tutor.engine.cards import parse_cards
from tutor.engine.pots import OddChipRule

SLUG = oc.DRILL.slug
LEFT = OddChipRule.LEFT_OF_BUTTON.value
RIGHT = OddChipRule.RIGHT_OF_BUTTON.value

#: The rule page's board: two hearts at most a suit, so nobody can make a flush.
BOARD = "Kh Qd 7c 4s 2h"
#: Three hands that tie (ace-jack high, suits aside) and one that loses to them.
TIED = ("As Jd", "Ac Jh", "Ad Js")
LOSER = "9c 8c"


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def question(
    contributions: tuple[int, ...],
    hands: tuple[str | None, ...],
    button: int,
    rule: str = LEFT,
    all_in: tuple[bool, ...] | None = None,
) -> oc.Question:
    """A hand-made question: a hand per seat, ``None`` for a seat that folded."""
    return oc.Question(
        contributions=contributions,
        folded=tuple(h is None for h in hands),
        all_in=all_in or (False,) * len(hands),
        board=parse_cards(BOARD),
        hands=tuple(None if h is None else parse_cards(h) for h in hands),
        button=button,
        rule=rule,
    )


def shares(q: oc.Question) -> dict[str, int]:
    return {name: int(chips[0]) for name, chips in oc.right_answer(q).items()}


def two_winners(rule: str) -> oc.Question:
    # 175 chips, seats 1 and 2 tie: 87 each and one chip over; the button is seat 3.
    return question((50, 50, 50, 25), (TIED[0], TIED[1], LOSER, None), button=2, rule=rule)


def three_winners(button: int, rule: str) -> oc.Question:
    # 203 chips, seats 1 to 3 tie: 67 each and two chips over.
    return question((50, 50, 50, 50, 3), (*TIED, LOSER, None), button=button, rule=rule)


# -- the rules, as the engine applies them -----------------------------------------------------


def test_odd_chip_to_first_winner_left_of_button_japanese_guide_tda() -> None:
    # Left of the button (seat 3) sits seat 4, who folded, then seat 1: the chip is seat 1's.
    assert shares(two_winners(LEFT)) == {"share0_0": 88, "share0_1": 87}


def test_odd_chip_to_first_winner_right_of_button_czech_rules() -> None:
    assert shares(two_winners(RIGHT)) == {"share0_0": 87, "share0_1": 88}


def test_two_odd_chips_go_one_at_a_time_clockwise_japanese_guide() -> None:
    # Button seat 4; clockwise: seat 5 folded, then seats 1 and 2 get a chip each.
    assert shares(three_winners(3, LEFT)) == {"share0_0": 68, "share0_1": 68, "share0_2": 67}


def test_whole_remainder_to_one_winner_czech_rules() -> None:
    # Button seat 4; counter-clockwise the first winner is seat 3, who takes both chips.
    assert shares(three_winners(3, RIGHT)) == {"share0_0": 67, "share0_1": 67, "share0_2": 69}


@pytest.mark.parametrize("rule", [LEFT, RIGHT])
def test_button_among_winners_comes_last_rule_page_reading(rule: str) -> None:
    # Seat 1 is on the button and ties: under both rules it gets no odd chip.
    q = three_winners(0, rule)
    assert shares(q)["share0_0"] == 67
    sentences = oc.grade(q, oc.right_answer(q)).pots[0].explanation
    assert any("Seat 1 is on the button" in s for s in sentences)


# -- concepts, read from the engine's award ------------------------------------------------------


def test_concepts_of_a_split_with_an_odd_chip() -> None:
    assert oc.concepts_of(two_winners(LEFT)) == {"split-pot", "odd-chip"}


def test_concepts_of_an_even_split_has_no_odd_chip() -> None:
    q = question((50, 50, 50, 24), (TIED[0], TIED[1], LOSER, None), button=2)
    assert oc.concepts_of(q) == {"split-pot"}


def test_concepts_of_one_winner_is_neither() -> None:
    # Seat 2's ace-jack beats seat 1's nine-eight: nothing is shared.
    q = question((50, 50, 25), (LOSER, TIED[0], None), button=0)
    assert oc.concepts_of(q) == frozenset()


def test_concepts_of_an_odd_side_pot_only() -> None:
    # Seat 1 all-in for 40 ties with seats 2 and 3: a main pot of 198 (40 x 4 and the 38
    # of seat 4) splits evenly; seats 2 and 3 share a side pot of 25 (10 + 10 + 5 of seat
    # 5's): one chip over.
    q = question(
        (40, 50, 50, 38, 45),
        (*TIED, None, None),
        button=3,
        all_in=(True, False, False, False, False),
    )
    award = oc.the_award(q)
    assert [(p.pot.amount, p.odd_chips) for p in award.pots] == [(198, 0), (25, 1)]
    assert oc.concepts_of(q) == {"split-pot", "odd-chip"}


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("concept", ["odd-chip", "split-pot"])
def test_aimed_questions_exercise_the_concept(level: str, concept: str) -> None:
    assert all(concept in oc.concepts_of(oc.DRILL.deal(s, level, concept)) for s in range(30))


# -- dealing ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_generated_questions_fit_their_level(level: str) -> None:
    rules, odd = set(), set()
    for seed in range(80):
        q = oc.generate(seed, level)
        award = oc.the_award(q)
        assert oc.Question.from_dict(q.to_dict()) == q
        assert not any(award.returned)
        assert sum(award.payouts) == sum(q.contributions)
        assert all(p.odd_chips > 0 for p in award.pots)
        main = award.pots[0]
        assert len(main.winners) == ocq.WINNERS[level]
        assert (q.button in main.winners) == (level == "hard")
        if level == "hard":
            assert len(award.pots) == 2 and len(award.pots[1].winners) == 2
            assert sum(q.all_in) == 1 and q.all_in.index(True) in main.winners
            assert 6 <= len(q.contributions) <= 9
        else:
            assert len(award.pots) == 1
            odd.add(main.odd_chips)
        rules.add(q.rule)
    assert rules == {r.value for r in ocq.RULES[level]}
    assert level == "hard" or odd == set(range(ocq.ODD[level][0], ocq.ODD[level][1] + 1))


def test_generate_is_deterministic_per_seed() -> None:
    assert oc.generate(11, "hard") == oc.generate(11, "hard")
    assert oc.generate(11, "hard") != oc.generate(12, "hard")


@pytest.mark.parametrize(
    "change",
    [
        {"rule": "nearest_to_me"},
        {"button": 4},
        {"hands": (None, ("As", "Jd"), ("9c", "8c"), None)},  # a folded seat shown, seat 1 not
        {"board": ("Kh", "Qd", "7c", "4s")},
        {"hands": (("Kh", "Jd"), ("Ac", "Jh"), ("9c", "8c"), None)},  # the board's king again
        {"contributions": [50, 50, -1, 25]},
        {"contributions": [0, 0, 0, 25]},  # no pot the seats still in can win
        {"folded": (True, False, True, True), "hands": (None, ("As", "Jd"), None, None)},
    ],
)
def test_a_stored_question_that_does_not_fit_is_refused(change: dict[str, object]) -> None:
    data = two_winners(LEFT).to_dict() | change
    with pytest.raises(ValueError):
        oc.Question.from_dict(data)


@given(st.integers(min_value=0, max_value=2**53), st.sampled_from(["easy", "medium", "hard"]))
def test_every_dealt_question_splits_each_pot_exactly(seed: int, level: str) -> None:
    q = oc.generate(seed, level)
    for pot in oc.the_award(q).pots:
        chips = [c for _seat, c in pot.shares]
        assert sum(chips) == pot.pot.amount
        assert max(chips) - min(chips) <= pot.odd_chips
    assert oc.grade(q, oc.right_answer(q)).correct


# -- grading ---------------------------------------------------------------------------------------


def test_right_answer_is_correct_and_explained() -> None:
    q = three_winners(3, LEFT)
    grade = oc.grade(q, oc.right_answer(q))
    assert grade.correct and grade.first_wrong is None
    pot = grade.pots[0]
    assert (pot.amount, pot.share, pot.odd_chips) == (203, 67, 2)
    assert [(s.name, s.odd_chips) for s in pot.shares] == [
        ("Seat 1", 1),
        ("Seat 2", 1),
        ("Seat 3", 0),
    ]
    assert pot.explanation == (
        "203 divided among Seat 1, Seat 2, and Seat 3 is 67 each, with 2 chips left over.",
        "The 2 odd chips go one each to Seat 1 and Seat 2: going clockwise from the button, "
        "they are the first 2 winners.",
    )


def test_odd_chip_given_to_the_wrong_winner_is_wrong() -> None:
    q = two_winners(RIGHT)
    grade = oc.grade(q, {"share0_0": ["88"], "share0_1": ["87"]})
    assert not grade.correct and grade.first_wrong == 0
    assert [s.ok for s in grade.pots[0].shares] == [False, False]
    assert grade.pots[0].mine_total == 175


def test_a_wrong_side_pot_is_the_first_wrong_pot() -> None:
    q = oc.generate(3, "hard")
    answer = oc.right_answer(q)
    side = next(name for name in answer if name.startswith("share1_"))
    answer[side] = [str(int(answer[side][0]) + 1)]
    grade = oc.grade(q, answer)
    assert not grade.correct and grade.first_wrong == 1
    assert grade.pots[0].ok and not grade.pots[1].ok


def test_totals_add_each_winners_pots() -> None:
    q = oc.generate(8, "hard")
    grade = oc.grade(q, oc.right_answer(q))
    by_seat = {name: chips for name, chips in grade.totals}
    for pot in grade.pots:
        for share in pot.shares:
            by_seat[share.name] -= share.engine
    assert set(by_seat.values()) == {0}


@pytest.mark.parametrize(
    "typed",
    [
        "",
        " ",
        "-1",
        "abc",
        "1e3",
        "87.5",
        "87,50.1",
        "9" * 40,
        "\u202e87",
        "87\x00",
        "8\u200b7",
        "+87",
    ],
)
def test_unreadable_shares_are_refused(typed: str) -> None:
    q = two_winners(LEFT)
    with pytest.raises(AnswerError):
        oc.grade(q, {"share0_0": [typed], "share0_1": ["87"]})


def test_a_missing_winner_is_named() -> None:
    with pytest.raises(AnswerError) as error:
        oc.grade(two_winners(LEFT), {"share0_0": ["88"]})
    assert "Seat 2" in error.value.message and "Main pot" in error.value.message


def test_group_separators_and_other_scripts_digits_are_read() -> None:
    q = question((5000, 5000, 5000, 1), (TIED[0], TIED[1], LOSER, None), button=2)
    assert oc.grade(q, {"share0_0": ["7 501"], "share0_1": ["7,500"]}).correct
    assert oc.grade(q, {"share0_0": ["৭৫০১"], "share0_1": ["７５００"]}).correct  # bn, ja
    assert not oc.grade(q, {"share0_0": ["७५००"], "share0_1": ["7501"]}).correct  # hi


def test_answer_label_names_each_pot_when_there_are_several() -> None:
    q = oc.generate(3, "hard")
    label = oc.answer_label(q, oc.right_answer(q))
    assert label.startswith("Main pot: ") and " · Side pot 1: " in label
    assert oc.answer_label(two_winners(LEFT), {"share0_0": ["88"], "share0_1": ["x" * 50]}) == (
        "Seat 1: 88; Seat 2: " + "x" * 20
    )


# -- the page --------------------------------------------------------------------------------------


def test_context_has_a_field_for_every_share_of_the_key() -> None:
    q = oc.generate(5, "hard")
    forms = oc.context(q)["pot_forms"]
    assert isinstance(forms, list)
    fields = {f.field for pot in forms for f in pot.fields}
    assert fields == set(oc.right_answer(q))


@pytest.mark.django_db
def test_right_answer_on_the_page(client: Client, language: str) -> None:
    seed, level = 4, "hard"
    q = oc.generate(seed, level)
    data = {"token": make_token(SLUG, seed, level), **oc.right_answer(q)}
    html = client.post(f"/{language}/drills/{SLUG}/", data, HTTP_HX_REQUEST="true").content.decode()
    assert 'class="feedback__verdict ok"' in html
    assert client.session["drill_progress"][SLUG]["right"] == 1


@pytest.mark.django_db
def test_wrong_answer_marks_the_pot_and_says_why(client: Client) -> None:
    seed = 2
    q = oc.generate(seed, "easy")  # the easy level's rule: the Japanese guide's
    answer = {name: [str(int(v[0]) + 1)] for name, v in oc.right_answer(q).items()}
    html = client.post(
        f"/en/drills/{SLUG}/", {"token": make_token(SLUG, seed, "easy"), **answer}
    ).content.decode()
    assert "Not quite." in html
    assert 'class="first-wrong"' in html
    assert "Your shares add up to" in html
    assert "going clockwise from the button, it is the first winner." in html


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["-5", "abc", "99999999999999", "12.5", "", "\u202e5"])
def test_bad_shares_get_a_clear_error_and_count_nothing(client: Client, bad: str) -> None:
    q = oc.generate(1, "medium")
    answer = {name: [bad] for name in oc.right_answer(q)}
    response = client.post(
        f"/cs/drills/{SLUG}/", {"token": make_token(SLUG, 1, "medium"), **answer}
    )
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()
    assert "drill_progress" not in client.session


def test_page_names_the_rule_in_force(client: Client) -> None:
    for seed in range(20):
        q = oc.generate(seed, "medium")
        html = client.get(f"/en/drills/{SLUG}/?level=medium&seed={seed}").content.decode()
        name = "Japanese guide, TDA" if q.rule == LEFT else "Czech rules"
        assert name in html
        assert "<svg" in html and 'role="img"' in html
