"""The odd-chip drill's words: every rule the engine has is named and explained, every way
a pot divides has a sentence, and who got the odd chips is read from the engine's shares."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation

from tutor.engine.pots import OddChipRule, Pot, PotAward, award
from tutor.words import odd_chips
from tutor.words.base import MissingWords

from .test_completeness import check_all

NAMES = [f"Seat {n}" for n in range(1, 7)]


@pytest.fixture
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def pot_award(
    contributions: list[int], strengths: list[int | None], button: int, rule: str
) -> PotAward:
    """The main pot as the engine awards it (a seat with no strength folded)."""
    folded = [s is None for s in strengths]
    return award(contributions, folded, strengths, button, odd_chip=OddChipRule(rule)).pots[0]


#: (contributions, strengths, button): one winner; an even split; one chip over; two chips
#: over; two chips over with the button among the winners.
CASES = [
    ([50, 50, 10], [9, 7, None], 2),
    ([50, 50, 10], [9, 9, None], 2),
    ([50, 50, 11], [9, 9, None], 2),
    ([50, 50, 50, 50, 3], [9, 9, 9, 7, None], 3),
    ([50, 50, 50, 50, 3], [9, 9, 9, 7, None], 0),
]


def test_every_engine_rule_is_named_and_explained(language: str) -> None:
    assert set(odd_chips.RULES) == {rule.value for rule in OddChipRule}
    check_all(language, odd_chips.RULES, odd_chips.rule_name)
    check_all(language, odd_chips.RULES, odd_chips.rule_explanation)


def test_every_division_under_every_rule_has_whole_sentences(language: str) -> None:
    cases = [(case, rule) for case in CASES for rule in odd_chips.RULES]

    def say(item: tuple[tuple[list[int], list[int | None], int], str]) -> str:
        (contributions, strengths, button), rule = item
        pot = pot_award(contributions, strengths, button, rule)
        return " ".join(odd_chips.explain_pot(pot, rule, button, NAMES[:5], language))

    check_all(language, cases, say)


def test_an_unknown_rule_has_no_words(english: None) -> None:
    with pytest.raises(MissingWords):
        odd_chips.rule_name("nearest_to_me")
    pot = pot_award([50, 50, 11], [9, 9, None], 2, "left_of_button")
    with pytest.raises(MissingWords):
        odd_chips.explain_pot(pot, "nearest_to_me", 2, NAMES[:3], "en")


def test_sentences_follow_the_division(english: None) -> None:
    alone = pot_award([50, 50, 10], [9, 7, None], 2, "left_of_button")
    assert odd_chips.explain_pot(alone, "left_of_button", 2, NAMES[:3], "en") == (
        "Seat 1 is the only winner of this pot and takes all of it: 110.",
    )
    even = pot_award([50, 50, 10], [9, 9, None], 2, "left_of_button")
    assert odd_chips.explain_pot(even, "left_of_button", 2, NAMES[:3], "en") == (
        "110 divided among Seat 1 and Seat 2 is 55 each, with nothing left over.",
    )


def test_the_whole_remainder_to_one_seat_czech_rules(english: None) -> None:
    pot = pot_award([50, 50, 50, 50, 3], [9, 9, 9, 7, None], 3, "right_of_button")
    assert odd_chips.explain_pot(pot, "right_of_button", 3, NAMES[:5], "en") == (
        "203 divided among Seat 1, Seat 2, and Seat 3 is 67 each, with 2 chips left over.",
        "All 2 odd chips go to Seat 3: going counter-clockwise from the button, that seat is "
        "the first winner.",
    )


def test_button_sentence_only_when_the_button_shares(english: None) -> None:
    rule = "left_of_button"
    shared = pot_award([50, 50, 50, 50, 3], [9, 9, 9, 7, None], 0, rule)
    sentences = odd_chips.explain_pot(shared, rule, 0, NAMES[:5], "en")
    assert sentences[1].startswith("The 2 odd chips go one each to Seat 2 and Seat 3:")
    assert sentences[2] == (
        "Seat 1 is on the button, and the button's own seat comes last, so it gets no odd chip."
    )
    apart = pot_award([50, 50, 50, 50, 3], [9, 9, 9, 7, None], 3, rule)
    assert len(odd_chips.explain_pot(apart, rule, 3, NAMES[:5], "en")) == 2


def test_receivers_are_read_from_the_shares_in_clockwise_order(english: None) -> None:
    # Shares as given, not as a rule would hand them: seat 6 and seat 2 got the chips.
    pot = Pot(amount=302, eligible=(1, 3, 5), level=100, layer=100, contributors=(1, 3, 5))
    given = PotAward(pot, winners=(1, 3, 5), shares=((1, 101), (3, 100), (5, 101)), odd_chips=2)
    assert odd_chips.received(given) == (1, 5)
    text = odd_chips.explain_pot(given, "left_of_button", 4, NAMES, "en")[1]
    assert "Seat 6 and Seat 2" in text


def test_pot_names_and_missing_share(english: None) -> None:
    assert [odd_chips.pot_name(i) for i in range(3)] == ["Main pot", "Side pot 1", "Side pot 2"]
    assert odd_chips.missing_share("Side pot 1", "Seat 4") == (
        "Side pot 1, Seat 4: enter how many chips this winner gets."
    )
