"""Fixtures and helpers of the learning path's tests: a learner's client, a unit's
practice started through the pages, and right or wrong answers to its stored questions."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.http import QueryDict
from django.test import Client

from tutor.lessons.models import Sitting

HOLDEM_FIRST = "/en/learn/texas-holdem/deal-and-goal/"
TEENPATTI_FIRST = "/en/learn/teen-patti-20-20/the-deal/"

TOKEN = re.compile(r'name="token" value="([^"]+)"')


def start(client: Client, lesson: str = HOLDEM_FIRST, kind: str = "practice") -> Sitting:
    """Press the lesson's start button: the sitting it made (or resumed)."""
    response = client.post(f"{lesson}start/", {"kind": kind})
    assert response.status_code == 302, response.status_code
    pk = int(response["Location"].rstrip("/").rsplit("/", 1)[1])
    return Sitting.objects.get(pk=pk)


def token(client: Client, sitting: Sitting) -> str:
    """The answer form's token on the sitting's page now."""
    html = client.get(f"/en/learn/sitting/{sitting.pk}/").content.decode()
    found = TOKEN.search(html)
    assert found, "no answer form on the page"
    return found.group(1)


def right(entry: dict[str, Any]) -> dict[str, list[str]]:
    """The stored right answer of a written question, as a form."""
    return {key: list(values) for key, values in entry["answer"].items()}


def wrong(entry: dict[str, Any]) -> dict[str, list[str]]:
    """An answer the drill can read and grades wrong, for the drills of the first units."""
    key = right(entry)
    if "category" in key:  # name-the-hand: another kind of hand
        other = "high_card" if key["category"][0] != "high_card" else "straight"
        if entry["question"].get("game") == "teenpatti" and other == "straight":
            other = "sequence"
        return {**key, "category": [other]}
    if "winners" in key:  # holdem-showdown: someone who did not win
        players = range(len(entry["question"]["hands"]))
        losers = [str(p) for p in players if str(p) not in key["winners"]]
        return {"winners": losers[:1] or key["winners"][:1]}  # all won: name only one
    if "result" in key:  # teenpatti-showdown: another result
        return {"result": ["tie" if key["result"][0] != "tie" else "player_a"]}
    raise AssertionError(f"no wrong answer known for {entry['drill']}")


def post_answer(
    client: Client, sitting: Sitting, fields: dict[str, list[str]], form_token: str, **extra: Any
) -> Any:
    data = QueryDict(mutable=True)
    data["token"] = form_token
    for key, values in fields.items():
        data.setlist(key, values)
    return client.post(
        f"/en/learn/sitting/{sitting.pk}/answer/",
        data.urlencode(),
        content_type="application/x-www-form-urlencoded",
        **extra,
    )


@pytest.fixture
def learner_client(db: None) -> Client:
    return Client()
