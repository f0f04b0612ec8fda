"""``{% include q.drill|part_template:"question" %}``: one of a drill's four partials,
included with the page's own context (``tutor/drills/parts.py``)."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.translation import get_language

from tutor.drills import parts
from tutor.drills.drill import Drill

register = template.Library()


@register.filter
def part_template(drill: Drill, part: str) -> str:
    return parts.part_template(drill, part)


@register.filter
def in_language(text: str, language: str) -> str:
    """``text`` marked with ``lang`` when it is in another language than the page's (a
    teacher's choice in Czech inside an English sentence); else as it is, escaped.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     in_language("Dva králové", "cs"), in_language("<b>", "en"), in_language("x", "")
    ('<span lang="cs">Dva králové</span>', '&lt;b&gt;', 'x')
    """
    if not language or language == (get_language() or ""):
        return conditional_escape(text)
    return format_html('<span lang="{}">{}</span>', language, text)
