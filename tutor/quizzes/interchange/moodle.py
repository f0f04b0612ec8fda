"""Snapshots as Moodle XML, the format Moodle's question bank imports whole.

The shape follows Moodle's importer (``question/format/xml/format.php``): a ``<quiz>``
of ``<question type="...">`` elements, each with ``<name>``, ``<questiontext>``,
``<generalfeedback>``, ``<defaultgrade>`` (the points), and its answers as
``<answer fraction="...">`` (a percentage). A question of one part is a ``multichoice``
(``<single>false</single>`` for several right choices, ``marks.weights``), a
``truefalse`` (answers ``true`` and ``false``) or a ``numerical`` (``<tolerance>``); a
question of several parts is a ``cloze``, its parts embedded in its text.

Texts are written as escaped HTML (``format="html"``, line breaks as ``<br>``) rather
than ``plain_text``: Moodle edits question text in its HTML editor, where a plain text
loses its line breaks on the first save; a cloze question must be HTML anyway (its
embedded answers are read as HTML, ``qtype_multianswer_extract_question``); and one
format for every question keeps the file simple. Numbers are written with a ``.``
whatever the page language.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace
from decimal import Decimal
from xml.etree import ElementTree as ET

from django.utils.translation import pgettext

from .marks import part_marks, plain_number, weights
from .snapshot import MULTIPLE, NUMBER, SINGLE, TRUE_FALSE, Part, Snapshot

#: Characters XML 1.0 cannot hold (controls other than tab and line breaks).
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
#: In an embedded (cloze) answer Moodle ends the answer at ``~``, ``#`` or ``}`` and reads
#: ``=`` or ``%n%`` at its start as its weight; it decodes character references in it, so
#: these are written as references (``&`` too, so that ``&lt;`` stays text).
CLOZE_SPECIAL = frozenset('~#}{\\"/=%:&')
PENALTY = "0.3333333"


def as_html(text: str) -> str:
    """Plain text as HTML that shows it as written.

    >>> as_html("A < B\\nand C & D")
    'A &lt; B<br>and C &amp; D'
    """
    return html.escape(NOT_XML.sub("", text), quote=False).replace("\n", "<br>")


def cloze_answer(text: str) -> str:
    """A choice as an embedded answer: the HTML Moodle should keep, with every character
    the cloze syntax reads written as a character reference.

    >>> cloze_answer("A~B #1 {x} <b>")
    'A&#126;B &#35;1 &#123;x&#125; &#38;lt;b&#38;gt;'
    """
    kept = html.escape(NOT_XML.sub("", " ".join(text.split())), quote=False)
    return "".join(f"&#{ord(ch)};" if ch in CLOZE_SPECIAL else ch for ch in kept)


def _text(parent: ET.Element, tag: str, value: str, **attrs: str) -> ET.Element:
    element = ET.SubElement(parent, tag, attrs)
    ET.SubElement(element, "text").text = value
    return element


def _header(snapshot: Snapshot, kind: str, question_html: str, grade: int) -> ET.Element:
    element = ET.Element("question", {"type": kind})
    _text(element, "name", NOT_XML.sub("", snapshot.name))
    _text(element, "questiontext", question_html, format="html")
    _text(element, "generalfeedback", as_html(snapshot.explanation), format="html")
    ET.SubElement(element, "defaultgrade").text = str(grade)
    ET.SubElement(element, "penalty").text = PENALTY
    ET.SubElement(element, "hidden").text = "0"
    return element


def _answer(
    parent: ET.Element, fraction: str, text: str, fmt: str = "html", feedback: str = ""
) -> ET.Element:
    answer = _text(parent, "answer", text, fraction=fraction, format=fmt)
    _text(answer, "feedback", as_html(feedback) if feedback else "", format="html")
    return answer


def _multichoice(snapshot: Snapshot, part: Part) -> ET.Element:
    element = _header(snapshot, "multichoice", as_html(snapshot.text), snapshot.points)
    ET.SubElement(element, "single").text = "false" if part.kind == MULTIPLE else "true"
    ET.SubElement(element, "shuffleanswers").text = "false"
    ET.SubElement(element, "answernumbering").text = "abc"
    for name in ("correctfeedback", "partiallycorrectfeedback", "incorrectfeedback"):
        _text(element, name, "", format="html")
    said = part.feedback or ("",) * len(part.choices)
    for weight, choice, feedback in zip(weights(part), part.choices, said, strict=True):
        _answer(element, weight, as_html(choice), feedback=feedback)
    return element


def _truefalse(snapshot: Snapshot, part: Part) -> ET.Element:
    element = _header(snapshot, "truefalse", as_html(snapshot.text), snapshot.points)
    truth = part.right == (1,)
    after_false, after_true = part.feedback or ("", "")
    _answer(element, "100" if truth else "0", "true", "moodle_auto_format", after_true)
    _answer(element, "0" if truth else "100", "false", "moodle_auto_format", after_false)
    return element


def _numerical(snapshot: Snapshot, part: Part) -> ET.Element:
    element = _header(snapshot, "numerical", as_html(snapshot.text), snapshot.points)
    number = part.number if part.number is not None else Decimal(0)
    answer = _answer(element, "100", plain_number(number), "moodle_auto_format")
    ET.SubElement(answer, "tolerance").text = plain_number(part.tolerance)
    ET.SubElement(element, "showunits").text = "3"  # no units
    return element


def embedded(part: Part, mark: int) -> str:
    """A part as a cloze embedded answer: ``{1:MULTICHOICE:=a~b}``, several right
    choices as ``MULTIRESPONSE`` with weights, true or false as a choice of the two words,
    a number as ``{1:NUMERICAL:=12.5:0.5}``."""
    if part.kind == SINGLE:
        body = "~".join(
            ("=" if weight == "100" else "") + cloze_answer(choice)
            for weight, choice in zip(weights(part), part.choices, strict=True)
        )
        return f"{{{mark}:MULTICHOICE:{body}}}"
    if part.kind == MULTIPLE:
        # Whole percentages: Moodle scales the right ones to add up to 100 % (all are
        # equal here), and older versions read no decimals in an embedded weight.
        body = "~".join(
            f"%{int(Decimal(weight))}%{cloze_answer(choice)}"
            for weight, choice in zip(weights(part), part.choices, strict=True)
        )
        return f"{{{mark}:MULTIRESPONSE:{body}}}"
    if part.kind == TRUE_FALSE:
        words = [pgettext("true or false", "True"), pgettext("true or false", "False")]
        right = 0 if part.right == (1,) else 1
        body = "~".join(("=" if i == right else "") + cloze_answer(w) for i, w in enumerate(words))
        return f"{{{mark}:MULTICHOICE:{body}}}"
    if part.kind == NUMBER:
        number = plain_number(part.number if part.number is not None else Decimal(0))
        return f"{{{mark}:NUMERICAL:={number}:{plain_number(part.tolerance)}}}"
    raise ValueError(f"no cloze form for a part of kind {part.kind!r}")


def _cloze(snapshot: Snapshot) -> ET.Element:
    marks = part_marks(snapshot.points, len(snapshot.parts))
    assert sum(marks) == snapshot.points, "scaled() gives each part a whole mark"
    # Braces of the text itself as references, so that no text is read as an answer.
    text = as_html(snapshot.text).replace("{", "&#123;").replace("}", "&#125;")
    lines = [
        f"{as_html(part.label).replace('{', '&#123;').replace('}', '&#125;')} "
        f"{embedded(part, mark)}"
        for part, mark in zip(snapshot.parts, marks, strict=True)
    ]
    question_html = "<p>" + text + "</p><p>" + "<br>".join(lines) + "</p>"
    return _header(snapshot, "cloze", question_html, sum(marks))


def question(snapshot: Snapshot) -> ET.Element:
    if len(snapshot.parts) != 1:
        return _cloze(snapshot)
    part = snapshot.parts[0]
    if part.kind in (SINGLE, MULTIPLE):
        return _multichoice(snapshot, part)
    if part.kind == TRUE_FALSE:
        return _truefalse(snapshot, part)
    if part.kind == NUMBER:
        return _numerical(snapshot, part)
    raise ValueError(f"no Moodle question for a part of kind {part.kind!r}")


def category_path(category: str) -> str:
    """A category below the one imported into (``/`` in a name is written ``//``)."""
    return " ".join(category.split()).replace("/", "//")


def scale(snapshots: list[Snapshot]) -> int:
    """What every question's points are multiplied by in Moodle: 1, unless a question has
    more parts than points. Moodle marks each embedded answer of a Cloze question with a
    whole number, at least 1, and makes the question's mark their sum (``<defaultgrade>``
    is not read for Cloze), so such a question cannot be worth its points; then every
    mark of the file is multiplied alike, which keeps each question's weight in the quiz.

    >>> one = Snapshot("q", "en", "?", (Part("number"),), points=3)
    >>> two = Snapshot("q", "en", "?", (Part("number"), Part("number")), points=1)
    >>> scale([one]), scale([one, two])
    (1, 2)
    """
    several = [s for s in snapshots if len(s.parts) > 1]
    return max((-(-len(s.parts) // max(1, s.points)) for s in several), default=1)


def write(snapshots: list[Snapshot], category: str) -> bytes:
    """A Moodle XML file of the snapshots, in a category named ``category``, as UTF-8;
    each question's mark is its points (times :func:`scale`)."""
    root = ET.Element("quiz")
    holder = ET.SubElement(root, "question", {"type": "category"})
    _text(holder, "category", NOT_XML.sub("", category_path(category)))
    times = scale(snapshots)
    for snapshot in snapshots:
        root.append(question(replace(snapshot, points=snapshot.points * times)))
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode", short_empty_elements=False)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n").encode("utf-8")
