"""Play a hand of Texas Hold'em against the engine's computer players, with a coach.

The table and the hand live in the learner's session (:mod:`.state`; the engine's JSON
form, which holds the deck, never leaves the server). The page shows only the learner's
own view: other players' hole cards appear only when they are shown at showdown. While
the learner decides, the page gives the pot, the price of a call and its pot odds; after
the hand, a review of each of their decisions (:mod:`.coach`), and their last twenty
hands to step through (:mod:`.hands`).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from ..drill import PlayDrill
from .game import PRESETS, view
from .state import SESSION_KEY, YOU

__all__ = ["DRILL", "PRESETS", "SESSION_KEY", "YOU"]

DRILL = PlayDrill(
    slug="play-holdem",
    title=gettext_lazy("Play a hand of Texas Hold'em"),
    summary=gettext_lazy(
        "Play against the computer players: choose the structure and the number of opponents, act with the legal actions, and see the showdown and the pots."
    ),
    view=view,
)
