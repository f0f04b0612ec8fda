from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from tutor.concepts import CONCEPTS
from tutor.drills import holdem_showdown
from tutor.drills.base import AnswerError, make_token
from tutor.engine import holdem
from tutor.engine.cards import parse_cards, shuffled_deck


def token_of(html: str) -> str:
    return re.search(r'name="token" value="([^"]+)"', html).group(1)  # type: ignore[union-attr]


def test_without_seed_redirects_to_a_reproducible_question(client: Client) -> None:
    response = client.get("/en/drills/holdem-showdown/")
    assert response.status_code == 302
    assert re.search(r"\?level=easy&seed=\d+$", response["Location"])


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_same_seed_same_question(level: str) -> None:
    assert holdem_showdown.generate(7, level) == holdem_showdown.generate(7, level)
    assert holdem_showdown.generate(7, level) != holdem_showdown.generate(8, level)


def test_levels_change_the_number_of_players() -> None:
    counts = {
        lvl: {len(holdem_showdown.generate(s, lvl).hands) for s in range(40)}
        for lvl in ("easy", "hard")
    }
    assert counts["easy"] == {2}
    assert max(counts["hard"]) >= 5


def test_hard_level_favours_close_decisions() -> None:
    def close(level: str) -> int:
        n = 0
        for seed in range(60):
            q = holdem_showdown.generate(seed, level)
            n += holdem.showdown(q.board, q.hands).decided_by.kind in holdem_showdown.CLOSE
        return n

    assert close("hard") > close("easy")


def test_close_is_the_showdowns_decision_inside_a_category() -> None:
    """The deal's quick test (strength integers) says what the engine's showdown says, on
    random deals of one to six hands and on questions built for ties and boards that play."""
    rng = random.Random(27)
    questions = []
    for _ in range(1500):
        deck = shuffled_deck(rng.randrange(2**63))
        hands = tuple((deck[5 + 2 * i], deck[6 + 2 * i]) for i in range(rng.randint(1, 6)))
        questions.append(holdem_showdown.Question(tuple(deck[:5]), hands))
    for concept, build in holdem_showdown.BUILDERS.items():
        questions += [build(random.Random(f"{concept}/{n}"), rng.randint(2, 6)) for n in range(60)]
    kinds = set()
    for question in questions:
        decided = holdem.showdown(question.board, question.hands).decided_by.kind
        kinds.add(decided)
        assert holdem_showdown.deal.close(question) is (decided in holdem_showdown.CLOSE)
    assert kinds == {"only_hand", "category", "rank", "kicker", "tie", "board_plays"}


def test_question_page_has_no_right_answer(client: Client, language: str) -> None:
    html = client.get(f"/{language}/drills/holdem-showdown/?level=hard&seed=42").content.decode()
    assert 'id="feedback"' in html and 'role="status"' in html
    assert "showdown-row--winner" not in html
    assert "card--best" not in html


def _answer_holdem(client: Client, seed: int, level: str, correct: bool, **headers: str):
    question = holdem_showdown.generate(seed, level)
    winners = holdem.showdown(question.board, question.hands).winners
    chosen = (
        list(winners)
        if correct
        else [i for i in range(len(question.hands)) if i not in winners][:1]
    )
    token = make_token("holdem-showdown", seed, level)
    return client.post(
        "/en/drills/holdem-showdown/",
        {"token": token, "winners": [str(i) for i in chosen]},
        **headers,
    )


@pytest.mark.django_db
def test_correct_answer_htmx_partial(client: Client) -> None:
    response = _answer_holdem(client, 11, "medium", True, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert "Correct!" in html
    assert 'hx-swap-oob="true"' in html
    assert '<span class="muted">best five</span>: <ul class="cards">' in html


@pytest.mark.django_db
def test_wrong_answer_full_page_explains(client: Client) -> None:
    response = _answer_holdem(client, 11, "medium", False)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" in html and "Not quite." in html
    assert 'class="explanation"' in html


@pytest.mark.django_db
def test_double_submit_counts_once(client: Client) -> None:
    _answer_holdem(client, 5, "easy", True)
    _answer_holdem(client, 5, "easy", True)
    tally = client.session["drill_progress"]["holdem-showdown"]
    assert tally["answered"] == 1 and tally["right"] == 1 and tally["streak"] == 1


@pytest.mark.django_db
def test_streak_resets_on_a_wrong_answer(client: Client) -> None:
    _answer_holdem(client, 1, "easy", True)
    _answer_holdem(client, 2, "easy", True)
    _answer_holdem(client, 3, "easy", False)
    tally = client.session["drill_progress"]["holdem-showdown"]
    assert tally == {"answered": 3, "right": 2, "streak": 0, "best_streak": 2}


@pytest.mark.django_db
@pytest.mark.parametrize(
    "data",
    [
        {},
        {"token": "forged"},
        {"token": make_token("teenpatti-showdown", 1, "easy"), "winners": "0"},
        {"token": make_token("holdem-showdown", 1, "easy"), "winners": "9"},
        {"token": make_token("holdem-showdown", 1, "easy"), "winners": "-1"},
        {"token": make_token("holdem-showdown", 1, "easy")},
        {"token": make_token("holdem-showdown", 1, "easy"), "winners": "x" * 5000},
    ],
)
def test_bad_input_gets_a_message_not_an_error(client: Client, data: dict) -> None:
    response = client.post("/cs/drills/holdem-showdown/", data)
    assert response.status_code in (400, 422)
    html = response.content.decode()
    assert 'class="notice"' in html or 'class="error"' in html
    assert "drill_progress" not in client.session


@pytest.mark.parametrize(
    "query", ["?seed=abc", "?seed=-5", "?seed=99999999999999999999", "?level=expert&seed=3"]
)
def test_bad_links_give_a_fresh_question(client: Client, query: str) -> None:
    response = client.get(f"/hi/drills/holdem-showdown/{query}")
    assert response.status_code == 200
    assert 'class="notice"' in response.content.decode()


def test_drill_index_lists_drills(client: Client, language: str) -> None:
    html = client.get(f"/{language}/drills/").content.decode()
    assert f'href="/{language}/drills/holdem-showdown/"' in html
    assert f'href="/{language}/drills/teenpatti-showdown/"' in html


@pytest.mark.django_db
def test_rule_page_situation_opens_in_the_drill(client: Client) -> None:
    url = "/en/drills/holdem-showdown/?board=Kh+Kd+7c+4s+2h&hands=As+Qd%7CAc+Jd"
    html = client.get(url).content.decode()
    assert 'aria-label="Ace of spades"' in html and 'aria-label="Jack of diamonds"' in html
    token = token_of(html)
    response = client.post("/en/drills/holdem-showdown/", {"token": token, "winners": "0"})
    assert "Correct!" in response.content.decode()  # As-Qd's queen kicker beats Ac-Jd


@pytest.mark.parametrize(
    "query",
    ["?board=Kh+Kd&hands=As+Qd%7CAc+Jd", "?board=Kh+Kd+7c+4s+2h&hands=Kh+Qd%7CAc+Jd", "?hands=zz"],
)
def test_bad_situation_links_fall_back_to_a_new_question(client: Client, query: str) -> None:
    response = client.get(f"/en/drills/holdem-showdown/{query}")
    assert response.status_code == 200
    assert 'class="notice"' in response.content.decode()


def test_rule_page_examples_link_to_drills(client: Client) -> None:
    # A lesson's examples open their drill on the same cards; the rule page itself links
    # to practice once per section instead (tests/rules/test_layout.py).
    from tutor.rules.documents import DOCUMENTS
    from tutor.rules.render import render_sections

    anchors = ("straights-and-the-ace", "one-pair")
    html = str(render_sections(DOCUMENTS["texas-holdem"], "cs", anchors).html)
    assert 'href="/cs/drills/holdem-showdown/?level=easy&amp;board=' in html
    assert 'href="/cs/drills/name-the-hand/?level=easy&amp;game=holdem&amp;cards=' in html


# Concepts: what a question exercises, read from the engine's showdown.


def question_of(board: str, *hands: str) -> holdem_showdown.Question:
    return holdem_showdown.Question(parse_cards(board), tuple(parse_cards(h) for h in hands))


@pytest.mark.parametrize(
    ("board", "hands", "concepts"),
    [
        # Two pair beats one pair: the category decides.
        ("Kh Kd 7c 4s 2h", ("As Ad", "Qc Jc"), {"hand-rankings"}),
        # A pair of kings each, ace each: the queen beats the jack.
        ("Kh Kd 7c 4s 2h", ("As Qd", "Ac Jd"), {"kickers"}),
        # Broadway on an unpaired rainbow board: both play the board.
        ("Ts Js Qd Kc Ah", ("2c 3d", "4h 5h"), {"board-plays", "split-pot"}),
        # Same pair, same kickers from the hole: a split, but the board does not play.
        ("Kh Kd 7c 4s 2h", ("As Qd", "Ac Qc"), {"split-pot"}),
        # A-2-3-4-5 beats a pair of kings.
        ("Ah 2d 3c 9s Kh", ("4s 5d", "Kd Qc"), {"hand-rankings", "wheel-straight"}),
        # The wheel loses to a six-high straight: still in play, as the runner-up.
        ("2d 3c 4h 9s Kh", ("As 5d", "5c 6s"), {"wheel-straight"}),
        # A-2-3-4-5-6 is a six-high straight, not a wheel; the ace sits out.
        ("2d 3c 4h 5s Kh", ("As 6d", "Kd Qc"), {"hand-rankings", "best-five-of-seven"}),
        # Q-K-A-2-3 is ace high, so nines win; judged a straight, it would have won.
        ("Qh Kd Ac 9s 7h", ("2c 3d", "9d 4c"), {"hand-rankings", "no-wraparound"}),
        # The wrap-around loses to a real straight: calling it a straight changes nothing.
        ("Qh Kd Ac Jd 7h", ("2c 3d", "Ts 4c"), {"hand-rankings"}),
        # Two ace-high flushes: the queen beats the jack.
        ("Ah 9h 5h 2c Kd", ("Qh 3h", "Jh Th"), {"flush-vs-flush", "kickers"}),
        ("Ah 9h 5h 2c Kd", ("Qh 3h", "Jc Tc"), {"hand-rankings"}),
        # Kings up: nines beat fives; then the kicker decides between kings and nines.
        ("Kh Kd 9c 5s 2h", ("9s 3d", "5d Ac"), {"two-pair-kicker", "kickers"}),
        ("Kh Kd 9c 5s 2h", ("9s Qd", "9d Jc"), {"two-pair-kicker", "kickers"}),
        # The higher pair decides: not the second pair's lesson, but still two hands of
        # one category compared (not the rankings alone).
        ("Kh 9d 5c 2s 3h", ("Kc 5d", "9s 5s"), {"kickers"}),
        # An 8-high straight beats a 7-high one; queens beat fours: within the category.
        ("4h 5d 6c 7s Kh", ("8d 2c", "3d 2s"), {"kickers"}),
        ("Qh 4d 9c 2s 7h", ("Qd 3c", "4s Kc"), {"kickers"}),
        # Kings full of nines beat kings full of fives.
        ("Kh Kd Kc 9s 5h", ("9d 2c", "5d 3c"), {"full-house-ranks", "kickers"}),
        # ... but four kings beat both: the category decides.
        ("Kh Kd Kc 9s 5h", ("9d 2c", "5d 3c", "Ks 4d"), {"hand-rankings"}),
        # A full house on the board: the ace sits out, nobody compares full houses.
        (
            "8h 8d 8c Ks Kh",
            ("As 2c", "Qd Jd"),
            {"board-plays", "split-pot", "best-five-of-seven"},
        ),
        # Kings and eights with an ace kicker: the ace plays, the deuce does not.
        (
            "8h 8d 3c Ks Kh",
            ("As 2c", "Qd Jd"),
            {"best-five-of-seven", "kickers", "two-pair-kicker"},
        ),
    ],
)
def test_concepts_of_reads_the_showdown(board: str, hands: tuple[str, ...], concepts: set) -> None:
    assert holdem_showdown.concepts_of(question_of(board, *hands)) == concepts


def test_every_concept_is_a_catalog_concept_with_a_test_and_a_builder() -> None:
    declared = set(holdem_showdown.DRILL.concepts)
    assert declared <= set(CONCEPTS)
    assert declared == set(holdem_showdown.TESTS) == set(holdem_showdown.BUILDERS)


@pytest.mark.parametrize("concept", list(holdem_showdown.BUILDERS))
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_target_deals_a_fair_question_that_exercises_the_concept(concept: str, level: str) -> None:
    drill = holdem_showdown.DRILL
    low, high = holdem_showdown.PLAYERS[level]
    hits = 0
    for seed in range(12):
        question = drill.deal(seed, level, concept)
        assert question == drill.deal(seed, level, concept)
        assert low <= len(question.hands) <= high
        cards = [*question.board, *(c for hand in question.hands for c in hand)]
        assert len(cards) == len(set(cards)) == 5 + 2 * len(question.hands)
        assert drill.load(question.to_dict()) == question
        hits += concept in drill.concepts_of(question)
    assert hits >= 10


def test_targets_differ_by_seed_and_from_the_untargeted_question() -> None:
    drill = holdem_showdown.DRILL
    aimed = [drill.deal(seed, "medium", "board-plays") for seed in range(10)]
    assert len(set(aimed)) == 10
    assert all(q != drill.generate(s, "medium") for s, q in enumerate(aimed))


def test_unknown_concept_is_refused() -> None:
    with pytest.raises(KeyError):
        holdem_showdown.target(1, "easy", "tp-ties")


@pytest.mark.django_db
def test_aimed_page_is_answered_from_its_key(client: Client) -> None:
    page = client.get("/en/drills/holdem-showdown/?level=hard&seed=9&concept=wheel-straight")
    html = page.content.decode()
    assert 'class="concept-banner"' in html
    question = holdem_showdown.DRILL.deal(9, "hard", "wheel-straight")
    answer = {"token": token_of(html), **holdem_showdown.right_answer(question)}
    response = client.post("/en/drills/holdem-showdown/", answer, HTTP_HX_REQUEST="true")
    assert 'class="feedback__verdict ok"' in response.content.decode()


@pytest.mark.parametrize(
    "winners",
    [["-1"], ["9" * 40], ["1.5"], ["abc"], ["٣"], ["0\x00"], ["\u202e1"], [""], [], ["0", "x"]],
)
def test_grade_refuses_odd_answers_with_a_message(winners: list[str]) -> None:
    question = holdem_showdown.DRILL.deal(3, "hard", "split-pot")
    with pytest.raises(AnswerError) as refused:
        holdem_showdown.grade(question, {"winners": winners})
    assert refused.value.message
