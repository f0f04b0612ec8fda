"""The Teen Patti 20-20 concepts, in teaching order."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from .model import TEENPATTI_PAGE, Concept

TEENPATTI = (
    Concept(
        "tp-rankings",
        "teenpatti",
        pgettext_lazy("concept", "Teen Patti rankings"),
        pgettext_lazy("concept summary", "Trail, pure sequence, sequence, color, pair, high card."),
        TEENPATTI_PAGE,
        "hand-rankings",
    ),
    Concept(
        "tp-sequence-order",
        "teenpatti",
        pgettext_lazy("concept", "Sequence order"),
        pgettext_lazy(
            "concept summary",
            "A-K-Q is the highest sequence, then A-2-3, then K-Q-J down to 4-3-2.",
        ),
        TEENPATTI_PAGE,
        "sequence",
    ),
    Concept(
        "tp-suits-never-decide",
        "teenpatti",
        pgettext_lazy("concept", "Suits never decide"),
        pgettext_lazy(
            "concept summary", "Two hands with the same ranks are equal, whatever their suits."
        ),
        TEENPATTI_PAGE,
        "comparing-hands",
    ),
    Concept(
        "tp-ties",
        "teenpatti",
        pgettext_lazy("concept", "Ties"),
        pgettext_lazy(
            "concept summary", "Equal hands tie: Player A and Player B bets get the stake back."
        ),
        TEENPATTI_PAGE,
        "ties",
    ),
    Concept(
        "tp-20-20-bets",
        "teenpatti",
        pgettext_lazy("concept", "The six bets"),
        pgettext_lazy(
            "concept summary", "Player A, Player B, Tie, Pair Plus A and B, and the 6 Card Bonus."
        ),
        TEENPATTI_PAGE,
        "bets",
    ),
    Concept(
        "tp-main-bet-payout",
        "teenpatti",
        pgettext_lazy("concept", "Player A and B payouts"),
        pgettext_lazy(
            "concept summary",
            "A winning Player A or B bet pays 0.95 to 1; a tie returns the stake.",
        ),
        TEENPATTI_PAGE,
        "main-bets",
    ),
    Concept(
        "tp-pair-plus",
        "teenpatti",
        pgettext_lazy("concept", "Pair Plus"),
        pgettext_lazy("concept summary", "Pair Plus pays on the hand's own strength, win or lose."),
        TEENPATTI_PAGE,
        "pair-plus",
    ),
    Concept(
        "tp-six-card-bonus",
        "teenpatti",
        pgettext_lazy("concept", "6 Card Bonus"),
        pgettext_lazy(
            "concept summary", "The best five of both hands' six cards, paid from its own table."
        ),
        TEENPATTI_PAGE,
        "six-card-bonus",
    ),
    Concept(
        "tp-void-round",
        "teenpatti",
        pgettext_lazy("concept", "Void rounds"),
        pgettext_lazy("concept summary", "A round dealt wrongly is void: every stake is returned."),
        TEENPATTI_PAGE,
        "error-handling",
    ),
    Concept(
        "tp-rtp",
        "teenpatti",
        pgettext_lazy("concept", "Return to player"),
        pgettext_lazy(
            "concept summary", "How much of the stakes each bet returns on average, exactly."
        ),
        TEENPATTI_PAGE,
        "return-to-player",
    ),
)
