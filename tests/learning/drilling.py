"""Answering a drill page through the test client, as a learner's browser does, and the
learner cookie as the site signs it."""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponse
from django.test import Client

from tutor.drills import name_the_hand
from tutor.drills.base import make_token
from tutor.learning.learners import COOKIE, COOKIE_SALT

DRILL = name_the_hand.DRILL
PAGE = "/en/drills/name-the-hand/"


def question(seed: int, level: str = "medium") -> name_the_hand.Question:
    return DRILL.deal(seed, level)


def concepts(seed: int, level: str = "medium") -> set[str]:
    return set(DRILL.concepts_of(question(seed, level)))


def token_of(client: Client, seed: int, level: str = "medium") -> str:
    """The token of the question page, as the browser got it."""
    html = client.get(f"{PAGE}?level={level}&seed={seed}").content.decode()
    found = re.search(r'name="token" value="([^"]+)"', html)
    assert found is not None
    return found.group(1)


def answer(
    client: Client,
    seed: int,
    level: str = "medium",
    right: bool = True,
    token: str | None = None,
    secure: bool = False,
) -> HttpResponse:
    """Post the right (or a wrong) answer to question ``seed``."""
    q = question(seed, level)
    data: dict[str, object] = {"token": token or make_token(DRILL.slug, seed, level)}
    data.update(DRILL.right_answer(q))
    if not right:
        key = DRILL.right_answer(q)["category"][0]
        data["category"] = next(c for c in name_the_hand.HOLDEM_TARGETS if c != key)
    return client.post(PAGE, data, secure=secure)


def seed_with_concepts(level: str = "medium", least: int = 1) -> int:
    return next(s for s in range(200) if len(concepts(s, level)) >= least)


def signed(key: str) -> str:
    """A learner cookie naming ``key``, signed as the site signs it."""
    response = HttpResponse()
    response.set_signed_cookie(COOKIE, key, salt=COOKIE_SALT)
    return response.cookies[COOKIE].value


def key_in(cookie: str) -> str:
    """The key a learner cookie names (``BadSignature`` when it was not the site's)."""
    request = HttpRequest()
    request.COOKIES[COOKIE] = cookie
    return request.get_signed_cookie(COOKIE, salt=COOKIE_SALT)
