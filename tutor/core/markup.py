"""Whether a translation keeps its English's markup and links: the markup check that the
compile step and ``checktranslations`` share.

A translation breaks a page, or sends the reader elsewhere, when it closes a ``<b>`` with
``</strong>``, drops a ``**`` of the rule pages' Markdown, loses a link or changes where
one goes. :func:`markup_problems` names each, as ``(kind, detail)``: ``markup`` for tags
and marks, ``link`` for link addresses (``href`` in HTML; ``[text](address)`` in the rule
pages' segments, which are Markdown).

>>> markup_problems("Read <b>this</b>.", "Čti <b>tohle</strong>.", segment=False)
[('markup', '"</strong>" closes "<b>"')]
>>> markup_problems("The **button**.", "**Značka.", segment=True)
[('markup', 'missing "**"')]
>>> markup_problems("See [pots](#side-pots).", "Viz [banky](#banky).", segment=True)
[('link', 'link address changed: "#side-pots" became "#banky"')]
>>> markup_problems("See [pots](#side-pots).", "Viz banky.", segment=True)
[('link', 'link removed: "#side-pots"')]
"""

from __future__ import annotations

import json
import re
from collections import Counter

TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
HREF = re.compile(r"""\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)")
ANCHOR = re.compile(r"\{#([\w-]+)\}")
VOID = frozenset({"br", "hr", "img", "input", "wbr", "meta", "link", "source", "col"})


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def marks(text: str, segment: bool) -> Counter[str]:
    """HTML tags everywhere; in the rule pages' segments the Markdown marks ``**``,
    backticks and ``{#anchor}`` too. Link addresses are :func:`links`."""
    found: Counter[str] = Counter(f"<{m.group(1)}{m.group(2).lower()}>" for m in TAG.finditer(text))
    if segment:
        found["**"] = text.count("**")
        found["`"] = text.count("`")
        found.update("{#" + m.group(1) + "}" for m in ANCHOR.finditer(text))
    return +found  # drops zero counts


def links(text: str, segment: bool) -> list[str]:
    """The link addresses of ``text`` in order: ``href``s, and Markdown link targets in
    the rule pages' segments."""
    found = [next(g for g in m.groups() if g is not None) for m in HREF.finditer(text)]
    if segment:
        found += [m.group(1) for m in MARKDOWN_LINK.finditer(text)]
    return found


def nesting_problem(text: str) -> str | None:
    """The first tag of ``text`` that closes another's element, closes nothing, or is
    never closed; None when its tags nest."""
    open_tags: list[str] = []
    for match in TAG.finditer(text):
        closing, name = match.group(1), match.group(2).lower()
        if name in VOID or match.group(3).rstrip().endswith("/"):
            continue
        if not closing:
            open_tags.append(name)
        elif not open_tags:
            return f"{_quoted(f'</{name}>')} closes nothing"
        elif open_tags[-1] != name:
            return f"{_quoted(f'</{name}>')} closes {_quoted(f'<{open_tags[-1]}>')}"
        else:
            open_tags.pop()
    return f"{_quoted(f'<{open_tags[-1]}>')} is never closed" if open_tags else None


def _elements(found: Counter[str]) -> str:
    return ", ".join(_quoted(mark) for mark in sorted(found.elements()))


def _marks_problem(english: str, translation: str, segment: bool) -> str | None:
    if nesting_problem(english) is None:
        problem = nesting_problem(translation)
        if problem:
            return problem
    expected, found = marks(english, segment), marks(translation, segment)
    if expected == found:
        return None
    parts = []
    if expected - found:
        parts.append(f"missing {_elements(expected - found)}")
    if found - expected:
        parts.append(f"extra {_elements(found - expected)}")
    return "; ".join(parts)


def _links_problem(english: str, translation: str, segment: bool) -> str | None:
    expected, found = links(english, segment), links(translation, segment)
    if Counter(expected) == Counter(found):
        return None
    missing = list((Counter(expected) - Counter(found)).elements())
    extra = list((Counter(found) - Counter(expected)).elements())
    if len(missing) == len(extra):
        changes = [f"{_quoted(a)} became {_quoted(b)}" for a, b in zip(missing, extra, strict=True)]
        return "link address changed: " + ", ".join(changes)
    parts = []
    if missing:
        parts.append("link removed: " + ", ".join(map(_quoted, missing)))
    if extra:
        parts.append("link added: " + ", ".join(map(_quoted, extra)))
    return "; ".join(parts)


def markup_problems(english: str, translation: str, *, segment: bool) -> list[tuple[str, str]]:
    """``(kind, detail)`` for the markup and the links ``translation`` breaks, at most one
    of each kind; empty when it keeps them."""
    problems = []
    if problem := _marks_problem(english, translation, segment):
        problems.append(("markup", problem))
    if problem := _links_problem(english, translation, segment):
        problems.append(("link", problem))
    return problems


def entry_markup_problems(
    english: tuple[str, ...], translations: tuple[str, ...], *, segment: bool
) -> list[tuple[str, str]]:
    """:func:`markup_problems` of each translated form of one entry, held to whichever
    English form it matches best (a plural form may follow either); the form is named
    when the entry has plural forms."""
    problems: list[tuple[str, str]] = []
    for index, translation in enumerate(translations):
        if not translation:
            continue
        found = [markup_problems(form, translation, segment=segment) for form in english]
        if all(found):
            form = f"plural form {index}: " if len(english) > 1 else ""
            problems += [(kind, form + detail) for kind, detail in found[-1]]
    return problems
