"""Cards, notations, decks and the seeded shuffle (tutor/engine/cards.py)."""

from __future__ import annotations

import doctest
import random

import pytest

from tutor.engine import cards as cards_module
from tutor.engine.cards import DECK, Card, Rank, Suit, ensure_unique, parse_cards, shuffled_deck
from tutor.engine.errors import InvalidCards

OUTLINE = {Suit.SPADES: "♤", Suit.HEARTS: "♡", Suit.DIAMONDS: "♢", Suit.CLUBS: "♧"}


def test_cards_doctests():
    assert doctest.testmod(cards_module).failed == 0


def test_deck_is_52_distinct_cards_with_dense_indices():
    assert len(DECK) == 52 == len(set(DECK))
    assert [c.index for c in DECK] == list(range(52))
    assert {(c.rank, c.suit) for c in DECK} == {(r, s) for r in Rank for s in Suit}


def test_rank_values_chars_and_codes():
    assert [r.value for r in Rank] == list(range(2, 15))
    assert "".join(r.char for r in Rank) == "23456789TJQKA"
    assert Rank.ACE.code == "ace" and Rank.TEN.code == "ten"
    assert Rank.ACE > Rank.KING > Rank.TWO


def test_suit_chars_symbols_and_colours():
    assert [(s.char, s.symbol, s.code) for s in Suit] == [
        ("s", "♠", "spades"),
        ("h", "♥", "hearts"),
        ("d", "♦", "diamonds"),
        ("c", "♣", "clubs"),
    ]
    assert [s.is_red for s in Suit] == [False, True, True, False]


@pytest.mark.parametrize("card", DECK, ids=[c.code for c in DECK])
def test_parse_every_notation(card):
    rank_tokens = {card.rank.char, card.rank.char.lower()}
    if card.rank is Rank.TEN:
        rank_tokens.add("10")
    suit_tokens = {card.suit.char, card.suit.char.upper(), card.suit.symbol, OUTLINE[card.suit]}
    for rank in rank_tokens:
        for suit in suit_tokens:
            assert Card.parse(rank + suit) is card
    assert Card.parse(f"  {card.code} ") is card
    assert eval(repr(card)) == card  # the repr pastes back
    assert str(card) == card.code


@pytest.mark.parametrize("token", ["", "A", "1s", "11h", "Ax", "AsK", "♠A", "s", "  ", "Ā♠", "0d"])
def test_bad_tokens_are_named(token):
    with pytest.raises(InvalidCards) as info:
        Card.parse(token)
    assert info.value.token == token
    assert info.value.code == "invalid_card"
    assert info.value.as_dict() == {"code": "invalid_card", "token": token}


def test_non_string_token_is_invalid_cards():
    with pytest.raises(InvalidCards) as info:
        Card.parse(5)  # type: ignore[arg-type]
    assert info.value.token == "5"


def test_parse_cards_string_and_iterable():
    expected = (Card.parse("Ah"), Card.parse("Kd"), Card.parse("2c"))
    assert parse_cards("Ah Kd 2c") == expected
    assert parse_cards("Ah,Kd, 2c") == expected
    assert parse_cards(["Ah", Card.parse("Kd"), "2♣"]) == expected
    assert parse_cards("") == ()


def test_parse_cards_names_the_first_bad_token():
    with pytest.raises(InvalidCards) as info:
        parse_cards("Ah Kx 2c Zz")
    assert info.value.token == "Kx"


def test_duplicates_are_refused_and_named():
    with pytest.raises(InvalidCards) as info:
        parse_cards("Ah Kd ah")
    assert (info.value.code, info.value.token) == ("duplicate", "Ah")
    assert parse_cards("Ah ah", unique=False) == (Card.parse("Ah"), Card.parse("Ah"))
    with pytest.raises(InvalidCards):
        ensure_unique([Card.parse("10s"), Card.parse("Ts")])
    ensure_unique(DECK)


def test_cards_are_hashable_and_immutable():
    card = Card.parse("Qh")
    assert {card: 1}[Card.parse("q♥")] == 1
    with pytest.raises(AttributeError):
        card.rank = Rank.KING  # type: ignore[misc]


def test_seeded_shuffle_is_reproducible():
    assert shuffled_deck(42) == shuffled_deck(42)
    assert shuffled_deck("lesson-3") == shuffled_deck("lesson-3")
    assert sorted(shuffled_deck(42), key=lambda c: c.index) == list(DECK)
    assert shuffled_deck(1) != shuffled_deck(2)
    assert shuffled_deck(42) != list(DECK)


@pytest.mark.parametrize("seeds", [range(3_000), [f"lesson-{n}" for n in range(300)], [2**63 - 1]])
def test_seeded_shuffle_is_the_standard_librarys_order(seeds):
    """Every golden deal and kept question was drawn by ``random.Random(seed).shuffle``;
    the deck's own loop draws the same order (int seeds, as the drills draw them, and
    text seeds)."""

    for seed in seeds:
        expected = list(DECK)
        random.Random(seed).shuffle(expected)
        assert shuffled_deck(seed) == expected, seed


def test_seeded_shuffle_returns_a_new_list():
    deck = shuffled_deck(7)
    deck.pop()
    assert len(shuffled_deck(7)) == 52
    assert len(DECK) == 52
