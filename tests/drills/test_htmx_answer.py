"""An htmx answer swaps ``#feedback`` with exactly what the page without JavaScript shows
in its feedback box, plus the progress panel sent out of band: in every question drill and
language, for a right, a wrong, an unreadable answer and a bad token (issue 27: the htmx
answer builds only what it swaps, so this guards that nothing it swaps went missing)."""

from __future__ import annotations

import re

import pytest
from django.core import signing
from django.test import Client

from tests.drills.test_you_picked import WRONG
from tutor.drills.base import TOKEN_SALT, make_token
from tutor.drills.registry import DRILLS, QuestionDrill

QUESTION_DRILLS = [slug for slug, d in DRILLS.items() if isinstance(d, QuestionDrill)]
FEEDBACK = re.compile(
    r'<div id="feedback" class="feedback" role="status" aria-live="polite">(.*?)</div>\s*'
    r'<aside id="progress" class="progress" aria-labelledby="progress-title">(.*?)</aside>',
    re.S,
)
OOB = re.compile(
    r'<aside id="progress" class="progress" aria-labelledby="progress-title" '
    r'hx-swap-oob="true">(.*?)</aside>',
    re.S,
)
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')  # masked anew each time
TOKEN = re.compile(r'name="token" value="([^"]+)"')  # signed with the time: read back


def _plain(html: str) -> str:
    html = CSRF.sub("csrf", html)
    return TOKEN.sub(lambda m: repr(signing.loads(m.group(1), salt=TOKEN_SALT)), html)


@pytest.fixture(autouse=True)
def _one_next_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The "next question" link draws a seed: the same one for both answers."""
    monkeypatch.setattr("tutor.drills.base.new_seed", lambda: 77)
    monkeypatch.setattr("tutor.drill_pages.views.new_seed", lambda: 77)


def _both(url: str, data: dict[str, object]) -> tuple[str, str, str]:
    """(the fragment an htmx answer swaps in, the page's feedback box, its progress panel),
    each answer sent by a new learner."""
    fragment = Client().post(url, data, HTTP_HX_REQUEST="true")
    page = Client().post(url, data)
    assert fragment.status_code == 200
    found = FEEDBACK.search(page.content.decode())
    assert found is not None, page.content.decode()[:500]
    box, progress = found.groups()
    return _plain(fragment.content.decode()), _plain(box), progress


def _same(url: str, data: dict[str, object]) -> str:
    fragment, box, progress = _both(url, data)
    oob = OOB.search(fragment)
    if oob is not None:
        assert oob.group(1) == progress
        fragment = fragment.replace(oob.group(0), "")
    assert fragment == box
    return box


@pytest.mark.django_db
@pytest.mark.parametrize("slug", QUESTION_DRILLS)
def test_htmx_answer_is_the_pages_feedback(slug: str, language: str) -> None:
    drill = DRILLS[slug]
    assert isinstance(drill, QuestionDrill)
    url, token = f"/{language}/drills/{slug}/", make_token(slug, 5, "medium")
    key = drill.right_answer(drill.generate(5, "medium"))
    wrong, _ = WRONG[slug](drill.generate(5, "medium"), key)
    assert "feedback__verdict ok" in _same(url, {**key, "token": token})
    assert "feedback__verdict bad" in _same(url, {**wrong, "token": token})
    assert 'class="error"' in _same(url, {"token": token, "nothing": "x"})
    fragment, box, _ = _both(url, {**key, "token": "forged"})
    assert box == ""  # without JavaScript the notice is at the page's top, a new question below
    assert 'class="notice" role="alert"' in fragment and f"/{language}/drills/{slug}/" in fragment


@pytest.mark.django_db
def test_htmx_answer_of_later_stages_and_aimed_questions(language: str) -> None:
    side_pots = DRILLS["side-pots"]
    assert isinstance(side_pots, QuestionDrill)
    token = make_token("side-pots", 2, "easy")
    url = f"/{language}/drills/side-pots/"
    stage_one = _same(
        url, {**side_pots.right_answer(side_pots.generate(2, "easy")), "token": token}
    )
    assert 'name="stage" value="2"' in stage_one
    _same(url, {"token": token, "stage": "2", "payout0": "0"})
    showdown = DRILLS["holdem-showdown"]
    assert isinstance(showdown, QuestionDrill)
    aimed = make_token("holdem-showdown", 3, "easy", {"c": "kickers"})
    key = showdown.right_answer(showdown.deal(3, "easy", "kickers"))
    assert "concept=kickers" in _same(
        f"/{language}/drills/holdem-showdown/", {**key, "token": aimed}
    )
