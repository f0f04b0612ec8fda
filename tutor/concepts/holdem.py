"""The Texas Hold'em concepts, topic by topic, in teaching order."""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from .model import HOLDEM_PAGE, Concept

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
        "holdem-betting",
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
        "holdem-betting",
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
        "holdem-betting",
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
        "holdem-betting",
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
        "holdem-betting",
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
        "holdem-betting",
        pgettext_lazy("concept", "The smallest raise"),
        pgettext_lazy(
            "concept summary",
            "A raise must go up by at least the largest bet or raise of the round so far.",
        ),
        HOLDEM_PAGE,
        "minimum-raise",
    ),
    Concept(
        "pot-limit-max",
        "holdem-betting",
        pgettext_lazy("concept", "The pot-limit maximum"),
        pgettext_lazy(
            "concept summary",
            "In pot-limit, a raise can go up by at most the size of the pot after your call.",
        ),
        HOLDEM_PAGE,
        "pot-limit",
    ),
    Concept(
        "fixed-limit-sizes",
        "holdem-betting",
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
        "holdem-betting",
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
        "holdem-betting",
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
        "holdem-betting",
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
        "holdem-betting",
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
        "holdem-betting",
        pgettext_lazy("concept", "Folding when you could check"),
        pgettext_lazy(
            "concept summary",
            "Whether a player may fold when a check is free is a house rule; where it is "
            "allowed (TDA), the fold stands.",
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
            "Players finish in the reverse of the order in which they go out: the last one left wins.",
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
