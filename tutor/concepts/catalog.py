"""The concept map: every rule a learner must master, in teaching order within each topic.

Each concept has a public id (used in addresses: ``?concept=kickers``), a title and a
one-line summary (translated through the interface catalogs, like every other string),
its game and topic, and the rule-page section that teaches it. Which drills exercise a
concept, and at which levels, each drill says itself (``Drill.concepts``); the registry
puts the two together (``tutor.concepts.drills_for``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import pgettext_lazy

HOLDEM_PAGE = "texas-holdem"
TEENPATTI_PAGE = "teen-patti-20-20"


@dataclass(frozen=True)
class Topic:
    id: str
    game: str  # "holdem" or "teenpatti"
    title: Promise


@dataclass(frozen=True)
class Concept:
    id: str
    topic: str  # a Topic id
    title: Promise
    summary: Promise
    page: str  # the rule page's slug
    anchor: str  # the section's id on that page


TOPICS = (
    Topic("holdem-hands", "holdem", pgettext_lazy("concept topic", "Hold'em hands")),
    Topic("betting", "holdem", pgettext_lazy("concept topic", "Betting")),
    Topic("pots", "holdem", pgettext_lazy("concept topic", "Pots and the showdown")),
    Topic("tournaments", "holdem", pgettext_lazy("concept topic", "Tournaments")),
    Topic("odds", "holdem", pgettext_lazy("concept topic", "Odds")),
    Topic("teenpatti", "teenpatti", pgettext_lazy("concept topic", "Teen Patti 20-20")),
)


HANDS = (
    Concept(
        "hand-rankings",
        "holdem-hands",
        pgettext_lazy("concept", "Hand rankings"),
        pgettext_lazy(
            "concept summary", "The ten kinds of hand, from royal flush down to high card."
        ),
        HOLDEM_PAGE,
        "hand-rankings",
    ),
    Concept(
        "best-five-of-seven",
        "holdem-hands",
        pgettext_lazy("concept", "Best five of seven"),
        pgettext_lazy(
            "concept summary",
            "Your hand is the best five of your two cards and the five on the board.",
        ),
        HOLDEM_PAGE,
        "deck-and-goal",
    ),
    Concept(
        "kickers",
        "holdem-hands",
        pgettext_lazy("concept", "Kickers"),
        pgettext_lazy(
            "concept summary", "When two hands are of the same kind, the highest side cards decide."
        ),
        HOLDEM_PAGE,
        "comparing-hands",
    ),
    Concept(
        "board-plays",
        "holdem-hands",
        pgettext_lazy("concept", "The board plays"),
        pgettext_lazy(
            "concept summary",
            "When the five board cards are everyone's best hand, the pot is split.",
        ),
        HOLDEM_PAGE,
        "board-plays",
    ),
    Concept(
        "split-pot",
        "holdem-hands",
        pgettext_lazy("concept", "Split pots"),
        pgettext_lazy("concept summary", "Hands of exactly the same value share the pot."),
        HOLDEM_PAGE,
        "split-pots",
    ),
    Concept(
        "wheel-straight",
        "holdem-hands",
        pgettext_lazy("concept", "The wheel"),
        pgettext_lazy(
            "concept summary", "A-2-3-4-5 is a straight, the lowest one: the ace counts as one."
        ),
        HOLDEM_PAGE,
        "straights-and-the-ace",
    ),
    Concept(
        "no-wraparound",
        "holdem-hands",
        pgettext_lazy("concept", "No wrap-around straights"),
        pgettext_lazy(
            "concept summary",
            "Q-K-A-2-3 is not a straight: a straight cannot turn the corner at the ace.",
        ),
        HOLDEM_PAGE,
        "straights-and-the-ace",
    ),
    Concept(
        "flush-vs-flush",
        "holdem-hands",
        pgettext_lazy("concept", "Flush against flush"),
        pgettext_lazy(
            "concept summary",
            "Two flushes are compared card by card, highest first; the suit never decides.",
        ),
        HOLDEM_PAGE,
        "flush",
    ),
    Concept(
        "two-pair-kicker",
        "holdem-hands",
        pgettext_lazy("concept", "Two pair and the kicker"),
        pgettext_lazy(
            "concept summary",
            "Two pair: the higher pair, then the lower pair, then the fifth card decide.",
        ),
        HOLDEM_PAGE,
        "two-pair",
    ),
    Concept(
        "full-house-ranks",
        "holdem-hands",
        pgettext_lazy("concept", "Full houses"),
        pgettext_lazy(
            "concept summary",
            "A full house is ranked by its three of a kind first, then by its pair.",
        ),
        HOLDEM_PAGE,
        "full-house",
    ),
)

BETTING = (
    Concept(
        "blinds-and-button",
        "betting",
        pgettext_lazy("concept", "Button and blinds"),
        pgettext_lazy(
            "concept summary",
            "The small and big blinds sit to the left of the dealer button and bet before the cards.",
        ),
        HOLDEM_PAGE,
        "button-blinds-antes",
    ),
    Concept(
        "order-preflop",
        "betting",
        pgettext_lazy("concept", "Order before the flop"),
        pgettext_lazy(
            "concept summary",
            "Before the flop, the player left of the big blind acts first and the big blind last.",
        ),
        HOLDEM_PAGE,
        "order-of-action",
    ),
    Concept(
        "order-postflop",
        "betting",
        pgettext_lazy("concept", "Order after the flop"),
        pgettext_lazy(
            "concept summary",
            "From the flop on, the first player still in to the left of the button acts first.",
        ),
        HOLDEM_PAGE,
        "order-of-action",
    ),
    Concept(
        "heads-up-order",
        "betting",
        pgettext_lazy("concept", "Heads-up order"),
        pgettext_lazy(
            "concept summary",
            "With two players, the button is the small blind: it acts first before the flop and last after it.",
        ),
        HOLDEM_PAGE,
        "order-of-action",
    ),
    Concept(
        "big-blind-option",
        "betting",
        pgettext_lazy("concept", "The big blind's option"),
        pgettext_lazy(
            "concept summary",
            "If nobody raised, the big blind may still check or raise before the flop ends.",
        ),
        HOLDEM_PAGE,
        "pre-flop",
    ),
    Concept(
        "min-raise",
        "betting",
        pgettext_lazy("concept", "The smallest raise"),
        pgettext_lazy(
            "concept summary",
            "A raise must be at least as large as the largest bet or raise of the round.",
        ),
        HOLDEM_PAGE,
        "minimum-raise",
    ),
    Concept(
        "pot-limit-max",
        "betting",
        pgettext_lazy("concept", "The pot-limit maximum"),
        pgettext_lazy(
            "concept summary", "In pot-limit, the largest raise is the pot after your call."
        ),
        HOLDEM_PAGE,
        "pot-limit",
    ),
    Concept(
        "fixed-limit-sizes",
        "betting",
        pgettext_lazy("concept", "Fixed-limit sizes"),
        pgettext_lazy(
            "concept summary",
            "In fixed-limit, bets and raises are one size: the small bet, then the big bet from the turn.",
        ),
        HOLDEM_PAGE,
        "fixed-limit",
    ),
    Concept(
        "raise-cap",
        "betting",
        pgettext_lazy("concept", "The raise cap"),
        pgettext_lazy(
            "concept summary",
            "In fixed-limit, a betting round allows a bet and a limited number of raises.",
        ),
        HOLDEM_PAGE,
        "fixed-limit",
    ),
    Concept(
        "short-all-in-reopen",
        "betting",
        pgettext_lazy("concept", "Short all-ins"),
        pgettext_lazy(
            "concept summary",
            "An all-in smaller than a full raise does not reopen the betting to those who already acted.",
        ),
        HOLDEM_PAGE,
        "short-all-in",
    ),
    Concept(
        "antes-dead-money",
        "betting",
        pgettext_lazy("concept", "Antes"),
        pgettext_lazy(
            "concept summary",
            "An ante goes into the pot as dead money: it does not count toward a call.",
        ),
        HOLDEM_PAGE,
        "antes",
    ),
    Concept(
        "uncalled-bet",
        "betting",
        pgettext_lazy("concept", "Uncalled bets"),
        pgettext_lazy(
            "concept summary",
            "The part of a bet nobody called goes back to the player who made it.",
        ),
        HOLDEM_PAGE,
        "uncalled-chips",
    ),
    Concept(
        "fold-when-check-free",
        "betting",
        pgettext_lazy("concept", "Folding when you could check"),
        pgettext_lazy(
            "concept summary",
            "Folding when you could check for free is allowed, and the fold stands.",
        ),
        HOLDEM_PAGE,
        "non-committed-actions",
    ),
)

POTS = (
    Concept(
        "main-and-side-pots",
        "pots",
        pgettext_lazy("concept", "Main and side pots"),
        pgettext_lazy(
            "concept summary",
            "An all-in player can win only as much from each opponent as they put in.",
        ),
        HOLDEM_PAGE,
        "side-pots",
    ),
    Concept(
        "side-pot-folded-contributor",
        "pots",
        pgettext_lazy("concept", "Folded chips in side pots"),
        pgettext_lazy(
            "concept summary",
            "Chips of a player who folded stay in the pots, but that player cannot win them.",
        ),
        HOLDEM_PAGE,
        "making-side-pots",
    ),
    Concept(
        "odd-chip",
        "pots",
        pgettext_lazy("concept", "The odd chip"),
        pgettext_lazy(
            "concept summary",
            "The chip left over when a pot does not split evenly goes to one winner by rule.",
        ),
        HOLDEM_PAGE,
        "odd-chip",
    ),
    Concept(
        "showdown-order",
        "pots",
        pgettext_lazy("concept", "Who shows first"),
        pgettext_lazy(
            "concept summary",
            "The last player to bet or raise on the river shows first; if nobody bet, the first to act.",
        ),
        HOLDEM_PAGE,
        "showdown-order",
    ),
    Concept(
        "mucking",
        "pots",
        pgettext_lazy("concept", "Mucking"),
        pgettext_lazy(
            "concept summary", "A player who cannot win may give up the cards without showing them."
        ),
        HOLDEM_PAGE,
        "folded-cards-hidden",
    ),
    Concept(
        "all-in-showdown",
        "pots",
        pgettext_lazy("concept", "All-in showdowns"),
        pgettext_lazy(
            "concept summary",
            "When a player is all-in and betting is over, every hand is shown before the rest of the board.",
        ),
        HOLDEM_PAGE,
        "no-more-betting",
    ),
)

TOURNAMENTS = (
    Concept(
        "blind-levels",
        "tournaments",
        pgettext_lazy("concept", "Blind levels"),
        pgettext_lazy("concept summary", "In a tournament the blinds go up at set times."),
        HOLDEM_PAGE,
        "tournaments",
    ),
    Concept(
        "finishing-order",
        "tournaments",
        pgettext_lazy("concept", "Finishing order"),
        pgettext_lazy(
            "concept summary",
            "Players who lose all their chips finish in the order they go out; the last one left wins.",
        ),
        HOLDEM_PAGE,
        "tournaments",
    ),
)

ODDS = (
    Concept(
        "outs",
        "odds",
        pgettext_lazy("concept", "Outs"),
        pgettext_lazy(
            "concept summary", "The cards still to come that would make your hand the best."
        ),
        HOLDEM_PAGE,
        "estimating-chances",
    ),
    Concept(
        "pot-odds",
        "odds",
        pgettext_lazy("concept", "Pot odds"),
        pgettext_lazy("concept summary", "The price of a call against the pot you could win."),
        HOLDEM_PAGE,
        "pot-odds",
    ),
    Concept(
        "equity",
        "odds",
        pgettext_lazy("concept", "Equity"),
        pgettext_lazy(
            "concept summary",
            "Your share of the pot on average: how often you win, counting ties as shares.",
        ),
        HOLDEM_PAGE,
        "estimating-chances",
    ),
)

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

CONCEPTS: dict[str, Concept] = {
    c.id: c for c in (*HANDS, *BETTING, *POTS, *TOURNAMENTS, *ODDS, *TEENPATTI)
}
