"""The Moodle XML writer: read back as Moodle's XML importer reads it (element names,
``type`` attributes, fractions, ``<defaultgrade>``, ``<generalfeedback>``), and the cloze
syntax as Moodle's cloze parser reads it (ported in ``moodle_reading``)."""

from __future__ import annotations

import functools
from decimal import Decimal
from xml.etree import ElementTree as ET

import pytest
from django.utils import translation
from django.utils.translation import pgettext

from tutor.quizzes.interchange import moodle
from tutor.quizzes.interchange.snapshot import MULTIPLE, NUMBER, SINGLE, TRUE_FALSE, Part, Snapshot

from .moodle_reading import embedded, shown, text_of

#: Every character any of the formats treats specially, and markup.
HOSTILE = 'a~b=c#d{e}f:g\\h/i"j%k&l<b>m</b>&amp;n'


def parse(snapshots: list[Snapshot], category: str = "Friday's class") -> ET.Element:
    data = moodle.write(snapshots, category)
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<quiz>')
    root = ET.fromstring(data)
    assert root.tag == "quiz"
    return root


def single(**changes: object) -> Snapshot:
    values: dict[str, object] = {
        "name": "Pick the winner",
        "language": "en",
        "text": "Who wins?\nPlayer A: K♠ K♦",
        "parts": (Part(SINGLE, choices=("Player A", "Player B", "Tie"), right=(1,)),),
        "explanation": "A pair beats high card.",
        "points": 3,
    }
    return Snapshot(**{**values, **changes})  # type: ignore[arg-type]


def test_moodle_category_first_named_after_the_quiz() -> None:
    root = parse([single()], category="Week 3/showdowns")
    first = root.findall("question")[0]
    assert first.get("type") == "category"
    assert text_of(first, "category/text") == "Week 3//showdowns"


def test_moodle_single_choice_structure() -> None:
    question = parse([single()]).findall("question")[1]
    assert question.get("type") == "multichoice"
    assert text_of(question, "name/text") == "Pick the winner"
    questiontext = question.find("questiontext")
    assert questiontext is not None and questiontext.get("format") == "html"
    assert shown(text_of(question, "questiontext/text")) == "Who wins?\nPlayer A: K♠ K♦"
    assert shown(text_of(question, "generalfeedback/text")) == "A pair beats high card."
    assert text_of(question, "defaultgrade") == "3"
    assert text_of(question, "single") == "true"
    answers = question.findall("answer")
    assert [a.get("fraction") for a in answers] == ["0", "100", "0"]
    assert [shown(text_of(a, "text")) for a in answers] == ["Player A", "Player B", "Tie"]
    assert all(a.find("feedback/text") is not None for a in answers)


@pytest.mark.parametrize("right", [(0,), (0, 2), (0, 1, 2), (1, 2, 3, 4, 5, 6, 7)])
def test_moodle_several_right_fractions_add_up_to_100(right: tuple[int, ...]) -> None:
    choices = tuple(f"Seat {i}" for i in range(1, 9))
    snapshot = single(parts=(Part(MULTIPLE, choices=choices, right=right),))
    question = parse([snapshot]).findall("question")[1]
    assert text_of(question, "single") == "false"
    fractions = [Decimal(a.get("fraction") or "x") for a in question.findall("answer")]
    # Moodle checks the right ones add up to 1 at two decimals, and every fraction is one
    # of its grade options within 0.00001: 1/n, or -1 for a wrong one.
    assert round(sum(f for f in fractions if f > 0) / 100, 2) == 1
    for i, fraction in enumerate(fractions):
        if i in right:
            assert abs(fraction / 100 - Decimal(1) / len(right)) < Decimal("0.00001")
        else:
            assert fraction == -100


def test_moodle_true_false_answers_are_named_true_and_false() -> None:
    for right, expected in (((1,), ["100", "0"]), ((0,), ["0", "100"])):
        snapshot = single(parts=(Part(TRUE_FALSE, right=right),))
        question = parse([snapshot]).findall("question")[1]
        assert question.get("type") == "truefalse"
        answers = question.findall("answer")
        assert [text_of(a, "text") for a in answers] == ["true", "false"]
        assert [a.get("fraction") for a in answers] == expected


@pytest.mark.parametrize("language", ["en", "cs", "bn", "hi"])
def test_moodle_numbers_have_a_decimal_point_in_every_language(language: str) -> None:
    snapshot = single(
        parts=(Part(NUMBER, number=Decimal("1234.5"), tolerance=Decimal("0.25")),), points=2
    )
    with translation.override(language):
        question = parse([snapshot]).findall("question")[1]
    assert question.get("type") == "numerical"
    answer = question.find("answer")
    assert answer is not None and answer.get("fraction") == "100"
    assert text_of(answer, "text") == "1234.5"
    assert text_of(answer, "tolerance") == "0.25"
    assert text_of(question, "defaultgrade") == "2"


def test_moodle_text_is_escaped_html_and_shows_as_written() -> None:
    snapshot = single(
        name=HOSTILE,
        text=HOSTILE + "\nline two",
        explanation=HOSTILE,
        parts=(Part(SINGLE, choices=(HOSTILE, "other"), right=(0,)),),
    )
    question = parse([snapshot]).findall("question")[1]
    assert text_of(question, "name/text") == HOSTILE
    raw = text_of(question, "questiontext/text")
    assert "<b>" not in raw and "<br>" in raw
    assert shown(raw) == HOSTILE + "\nline two"
    assert shown(text_of(question, "generalfeedback/text")) == HOSTILE
    assert shown(text_of(question, "answer/text")) == HOSTILE


def cloze_snapshot(choices: tuple[str, ...] = ("Seat 1", "Seat 2", "Seat 3")) -> Snapshot:
    return single(
        name="Side pots",
        text="Split the pots {or not}: #1",
        parts=(
            Part(NUMBER, "Main pot: amount", number=Decimal("1350.5"), tolerance=Decimal(1)),
            Part(MULTIPLE, "Main pot: who can win it", choices=choices, right=(0, 2)),
            Part(SINGLE, "Who acts next?", choices=choices, right=(1,)),
            Part(TRUE_FALSE, "The button is all-in.", right=(0,)),
        ),
        points=4,
    )


def test_moodle_several_parts_make_one_cloze_question() -> None:
    question = parse([cloze_snapshot()]).findall("question")[1]
    assert question.get("type") == "cloze"
    text, subs = embedded(text_of(question, "questiontext/text"))
    assert [s.type for s in subs] == ["NUMERICAL", "MULTIRESPONSE", "MULTICHOICE", "MULTICHOICE"]
    # Each part is read once; the question's own braces are never read as answers.
    assert [f"{{#{i}}}" in text for i in range(1, 5)] == [True] * 4
    assert "{or not}" in shown(text)
    number, several, one, truth = subs
    assert number.answers == ["1350.5"] and number.tolerances == ["1"]
    assert number.fractions == [1]
    assert several.answers == ["Seat 1", "Seat 2", "Seat 3"]
    assert [f > 0 for f in several.fractions] == [True, False, True]
    assert one.fractions == [0, 1, 0]
    assert truth.answers == ["True", "False"] and truth.fractions == [0, 1]
    # The parts' marks add up to the points, which Moodle takes as the question's mark.
    assert sum(s.mark for s in subs) == 4 == int(text_of(question, "defaultgrade"))


def test_moodle_cloze_choices_keep_every_special_character() -> None:
    tricky = (HOSTILE, "=starts with equals", "%50%looks like a weight", "ends with \\")
    question = parse([cloze_snapshot(tricky)]).findall("question")[1]
    _text, subs = embedded(text_of(question, "questiontext/text"))
    several, one = subs[1], subs[2]
    for sub in (several, one):
        # Moodle keeps a choice as HTML: shown, it reads as the teacher wrote it.
        assert [shown(answer) for answer in sub.answers] == list(tricky)
        assert len(sub.fractions) == len(tricky)
    assert one.fractions == [0, 1, 0, 0]


def test_moodle_cloze_true_false_words_are_in_the_page_language() -> None:
    with translation.override("cs"):
        question = parse([cloze_snapshot()]).findall("question")[1]
        words = [pgettext("true or false", "True"), pgettext("true or false", "False")]
    _text, subs = embedded(text_of(question, "questiontext/text"))
    assert subs[3].answers == words


def test_moodle_drops_characters_xml_cannot_hold() -> None:
    question = parse([single(text="bell\x07 and\x0b tab\tok")]).findall("question")[1]
    assert shown(text_of(question, "questiontext/text")) == "bell and tab\tok"


def every_quiz_drill() -> list[dict]:
    """A question of every quiz drill at every level (dealt once for the module)."""
    return [dict(entry) for entry in _dealt()]


@functools.cache
def _dealt() -> tuple[dict, ...]:
    from tutor.drills.registry import quiz_drills
    from tutor.drills.written import deal

    # Not the RTP drill: its tables take seconds to build, and its questions have one part,
    # as many others here do.
    drills = [drill for drill in quiz_drills() if drill.slug != "teenpatti-rtp"]
    return tuple(dict(deal(drill, level, 1)) for drill in drills for level in drill.levels)


def moodle_marks(entries: list[dict]) -> list[Decimal]:
    """Each question's mark as Moodle's importer makes it: a cloze's is the sum of its
    embedded marks (its ``<defaultgrade>`` is not read), any other's its
    ``<defaultgrade>``."""
    from tutor.quizzes.interchange.exports import snapshots

    with translation.override("en"):
        root = parse(snapshots(entries))
    marks = []
    for question in root.findall("question")[1:]:
        if question.get("type") == "cloze":
            _text, subs = embedded(text_of(question, "questiontext/text"))
            marks.append(sum(Decimal(sub.mark) for sub in subs))
        else:
            marks.append(Decimal(text_of(question, "defaultgrade")))
    assert len(marks) == len(entries)
    return marks


def test_moodle_marks_equal_each_questions_points() -> None:
    """Every quiz drill's question, at points from 8 (more than any question has parts)
    up, read back as Moodle's importer reads it (issue 23)."""
    entries = [{**e, "points": 8 + i % 5} for i, e in enumerate(every_quiz_drill())]
    assert moodle_marks(entries) == [e["points"] for e in entries]


def test_moodle_marks_keep_the_weights_when_a_part_cannot_have_a_whole_mark() -> None:
    """Regression (issue 23): a question of two parts worth one point was marked 2 in
    Moodle, its neighbours their points. It cannot be marked 1 (each embedded answer takes
    a whole mark): every mark of the file is multiplied alike, never one question's alone."""
    entries = every_quiz_drill()
    for i, entry in enumerate(entries):
        entry["points"] = 1 + i % 3
    marks = moodle_marks(entries)
    times = marks[0] / entries[0]["points"]
    assert times > 1 and marks == [e["points"] * times for e in entries]


def test_moodle_keeps_each_answers_feedback_and_partial_credit() -> None:
    """An imported question's partial credit and per-answer feedback go back out whole."""
    part = Part(
        SINGLE,
        choices=("Full house", "Straight", "Pair"),
        right=(0,),
        feedback=("Yes.", "Close: a straight loses to a flush.", ""),
        credit=(Decimal(100), Decimal(50), Decimal(0)),
    )
    question = parse([single(parts=(part,))]).findall("question")[1]
    answers = question.findall("answer")
    assert [a.get("fraction") for a in answers] == ["100", "50", "0"]
    assert [shown(text_of(a, "feedback/text")) for a in answers] == [
        "Yes.",
        "Close: a straight loses to a flush.",
        "",
    ]
    truth = Part(TRUE_FALSE, right=(0,), feedback=("Right.", "No: it is false."))
    question = parse([single(parts=(truth,))]).findall("question")[1]
    said = {
        text_of(a, "text"): shown(text_of(a, "feedback/text")) for a in question.findall("answer")
    }
    assert said == {"true": "No: it is false.", "false": "Right."}
