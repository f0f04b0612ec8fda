"""Text put together on a page reads natively: sentences run on without a space after a
Japanese 「。」, the parts of an answer, a hand and its result, a label and its value and the
items of a line go through the language's own patterns (no ASCII "; ", no Latin " · ",
no English " — ", no space after 「：」), and a hand category inside a Czech sentence is
written in lower case."""

from __future__ import annotations

import html
import re
from decimal import Decimal
from typing import Any

import pytest
from django.template import engines
from django.test import Client
from django.utils import translation

from tests.conftest import without_breaks
from tests.drills.test_betting import right_answer
from tutor.drills import side_pots, teenpatti_payouts, teenpatti_showdown
from tutor.drills.base import make_token
from tutor.drills.teenpatti_round import views as round_views
from tutor.engine import teenpatti, tp2020
from tutor.engine.sixcard import bonus_of
from tutor.words import odds

#: A full-width stop and a space after it, inside one paragraph (a tag between them too).
STOP_THEN_SPACE = re.compile(r"[。！？](?:</(?:strong|em|a|span)>)*[ \n]+[^\s<]")


def paragraphs(page: str) -> list[str]:
    return re.findall(r"<p[^>]*>(.*?)</p>", page, re.DOTALL)


def render(source: str, context: dict[str, Any], language: str) -> str:
    with translation.override(language):
        return engines["django"].from_string(source).render(context)


# --- 1. sentences --------------------------------------------------------------------------


@pytest.mark.django_db
def test_betting_feedback_runs_japanese_sentences_on(client: Client) -> None:
    for seed in range(4):
        data = right_answer(seed, "hard")
        page = client.post("/ja/drills/betting/", data, HTTP_HX_REQUEST="true").content.decode()
        assert "✓" in page
        for paragraph in paragraphs(page):
            assert not STOP_THEN_SPACE.search(paragraph), paragraph


@pytest.mark.django_db
def test_betting_feedback_keeps_a_space_between_english_sentences(client: Client) -> None:
    page = client.post(
        "/en/drills/betting/", right_answer(0, "easy"), HTTP_HX_REQUEST="true"
    ).content.decode()
    assert re.search(r"not all-in\. \S", page)


def test_lesson_practice_box_runs_japanese_sentences_on(client: Client) -> None:
    page = client.get("/ja/learn/texas-holdem/deal-and-goal/").content.decode()
    box = page[page.index('id="practice-title"') :]
    assert "確認テスト" in box or "テスト" in box
    for paragraph in paragraphs(box):
        assert not STOP_THEN_SPACE.search(paragraph), paragraph


def test_sentences_tag_keeps_one_space_outside_japanese() -> None:
    source = "{% sentences %}{{ a }}\n   {{ b }}{% endsentences %}"
    assert render(source, {"a": "Eins.", "b": "Zwei."}, "cs") == "Eins.\n   Zwei."
    assert render(source, {"a": "一。", "b": "二<"}, "ja") == "一。二&lt;"


def test_a_wrong_teen_patti_pick_runs_japanese_sentences_on() -> None:
    with translation.override("ja"):
        for seed in range(6):
            q = teenpatti_showdown.generate(seed, "easy")
            result = teenpatti.showdown(q.hand_a, q.hand_b).result
            wrong = next(c for c in teenpatti_showdown.CHOICES if c != result)
            text = teenpatti_showdown.grade(q, {"result": [wrong]}).picked
            assert "。" in text and not STOP_THEN_SPACE.search(text), text


# --- 2. the parts of an answer ---------------------------------------------------------------


def test_side_pot_answers_join_their_parts_in_the_language() -> None:
    q = side_pots.generate(3, "medium")
    pots = {k: v for k, v in side_pots.right_answer(q).items()}
    payouts = {f"payout{s}": [str(p)] for s, p in enumerate(side_pots.the_award(q).payouts)}
    with translation.override("ja"):
        first = side_pots.answer_label(q, pots)
        second = side_pots.answer_label(q, {"stage": ["2"], **payouts})
    for label in (first, second):
        assert "; " not in label and ": " not in label
    assert "、" in first and "（" in first and "：" in second
    with translation.override("en"):
        assert "; " in side_pots.answer_label(q, pots)


def test_outs_and_payout_answers_join_their_parts_in_the_language() -> None:
    with translation.override("ja"):
        words = odds.answer_words(9, Decimal("25.5"), "call", "ja")
    assert "; " not in words and words.count("、") == 2
    q = next(
        q for seed in range(40) if len((q := teenpatti_payouts.generate(seed, "medium")).slip) > 1
    )
    with translation.override("ja"):
        label = teenpatti_payouts.answer_label(q, teenpatti_payouts.right_answer(q))
    assert "; " not in label and ": " not in label and "、" in label


@pytest.mark.django_db
def test_side_pots_feedback_shows_the_learners_pot_with_its_seats_in_brackets(
    client: Client,
) -> None:
    q = side_pots.generate(8, "medium")
    data: dict[str, Any] = {"token": make_token("side-pots", 8, "medium")}
    for i, pot in enumerate(side_pots.breakdown(q).pots):
        data[f"pot{i}"] = str(pot.amount)
        data[f"eligible{i}"] = [str(s) for s in pot.eligible]
    data["pot1"] = str(int(data["pot1"]) + 10)
    page = without_breaks(
        client.post("/ja/drills/side-pots/", data, HTTP_HX_REQUEST="true").content.decode()
    )
    assert "; " not in page
    assert re.search(r"\d（\d+番席", page)


# --- 3. items on one line ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "template",
    [
        "quizzes/teacher/results.html",
        "quizzes/teacher/worksheet.html",
        "classrooms/index.html",
    ],
)
def test_no_latin_middle_dot_written_into_a_template(template: str) -> None:
    source = engines["django"].get_template(template).template.source
    without_comments = re.sub(r"\{#.*?#\}", "", source)
    assert "·" not in without_comments


def test_the_answers_of_a_results_cell_use_the_separator_and_brackets() -> None:
    source = '{{ e|answer_parts:"✗"|bracketed }} {% sep %} 0'
    assert render(source, {"e": ["A", "B"]}, "ja") == "（✗ A、✗ B） ／ 0"
    assert render(source, {"e": ["A", "B"]}, "en") == " (✗ A; ✗ B) · 0"


# --- 4. a hand and its result, a statement and its link ------------------------------------------


def test_drills_list_links_the_lesson_in_the_languages_pattern(client: Client) -> None:
    page = without_breaks(client.get("/ja/drills/").content.decode())
    assert "で学びます。<a href=" in page
    assert " — " not in page
    assert " – <a href=" in client.get("/cs/drills/").content.decode()


def test_showdown_rows_note_the_winner_in_the_languages_pattern(client: Client) -> None:
    page = client.get("/ja/rules/texas-holdem/").content.decode()
    assert '：<strong class="winner-mark">' in page
    assert " — " not in page
    assert (
        ' — <strong class="winner-mark">' in client.get("/en/rules/texas-holdem/").content.decode()
    )


# --- 5. a label and its value ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "url", ["/ja/rules/texas-holdem/", "/ja/learn/texas-holdem/deal-and-goal/", "/ja/learn/"]
)
def test_no_space_after_a_full_width_colon(client: Client, url: str) -> None:
    page = client.get(url).content.decode()
    assert not re.search(r"：(?:</(?:strong|span|em)>)*[ \n]+[^\s<]", page)


def test_labels_go_through_the_pattern(client: Client) -> None:
    rules = without_breaks(client.get("/ja/rules/texas-holdem/").content.decode())
    assert "<strong>フロップ前のアクションの順番</strong>：" in rules
    lesson = without_breaks(client.get("/ja/learn/texas-holdem/deal-and-goal/").content.decode())
    assert '<span class="muted">テーマ</span>：' in lesson
    english = client.get("/en/learn/texas-holdem/deal-and-goal/").content.decode()
    assert '<span class="muted">Concepts</span>: ' in english


def test_label_value_escapes_both_parts() -> None:
    source = "{% label_value label value %}"
    out = render(source, {"label": "<b>", "value": "a&b"}, "ja")
    assert out == "<strong>&lt;b&gt;</strong>：a&amp;b"


# --- 6. hand categories inside a sentence --------------------------------------------------------


def test_six_card_bonus_hand_is_lower_case_inside_czech_sentences(client: Client) -> None:
    with translation.override("cs"):
        names = {
            teenpatti_payouts.grade(q, teenpatti_payouts.right_answer(q)).bonus_name
            for seed in range(60)
            if "six_card_bonus" in (q := teenpatti_payouts.generate(seed, "hard")).stakes
        }
    names.discard("")
    assert names and all(name[0].islower() for name in names), names


@pytest.mark.django_db
def test_teen_patti_round_names_the_bonus_hand_in_lower_case_in_czech(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    seed = next(s for s in range(500) if bonus_of(tp2020.deal_round(s).deal_order).code == "none")
    monkeypatch.setattr(round_views, "new_seed", lambda: seed)
    client.post("/cs/drills/teenpatti-round/", {"action": "deal", "round": "1", "player_a": "10"})
    page = html.unescape(client.get("/cs/drills/teenpatti-round/").content.decode())
    bonus = page[page.index('class="tp-bonus"') :]
    words = re.search(r'class="tp-hand__words">(.*?)</p>', bonus, re.DOTALL)
    assert words and "(žádná bonusová kombinace)" in words.group(1), words
