"""A bare page holding only the table component, for the browser checks and screenshots:
the site's stylesheets (absolute addresses on a running server) and one table."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import translation

from tutor.table.picture import TablePicture, from_hand
from tutor.table.result import result_of
from tutor.words.terms import seat_name

from .hands import mid_hand, side_pot_showdown

STYLESHEETS = ("tutor/site.css", "tutor/languages.css", "tutor/table.css")


def picture(seats: int, state: str, language: str = "en") -> TablePicture:
    """``state``: ``"mid"`` (a hand in progress, seat 0's view) or ``"showdown"``."""
    with translation.override(language):
        hand = mid_hand(seats) if state == "mid" else side_pot_showdown(seats)
        result = result_of(hand, seat_name)
        return from_hand(hand, 0, seat_name, language, best=result.best if result else None)


def page(origin: str, seats: int, state: str, language: str = "en") -> str:
    with translation.override(language):
        table = render_to_string(
            "table/_table.html",
            {"picture": picture(seats, state, language), "labels": _labels()},
        )
    links = "".join(f'<link rel="stylesheet" href="{origin}/static/{s}">' for s in STYLESHEETS)
    return (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">{links}</head>'
        f'<body><main id="main">{table}</main></body></html>'
    )


def _labels() -> dict[str, str]:
    from tutor.words.table import marker_labels

    return marker_labels()
