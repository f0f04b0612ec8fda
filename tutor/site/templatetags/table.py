"""``{% load table %}`` then ``{% poker_table picture %}``: the poker table component
(:mod:`tutor.table.picture`) drawn by ``templates/table/_table.html``."""

from __future__ import annotations

from typing import Any

from django import template

from tutor.table.picture import TablePicture
from tutor.words.table import marker_labels

register = template.Library()


@register.inclusion_tag("table/_table.html")
def poker_table(picture: TablePicture) -> dict[str, Any]:
    return {"picture": picture, "labels": marker_labels()}
