from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pytest
from django.test import Client
from django.utils import translation

from tutor.concepts import CONCEPTS
from tutor.drills import betting
from tutor.drills.base import AnswerError, make_token
from tutor.engine.betting import Reason
from tutor.engine.hand import Hand, Street
from tutor.engine.rules import AnteMode, ReopenRule, Rules
from tutor.engine.table import Table, play_through
from tutor.words import betting as words
from tutor.words.base import MissingWords

URL = "/en/drills/betting/"


def right_answer(seed: int, level: str) -> dict:
    hand = betting.build(seed, level)
    opts = hand.options()
    data = {"token": make_token("betting", seed, level), "next": str(hand.to_act)}
    if opts.aggression is not None and opts.blocked is None:
        data.update(min_to=str(opts.min_to), max_to=str(opts.max_to))
    else:
        data["no_raise"] = "on"
    return data


def hand_at(rules: Rules, stacks: list[int], button: int, actions: Sequence[str] = ()) -> Hand:
    """A hand of ``rules`` after ``actions`` ("raise 300", "call" ...), by the engine."""
    return play_through(Table(rules, list(stacks), button=button).new_hand(seed=1), actions)


def concepts(hand: Hand) -> frozenset[str]:
    return betting.concepts_of(betting.Question(hand, hand.rules.structure.code))


def players(hand: Hand) -> int:
    return sum(stack is not None for stack in hand.setup.stacks)


# -- dealing -------------------------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_right_answers_are_correct(client: Client, level: str) -> None:
    for seed in range(8):
        html = client.post(URL, right_answer(seed, level), HTTP_HX_REQUEST="true").content.decode()
        assert 'class="feedback__verdict ok"' in html, (seed, level)


def test_levels_cover_the_structures() -> None:
    seen = {betting.generate(s, "hard").structure for s in range(40)}
    assert seen == {"no_limit", "pot_limit", "fixed_limit"}


def test_hard_level_has_blocked_raises() -> None:
    blocked = {betting.build(s, "hard").options().blocked for s in range(120)}
    assert len(blocked - {None}) >= 2


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_deals_heads_up_tables_and_larger_ones(level: str) -> None:
    sizes = {players(betting.build(seed, level)) for seed in range(80)}
    assert 2 in sizes and max(sizes) >= 4, sizes


def test_antes_are_dealt_from_medium_on() -> None:
    def modes(level: str) -> set[AnteMode]:
        return {betting.build(seed, level).rules.ante_mode for seed in range(80)}

    assert modes("easy") == {AnteMode.NONE}
    for level in ("medium", "hard"):
        assert modes(level) == {AnteMode.NONE, AnteMode.EACH, AnteMode.BIG_BLIND}, level


def test_a_table_with_antes_posts_them_before_the_blinds() -> None:
    for seed in range(80):
        hand = betting.build(seed, "hard")
        if hand.rules.ante_mode is AnteMode.NONE:
            continue
        kinds = [e.kind for e in hand.events]
        assert "post_ante" in kinds
        if hand.rules.ante_mode is AnteMode.EACH:
            assert kinds.count("post_ante") == players(hand)
            assert kinds.index("post_ante") < kinds.index("post_blind")
        else:
            assert kinds.count("post_ante") == 1


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_same_seed_same_question(level: str) -> None:
    assert betting.generate(7, level) == betting.generate(7, level)
    assert betting.generate(7, level) != betting.generate(8, level)


# -- the concepts of a decision, on hands made by hand --------------------------------
def test_heads_up_button_posts_the_small_blind_acts_first_preflop_and_last_after() -> None:
    hand = hand_at(Rules.no_limit(50, 100), [5000, 5000], button=0)
    assert hand.small_blind_seat == 0 and hand.to_act == 0
    assert {"heads-up-order", "blinds-and-button"} <= concepts(hand)
    assert "order-preflop" not in concepts(hand)  # three or more players only
    play_through(hand, ["call"])  # the button completes; the big blind has its option
    assert hand.to_act == 1
    assert "big-blind-option" in concepts(hand) and "heads-up-order" not in concepts(hand)
    play_through(hand, ["check"])  # the flop: the big blind acts first
    assert hand.to_act == 1
    assert "heads-up-order" in concepts(hand)
    assert "order-postflop" not in concepts(hand) and "blinds-and-button" not in concepts(hand)


def test_order_preflop_is_the_first_decision_and_the_big_blind_last() -> None:
    hand = hand_at(Rules.no_limit(50, 100), [5000] * 4, button=0)
    assert hand.to_act == 3  # left of the big blind (seat 2)
    assert {"order-preflop", "blinds-and-button"} <= concepts(hand)
    assert "heads-up-order" not in concepts(hand)
    play_through(hand, ["call"])
    assert hand.to_act == 0 and "order-preflop" not in concepts(hand)
    play_through(hand, ["raise 300", "fold"])
    assert hand.to_act == 2  # the big blind, last
    assert "order-preflop" in concepts(hand)
    assert "big-blind-option" not in concepts(hand)  # it faces a raise


def test_order_postflop_starts_left_of_the_button() -> None:
    hand = hand_at(Rules.no_limit(50, 100), [5000] * 4, button=0, actions=["call"] * 3)
    assert "big-blind-option" in concepts(hand)
    play_through(hand, ["check"])
    assert hand.street.value == "flop" and hand.to_act == 1
    assert "order-postflop" in concepts(hand) and "order-preflop" not in concepts(hand)
    play_through(hand, ["check"])
    assert "order-postflop" not in concepts(hand)


def test_min_raise_in_no_limit_and_pot_limit_only() -> None:
    hand = hand_at(Rules.no_limit(50, 100), [5000] * 4, button=0, actions=["raise 300"])
    assert hand.options().min_to == 500 and "min-raise" in concepts(hand)
    limit = hand_at(Rules.fixed_limit(50, 100), [5000] * 4, button=0, actions=["raise 200"])
    assert "min-raise" not in concepts(limit)
    assert "fixed-limit-sizes" in concepts(limit)


def test_min_raise_not_when_only_an_all_in_below_it_is_left() -> None:
    hand = hand_at(Rules.no_limit(50, 100), [5000, 5000, 5000, 5000, 400], 0, ["raise 300"])
    assert hand.to_act == 4 and hand.options().max_to == 400
    assert "min-raise" not in concepts(hand)


def test_pot_limit_max_only_when_the_pot_not_the_stack_limits() -> None:
    hand = hand_at(Rules.pot_limit(50, 100), [5000] * 4, button=0)
    assert hand.options().max_to == 350  # 150 in the pot, 100 to call: raise by 250
    assert "pot-limit-max" in concepts(hand)
    short = hand_at(Rules.pot_limit(50, 100), [5000, 5000, 5000, 300], button=0)
    assert short.options().max_to == 300
    assert "pot-limit-max" not in concepts(short)


def test_pot_limit_max_counts_the_antes() -> None:
    rules = Rules.pot_limit(50, 100, ante=25, ante_mode=AnteMode.EACH)
    hand = hand_at(rules, [5000] * 4, button=0)
    assert hand.options().max_to == 450  # 150 + 4 antes of 25, and the call of 100
    assert {"pot-limit-max", "antes-dead-money"} <= concepts(hand)


def test_raise_cap_reached_after_a_bet_and_three_raises() -> None:
    hand = hand_at(Rules.fixed_limit(50, 100), [5000] * 4, 0, ["raise 200", "raise 300"])
    assert "raise-cap" not in concepts(hand)
    play_through(hand, ["raise 400"])
    assert hand.options().blocked is Reason.RAISE_CAP_REACHED
    assert "raise-cap" in concepts(hand) and "fixed-limit-sizes" not in concepts(hand)


def test_short_all_in_does_not_reopen_wsop_96() -> None:
    rules = Rules.no_limit(50, 100)
    hand = hand_at(rules, [250, 5000, 5000, 5000], 0, ["raise 200", "raise 250", "fold", "call"])
    assert hand.to_act == 3
    assert hand.options().blocked is Reason.BETTING_NOT_REOPENED
    assert "short-all-in-reopen" in concepts(hand)
    full = hand_at(rules, [300, 5000, 5000, 5000], 0, ["raise 200", "raise 300", "fold", "call"])
    assert full.options().blocked is None
    assert "short-all-in-reopen" not in concepts(full)


def test_short_all_ins_adding_up_to_a_full_raise_reopen_wsop_96a() -> None:
    stacks = [300, 5000, 5000, 5000, 250]
    actions = ["raise 200", "raise 250", "raise 300", "fold", "call"]
    hand = hand_at(Rules.no_limit(50, 100), stacks, 0, actions)
    assert hand.to_act == 3  # the first raiser faces two short all-ins: 50 and 50 more
    assert hand.options().blocked is None  # together a full raise: it may raise again
    assert "short-all-in-reopen" in concepts(hand)
    single = hand_at(Rules.no_limit(50, 100, reopen=ReopenRule.SINGLE_RAISE), stacks, 0, actions)
    assert single.options().blocked is Reason.BETTING_NOT_REOPENED
    assert "short-all-in-reopen" in concepts(single)


def test_antes_are_dead_money_preflop_only() -> None:
    rules = Rules.no_limit(50, 100, ante=100, ante_mode=AnteMode.BIG_BLIND)
    hand = hand_at(rules, [5000] * 3, button=0, actions=["call", "call"])
    assert hand.to_act == 2 and hand.options().to_call == 0  # its ante is not part of its bet
    assert {"antes-dead-money", "big-blind-option"} <= concepts(hand)
    play_through(hand, ["check"])
    assert "antes-dead-money" not in concepts(hand)
    plain = hand_at(Rules.no_limit(50, 100), [5000] * 3, button=0)
    assert "antes-dead-money" not in concepts(plain)


# -- aimed questions -----------------------------------------------------------------
def test_every_concept_has_a_test_a_shape_and_exists() -> None:
    assert set(betting.CONCEPTS) == set(betting.CONCEPT_TESTS) == set(betting.AIMED)
    assert set(betting.CONCEPTS) <= set(CONCEPTS)
    assert dict(betting.DRILL.concepts) == betting.CONCEPTS


@pytest.mark.parametrize("concept", sorted(betting.CONCEPTS))
def test_aimed_questions_exercise_their_concept(concept: str) -> None:
    for level in betting.CONCEPTS[concept]:
        for seed in range(12):
            question = betting.DRILL.deal(seed, level, concept)
            assert concept in betting.concepts_of(question), (concept, level, seed)
            assert question == betting.DRILL.deal(seed, level, concept)
            assert betting.DRILL.load(question.to_dict()) == question  # stored whole in a quiz


def test_aimed_questions_stay_within_their_level() -> None:
    for seed in range(30):
        assert betting.DRILL.deal(seed, "easy", "min-raise").structure == "no_limit"
        assert betting.DRILL.deal(seed, "medium", "min-raise").structure == "pot_limit"
        hand = betting.DRILL.deal(seed, "hard", "raise-cap").hand
        assert players(hand) >= 3


@pytest.mark.django_db
def test_aimed_questions_are_answered_right_by_their_key(client: Client) -> None:
    for concept, levels in betting.CONCEPTS.items():
        question = betting.DRILL.deal(4, levels[-1], concept)
        key = betting.right_answer(question)
        data = {"token": make_token("betting", 4, levels[-1], {"c": concept}), **key}
        html = client.post(URL, data, HTTP_HX_REQUEST="true").content.decode()
        assert 'class="feedback__verdict ok"' in html, concept


# -- the page and the feedback -------------------------------------------------------
def test_question_narrates_the_hand(client: Client, language: str) -> None:
    html = client.get(f"/{language}/drills/betting/?level=medium&seed=9").content.decode()
    assert 'class="action-log"' in html
    assert html.count("<li>") >= 3


def seed_with(level: str, test: Callable[[Hand], bool]) -> int:
    return next(seed for seed in range(300) if test(betting.build(seed, level)))


def test_question_page_says_the_antes(client: Client) -> None:
    each = seed_with("medium", lambda h: h.rules.ante_mode is AnteMode.EACH)
    hand = betting.build(each, "medium")
    html = client.get(f"{URL}?level=medium&seed={each}").content.decode()
    assert f"Antes: every player posts {hand.level.ante} before the cards" in html
    big = seed_with("medium", lambda h: h.rules.ante_mode is AnteMode.BIG_BLIND)
    html = client.get(f"{URL}?level=medium&seed={big}").content.decode()
    assert "Big-blind ante: the big blind posts 100 for the whole table" in html
    none = seed_with("medium", lambda h: h.rules.ante_mode is AnteMode.NONE)
    html = client.get(f"{URL}?level=medium&seed={none}").content.decode()
    assert "Antes:" not in html and "Big-blind ante" not in html


@pytest.mark.django_db
def test_feedback_explains_that_an_ante_does_not_count_toward_the_call(client: Client) -> None:
    seed = next(
        s
        for s in range(200)
        if betting.DRILL.deal(s, "medium", "antes-dead-money").hand.options().to_call > 0
    )
    question = betting.DRILL.deal(seed, "medium", "antes-dead-money")
    token = make_token("betting", seed, "medium", {"c": "antes-dead-money"})
    data = {"token": token, **betting.right_answer(question)}
    html = client.post(URL, data).content.decode()
    assert "dead money" in html
    to_call = question.hand.options().to_call
    assert re.search(rf"must still put in {to_call:,} to call", html), to_call


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("preflop", "rule"), [(True, "acts first before the flop"), (False, "from the flop on")]
)
def test_feedback_explains_heads_up_order(client: Client, preflop: bool, rule: str) -> None:
    def aimed(seed: int) -> betting.Question:
        return betting.DRILL.deal(seed, "easy", "heads-up-order")

    seed = next(s for s in range(100) if (aimed(s).hand.street is Street.PREFLOP) == preflop)
    token = make_token("betting", seed, "easy", {"c": "heads-up-order"})
    html = client.post(URL, {"token": token, **betting.right_answer(aimed(seed))}).content.decode()
    assert "Heads-up (two players)" in html and rule in html


def test_feedback_names_the_big_blind_option() -> None:
    question = betting.DRILL.deal(0, "easy", "big-blind-option")
    with translation.override("en"):
        grade = betting.grade(question, betting.right_answer(question))
    assert grade.correct
    assert any("big blind has the option" in line for line in grade.order)


def test_ante_note_before_the_flop_and_the_pot_limit_note_on_every_street() -> None:
    rules = Rules.pot_limit(50, 100, ante=25, ante_mode=AnteMode.EACH)
    hand = hand_at(rules, [5000] * 3, button=0)
    question = betting.Question(hand, "pot_limit")
    with translation.override("en"):
        before = betting.grade(question, betting.right_answer(question)).antes
        play_through(hand, ["call", "call", "check"])
        after = betting.grade(question, betting.right_answer(question)).antes
    assert len(before) == 2 and "must still put in 100 to call" in before[0]
    assert "pot-limit maximum" in before[1]
    assert after == before[1:]


@pytest.mark.django_db
def test_wrong_minimum_is_wrong_and_explained(client: Client) -> None:
    seed = next(
        s
        for s in range(100)
        if "min_to" in right_answer(s, "easy")
        and betting.build(s, "easy").options().min_to != betting.build(s, "easy").options().max_to
    )
    data = right_answer(seed, "easy")
    data["min_to"] = str(int(data["min_to"]) + 1)
    html = client.post(URL, data).content.decode()
    assert "Not quite." in html
    assert "Smallest raise" in html or "smallest bet" in html


@pytest.mark.parametrize(
    "extra",
    [
        {"next": "99"},
        {"next": "x"},
        {"next": "-1"},
        {"next": "１"},  # a full-width digit
        {"next": "0", "min_to": "-1", "max_to": "5"},
        {"next": "0", "min_to": "", "max_to": ""},
        {"next": "0", "min_to": "200.5", "max_to": "300"},
        {"next": "0", "min_to": "1e3", "max_to": "300"},
        {"next": "0", "min_to": "99999999999999999999", "max_to": "300"},
        {"next": "0", "min_to": "٢٠٠", "max_to": "300"},  # Arabic-Indic digits
        {"next": "0", "min_to": "<script>", "max_to": "\u202e300"},
        {"min_to": "200", "max_to": "300"},  # no seat at all
    ],
)
def test_bad_answers(client: Client, extra: dict) -> None:
    data = {"token": make_token("betting", 1, "easy"), **extra}
    response = client.post(URL, data)
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()


def test_grade_refuses_what_it_cannot_read() -> None:
    question = betting.generate(3, "hard")
    for answer in ({}, {"next": ["0"], "min_to": ["1.5"], "max_to": ["2"]}, {"next": ["9" * 40]}):
        with pytest.raises(AnswerError):
            betting.grade(question, answer)


# -- words ---------------------------------------------------------------------------
def test_every_code_has_words_and_an_unknown_one_raises(language: str) -> None:
    with translation.override(language):
        for code in words.ORDER_CODES:
            assert words.order_text(code).strip()
        for mode in words.ANTE_MODES:
            assert "%(" not in words.table_antes(mode, 25, language)
            for to_call in (0, 75):
                assert "%(" not in words.ante_note(mode, "Seat 1", 25, to_call, language)
        assert words.pot_limit_antes_text().strip()
        with pytest.raises(MissingWords):
            words.order_text("sideways")
        with pytest.raises(MissingWords):
            words.table_antes("none", 0, language)
