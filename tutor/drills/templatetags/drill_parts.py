"""``{% include q.drill|part_template:"question" %}``: one of a drill's four partials,
included with the page's own context (``tutor/drills/parts.py``)."""

from __future__ import annotations

from django import template

from tutor.drills import parts
from tutor.drills.drill import Drill

register = template.Library()


@register.filter
def part_template(drill: Drill, part: str) -> str:
    return parts.part_template(drill, part)
