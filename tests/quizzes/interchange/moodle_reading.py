"""What Moodle's importers read from our files, ported to Python for the tests: the
embedded-answer (cloze) syntax of ``qtype_multianswer_extract_question``
(``question/type/multianswer/questiontype.php``), and the fields of a Moodle XML question
that ``question/format/xml/format.php`` reads. The tests write with our writers and read
back with these, so a file is checked as Moodle would take it, not as we meant it."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from decimal import Decimal
from xml.etree import ElementTree as ET

# Moodle's regular expressions; PHP's ``(?<!\\|&|&amp;)`` is three fixed-width look-behinds.
FRACTION = r"=|%(-?[0-9]+(?:[.,][0-9]*)?)%"
ANSWER = r".+?(?<!\\)(?<!&)(?<!&amp;)(?=[~#}]|$)"
FEEDBACK = r".*?(?<!\\)(?=[~}]|$)"
ALTERNATIVE = f"({FRACTION})?({ANSWER})(#({FEEDBACK}))?"
PLAIN_ALTERNATIVE = f"(?:{FRACTION.replace('(-?', '(?:-?')})?(?:{ANSWER})(?:#(?:{FEEDBACK}))?"
TYPES = (
    "NUMERICAL|NM|MULTICHOICE_VS|MCVS|MULTICHOICE_HS|MCHS|MULTICHOICE_V|MCV|MULTICHOICE_H|MCH|"
    "MULTICHOICE_S|MCS|MULTICHOICE|MC|SHORTANSWER_C|SAC|MWC|SHORTANSWER|SA|MW|"
    "MULTIRESPONSE_HS|MRHS|MULTIRESPONSE_H|MRH|MULTIRESPONSE_S|MRS|MULTIRESPONSE|MR"
)
EMBEDDED = re.compile(
    r"\{(?P<mark>[0-9]*):(?P<type>"
    + TYPES
    + r"):(?P<alts>"
    + PLAIN_ALTERNATIVE
    + "(?:~"
    + PLAIN_ALTERNATIVE
    + r")*)\}",
    re.S,
)
NUMERICAL = re.compile(
    r"^(-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?))(:-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?))?$",
    re.S,
)


@dataclass
class Sub:
    """One embedded answer as Moodle keeps it."""

    mark: int
    type: str
    fractions: list[Decimal]
    answers: list[str]  # the answer as stored (HTML for choices)
    tolerances: list[str]


def embedded(text: str) -> tuple[str, list[Sub]]:
    """The question text with ``{#1}`` for each embedded answer, and the answers."""
    subs = []
    position = 1
    while match := EMBEDDED.search(text):
        fractions, answers, tolerances = [], [], []
        remaining = match.group("alts")
        while alt := re.search("~?" + ALTERNATIVE, remaining, re.S):
            if alt.group(1) == "=":
                fractions.append(Decimal(1))
            elif alt.group(2):
                fractions.append(Decimal(alt.group(2).replace(",", ".")) / 100)
            else:
                fractions.append(Decimal(0))
            answer = alt.group(3)
            number = NUMERICAL.match(answer) if match.group("type") in ("NUMERICAL", "NM") else None
            if number:
                answers.append(number.group(1))
                tolerances.append((number.group(5) or ":0")[1:])
            else:
                answers.append(html.unescape(answer).replace("\\}", "}").replace("\\#", "#"))
            remaining = remaining.split(alt.group(0), 1)[1]
        subs.append(
            Sub(int(match.group("mark") or 1), match.group("type"), fractions, answers, tolerances)
        )
        text = text.replace(match.group(0), f"{{#{position}}}", 1)
        position += 1
    return text, subs


def shown(markup: str) -> str:
    """What HTML written by the writer shows: ``<br>`` as line breaks, entities decoded."""
    return html.unescape(
        re.sub(r"<br\s*/?>", "\n", markup).replace("<p>", "").replace("</p>", "\n")
    ).strip()


def text_of(element: ET.Element, path: str) -> str:
    found = element.find(path)
    assert found is not None, path
    return found.text or ""
