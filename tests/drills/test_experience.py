"""The drill experience on every drill page: the keys and their hint, where focus lands,
the live region, and a question's link opened again after answering (the answer and its
feedback shown again, nothing counted twice)."""

from __future__ import annotations

import re
import time
from unittest import mock

import pytest
from django.test import Client

from tutor.drills.base import ANSWERS_KEEP, ANSWERS_KEY, TALLY_KEY, make_token
from tutor.drills.registry import DRILLS, QuestionDrill

QUESTION_DRILLS = [slug for slug, d in DRILLS.items() if isinstance(d, QuestionDrill)]
SLUG = "teenpatti-showdown"
URL = f"/en/drills/{SLUG}/"


def _drill(slug: str) -> QuestionDrill:
    drill = DRILLS[slug]
    assert isinstance(drill, QuestionDrill)
    return drill


def _answered(client: Client, slug: str) -> int:
    return int(client.session.get(TALLY_KEY, {}).get(slug, {}).get("answered", 0))


def _wrong_result(seed: int) -> str:
    right = _drill(SLUG).right_answer(_drill(SLUG).generate(seed, "easy"))["result"][0]
    return "tie" if right != "tie" else "player_a"


@pytest.mark.parametrize("slug", QUESTION_DRILLS)
def test_drill_page_has_the_keys_hint_and_a_focusable_question(client: Client, slug: str) -> None:
    page = client.get(f"/en/drills/{slug}/?level=easy&seed=4").content.decode()
    assert "data-drill-keys" in page
    assert re.search(r'<p class="keys-hint" data-keys-hint hidden>Keys: 1–9 choose', page)
    assert page.count("data-keys-hint") == 1  # once a page
    assert '<h2 id="question-title" tabindex="-1">' in page
    assert re.search(r'<script src="[^"]*tutor/site[.\w]*\.js" defer>', page)
    assert 'id="feedback" class="feedback" role="status" aria-live="polite"' in page


def test_keys_hint_waits_for_the_script_in_every_language(client: Client, language: str) -> None:
    page = client.get(f"/{language}/drills/{SLUG}/?level=easy&seed=4").content.decode()
    assert "data-keys-hint hidden" in page  # shown only by the script that makes keys work


@pytest.mark.django_db
def test_feedback_links_the_next_question_to_its_heading(client: Client) -> None:
    data = {"token": make_token(SLUG, 4, "easy"), "result": _wrong_result(4)}
    page = client.post(URL, data, HTTP_HX_REQUEST="true").content.decode()
    link = re.search(r'<a class="button" href="([^"]+)" data-next>Next question</a>', page)
    assert link is not None
    assert re.search(r"\?level=easy&amp;seed=\d+#question-title$", link.group(1))


@pytest.mark.django_db
def test_link_opened_again_shows_the_answer_without_counting(client: Client) -> None:
    wrong = _wrong_result(4)
    data = {"token": make_token(SLUG, 4, "easy"), "result": wrong}
    client.post(URL, data)
    assert _answered(client, SLUG) == 1
    before = client.get(f"{URL}?level=easy&seed=4").content.decode()
    assert "feedback__verdict bad" in before
    assert 'class="you-picked"' in before
    assert "It is not counted a second time." in before
    assert re.search(rf'value="{wrong}"( required)? checked', before)
    assert "Next question" in before
    assert _answered(client, SLUG) == 1
    client.post(URL, data)  # the same answer sent again
    with mock.patch("django.core.signing.time.time", return_value=time.time() + 3600):
        later = make_token(SLUG, 4, "easy")  # the page shown again an hour later
    assert later != data["token"]
    client.post(URL, {"token": later, "result": "player_b"})  # another answer to it
    assert _answered(client, SLUG) == 1
    again = client.get(f"{URL}?level=easy&seed=4").content.decode()
    assert re.search(rf'value="{wrong}"( required)? checked', again)  # the one counted


@pytest.mark.django_db
def test_another_question_opens_blank(client: Client) -> None:
    client.post(URL, {"token": make_token(SLUG, 4, "easy"), "result": "tie"})
    for other in ("?level=easy&seed=5", "?level=medium&seed=4"):
        page = client.get(URL + other).content.decode()
        assert "feedback__verdict" not in page and " checked" not in page


@pytest.mark.django_db
@pytest.mark.parametrize("slug", QUESTION_DRILLS)
def test_every_drill_reopens_its_answered_question(client: Client, slug: str) -> None:
    drill = _drill(slug)
    key = drill.right_answer(drill.generate(6, "medium"))
    client.post(f"/en/drills/{slug}/", {**key, "token": make_token(slug, 6, "medium")})
    page = client.get(f"/en/drills/{slug}/?level=medium&seed=6").content.decode()
    assert "feedback__verdict ok" in page
    assert _answered(client, slug) == 1


@pytest.mark.django_db
def test_side_pots_reopens_at_the_stage_reached(client: Client) -> None:
    drill = _drill("side-pots")
    question = drill.generate(2, "easy")
    token = make_token("side-pots", 2, "easy")
    client.post("/en/drills/side-pots/", {**drill.right_answer(question), "token": token})
    stage_one = client.get("/en/drills/side-pots/?level=easy&seed=2").content.decode()
    assert 'name="stage" value="2"' in stage_one  # the showdown form, to go on
    client.post("/en/drills/side-pots/", {"token": token, "stage": "2", "payout0": "0"})
    stage_two = client.get("/en/drills/side-pots/?level=easy&seed=2").content.decode()
    assert "Chips each seat gets" in stage_two
    assert _answered(client, "side-pots") == 2  # each stage counted once


@pytest.mark.django_db
def test_a_concept_question_reopens_too(client: Client) -> None:
    drill = _drill("holdem-showdown")
    question = drill.deal(3, "easy", "kickers")
    token = make_token("holdem-showdown", 3, "easy", {"c": "kickers"})
    client.post("/en/drills/holdem-showdown/", {**drill.right_answer(question), "token": token})
    page = client.get("/en/drills/holdem-showdown/?level=easy&seed=3&concept=kickers")
    assert "feedback__verdict ok" in page.content.decode()


@pytest.mark.django_db
def test_kept_answers_are_bounded(client: Client) -> None:
    for seed in range(ANSWERS_KEEP + 5):
        client.post(URL, {"token": make_token(SLUG, seed, "easy"), "result": "tie"})
    kept = client.session[ANSWERS_KEY]
    assert len(kept) == ANSWERS_KEEP
    first = client.get(f"{URL}?level=easy&seed=0").content.decode()
    assert "feedback__verdict" not in first  # forgotten: blank again
    last = client.get(f"{URL}?level=easy&seed={ANSWERS_KEEP + 4}").content.decode()
    assert "feedback__verdict" in last


@pytest.mark.django_db
def test_a_kept_answer_keeps_only_the_form_and_is_cut_short(client: Client) -> None:
    data = {"token": make_token(SLUG, 4, "easy"), "result": "tie", "junk": "x" * 5000}
    client.post(URL, data)
    (kept,) = client.session[ANSWERS_KEY].values()
    assert "token" not in kept and "csrfmiddlewaretoken" not in kept
    assert kept["junk"] == ["x" * 100]


@pytest.mark.django_db
@pytest.mark.parametrize("stored", [[1, 2], "text", {"x": "not a dict"}, None])
def test_a_damaged_session_never_breaks_the_page(client: Client, stored: object) -> None:
    session = client.session
    session[ANSWERS_KEY] = stored
    session.save()
    assert client.get(f"{URL}?level=easy&seed=4").status_code == 200
    client.post(URL, {"token": make_token(SLUG, 4, "easy"), "result": "tie"})
    assert client.get(f"{URL}?level=easy&seed=4").status_code == 200


@pytest.mark.django_db
def test_a_kept_answer_the_drill_cannot_read_opens_blank(client: Client) -> None:
    client.post(URL, {"token": make_token(SLUG, 4, "easy"), "result": "tie"})
    session = client.session
    answers = session[ANSWERS_KEY]
    for key in answers:
        answers[key] = {"result": ["nonsense"]}
    session[ANSWERS_KEY] = answers
    session.save()
    page = client.get(f"{URL}?level=easy&seed=4")
    assert page.status_code == 200 and "feedback__verdict" not in page.content.decode()
