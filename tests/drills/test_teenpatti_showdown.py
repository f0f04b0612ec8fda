"""Pick the winner, Teen Patti: answers checked by the engine, in every language."""

from __future__ import annotations

import pytest
from django.test import Client

from tutor.drills import teenpatti_showdown
from tutor.drills.base import make_token
from tutor.engine import teenpatti

pytestmark = pytest.mark.django_db


def test_teenpatti_showdown_answer(client: Client, language: str) -> None:
    question = teenpatti_showdown.generate(99, "hard")
    result = teenpatti.showdown(question.hand_a, question.hand_b).result
    token = make_token("teenpatti-showdown", 99, "hard")
    response = client.post(
        f"/{language}/drills/teenpatti-showdown/",
        {"token": token, "result": result},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert 'class="feedback__verdict ok"' in response.content.decode()


def test_teenpatti_showdown_rejects_unknown_choice(client: Client) -> None:
    token = make_token("teenpatti-showdown", 3, "easy")
    response = client.post("/en/drills/teenpatti-showdown/", {"token": token, "result": "player_c"})
    assert response.status_code == 422
    assert "Choose Player A, Player B or Tie." in response.content.decode()
