"""The tournament drill: stories the engine's table plays to the end, the concepts read
from its answer (eliminations, places, blind levels), grading, labels and the page."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from django.test import Client
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from tutor.drills import tournament as drill
from tutor.drills.answers import amount
from tutor.drills.base import AnswerError, make_token
from tutor.drills.tournament import replay
from tutor.engine.cards import parse_cards
from tutor.engine.table import Elimination

SLUG = drill.DRILL.slug
LEVELS = ("easy", "medium", "hard")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield


# -- hand-made tournaments ------------------------------------------------------------

WINS = "As Ad"  # against the other cards below on this board, always the best hand
LOSERS = ("7c 2d", "8h 3s", "6h 2s")
BOARD = "Kc Qd 9s 5h 4c"


def allin(winner: int, *losers: int) -> drill.Played:
    """A hand in which ``losers`` and ``winner`` go all-in and ``winner`` holds aces."""
    seats = tuple(sorted((winner, *losers)))
    cards = {winner: WINS} | {s: LOSERS[i] for i, s in enumerate(losers)}
    return drill.Played(seats, tuple(parse_cards(cards[s]) for s in seats), parse_cards(BOARD))


QUIET = drill.Played()
SCHEDULE = (drill.Blinds(10, 20), drill.Blinds(20, 40), drill.Blinds(30, 60))


def made(*hands: drill.Played, players: int = 3, asked: int = 0, every: int = 2) -> drill.Question:
    return drill.Question(players, 1000, 0, SCHEDULE, every, hands, asked)


# Three players, button seat 0. Hand 1 is folded to the big blind (seat 2 takes seat 1's
# small blind); in hand 2 seat 2 (1,010 chips) knocks out seat 0 (1,000) and seat 1 (990)
# together.
TOGETHER = made(QUIET, allin(2, 0, 1))
# Seat 0 is knocked out in hand 1, seat 2 in hand 2: seat 1 wins.
ONE_BY_ONE = made(allin(1, 0), allin(1, 2))


def test_players_out_in_the_same_hand_place_by_their_chips_at_its_start() -> None:
    the_run = drill.run(TOGETHER)
    assert the_run.hands[1].stacks == (1000, 990, 1010)
    assert the_run.places == (2, 3, 1)  # 1,000 at the start of hand 2 beats 990
    assert drill.finish_code(0, the_run.eliminations) == "out_more"
    assert drill.finish_code(1, the_run.eliminations) == "out_fewer"
    assert drill.finish_code(2, the_run.eliminations) == "winner"


def test_the_first_player_out_finishes_last() -> None:
    the_run = drill.run(ONE_BY_ONE)
    assert the_run.order == (1, 2, 0)
    assert [e.hand_no for e in the_run.eliminations] == [1, 2]
    assert drill.finish_code(0, the_run.eliminations) == "out"


def test_finish_codes_for_every_kind_of_shared_hand() -> None:
    out = [Elimination(4, ((0, 300), (1, 500), (2, 900))), Elimination(6, ((3, 700), (4, 700)))]
    codes = [drill.finish_code(seat, out) for seat in range(6)]
    assert codes == ["out_fewer", "out_between", "out_more", "out_tied", "out_tied", "winner"]


def test_concepts_are_read_from_the_engines_answer() -> None:
    assert drill.concepts_of(ONE_BY_ONE) == {"finishing-order"}
    # Hand 3 is in level 2 with two hands a level: the blinds have gone up by then.
    assert drill.concepts_of(made(QUIET, QUIET, allin(0, 1), allin(0, 2), asked=3)) == {
        "blind-levels",
        "finishing-order",
    }
    # Hand 2 is still in the first level.
    assert "blind-levels" not in drill.concepts_of(made(QUIET, allin(2, 0), allin(2, 1), asked=2))
    # Only one player out: no finishing order to work out yet.
    assert drill.concepts_of(made(allin(1, 0), asked=1)) == frozenset()


def test_two_out_in_one_hand_is_the_finishing_order() -> None:
    assert drill.concepts_of(TOGETHER) == {"finishing-order"}


def test_the_blinds_of_a_hand_come_from_the_schedule() -> None:
    q = made(QUIET, QUIET, allin(0, 1), QUIET, allin(0, 2), asked=5)
    assert drill.right_answer(q)["small"] == ["30"] and drill.right_answer(q)["big"] == ["60"]
    grade = drill.grade(q, drill.right_answer(q))
    assert grade.blinds_why == "Hand 5 is in level 3, which covers hands 5 to 6: blinds 30/60."


def test_past_the_schedule_the_blinds_stay_at_its_last_level() -> None:
    hands = (QUIET,) * 6 + (allin(1, 0), allin(1, 2))
    q = made(*hands, asked=8)
    key = drill.right_answer(q)
    assert (key["small"], key["big"]) == (["30"], ["60"])
    assert drill.grade(q, key).blinds_why.startswith("Hand 8 comes after the end of the schedule")


def test_a_replay_that_deals_other_cards_is_refused() -> None:
    dealt = allin(1, 0)
    bad = drill.Played(dealt.seats, dealt.holes, parse_cards("Kc Qd 9s 5h"))  # four cards
    with pytest.raises(RuntimeError):
        drill.run(made(bad, allin(1, 2)))


# -- dealt tournaments ----------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_every_dealt_tournament_is_played_to_its_winner(level: str) -> None:
    low, high = drill.PLAYERS[level]
    for seed in range(40):
        q = drill.generate(seed, level)
        the_run = drill.run(q)
        assert low <= q.players <= high
        assert sorted(the_run.places) == list(range(1, q.players + 1))  # no shared place
        assert sum(len(e.seats) for e in the_run.eliminations) == q.players - 1
        sizes = [len(e.seats) for e in the_run.eliminations]
        if level == "hard":
            assert sorted(sizes) == [1, 1, 1, 2], seed
            (pair,) = [e for e in the_run.eliminations if len(e.seats) == 2]
            (low_seat, low_chips), (high_seat, high_chips) = pair.seats
            assert low_chips < high_chips
            assert the_run.places[high_seat] < the_run.places[low_seat]
        else:
            assert set(sizes) == {1}, seed
        if level == "easy":
            assert q.asked == 0
        else:
            assert 1 <= q.asked <= len(q.hands)
            assert the_run.rules.level_index(len(q.hands)) > 0, seed  # the blinds went up


@pytest.mark.parametrize("level", LEVELS)
def test_no_quiet_hand_forces_a_short_stack_all_in(level: str) -> None:
    """Every player not in an all-in hand folds with chips to spare: nobody is out by a blind."""
    for seed in range(40):
        the_run = drill.run(drill.generate(seed, level))
        for told in the_run.hands:
            out = {seat for seat, _chips in told.busted}
            assert out <= set(told.seats)


def test_a_dealt_question_is_pinned_by_its_seed_and_reads_back() -> None:
    for level in LEVELS:
        q = drill.generate(7, level)
        assert drill.generate(7, level) == q
        data = json.loads(json.dumps(q.to_dict()))
        assert drill.Question.from_dict(data) == q


def test_the_run_kept_while_dealing_is_the_engines_replay() -> None:
    q = drill.generate(11, "hard")
    kept = drill.run(q)
    replay._RUNS.clear()
    assert drill.run(q) == kept


@pytest.mark.parametrize("level", LEVELS)
def test_aimed_at_blind_levels_the_blinds_have_gone_up(level: str) -> None:
    for seed in range(30):
        q = drill.DRILL.deal(seed, level, "blind-levels")
        assert q.asked > q.every
        assert drill.run(q).rules.level_index(q.asked) > 0
        assert "blind-levels" in drill.concepts_of(q)


def test_aimed_questions_are_their_own_deals() -> None:
    aimed = drill.DRILL.deal(4, "medium", "finishing-order")
    assert aimed == drill.DRILL.deal(4, "medium", "finishing-order")
    assert aimed != drill.generate(4, "medium")


# -- grading ----------------------------------------------------------------------------


def test_the_right_answer_is_right_and_one_wrong_place_is_wrong() -> None:
    for level in LEVELS:
        q = drill.generate(3, level)
        key = drill.right_answer(q)
        assert drill.grade(q, key).correct
        first, second = drill.run(q).order[:2]
        swapped = key | {f"place{first}": key[f"place{second}"], f"place{second}": ["1"]}
        grade = drill.grade(q, swapped)
        assert not grade.correct and not grade.places_ok
        assert [row.ok for row in grade.rows][:2] == [False, False]


def test_wrong_blinds_are_wrong_and_right_places_still_count() -> None:
    q = drill.generate(3, "medium")
    key = drill.right_answer(q)
    wrong = key | {"big": [str(int(key["big"][0]) * 2)]}
    grade = drill.grade(q, wrong)
    assert grade.places_ok and not grade.blinds_ok and not grade.correct


def test_grade_says_why_each_player_finishes_there() -> None:
    grade = drill.grade(TOGETHER, drill.right_answer(TOGETHER))
    assert grade.together
    assert [row.label for row in grade.rows] == ["Seat 3", "Seat 1", "Seat 2"]
    assert grade.rows[1].why == (
        "Seat 1 is knocked out in hand 2, the same hand as Seat 2, but started it with more "
        "chips (1,000), so finishes higher: place 2."
    )


def places(q: drill.Question, *values: str) -> dict[str, list[str]]:
    return {f"place{seat}": [text] for seat, text in enumerate(values)}


@pytest.mark.parametrize(
    "bad", ["", "0", "4", "-1", "1.5", "abc", "١", "²", "9" * 40, "<script>", "1\x00"]
)
def test_an_unreadable_place_is_refused_clearly(bad: str) -> None:
    q = made(allin(1, 0), allin(1, 2))
    with pytest.raises(AnswerError) as error:
        drill.grade(q, places(q, "3", bad, "2"))
    assert error.value.message in (
        "Choose a place for every player.",
        "A place is a whole number from 1 (the winner) to 3.",
    )


def test_a_missing_place_is_refused() -> None:
    with pytest.raises(AnswerError):
        drill.grade(ONE_BY_ONE, {"place0": ["3"], "place1": ["1"]})


@pytest.mark.parametrize("bad", ["-5", "abc", "1e9", "99999999999999", "12.5", "", "½"])
def test_unreadable_blinds_are_refused_clearly(bad: str) -> None:
    q = made(allin(1, 0), allin(1, 2), asked=2)
    answer = places(q, "3", "1", "2") | {"small": ["10"], "big": [bad]}
    with pytest.raises(AnswerError):
        drill.grade(q, answer)


def test_blinds_are_not_asked_when_the_question_does_not_ask_them() -> None:
    grade = drill.grade(ONE_BY_ONE, places(ONE_BY_ONE, "3", "1", "2"))
    assert grade.correct and grade.asked == 0 and grade.blinds_why == ""
    assert "small" not in drill.right_answer(ONE_BY_ONE)


HOSTILE = st.one_of(
    st.text(max_size=30),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(["1e400", "NaN", "-0", "٣", "1 000", "1,5", "0x10", "\u202e2", "9" * 5000]),
)


@given(st.dictionaries(st.sampled_from(["place0", "place1", "place2", "small", "big"]), HOSTILE))
def test_any_answer_is_graded_or_refused_with_a_message(answer: dict[str, str]) -> None:
    q = made(allin(1, 0), allin(1, 2), asked=2)
    try:
        grade = drill.grade(q, answer)
    except AnswerError as error:
        assert error.message
    else:  # every field was read: right exactly when each number is the key's
        read = {name: amount(text) for name, text in answer.items()}
        key = drill.right_answer(q)
        assert grade.correct == all(read.get(name) == int(v) for name, (v,) in key.items())
    assert isinstance(drill.answer_label(q, answer), str)


def test_answer_labels() -> None:
    q = made(allin(1, 0), allin(1, 2), asked=2)
    answer = places(q, "3", "1", "2") | {"small": ["10"], "big": ["2,000"]}
    assert drill.answer_label(q, answer) == (
        "place 1: Seat 2; place 2: Seat 3; place 3: Seat 1; blinds 10/2,000"
    )
    assert drill.answer_label(q, {"place0": ["x"], "small": ["?"], "big": []}) == "blinds ?/?"
    assert drill.answer_label(q, {}) == ""
    with translation.override("cs"):
        assert drill.answer_label(q, {"big": ["1500"], "small": ["750"]}).endswith("750/1\xa0500")


# -- the page ---------------------------------------------------------------------------

CARD_CODE = re.compile(r"\b(?:[2-9TJQKA]|10)[shdc]\b")


def prose(html: str) -> str:
    """The page's text outside the card pictures."""
    text = re.sub(r'<ul class="cards">.*?</ul>', " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", text)


@pytest.mark.parametrize("level", LEVELS)
def test_page_tells_the_story_without_card_codes(client: Client, language: str, level: str) -> None:
    html = client.get(f"/{language}/drills/{SLUG}/?level={level}&seed=9").content.decode()
    q = drill.generate(9, level)
    assert html.count('name="place') == q.players
    assert ('name="big"' in html) == bool(q.asked)
    assert html.count("<h4>") == sum(1 for h in q.hands if h.seats)
    main = html.split("<main")[1].split("</main>")[0]
    assert not CARD_CODE.search(prose(main))


@pytest.mark.django_db
def test_the_right_answer_is_correct_on_the_page(client: Client, language: str) -> None:
    q = drill.generate(5, "hard")
    data = {"token": make_token(SLUG, 5, "hard"), **drill.right_answer(q)}
    html = client.post(f"/{language}/drills/{SLUG}/", data, HTTP_HX_REQUEST="true")
    assert 'class="feedback__verdict ok"' in html.content.decode()
    assert client.session["drill_progress"][SLUG] == {
        "answered": 1,
        "right": 1,
        "streak": 1,
        "best_streak": 1,
    }


@pytest.mark.django_db
def test_a_wrong_answer_says_not_quite_and_explains_the_rule(client: Client) -> None:
    q = drill.generate(5, "hard")
    key = drill.right_answer(q)
    first, second = drill.run(q).order[:2]
    wrong = key | {f"place{first}": key[f"place{second}"], f"place{second}": ["1"]}
    html = client.post(f"/en/drills/{SLUG}/", {"token": make_token(SLUG, 5, "hard"), **wrong})
    text = html.content.decode()
    assert "Not quite." in text and "reverse order" in text
    assert "Tournament Directors Association" in text  # hard: two out in the same hand


@pytest.mark.django_db
def test_an_unreadable_answer_is_a_422_and_counts_nothing(client: Client) -> None:
    data = {"token": make_token(SLUG, 1, "medium"), "place0": "¹", "small": "x"}
    response = client.post(f"/cs/drills/{SLUG}/", data)
    assert response.status_code == 422
    assert "drill_progress" not in client.session
