"""The coach's sentences: every verdict code has one in every language, and the price of a
call is written with the language's numbers and percentages."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.utils import translation

from tutor.engine.betting import Action, ActionKind
from tutor.engine.range_equity import Estimate
from tutor.engine.review import Choice, Verdict, judge
from tutor.words.coach import action_text, equity_text, net_text, price_text, verdict_text

LANGUAGES = ["en", "bn", "hi", "ja", "cs"]

# One decision per verdict: (action, equity, to_call); the pot is 300, so a call of 100
# needs 25 %, and one opponent makes a fair share of 50 %.
SPOTS = {
    Verdict.CALL_RIGHT: (ActionKind.CALL, Fraction(38, 100), 100),
    Verdict.CALL_WRONG: (ActionKind.CALL, Fraction(12, 100), 100),
    Verdict.FOLD_RIGHT: (ActionKind.FOLD, Fraction(12, 100), 100),
    Verdict.FOLD_WRONG: (ActionKind.FOLD, Fraction(38, 100), 100),
    Verdict.CLOSE_CALL: (ActionKind.CALL, Fraction(26, 100), 100),
    Verdict.CHECK_FREE: (ActionKind.CHECK, Fraction(50, 100), 0),
    Verdict.CHECK_STRONG: (ActionKind.CHECK, Fraction(85, 100), 0),
    Verdict.FOLD_FREE: (ActionKind.FOLD, Fraction(50, 100), 0),
    Verdict.BET_AHEAD: (ActionKind.BET, Fraction(70, 100), 0),
    Verdict.BET_BEHIND: (ActionKind.BET, Fraction(30, 100), 0),
    Verdict.RAISE_PRICED: (ActionKind.RAISE, Fraction(40, 100), 100),
    Verdict.RAISE_UNPRICED: (ActionKind.RAISE, Fraction(10, 100), 100),
}


def spot(kind: ActionKind, equity: Fraction, to_call: int, exact: bool = True) -> Choice:
    return Choice(
        step=5, street="turn", board=("Kd", "7s", "2c", "9h"), pot=300, to_call=to_call,
        opponents=1, can_check=not to_call, aggression="raise" if to_call else "bet",
        min_to=200, max_to=900, action=Action(kind, 400 if kind in ("bet", "raise") else None),
        estimate=Estimate(equity, exact, 4000 if not exact else 45540, 0 if exact else 0.0075),
    )  # fmt: skip


def test_every_verdict_has_a_spot() -> None:
    assert set(SPOTS) == set(Verdict)
    assert all(judge(spot(*args)) is verdict for verdict, args in SPOTS.items())


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_verdict_has_a_sentence_in_every_language(language: str) -> None:
    with translation.override(language):
        sentences = {v: verdict_text(spot(*args), language) for v, args in SPOTS.items()}
    assert len(set(sentences.values())) == len(Verdict)
    assert all("%(" not in s for s in sentences.values())
    if language != "en":
        with translation.override("en"):
            english = {v: verdict_text(spot(*args), "en") for v, args in SPOTS.items()}
        assert all(sentences[v] != english[v] for v in Verdict), "left in English"


def test_the_verdict_names_the_numbers_it_compares() -> None:
    with translation.override("en"):
        right = verdict_text(spot(ActionKind.CALL, Fraction(38, 100), 100), "en")
        sampled = verdict_text(spot(ActionKind.CALL, Fraction(38, 100), 100, exact=False), "en")
    assert right == "Calling was right: you needed 25% and had 38%."
    assert sampled == "Calling was right: you needed 25% and had about 38%."


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Pot: 1,250 · To call: 300 · Pot odds 4.2 to 1: you need to win 19% of the time"),
        ("cs", "Bank: 1\u00a0250 · K dorovnání: 300 · Pot odds 4,2 ku 1"),
        ("ja", "ポット：1,250、コール額：300、ポットオッズ4.2対1。"),
    ],
)
def test_price_text(language: str, expected: str) -> None:
    with translation.override(language):
        assert price_text(1250, 300, language).startswith(expected)


def test_nothing_to_call_says_checking_is_free() -> None:
    with translation.override("en"):
        assert price_text(200, 0, "en") == "Pot: 200 · Nothing to call: checking is free."


def test_equity_text_states_how_it_was_found() -> None:
    with translation.override("en"):
        exact = equity_text(Estimate(Fraction(38, 100), True, 990, 0.0), "en")
        sampled = equity_text(Estimate(Fraction(41, 100), False, 4000, 0.012), "en")
    assert exact == (
        "Your equity then: 38%, counted over all 990 deals of the cards you could not see."
    )
    assert sampled == (
        "Your equity then: about 41% ± 1.2%, from 4,000 random deals of the cards you could"
        " not see."
    )


def test_action_and_net_text() -> None:
    with translation.override("en"):
        assert action_text(spot(ActionKind.CALL, Fraction(1, 2), 100), "en") == "You called 100."
        assert action_text(spot(ActionKind.RAISE, Fraction(1, 2), 100), "en") == (
            "You raised to 400."
        )
        assert [net_text(n, "en") for n in (250, -100, 0)] == [
            "You won 250.", "You lost 100.", "Your stack did not change.",
        ]  # fmt: skip
