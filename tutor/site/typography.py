"""Typography on every HTML page: Czech non-breaking spaces on Czech text
(``tutor/words/typography.py`` says what), Japanese lines broken between phrases only
and hyphenated numbers ("20-20") kept on one line in every language
(``tutor/words/phrases.py``).

The rule is applied once to the finished page, not per template or per catalog entry, so
that engine numbers, catalog text and template text all get it and nobody types U+00A0.
Only complete (not streamed) ``text/html`` responses change; CSV, XML, GIFT and JSON
downloads are data and stay as they are.

Text is in a language by the ``lang`` of the element around it: the ``<html>`` element's for a
page (a student's page may be in the session's language, not the address's), the
request's language for a fragment without one (an htmx swap). So an element marked
``lang="cs"`` in an English page (a Czech worksheet printed from the English site) gets
the rule, and one marked ``lang="en"`` in a Czech page (an untranslated paragraph, a
teacher's question in English) does not.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

from tutor.core.kept_pages import FINISHED
from tutor.words.typography import typeset

# The attribute that says an element's language, found by its literal text (fast); the
# tag around it is then read backwards from there. Django's templates and markdown-it
# write one space before each attribute.
_LANG_ATTRIBUTE = re.compile(r""" lang=["']?([A-Za-z-]*)""")
_TAG_NAME = re.compile(r"<([A-Za-z][\w-]*)")


def _element_end(content: str, tag: str, start: int) -> int:
    """Where the element ``tag`` opened just before ``start`` closes (its content's end);
    ``start`` itself when it does not close (a void element)."""
    depth = 1
    for match in re.compile(rf"<(/?){tag}\b[^>]*>").finditer(content, start):
        depth += -1 if match.group(1) else 1
        if not depth:
            return match.start()
    return start


def typeset_html(content: str, language: str) -> str:
    """``content`` with Czech typography on its Czech parts: those in an element marked
    ``lang="cs"``, and, when ``language`` (the fragment's own) is Czech, those in no
    element marked with another language. ``<html lang>`` counts like any element.

    One pass: the elements that say their language, in document order, with a stack of
    (where each ends, its language); each stretch between two boundaries is typeset once.
    """
    parts: list[str] = []
    done = 0
    open_elements = [(len(content), language)]
    for match in _LANG_ATTRIBUTE.finditer(content):
        opened = content.rfind("<", 0, match.start())
        tag = _TAG_NAME.match(content, opened)
        if tag is None or content.rfind(">", opened, match.start()) != -1:
            continue  # " lang=" in text or in another attribute's value
        while match.start() >= open_elements[-1][0]:
            end, inside = open_elements.pop()
            parts.append(typeset(content[done:end], inside))
            done = end
        body = content.find(">", match.end())
        if body == -1:
            break
        # Clamped to the enclosing element, so that broken nesting cannot repeat text.
        end = min(_element_end(content, tag.group(1), body + 1), open_elements[-1][0])
        if end > body + 1:
            parts.append(typeset(content[done : body + 1], open_elements[-1][1]))
            done = body + 1
            open_elements.append((end, match.group(1).lower().split("-")[0]))
    while open_elements:
        end, inside = open_elements.pop()
        parts.append(typeset(content[done:end], inside))
        done = end
    return "".join(parts)


class TypographyMiddleware:
    """Each part of an HTML page typeset in its language; every other response passes
    untouched, and so does a page typeset before it was kept (``tutor.core.kept_pages``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            getattr(response, "streaming", False)
            or getattr(response, FINISHED, False)
            or response.has_header("Content-Encoding")
            or not response.get("Content-Type", "").startswith("text/html")
        ):
            return response
        charset = response.charset
        content = response.content.decode(charset)
        language = getattr(request, "LANGUAGE_CODE", None) or get_language() or ""
        changed = typeset_html(content, language)
        if changed == content:
            return response
        response.content = changed.encode(charset)
        if response.has_header("Content-Length"):
            response.headers["Content-Length"] = str(len(response.content))
        return response
