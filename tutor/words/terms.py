"""The site's words for the engine's codes: hand categories, bets, results, paytable rows,
betting structures, streets, seats and players.

The engine returns codes (``"pure_sequence"``, ``"pair_plus_a"``); these tables turn them
into text in the page language. Short poker words carry a context for translators. The
tables hold lazy translations (looked up in the active language when shown); the
functions below look a code up and raise :class:`~tutor.words.base.MissingWords` for a
code that has no name.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import pgettext, pgettext_lazy

from .base import lookup

HOLDEM_CATEGORIES = {
    "high_card": pgettext_lazy("holdem hand", "High card"),
    "one_pair": pgettext_lazy("holdem hand", "One pair"),
    "two_pair": pgettext_lazy("holdem hand", "Two pair"),
    "three_of_a_kind": pgettext_lazy("holdem hand", "Three of a kind"),
    "straight": pgettext_lazy("holdem hand", "Straight"),
    "flush": pgettext_lazy("holdem hand", "Flush"),
    "full_house": pgettext_lazy("holdem hand", "Full house"),
    "four_of_a_kind": pgettext_lazy("holdem hand", "Four of a kind"),
    "straight_flush": pgettext_lazy("holdem hand", "Straight flush"),
    "royal_flush": pgettext_lazy("holdem hand", "Royal flush"),
}

TEENPATTI_CATEGORIES = {
    "high_card": pgettext_lazy("teen patti hand", "High card"),
    "pair": pgettext_lazy("teen patti hand", "Pair"),
    "color": pgettext_lazy("teen patti hand", "Color"),
    "sequence": pgettext_lazy("teen patti hand", "Sequence"),
    "pure_sequence": pgettext_lazy("teen patti hand", "Pure sequence"),
    "trail": pgettext_lazy("teen patti hand", "Trail"),
    "three_aces": pgettext_lazy("teen patti hand", "Trail of aces"),
}

BONUS_CATEGORIES = {
    "none": pgettext_lazy("6 card bonus hand", "No bonus hand"),
    "three_of_a_kind": pgettext_lazy("6 card bonus hand", "Three of a kind"),
    "straight": pgettext_lazy("6 card bonus hand", "Straight"),
    "flush": pgettext_lazy("6 card bonus hand", "Flush"),
    "full_house": pgettext_lazy("6 card bonus hand", "Full house"),
    "four_of_a_kind": pgettext_lazy("6 card bonus hand", "Four of a kind"),
    "straight_flush": pgettext_lazy("6 card bonus hand", "Straight flush"),
    "royal_flush": pgettext_lazy("6 card bonus hand", "Royal flush"),
}

CATEGORIES = {
    "holdem": HOLDEM_CATEGORIES,
    "teenpatti": TEENPATTI_CATEGORIES,
    "bonus": BONUS_CATEGORIES,
}

# Translators: a hand category's name inside a sentence ("Seat 2 shows A♣ J♣: one pair.",
# "a pair of queens (no bonus hand)"): the form your language writes there, in lower case
# where it writes common nouns so (Czech "dvojice", not "Dvojice").
HOLDEM_CATEGORIES_IN_SENTENCE = {
    "high_card": pgettext_lazy("holdem hand, inside a sentence", "high card"),
    "one_pair": pgettext_lazy("holdem hand, inside a sentence", "one pair"),
    "two_pair": pgettext_lazy("holdem hand, inside a sentence", "two pair"),
    "three_of_a_kind": pgettext_lazy("holdem hand, inside a sentence", "three of a kind"),
    "straight": pgettext_lazy("holdem hand, inside a sentence", "straight"),
    "flush": pgettext_lazy("holdem hand, inside a sentence", "flush"),
    "full_house": pgettext_lazy("holdem hand, inside a sentence", "full house"),
    "four_of_a_kind": pgettext_lazy("holdem hand, inside a sentence", "four of a kind"),
    "straight_flush": pgettext_lazy("holdem hand, inside a sentence", "straight flush"),
    "royal_flush": pgettext_lazy("holdem hand, inside a sentence", "royal flush"),
}

BONUS_CATEGORIES_IN_SENTENCE = {
    "none": pgettext_lazy("6 card bonus hand, inside a sentence", "no bonus hand"),
    "three_of_a_kind": pgettext_lazy("6 card bonus hand, inside a sentence", "three of a kind"),
    "straight": pgettext_lazy("6 card bonus hand, inside a sentence", "straight"),
    "flush": pgettext_lazy("6 card bonus hand, inside a sentence", "flush"),
    "full_house": pgettext_lazy("6 card bonus hand, inside a sentence", "full house"),
    "four_of_a_kind": pgettext_lazy("6 card bonus hand, inside a sentence", "four of a kind"),
    "straight_flush": pgettext_lazy("6 card bonus hand, inside a sentence", "straight flush"),
    "royal_flush": pgettext_lazy("6 card bonus hand, inside a sentence", "royal flush"),
}

#: The names as they stand inside a sentence (the tables above hold them as headings,
#: table rows and choices write them).
CATEGORIES_IN_SENTENCE = {
    "holdem": HOLDEM_CATEGORIES_IN_SENTENCE,
    "bonus": BONUS_CATEGORIES_IN_SENTENCE,
}

TEENPATTI_BETS = {
    "player_a": pgettext_lazy("teen patti bet", "Player A"),
    "player_b": pgettext_lazy("teen patti bet", "Player B"),
    "tie": pgettext_lazy("teen patti bet", "Tie"),
    "pair_plus_a": pgettext_lazy("teen patti bet", "Pair Plus A"),
    "pair_plus_b": pgettext_lazy("teen patti bet", "Pair Plus B"),
    "six_card_bonus": pgettext_lazy("teen patti bet", "6 Card Bonus"),
}

TEENPATTI_RESULTS = {
    "player_a": pgettext_lazy("teen patti result", "Player A wins"),
    "player_b": pgettext_lazy("teen patti result", "Player B wins"),
    "tie": pgettext_lazy("teen patti result", "Tie"),
    "void": pgettext_lazy("teen patti result", "Round void"),
}

SETTLEMENT_OUTCOMES = {
    "win": pgettext_lazy("bet outcome", "Won"),
    "lose": pgettext_lazy("bet outcome", "Lost"),
    "push": pgettext_lazy("bet outcome", "Stake returned (tie)"),
    "void": pgettext_lazy("bet outcome", "Stake returned (void round)"),
}

PAYTABLE_NAMES = {
    "main": pgettext_lazy("paytable", "Player A and Player B"),
    "tie": pgettext_lazy("paytable", "Tie"),
    "pair_plus": pgettext_lazy("paytable", "Pair Plus (A or B)"),
    "six_card_bonus": pgettext_lazy("paytable", "6 Card Bonus"),
}

PAYTABLE_ROWS = {
    "win": pgettext_lazy("paytable row", "The hand you backed wins"),
    "tie": pgettext_lazy("paytable row", "The two hands tie"),
    "three_aces": TEENPATTI_CATEGORIES["three_aces"],
    "trail": pgettext_lazy("paytable row", "Trail (other than aces)"),
    **{
        code: TEENPATTI_CATEGORIES[code]
        for code in ("pure_sequence", "sequence", "color", "pair", "high_card")
    },
    # "none" never pays in the default paytables, but a paytable may name it.
    **{code: BONUS_CATEGORIES[code] for code in BONUS_CATEGORIES},
}


STRUCTURES = {
    "no_limit": pgettext_lazy("betting structure", "No-limit"),
    "pot_limit": pgettext_lazy("betting structure", "Pot-limit"),
    "fixed_limit": pgettext_lazy("betting structure", "Fixed-limit"),
}

STREETS = {
    "flop": pgettext_lazy("street", "Flop"),
    "turn": pgettext_lazy("street", "Turn"),
    "river": pgettext_lazy("street", "River"),
    "preflop": pgettext_lazy("street", "Pre-flop"),
    "showdown": pgettext_lazy("street", "Showdown"),
    "complete": pgettext_lazy("street", "Hand over"),
}

# Translators: one-line definitions shown when a learner names a hand wrongly.
HOLDEM_DEFINITIONS = {
    "high_card": pgettext_lazy(
        "holdem definition", "No pair, no straight, no flush: the highest cards count, one by one."
    ),
    "one_pair": pgettext_lazy(
        "holdem definition", "Two cards of the same rank, plus the three highest other cards."
    ),
    "two_pair": pgettext_lazy(
        "holdem definition",
        "Two cards of one rank and two cards of another rank, plus the highest other card.",
    ),
    "three_of_a_kind": pgettext_lazy(
        "holdem definition", "Three cards of the same rank, plus the two highest other cards."
    ),
    "straight": pgettext_lazy(
        "holdem definition",
        "Five cards of consecutive ranks in any suits; A-2-3-4-5 is the lowest, "
        "and a straight cannot wrap round from king to two.",
    ),
    "flush": pgettext_lazy(
        "holdem definition", "Five cards of the same suit that are not in sequence."
    ),
    "full_house": pgettext_lazy(
        "holdem definition", "Three cards of one rank and two cards of another rank."
    ),
    "four_of_a_kind": pgettext_lazy(
        "holdem definition", "All four cards of one rank, plus the highest other card."
    ),
    "straight_flush": pgettext_lazy(
        "holdem definition", "Five cards of consecutive ranks, all of the same suit."
    ),
    "royal_flush": pgettext_lazy(
        "holdem definition", "A-K-Q-J-10 all of the same suit: the highest straight flush."
    ),
}

TEENPATTI_DEFINITIONS = {
    "high_card": pgettext_lazy(
        "teen patti definition",
        "Three cards that make none of the hands above: the highest card counts first.",
    ),
    "pair": pgettext_lazy(
        "teen patti definition", "Two cards of the same rank and one other card."
    ),
    "color": pgettext_lazy(
        "teen patti definition", "Three cards of the same suit that are not in sequence."
    ),
    "sequence": pgettext_lazy(
        "teen patti definition", "Three cards in sequence, not all of the same suit."
    ),
    "pure_sequence": pgettext_lazy(
        "teen patti definition", "Three cards in sequence, all of the same suit."
    ),
    "trail": pgettext_lazy(
        "teen patti definition", "Three cards of the same rank; three aces are the highest."
    ),
}


DEFINITIONS = {
    "holdem": HOLDEM_DEFINITIONS,
    "teenpatti": TEENPATTI_DEFINITIONS,
}


def _name(table: Mapping[str, object], family: str, code: str) -> str:
    return str(lookup(table, family, code))


def category_name(game: str, code: str) -> str:
    """A hand category's name: ``game`` is ``"holdem"``, ``"teenpatti"`` or ``"bonus"``."""
    return _name(lookup(CATEGORIES, "game", game), f"{game} category", code)


def category_in_sentence(game: str, code: str) -> str:
    """A hand category's name as it stands inside a sentence ("Seat 2 shows A♣ J♣: one
    pair."), lower case where the language writes it so: ``game`` is ``"holdem"`` or
    ``"bonus"``."""
    return _name(lookup(CATEGORIES_IN_SENTENCE, "game", game), f"{game} category", code)


def definition(game: str, code: str) -> str:
    """A hand category's one-line definition (``"holdem"`` or ``"teenpatti"``)."""
    return _name(lookup(DEFINITIONS, "game", game), f"{game} definition", code)


def bet_name(code: str) -> str:
    return _name(TEENPATTI_BETS, "teen patti bet", code)


def result_name(code: str) -> str:
    return _name(TEENPATTI_RESULTS, "teen patti result", code)


def outcome_name(code: str) -> str:
    return _name(SETTLEMENT_OUTCOMES, "settlement outcome", code)


def paytable_name(code: str) -> str:
    return _name(PAYTABLE_NAMES, "paytable", code)


def paytable_row_name(code: str) -> str:
    return _name(PAYTABLE_ROWS, "paytable row", code)


def structure_name(code: str) -> str:
    return _name(STRUCTURES, "betting structure", code)


def street_name(code: str) -> str:
    return _name(STREETS, "street", code)


def seat_name(index: int) -> str:
    """'Seat 3' for the 0-based seat index 2."""
    return pgettext("table seat", "Seat %(number)s") % {"number": index + 1}


def player_name(index: int) -> str:
    """'Player 2' for the 0-based index 1 (Hold'em showdowns)."""
    return pgettext("showdown", "Player %(number)s") % {"number": index + 1}
