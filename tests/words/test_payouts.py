from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

import pytest
from django.utils import translation

from tutor.engine import tp2020
from tutor.words import payouts
from tutor.words.base import MissingWords

LEFTOVER = re.compile(r"%\(\w+\)")

#: One settled slip per rule the words know, each from the engine: (A, B, bets).
SLIPS = [
    ("Ks Kh Qc", "9d 7c 2s", {"player_a": "7.40", "player_b": "3.00", "tie": "2.00"}),
    ("Kh Qd 9c", "Ks Qc 9d", {"player_a": "7.40", "tie": "7.35"}),
    ("4d 4h 2s", "As Ad 3c", {"pair_plus_a": "5.00", "pair_plus_b": "1.00"}),
    ("Kd 9h 2s", "Qs Jd 3c", {"pair_plus_a": "5.00", "six_card_bonus": "1.00"}),
    ("Ks Kh Qc", "Kd Qd 2s", {"six_card_bonus": "1.00"}),
]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


def settled() -> list[tuple[tp2020.Settlement, tp2020.SettlementLine]]:
    found = []
    for a, b, bets in SLIPS:
        s = tp2020.settle(a, b, bets)
        found += [(s, line) for line in s.lines]
    void = tp2020.void_round({"tie": "2.50"})
    return [*found, (void, void.lines[0])]


def test_the_slips_reach_every_rule() -> None:
    keys = {payouts.rule_key(line, s) for s, line in settled()}
    assert keys == set(payouts._rules())


def rule(a: str, b: str, bets: dict[str, str], bet: str) -> str:
    s = tp2020.settle(a, b, bets)
    line = next(line for line in s.lines if line.bet == bet)
    return payouts.payout_rule(line, s, "en")


def test_a_won_main_bet_is_paid_0_95_to_1() -> None:
    assert rule("Ks Kh Qc", "9d 7c 2s", {"player_a": "7.40"}, "player_a") == (
        "Player A wins the round, so the bet is paid 0.95 to 1: the stake of 7.40 plus 7.03 "
        "makes 14.43."
    )


def test_a_tie_returns_a_main_bet() -> None:
    assert rule("Kh Qd 9c", "Ks Qc 9d", {"player_b": "3"}, "player_b") == (
        "The round is a tie, so a bet on Player B is neither won nor lost: the stake of 3.00 "
        "comes back."
    )


def test_a_lost_tie_bet_names_the_winner() -> None:
    assert rule("Ks Kh Qc", "As Ad 2c", {"tie": "1"}, "tie") == (
        "Player B wins the round, so there is no tie: the Tie bet loses its stake."
    )


def test_pair_plus_on_a_losing_hand_says_it_pays_on_the_hands_own_strength() -> None:
    assert rule("4d 4h 2s", "As Ad 3c", {"pair_plus_a": "5"}, "pair_plus_a") == (
        "Player A loses the round but has a pair of fours, and Pair Plus pays on the hand's "
        "own strength, 1 to 1: the stake of 5.00 plus 5.00 makes 10.00."
    )


def test_pair_plus_on_the_winning_hand() -> None:
    assert rule("4d 4h 2s", "As Ad 3c", {"pair_plus_b": "5"}, "pair_plus_b") == (
        "Player B has a pair of aces, so Pair Plus pays 1 to 1: the stake of 5.00 plus 5.00 "
        "makes 10.00."
    )


def test_pair_plus_paid_on_a_tied_hand_is_not_a_losing_hand() -> None:
    s = tp2020.settle("4d 4h 2s", "4s 4c 2d", {"pair_plus_a": "1"})
    assert payouts.rule_key(s.lines[0], s) == ("pair_plus", "win")


def test_the_six_card_bonus_names_the_best_five() -> None:
    assert rule("Ks Kh Qc", "Kd Qd 2s", {"six_card_bonus": "1.25"}, "six_card_bonus") == (
        "The best five of the six cards make a full house, kings full of queens, so the 6 Card "
        "Bonus pays 20 to 1: the stake of 1.25 plus 25.00 makes 26.25."
    )


def test_a_void_round_returns_the_stake() -> None:
    void = tp2020.void_round({"six_card_bonus": "2.5"})
    assert payouts.payout_rule(void.lines[0], void, "en") == (
        "The round is void, and a void round returns every bet: the stake of 2.50 comes back."
    )


def test_money_is_written_the_languages_way() -> None:
    s = tp2020.settle("Kh Qd 9c", "Ks Qc 9d", {"tie": "21"})
    with translation.override("cs"):
        text = payouts.payout_rule(s.lines[0], s)
    assert "1\xa0071,00" in text and "1071.00" not in text


def test_an_unknown_outcome_has_no_words() -> None:
    s = tp2020.settle("Ks Kh Qc", "9d 7c 2s", {"player_a": "1"})
    with pytest.raises(MissingWords):
        payouts.payout_rule(replace(s.lines[0], outcome="cash_out"), s, "en")
    with pytest.raises(MissingWords):
        payouts.payout_rule(replace(s.lines[0], bet="jackpot"), s, "en")


def test_every_rule_and_error_is_a_whole_sentence(language: str) -> None:
    with translation.override(language):
        texts = [payouts.payout_rule(line, s, language) for s, line in settled()]
        texts += [payouts.amount_error(code, "tie") for code in payouts._amount_errors()]
        texts.append(payouts.void_notice())
    for text in texts:
        assert text.strip() and not LEFTOVER.search(text), text


def test_amount_error_names_the_bet() -> None:
    assert payouts.amount_error("negative", "pair_plus_b") == (
        "Pair Plus B: what a bet returns is never negative."
    )
    with pytest.raises(MissingWords):
        payouts.amount_error("too_small", "tie")
