"""How a quiz's scores read on a page (``{% load scores %}``)."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def whole_points(value: object) -> bool:
    """Whether a score is whole points (``scoring.score`` reads those as an ``int``): a
    whole score reads with the plural of "point", a fraction with words of its own."""
    return isinstance(value, int) and not isinstance(value, bool)
