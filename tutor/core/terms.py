"""The site's words for the engine's codes: hand categories, bets, paytable rows.

The engine returns codes (``"pure_sequence"``, ``"pair_plus_a"``); these tables turn them
into text in the page language. Short poker words carry a context for translators.
"""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

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
    **{code: TEENPATTI_CATEGORIES[code] for code in ("pure_sequence", "sequence", "color", "pair")},
    **{code: BONUS_CATEGORIES[code] for code in BONUS_CATEGORIES if code != "none"},
}


def category_name(game: str, code: str) -> str:
    return str(CATEGORIES[game][code])
