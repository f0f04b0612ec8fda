"""The GIFT writer: its escaping, each kind of part, and a round trip through the reader
(which reads as Moodle's GIFT importer does)."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from tutor.quizzes.interchange import gift
from tutor.quizzes.interchange.gift_reader import read
from tutor.quizzes.interchange.snapshot import MULTIPLE, NUMBER, SINGLE, TRUE_FALSE, Part, Snapshot

HOSTILE = 'a~b=c#d{e}f:g\\h/i"j%k&l<b>m</b>####n //o'


def snap(*parts: Part, text: str = "Who wins?", explanation: str = "", name: str = "Q") -> Snapshot:
    return Snapshot(name=name, language="en", text=text, parts=parts, explanation=explanation)


@pytest.mark.parametrize("ch", list("~=#{}:\\"))
def test_gift_escape_every_special_character(ch: str) -> None:
    assert gift.escape(f"x{ch}y") == f"x\\{ch}y"


def test_gift_escape_line_breaks_so_no_blank_line_splits_a_question() -> None:
    written = gift.write([snap(Part(TRUE_FALSE, right=(1,)), text="one\n\ntwo\r\nthree")], "C")
    question = written.split("\n\n")[-1]
    assert "one\\n\\ntwo\\nthree" in question
    assert read(written).found[0].prompt == "one\n\ntwo\nthree"


def test_gift_file_starts_with_a_category_named_after_the_quiz() -> None:
    written = gift.write([snap(Part(TRUE_FALSE, right=(1,)))], "Week 3/pots", "A heading")
    assert written.startswith("// A heading\n\n$CATEGORY: Week 3//pots\n\n")
    assert read(written).found[0].category == "Week 3/pots"


def test_gift_single_choice() -> None:
    written = gift.write(
        [snap(Part(SINGLE, choices=("A", "B", "Tie"), right=(1,)), explanation="Why")], "C"
    )
    assert "::Q::[plain]Who wins?{\n\t~A\n\t=B\n\t~Tie\n\t####Why\n}" in written
    found = read(written).found[0]
    assert (found.kind, found.choices, found.right, found.explanation) == (
        "single",
        ("A", "B", "Tie"),
        (1,),
        "Why",
    )


def test_gift_several_right_weights_add_up_to_100() -> None:
    part = Part(MULTIPLE, choices=("a", "b", "c", "d"), right=(0, 1, 3))
    written = gift.write([snap(part)], "C")
    assert "~%33.33333%a\n\t~%33.33333%b\n\t~%-100%c\n\t~%33.33333%d" in written
    found = read(written).found[0]
    assert (found.kind, found.right) == ("multiple", (0, 1, 3))


@pytest.mark.parametrize("right,word", [((1,), "TRUE"), ((0,), "FALSE")])
def test_gift_true_false(right: tuple[int, ...], word: str) -> None:
    written = gift.write([snap(Part(TRUE_FALSE, right=right), explanation="Because")], "C")
    assert f"{{{word}####Because}}" in written
    found = read(written).found[0]
    assert (found.kind, found.right, found.explanation) == ("truefalse", right, "Because")


def test_gift_number_with_margin_and_a_decimal_point() -> None:
    part = Part(NUMBER, number=Decimal("-1234.50"), tolerance=Decimal("0.25"))
    written = gift.write([snap(part)], "C")
    assert "{#\n\t=-1234.5:0.25\n}" in written
    found = read(written).found[0]
    assert (found.kind, found.number, found.tolerance) == (
        "number",
        Decimal("-1234.5"),
        Decimal("0.25"),
    )


def test_gift_several_parts_become_questions_with_the_shared_text() -> None:
    snapshot = snap(
        Part(NUMBER, "Main pot: amount", number=Decimal(300)),
        Part(MULTIPLE, "Main pot: who can win it", choices=("Seat 1", "Seat 2"), right=(0, 1)),
        text="Three players are all-in.",
        name="Side pots",
    )
    found = read(gift.write([snapshot], "C")).found
    assert [f.title for f in found] == ["Side pots (1/2)", "Side pots (2/2)"]
    assert found[0].prompt == "Three players are all-in.\n\nMain pot: amount"
    assert found[1].prompt == "Three players are all-in.\n\nMain pot: who can win it"
    assert (found[0].kind, found[1].kind) == ("number", "multiple")


def test_gift_round_trip_keeps_every_special_character() -> None:
    choices = (HOSTILE, "%50%looks like a weight", "[html]<i>looks like a format</i>", "=x")
    snapshot = snap(
        Part(SINGLE, choices=choices, right=(2,)),
        text=HOSTILE + "\nsecond line",
        explanation="[markdown] " + HOSTILE,
        name=HOSTILE,
    )
    reading = read(gift.write([snapshot], HOSTILE))
    assert reading.left == []
    found = reading.found[0]
    assert found.title == HOSTILE
    assert found.prompt == HOSTILE + "\nsecond line"
    assert found.choices == choices
    assert found.right == (2,)
    assert found.explanation == "[markdown] " + HOSTILE


def test_gift_round_trip_of_many_questions_keeps_their_order() -> None:
    snapshots = [
        snap(Part(SINGLE, choices=(f"a{i}", f"b{i}"), right=(i % 2,)), name=f"Q{i}")
        for i in range(30)
    ]
    found = read(gift.write(snapshots, "C")).found
    assert [f.title for f in found] == [f"Q{i}" for i in range(30)]
    assert [f.right for f in found] == [(i % 2,) for i in range(30)]


@pytest.mark.django_db
def test_gift_round_trip_of_own_questions_keeps_feedback_and_partial_credit() -> None:
    """Export → import gives the same questions, each answer's feedback and partial credit
    with them (issue 23), in every kind."""
    from django.contrib.auth import get_user_model

    from tutor.drills.own_question import Question, Text
    from tutor.quizzes.interchange import importer
    from tutor.quizzes.interchange.own import own_snapshot

    d = Decimal
    records = [
        Question(
            "single",
            (Text("en", "Best?", ("A#1", "B {x}", "C"), "Why.", ("Yes!", "Close: 50 %", "")),),
            (0,),
            credit=(d(100), d(50), d(0)),
        ),
        Question(
            "multiple",
            (Text("en", "Pairs?", ("AA", "QQ", "AK"), "", ("", "", "Not a pair.")),),
            (0, 1),
            credit=(d(50), d(50), d(0)),
        ),
        Question("multiple", (Text("en", "Pairs, all?", ("AA", "QQ", "AK")),), (0, 1)),
        Question(
            "truefalse", (Text("en", "A flush beats a straight.", (), "", ("No.", "Yes.")),), (1,)
        ),
        Question("truefalse", (Text("en", "Two pair beats a set.", (), "", ("Right.", "")),), (0,)),
        Question("number", (Text("en", "Cards in a deck?"),), number=d(52)),
    ]
    text = gift.write([own_snapshot(r, "en", 1) for r in records], "Mine")
    reading = read(text)
    assert not reading.left
    owner = get_user_model().objects.create_user("t", "t@example.org", "pw-long-1234")
    plan = importer.plan(reading, "en", "", owner)
    # Several right choices of all or nothing are written with Moodle's weights (each
    # right one a share of 100 %, each wrong one -100 %), and read back as Moodle reads
    # them: as partial credit (issue 23).
    moodle = replace(records[2], credit=(d(50), d(50), d(-100)))
    assert [item.record for item in plan.ready] == [*records[:2], moodle, *records[3:]]
