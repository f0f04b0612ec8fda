from __future__ import annotations

import re
from dataclasses import replace

import pytest
from django.test import Client

from tutor.concepts import CONCEPTS
from tutor.drills import name_the_hand
from tutor.drills.base import AnswerError, make_token
from tutor.engine import holdem, teenpatti
from tutor.engine.cards import parse_cards
from tutor.words.cards import cards_text


def answer_for(question: name_the_hand.Question) -> str:
    if question.game == "holdem":
        return holdem.evaluate(question.cards).code
    return teenpatti.evaluate(question.cards).code


def find_seed(level: str, game: str) -> int:
    return next(s for s in range(500) if name_the_hand.generate(s, level).game == game)


def test_every_category_is_drilled() -> None:
    seen = {answer_for(name_the_hand.generate(s, "medium")) for s in range(300)}
    assert seen == set(name_the_hand.HOLDEM_TARGETS)


def test_easy_level_deals_teen_patti_too() -> None:
    games = {name_the_hand.generate(s, "easy").game for s in range(40)}
    assert games == {"holdem", "teenpatti"}


@pytest.mark.django_db
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_correct_category(client: Client, level: str, language: str) -> None:
    seed = find_seed(level, "holdem")
    question = name_the_hand.generate(seed, level)
    data: dict[str, str | list[str]] = {
        "token": make_token("name-the-hand", seed, level),
        "category": answer_for(question),
    }
    if question.pick_five:
        data["five"] = [c.code for c in holdem.evaluate(question.cards).best_five]
    response = client.post(f"/{language}/drills/name-the-hand/", data, HTTP_HX_REQUEST="true")
    assert 'class="feedback__verdict ok"' in response.content.decode()


@pytest.mark.django_db
def test_wrong_category_explains_both(client: Client) -> None:
    seed = find_seed("easy", "holdem")
    question = name_the_hand.generate(seed, "easy")
    wrong = next(c for c in name_the_hand.HOLDEM_TARGETS if c != answer_for(question))
    data = {"token": make_token("name-the-hand", seed, "easy"), "category": wrong}
    html = client.post("/en/drills/name-the-hand/", data).content.decode()
    assert "Not quite." in html and 'class="you-picked">You picked' in html


@pytest.mark.django_db
def test_hard_level_checks_the_best_five(client: Client) -> None:
    question = name_the_hand.generate(4, "hard")
    best = holdem.evaluate(question.cards).best_five
    others = [c for c in question.cards if c not in best]
    wrong_five = [c.code for c in (*best[:3], *others[:2])]
    data = {
        "token": make_token("name-the-hand", 4, "hard"),
        "category": answer_for(question),
        "five": wrong_five,
    }
    html = client.post("/en/drills/name-the-hand/", data).content.decode()
    assert "are not the best five" in html and "Not quite." in html


@pytest.mark.parametrize("five", [["As"], ["Zz", "1x", "Kd", "Qd", "Jd"], []])
def test_hard_level_bad_picks(client: Client, five: list[str]) -> None:
    question = name_the_hand.generate(4, "hard")
    data = {
        "token": make_token("name-the-hand", 4, "hard"),
        "category": answer_for(question),
        "five": five,
    }
    response = client.post("/en/drills/name-the-hand/", data)
    assert response.status_code == 422


def test_unknown_category(client: Client) -> None:
    data = {"token": make_token("name-the-hand", 1, "easy"), "category": "pure_magic"}
    assert client.post("/ja/drills/name-the-hand/", data).status_code == 422


# Concepts: what a question exercises, read from the engine's evaluation.


@pytest.mark.parametrize(
    ("cards", "concepts"),
    [
        # One pair of nines: the ace, queen and ten are the kickers to pick.
        ("9s 9d Ac Qh Td 4s 2c", {"hand-rankings", "best-five-of-seven", "kickers"}),
        # Jacks and fives with the seven over the four.
        ("Js Jd 5c 5h 7d 4s 2c", {"hand-rankings", "best-five-of-seven", "kickers"}),
        # A straight to 9 that also holds one to 8: the higher one is picked.
        ("4s 5d 6c 7h 8d 9s 2c", {"hand-rankings", "best-five-of-seven", "kickers"}),
        # The only straight of the seven: the category alone picks it.
        ("4s 5d 6c 7h 8d Ks Kc", {"hand-rankings", "best-five-of-seven"}),
    ],
)
def test_picking_the_five_needs_the_kickers_when_another_five_is_of_the_category(
    cards: str, concepts: set
) -> None:
    question = name_the_hand.Question("holdem", parse_cards(cards), True)
    assert name_the_hand.concepts_of(question) == concepts
    assert "kickers" not in name_the_hand.concepts_of(replace(question, pick_five=False))


@pytest.mark.parametrize(
    ("game", "cards", "concepts"),
    [
        ("holdem", "As 2d 3c 4h 5s", {"hand-rankings", "wheel-straight"}),
        # A-2-3-4-5-6 is a six-high straight: the best five of seven, not a wheel.
        ("holdem", "As 2d 3c 4h 5s 6d Kc", {"hand-rankings", "best-five-of-seven"}),
        # K-A-2-3-4 with a five: the wheel, not a wrap-around.
        ("holdem", "Ks Ad 2c 3h 4s 5d", {"hand-rankings", "best-five-of-seven", "wheel-straight"}),
        # Q-K-A-2-3 does not turn the corner: ace high, or a pair with the sevens.
        ("holdem", "Qs Kd Ac 2h 3s", {"hand-rankings", "no-wraparound"}),
        (
            "holdem",
            "Qs Kd Ac 2h 3s 7c 7d",
            {"hand-rankings", "best-five-of-seven", "no-wraparound"},
        ),
        ("holdem", "Jh Qd Kc As 2s 9c", {"hand-rankings", "best-five-of-seven", "no-wraparound"}),
        # All of one suit: a flush, above any straight, so the wrap-around does not matter.
        ("holdem", "Qh Kh Ah 2h 3h", {"hand-rankings"}),
        ("holdem", "Kh Kd 7c 4s 2h", {"hand-rankings"}),
        ("teenpatti", "Ah 2c 3d", {"tp-rankings"}),
    ],
)
def test_concepts_of_reads_the_evaluation(game: str, cards: str, concepts: set) -> None:
    question = name_the_hand.Question(game, parse_cards(cards), False)
    assert name_the_hand.concepts_of(question) == concepts


def test_every_concept_is_a_catalog_concept_with_a_test() -> None:
    declared = set(name_the_hand.DRILL.concepts)
    assert declared <= set(CONCEPTS)
    assert declared == set(name_the_hand.HOLDEM_TESTS) | name_the_hand.TEENPATTI_CONCEPTS


AIMS = [(c, lvl) for c, levels in name_the_hand.DRILL.concepts.items() for lvl in levels]


@pytest.mark.parametrize(("concept", "level"), AIMS)
def test_target_deals_a_fair_question_that_exercises_the_concept(concept: str, level: str) -> None:
    drill = name_the_hand.DRILL
    hits = 0
    for seed in range(12):
        question = drill.deal(seed, level, concept)
        assert question == drill.deal(seed, level, concept)
        assert len(set(question.cards)) == len(question.cards)
        assert question.pick_five == (level == "hard" and question.game == "holdem")
        assert drill.load(question.to_dict()) == question
        hits += concept in drill.concepts_of(question)
    assert hits >= 10


def test_aimed_games_and_sizes_follow_the_concept_and_level() -> None:
    drill = name_the_hand.DRILL
    assert {drill.deal(s, "easy", "tp-rankings").game for s in range(20)} == {"teenpatti"}
    assert {drill.deal(s, "easy", "wheel-straight").game for s in range(20)} == {"holdem"}
    assert {len(drill.deal(s, "easy", "no-wraparound").cards) for s in range(20)} == {5}
    assert {len(drill.deal(s, "medium", "wheel-straight").cards) for s in range(20)} == {6, 7}
    assert {len(drill.deal(s, "hard", "no-wraparound").cards) for s in range(20)} == {7}


def test_unknown_concept_is_refused() -> None:
    with pytest.raises(KeyError):
        name_the_hand.target(1, "easy", "kickers")


@pytest.mark.django_db
def test_aimed_page_is_answered_from_its_key(client: Client) -> None:
    url = "/en/drills/name-the-hand/?level=hard&seed=6&concept=no-wraparound"
    html = client.get(url).content.decode()
    assert 'class="concept-banner"' in html
    token = re.search(r'name="token" value="([^"]+)"', html)
    assert token is not None
    question = name_the_hand.DRILL.deal(6, "hard", "no-wraparound")
    answer = {"token": token.group(1), **name_the_hand.right_answer(question)}
    response = client.post("/en/drills/name-the-hand/", answer, HTTP_HX_REQUEST="true")
    assert 'class="feedback__verdict ok"' in response.content.decode()


@pytest.mark.parametrize(
    "category", ["", "STRAIGHT", "straight ", "three_aces", "\u202eflush", "٣", "-1", "x" * 5000]
)
def test_grade_refuses_odd_categories_with_a_message(category: str) -> None:
    question = name_the_hand.DRILL.deal(2, "medium", "wheel-straight")
    with pytest.raises(AnswerError) as refused:
        name_the_hand.grade(question, {"category": [category]})
    assert refused.value.message


def _hard_holdem() -> tuple[int, name_the_hand.Question]:
    seed = next(s for s in range(500) if name_the_hand.generate(s, "hard").pick_five)
    return seed, name_the_hand.generate(seed, "hard")


def test_an_answer_with_five_cards_is_worded_with_them() -> None:
    """A summary or a results page says which five the learner chose, not only the name:
    two answers that differ only in their five read differently."""
    _seed, question = _hard_holdem()
    best = [c.code for c in holdem.evaluate(question.cards).best_five]
    others = [c.code for c in question.cards if c.code not in best]
    swapped = best[:4] + others[:1]
    category = answer_for(question)
    right = name_the_hand.answer_label(question, {"category": [category], "five": best})
    picked = name_the_hand.answer_label(question, {"category": [category], "five": swapped})
    assert right != picked
    assert all(cards_text([code]) in right for code in best)
    assert cards_text([swapped[-1]]) in picked
    assert not re.search(r"\b[2-9TJQKA][shdc]\b", right)  # never card codes


def test_an_answer_without_five_is_worded_as_its_name() -> None:
    question = name_the_hand.generate(find_seed("easy", "holdem"), "easy")
    code = answer_for(question)
    label = name_the_hand.answer_label(question, {"category": [code]})
    assert label == dict(name_the_hand.choices(question))[code]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "bn", "hi", "ja", "cs"])
def test_the_explanation_names_the_rule_at_work(client: Client, language: str) -> None:
    """Under the explanation: the rules the question turned on, each with its section."""
    seed = next(
        s
        for s in range(500)
        if "wheel-straight" in name_the_hand.concepts_of(name_the_hand.generate(s, "medium"))
    )
    question = name_the_hand.generate(seed, "medium")
    data = {"token": make_token("name-the-hand", seed, "medium"), "category": answer_for(question)}
    html = client.post(f"/{language}/drills/name-the-hand/", data, HTTP_HX_REQUEST="true")
    text = html.content.decode()
    assert 'class="rules-at-work"' in text
    assert f'href="/{language}/rules/texas-holdem/#straights-and-the-ace"' in text
