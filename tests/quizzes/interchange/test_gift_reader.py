"""The GIFT reader: every form the bank can hold, every form it reports, broken and
hostile text. The examples follow Moodle's GIFT documentation and its importer."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tutor.quizzes.interchange.gift_reader import MAX_QUESTIONS, Found, read


def one(text: str) -> Found:
    reading = read(text)
    assert reading.left == [], reading.left
    assert len(reading.found) == 1, reading.found
    return reading.found[0]


def reason(text: str) -> str:
    reading = read(text)
    assert reading.found == [], reading.found
    assert len(reading.left) == 1, reading.left
    return reading.left[0].reason


def test_read_single_choice_with_title_and_comments() -> None:
    found = one(
        "// question: 1 name: Grant\n::Grant's tomb::Who's buried in Grant's tomb?{~Grant ~Jefferson =no one}"
    )
    assert found.title == "Grant's tomb"
    assert found.prompt == "Who's buried in Grant's tomb?"
    assert (found.kind, found.choices, found.right) == (
        "single",
        ("Grant", "Jefferson", "no one"),
        (2,),
    )
    assert found.line == 2


def test_read_answers_over_several_lines_and_general_feedback() -> None:
    found = one("What is 2+2?{\n  =four\n  ~three\n  ~five\n  ####Count on your fingers.\n}")
    assert found.choices == ("four", "three", "five")
    assert found.explanation == "Count on your fingers."


def test_read_several_right_choices_by_weight() -> None:
    found = one("Which are red?{~%50%hearts ~%50%diamonds ~%-100%spades ~%-100%clubs}")
    assert (found.kind, found.right) == ("multiple", (0, 1))


def test_read_one_positive_weight_without_equals_is_several_right() -> None:
    found = one("Tick the ace{~%100%A ~%-50%K}")
    assert (found.kind, found.right) == ("multiple", (0,))


def test_read_partial_credit_beside_a_right_choice_is_kept() -> None:
    """Regression (issue 23): partial credit was dropped (and only noted)."""
    found = one("Best?{=A ~%50%B ~C}")
    assert (found.kind, found.right, found.notes) == ("single", (0,), ())
    assert found.credit == (Decimal(100), Decimal(50), Decimal(0))


def test_read_several_right_choices_with_their_own_weights_keep_them() -> None:
    found = one("Pairs?{~%50%AA ~%50%QQ ~%0%AK}")
    assert (found.kind, found.right) == ("multiple", (0, 1))
    assert found.credit == (Decimal(50), Decimal(50), Decimal(0))


def test_read_the_usual_weights_of_several_right_choices_are_partial_credit() -> None:
    """Regression (issue 23): weights sharing 100 % with -100 % for each wrong choice
    were read as all or nothing; Moodle gives a share for each right choice ticked."""
    found = one("Made?{ ~%50%One pair ~%50%Two pair ~%-100%High card }")
    assert (found.kind, found.right) == ("multiple", (0, 1))
    assert found.credit == (Decimal(50), Decimal(50), Decimal(-100))


def test_read_answer_feedback_is_kept() -> None:
    """Regression (issue 23): each answer's feedback was dropped (and only noted)."""
    found = one("Who?{=A#Yes ~B#No ~C}")
    assert found.choices == ("A", "B", "C") and found.notes == ()
    assert found.feedback == ("Yes", "No", "")


def test_read_missing_word_shows_a_blank() -> None:
    found = one("Mahatma Gandhi's birthday is an Indian holiday on {~15th ~3rd =2nd} of October.")
    assert found.prompt == "Mahatma Gandhi's birthday is an Indian holiday on _____ of October."


@pytest.mark.parametrize(
    "answer,right", [("T", (1,)), ("TRUE", (1,)), ("F", (0,)), ("FALSE", (0,))]
)
def test_read_true_false(answer: str, right: tuple[int, ...]) -> None:
    found = one(f"Grant was buried in a tomb in New York City.{{{answer}}}")
    assert (found.kind, found.right) == ("truefalse", right)


def test_read_true_false_with_feedback() -> None:
    """The feedback after a wrong answer, then after a right one; kept by the answer
    chosen: after "false" (right here), after "true"."""
    found = one("The sun rises in the west.{FALSE#No.#Right.####It rises in the east.}")
    assert (found.right, found.explanation, found.notes) == ((0,), "It rises in the east.", ())
    assert found.feedback == ("Right.", "No.")


@pytest.mark.parametrize(
    "text",
    [
        "[lang:cs]Kolik karet?{#52}",
        "::Balíček::[lang:cs]Kolik karet?{#52}",
        "[LANG:CS] Kolik karet?{#52}",
    ],
)
def test_read_a_language_marker_at_the_start(text: str) -> None:
    found = one(text)
    assert (found.language, found.prompt) == ("cs", "Kolik karet?")


def test_read_media_is_noted() -> None:
    found = one('[html]<p>Who wins?</p><img src="@@PLUGINFILE@@/table.png">{=A ~B}')
    assert found.prompt == "Who wins?" and found.notes == ("media",)


@pytest.mark.parametrize(
    "answer,number,tolerance",
    [
        ("#12.5:0.1", "12.5", "0.1"),
        ("#1822:5", "1822", "5"),
        ("#1..3", "2", "1"),
        ("#3.1415", "3.1415", "0"),
        ("#-4.5", "-4.5", "0"),
        ("#1e3", "1000", "0"),
        ("#\n=%50%1822:2\n=1822:0#Right\n~#Wrong", "1822", "0"),
        ("#=2.5:0.5=%25%3", "2.5", "0.5"),
    ],
)
def test_read_numbers(answer: str, number: str, tolerance: str) -> None:
    found = one(f"How much?{{{answer}}}")
    assert found.kind == "number"
    assert (found.number, found.tolerance) == (Decimal(number), Decimal(tolerance))


@pytest.mark.parametrize(
    "text,code",
    [
        ("Just a description.", "description"),
        ("Write an essay about the button.{}", "essay"),
        ("Who's buried in Grant's tomb?{=no one =nobody}", "short_answer"),
        ("Two plus two equals {=four =4}.", "short_answer"),
        ("Match them.{=Canada -> Ottawa =Italy -> Rome =Japan -> Tokyo}", "matching"),
        ("Only one?{~A}", "few_choices"),
        ("Too many?{" + "".join(f"~c{i} " for i in range(10)) + "=right}", "many_choices"),
        ("Two right?{=A =B ~C}", "several_full"),
        ("None right?{~A ~B ~%-50%C}", "no_right"),
        ("How much?{#twelve}", "number"),
        ("How much?{#3..1}", "number"),
        ("How much?{#1e99}", "number"),
        ("How much?{#%50%12}", "no_full_number"),
        ("::Only a title::{T}", "empty"),
        ("Unclosed {=A ~B", "unclosed"),
        ("Unopened =A ~B}", "unclosed"),
        ("Backwards } =A ~B {", "unclosed"),
        ("Nested {=A {~B}}", "braces"),
        ("Twice {=A ~B} and {=C ~D}", "braces"),
        ("Deep " + "{" * 5000 + "}" * 5000, "braces"),
    ],
)
def test_read_reports_what_the_bank_cannot_hold(text: str, code: str) -> None:
    assert reason(text) == code


def test_read_reports_the_line_and_title_and_goes_on() -> None:
    text = "// comment\n\n::One::Good?{T}\n\n// why\n::Two::Bad?{=a =b}\n\n::Three::Fine?{F}\n"
    reading = read(text)
    assert [f.title for f in reading.found] == ["One", "Three"]
    assert [(left.line, left.title, left.reason) for left in reading.left] == [
        (6, "Two", "short_answer")
    ]


def test_read_escapes() -> None:
    found = one(r"::a\:b::Is 1\=1 \{really\} \#1\~? C:\\dir\nnext{=yes \~ no ~no}")
    assert found.title == "a:b"
    assert found.prompt == "Is 1=1 {really} #1~? C:\\dir\nnext"
    assert found.choices == ("yes ~ no", "no")


def test_read_unknown_escapes_keep_their_backslash() -> None:
    assert one(r"50\% off?{T}").prompt == r"50\% off?"


def test_read_html_text_becomes_plain_text() -> None:
    found = one(
        "[html]<p>Who <b>wins</b> &amp; why?</p><p>Second</p><script>alert(1)</script>"
        "{=<i>Player A</i> ~Player B####<p>Because &lt;pair&gt;</p>}"
    )
    assert found.prompt == "Who wins & why?\nSecond"
    assert found.choices == ("Player A", "Player B")
    assert found.explanation == "Because <pair>"


@pytest.mark.parametrize("fmt", ["[plain]", "[markdown]", "[moodle]", ""])
def test_read_plain_formats_keep_the_text(fmt: str) -> None:
    found = one(f"{fmt}Is *this* <b>kept</b>?{{T}}")
    assert found.prompt == "Is *this* <b>kept</b>?"


def test_read_categories_apply_to_the_questions_after_them() -> None:
    text = "A?{T}\n\n$CATEGORY: $course$/top/Week 3\n\nB?{T}\n\n$CATEGORY: a//b\n\nC?{T}"
    assert [f.category for f in read(text).found] == ["", "Week 3", "a/b"]


def test_read_windows_line_ends() -> None:
    reading = read("A?{T}\r\n\r\nB?{\r\n=x\r\n~y\r\n}\r\n")
    assert [f.kind for f in reading.found] == ["truefalse", "single"]


def test_read_stops_after_the_most_questions_it_reads() -> None:
    reading = read("\n\n".join(f"Q{i}?{{T}}" for i in range(MAX_QUESTIONS + 50)))
    assert len(reading.found) == MAX_QUESTIONS
    assert reading.left[-1].reason == "too_many"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n\n",
        "// only comments\n// here",
        "{",
        "}",
        "::",
        "::::",
        "::a",
        "{#}",
        "{#=}",
        "{#..}",
        "{~}",
        "{=}",
        "x{#1..}",
        "x{#:}",
        "x{####}",
        "$CATEGORY:",
        "\ud800 surrogate{T}",
        "\x00\x01\x02{T}",
        "x{" + "~" * 10000 + "}",
        "[html]" + "<b>" * 10000 + "x{T}",
        "x{#" + "9" * 5000 + "}",
        "x{#%" + "9" * 5000 + "%1}",
    ],
)
def test_read_never_fails_on_broken_text(text: str) -> None:
    reading = read(text)
    for found in reading.found:
        assert found.prompt
