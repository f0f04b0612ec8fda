"""Every engine drill's stored question as a snapshot: plain text with the cards written
out (never codes), in every language, and parts whose right answers, put back into the
drill's own form, are graded correct by the drill, while one changed answer is not."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from functools import cache
from typing import Any

import pytest
from django.conf import settings
from django.utils import translation

from tutor.drills.base import AnswerError
from tutor.drills.registry import QUIZ_ONLY, question_drill, quiz_drills
from tutor.drills.showdown_order import ALL
from tutor.drills.written import WrittenQuestion, deal
from tutor.engine.cards import Card, parse_cards
from tutor.quizzes import services
from tutor.quizzes.interchange.engine import BUILDERS, engine_form, engine_snapshot
from tutor.quizzes.interchange.engine_parts import (
    NONE,
    Form,
    Pick,
    answer_form,
    choice,
    right_picks,
)
from tutor.quizzes.interchange.engine_text import card_text
from tutor.quizzes.interchange.snapshot import MULTIPLE, NUMBER, SINGLE, Snapshot
from tutor.quizzes.models import Session
from tutor.words.cards import card_name

LANGUAGES = [code for code, _name in settings.LANGUAGES]
SEEDS = range(5)
SLUGS = [drill.slug for drill in quiz_drills()]
CARD_CODE = re.compile(r"\b[2-9TJQKA][shdc]\b")


@cache
def _entries(slug: str) -> tuple[dict[str, Any], ...]:
    """Every level's questions of a drill, dealt once and stored as a quiz stores them."""
    drill = question_drill(slug)
    assert drill is not None
    return tuple(
        {**deal(drill, level, seed), "points": 1} for level in drill.levels for seed in SEEDS
    )


def _question(entry: dict[str, Any]) -> WrittenQuestion:
    """Read back as a session reads it (a fresh one each time: some hold a mutable hand)."""
    return services.question(Session(questions=[entry]), 0)


def _accepted(q: WrittenQuestion, answer: dict[str, list[str]]) -> bool:
    try:
        return bool(q.drill.grade(q.data, answer).correct)
    except AnswerError:
        return False


def _texts(snapshot: Snapshot) -> list[str]:
    parts = [text for part in snapshot.parts for text in (part.label, *part.choices)]
    return [snapshot.name, snapshot.text, snapshot.explanation, *parts]


def test_every_quiz_drill_has_parts() -> None:
    assert set(SLUGS) <= set(BUILDERS)


@pytest.mark.parametrize("slug", SLUGS)
def test_snapshot_is_plain_text_with_a_right_answer_in_every_language(slug: str) -> None:
    for entry in _entries(slug):
        for language in LANGUAGES:
            with translation.override(language):
                snapshot = engine_snapshot(_question(entry), 3)
            where = f"{slug} {entry['level']} {entry['seed']} {language}"
            assert snapshot.language == language and snapshot.points == 3
            assert snapshot.text.strip() and snapshot.name.strip() and snapshot.parts, where
            for text in _texts(snapshot):
                assert not CARD_CODE.search(text), f"{where}: a card code in {text!r}"
                assert "<" not in text and "%(" not in text, f"{where}: {text!r}"
            for part in snapshot.parts:
                if part.kind == NUMBER:
                    assert part.number is not None and not part.choices, where
                    continue
                assert part.kind in (SINGLE, MULTIPLE) and part.right, where
                assert all(0 <= i < len(part.choices) for i in part.right), where
                assert part.kind == MULTIPLE or len(part.right) == 1, where
                assert len(set(part.choices)) == len(part.choices), where
            if len(snapshot.parts) > 1:
                assert all(part.label for part in snapshot.parts), where


def _changed(form: Form, picks: list[Pick], index: int) -> Pick | None:
    """Part ``index``'s right answer changed in one place (None: it has no other)."""
    part, pick = form.asked[index].part, picks[index]
    if isinstance(pick, Decimal):
        return pick + part.tolerance + 1
    if part.kind == SINGLE:
        return ((pick[0] + 1) % len(part.choices),) if len(part.choices) > 1 else None
    wrong = [
        i for i, value in enumerate(form.asked[index].values) if i not in pick and value != NONE
    ]
    if wrong:
        return (*pick, wrong[0])
    return pick[:-1] if len(pick) > 1 else None


@pytest.mark.parametrize("slug", SLUGS)
def test_right_answers_back_in_the_form_are_correct_and_one_change_is_not(slug: str) -> None:
    for n, entry in enumerate(_entries(slug)):
        with translation.override(LANGUAGES[n % len(LANGUAGES)]):
            q = _question(entry)
            form = engine_form(q)
            picks = right_picks(form)
            assert _accepted(q, answer_form(form, picks)), (entry["level"], entry["seed"])
            for index in range(len(picks)):
                changed = _changed(form, picks, index)
                if changed is None:
                    continue
                wrong = [*picks[:index], changed, *picks[index + 1 :]]
                where = (entry["level"], entry["seed"], form.asked[index].part.label)
                assert not _accepted(q, answer_form(form, wrong)), where


def _board_and_hands(q: WrittenQuestion, context: dict[str, Any]) -> Iterable[Card]:
    return (*q.data.board, *(card for hand in q.data.hands if hand for card in hand))


#: Drill -> the cards its question shows (a question that shows none is left out).
SHOWN: dict[str, Callable[[WrittenQuestion, dict[str, Any]], Iterable[Card]]] = {
    "name-the-hand": lambda q, context: q.data.cards,
    "holdem-showdown": _board_and_hands,
    "odd-chips": _board_and_hands,
    "betting": lambda q, context: map(Card.parse, context["about"].board),
    "legal-actions": lambda q, context: map(Card.parse, context["about"].board),
    "showdown-order": lambda q, context: (
        *context["board_so_far"],
        *(card for row in context["seat_rows"] if row.cards for card in row.cards),
    ),
    "tournament": lambda q, context: (
        card for played in q.data.hands for card in (*played.board, *sum(played.holes, ()))
    ),
    "outs-and-odds": lambda q, context: (*q.data.board, *q.data.hand, *q.data.opponent),
    "teenpatti-showdown": lambda q, context: (*q.data.hand_a, *q.data.hand_b),
    "teenpatti-payouts": lambda q, context: (
        card for card in (*context["shown_a"], *context["shown_b"]) if card is not None
    ),
}


@pytest.mark.parametrize("slug", sorted(SHOWN))
def test_text_has_the_cards_of_the_question(slug: str) -> None:
    counted = 0
    for entry in _entries(slug):
        q = _question(entry)
        with translation.override("cs"):
            text = engine_snapshot(q, 1).text
            cards = list(SHOWN[slug](q, q.context()))
        counted += len(cards)
        for card in cards:
            assert card_text(card) in text, (entry["level"], entry["seed"], card)
    assert counted > 0


def _entry(slug: str, question: Any, level: str = "easy") -> dict[str, Any]:
    """A question written down as a quiz stores it, from a question built by hand."""
    drill = question_drill(slug)
    assert drill is not None
    return {
        "drill": slug,
        "level": level,
        "seed": 0,
        "concept": None,
        "version": drill.version,
        "question": question.to_dict(),
        "answer": drill.right_answer(question),
        "concepts": [],
        "points": 1,
    }


def test_cards_are_written_as_rank_and_suit() -> None:
    drill = question_drill("name-the-hand")
    assert drill is not None and drill.custom is not None
    question = drill.custom({"cards": "As Kd Qh Jc Td"}, "easy")
    with translation.override("en"):
        snapshot = engine_snapshot(_question(_entry("name-the-hand", question)), 1)
    assert snapshot.text == (
        "Texas Hold'em: what is the best five-card hand these cards make?\nA♠ K♦ Q♥ J♣ 10♦"
    )
    (part,) = snapshot.parts
    assert part.kind == SINGLE and part.label == ""
    assert [part.choices[i] for i in part.right] == ["Straight"]
    assert snapshot.name.startswith("Name the hand (Easy, ")


def test_the_stored_answer_is_the_right_answer() -> None:
    """The right answer is read from what the quiz stored, not worked out again."""
    entry = _entries("teenpatti-showdown")[0]
    stored = entry["answer"]["result"][0]
    other = next(code for code in ("player_a", "player_b", "tie") if code != stored)
    changed = {**entry, "answer": {"result": [other]}}
    with translation.override("en"):
        (part,) = engine_snapshot(_question(changed), 1).parts
    labels = {"player_a": "Player A wins", "player_b": "Player B wins", "tie": "Tie"}
    assert [part.choices[i] for i in part.right] == [labels[other]]
    with pytest.raises(ValueError):
        engine_snapshot(_question({**entry, "answer": {"result": ["nobody"]}}), 1)


def test_choice_refuses_a_key_it_cannot_say() -> None:
    options = [("0", "Seat 1"), ("1", "Seat 2")]
    assert choice("", "first", options, {"first": ["1"]}).part.right == (1,)
    with pytest.raises(ValueError):
        choice("", "first", options, {"first": ["0", "1"]})
    with pytest.raises(ValueError):
        choice("", "muck", options, {"muck": []}, multiple=True)
    nobody = choice("", "muck", [*options, (NONE, "Nobody")], {"muck": []}, multiple=True)
    assert nobody.part.right == (2,)


def test_no_raise_is_zero_in_both_limits() -> None:
    drill = question_drill("betting")
    assert drill is not None
    entry = {**drill.written(0, "medium", "raise-cap"), "points": 1}
    assert "no_raise" in entry["answer"]
    q = _question(entry)
    with translation.override("en"):
        snapshot = engine_snapshot(q, 1)
        form = engine_form(q)
    assert [part.number for part in snapshot.parts[1:]] == [0, 0]
    assert "enter 0 as both the smallest and the largest" in snapshot.text
    picks = right_picks(form)
    assert answer_form(form, picks) == {"next": entry["answer"]["next"], "no_raise": ["on"]}
    assert _accepted(q, answer_form(form, picks))
    assert not _accepted(q, answer_form(form, [picks[0], Decimal(100), Decimal(200)]))


def test_a_question_of_one_part_asks_it_in_the_text() -> None:
    entry = next(e for e in _entries("outs-and-odds") if e["level"] == "easy")
    with translation.override("en"):
        snapshot = engine_snapshot(_question(entry), 1)
    (part,) = snapshot.parts
    assert part.kind == NUMBER and part.label == ""
    assert snapshot.text.splitlines()[-1] == "How many outs do you have?"


def test_pot_odds_tolerance_stays_inside_the_drills() -> None:
    entry = next(e for e in _entries("outs-and-odds") if e["level"] == "medium")
    q = _question(entry)
    form = engine_form(q)
    pot_odds = next(asked.part for asked in form.asked if asked.field == "pot_odds")
    assert pot_odds.number is not None and pot_odds.tolerance == Decimal("0.95")
    outs = right_picks(form)[0]
    for edge in (pot_odds.number - pot_odds.tolerance, pot_odds.number + pot_odds.tolerance):
        assert _accepted(q, answer_form(form, [outs, edge]))


def test_the_page_only_parts_are_left_out() -> None:
    """The table picture, links and marks hidden from screen readers are not text."""
    entry = _entries("odd-chips")[0]
    with translation.override("en"):
        text = engine_snapshot(_question(entry), 1).text
    assert "Rule in force:" in text and "Board: " in text
    assert "The seats round the table" not in text and "Read the rule" not in text


def test_translated_text_is_in_its_language() -> None:
    entry = _entries("teenpatti-showdown")[0]
    texts = {}
    for language in LANGUAGES:
        with translation.override(language):
            texts[language] = engine_snapshot(_question(entry), 1)
    assert len({snapshot.text for snapshot in texts.values()}) == len(LANGUAGES)
    assert len({snapshot.parts[0].choices for snapshot in texts.values()}) == len(LANGUAGES)


def test_a_teachers_own_question_is_not_an_engine_question() -> None:
    own = QUIZ_ONLY["own-question"]
    with pytest.raises(KeyError):
        engine_form(WrittenQuestion(0, {}, own, parse_cards("As")))  # type: ignore[arg-type]


@pytest.mark.parametrize("slug", SLUGS)
def test_right_choices_are_worded_as_the_drill_words_its_answer(slug: str) -> None:
    """The words of each right choice are in the drill's own label of the stored answer
    (the results page's words): a choice cannot say one seat and stand for another."""
    checked = 0
    for entry in _entries(slug):
        q = _question(entry)
        with translation.override("hi"):
            said = q.drill.answer_label(q.data, q.right_answer)
            form = engine_form(q)
        for asked in form.asked:
            for i in asked.part.right:
                words = asked.part.choices[i]
                if asked.values[i] in (NONE, ALL) or asked.field == "five":
                    continue
                assert words in said, (entry["level"], entry["seed"], words, said)
                checked += 1
    assert checked or not any(asked.values for asked in form.asked)


def test_a_void_round_shows_its_face_down_cards_and_returns_the_stakes() -> None:
    drill = question_drill("teenpatti-payouts")
    assert drill is not None
    entry = {**deal(drill, "hard", 1, "tp-void-round"), "points": 1}
    q = _question(entry)
    with translation.override("ja"):
        snapshot = engine_snapshot(q, 1)
        face_down = f"({card_name(None)})"
    assert q.data.stopped_after is not None
    assert snapshot.text.count(face_down) == 6 - q.data.stopped_after
    stakes = [Decimal(stake) for _bet, stake in q.data.slip]
    assert [part.number for part in snapshot.parts] == stakes
