"""Play a Teen Patti 20-20 round with play money, at a casino layout.

The six bet spots (Player A, Player B, Tie, Pair Plus A, Pair Plus B, 6 Card Bonus) carry
their payouts from the engine's paytable. The learner picks a chip from the rack and
presses spots to stack chips on them (or types the amounts), then deals: the engine deals
A1, B1, A2, B2, A3, B3, settles each spot as won, lost or a push, and the running result
is shown beside the engine's exact expected result for the same stakes.

- :mod:`.limits`: the chips and the table's limits;
- :mod:`.slip`: reading a typed bet and a press on the layout, and what is wrong with it;
- :mod:`.money`: amounts with two decimals in the page language;
- :mod:`.play`: the table in the session, dealing and settling a round;
- :mod:`.present`: what the layout shows; :mod:`.views`: the one view.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from tutor.drills.drill import PlayDrill

from .limits import CHIPS, START_BALANCE, TABLE_MAX, TABLE_MIN
from .play import SESSION_KEY
from .views import view

__all__ = ["CHIPS", "DRILL", "SESSION_KEY", "START_BALANCE", "TABLE_MAX", "TABLE_MIN"]

DRILL = PlayDrill(
    slug="teenpatti-round",
    title=gettext_lazy("Play a Teen Patti 20-20 round"),
    summary=gettext_lazy(
        "Place play-money bets on Player A, Player B, Tie, Pair Plus and the 6 Card Bonus, deal, and see every bet settled."
    ),
    view=view,
)
