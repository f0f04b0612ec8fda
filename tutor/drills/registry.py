"""Every drill of the site, in the order the drills page lists them."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from . import betting, namehand, play, showdown, sidepots, tpround
from .base import Drill

DRILLS: dict[str, Drill] = {
    d.slug: d
    for d in (
        Drill(
            "holdem-showdown",
            _("Pick the winner — Texas Hold'em"),
            _("A board and the players' hole cards: who wins the pot, or who splits it?"),
            "drills/holdem_showdown.html",
            showdown.generate_holdem,
            showdown.grade_holdem,
            situation=("board", "hands"),
            custom=showdown.custom_holdem,
        ),
        Drill(
            "teenpatti-showdown",
            _("Pick the winner — Teen Patti"),
            _("Player A's and Player B's three cards: which hand wins, or is it a tie?"),
            "drills/teenpatti_showdown.html",
            showdown.generate_teenpatti,
            showdown.grade_teenpatti,
            situation=("hands",),
            custom=showdown.custom_teenpatti,
        ),
        Drill(
            "name-the-hand",
            _("Name the hand"),
            _("Five to seven Hold'em cards or three Teen Patti cards: what is the hand called?"),
            "drills/name_the_hand.html",
            namehand.generate,
            namehand.grade,
            options={"choices": namehand.choices},
            situation=("game", "cards"),
            custom=namehand.custom,
        ),
        Drill(
            "side-pots",
            _("Compute the side pots"),
            _(
                "Players all-in for different amounts: build the main pot and the side pots, then pay the winners."
            ),
            "drills/side_pots.html",
            sidepots.generate,
            sidepots.grade,
            options={"pot_rows": sidepots.pot_rows, "seat_rows": sidepots.seat_rows},
        ),
        Drill(
            "teenpatti-round",
            _("Play a Teen Patti 20-20 round"),
            _(
                "Place play-money bets on Player A, Player B, Tie, Pair Plus and the 6 Card Bonus, deal, and see every bet settled."
            ),
            "drills/teenpatti_round.html",
            view=tpround.view,
        ),
        Drill(
            "betting",
            _("Who acts next, and what is legal?"),
            _(
                "A hand part-way through a betting round: name the next player and the smallest and largest raise."
            ),
            "drills/betting.html",
            betting.generate,
            betting.grade,
            options={"about": betting.describe},
        ),
        Drill(
            "play-holdem",
            _("Play a hand of Texas Hold'em"),
            _(
                "Play against the computer players: choose the structure and the number of opponents, act with the legal actions, and see the showdown and the pots."
            ),
            "drills/play_holdem.html",
            view=play.view,
        ),
    )
}
