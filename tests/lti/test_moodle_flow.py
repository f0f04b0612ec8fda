"""The issue's "done when": a simulated Moodle adds a quiz by deep linking, a student
launches it, answers on the quiz's own pages, and Moodle receives the grade."""

from __future__ import annotations

import re
from typing import Any

from django.test import Client

from tests.quizzes.classroom import holdem_answers, teenpatti_answers
from tutor.lti.models import ResourceLink
from tutor.quizzes.models import Quiz

from .conftest import Launch
from .platform import CLAIM, LEARNER
from .platform import Platform as Simulated


def _content_item(
    launch: Launch, client: Client, simulated: Simulated, quiz: Quiz
) -> dict[str, Any]:
    picker = launch(deep_link=True).content.decode()
    launch_id = re.search(r'name="launch_id" value="([^"]+)"', picker)
    assert launch_id is not None
    reply = client.post("/lti/pick/", {"launch_id": launch_id.group(1), "quiz": str(quiz.pk)})
    token = re.search(r'name="JWT" value="([^"]+)"', reply.content.decode())
    assert token is not None
    claims = simulated.verify_tool(token.group(1), audience=simulated.issuer)
    return claims["https://purl.imsglobal.org/spec/lti-dl/claim/content_items"][0]


def test_a_simulated_moodle_launches_a_quiz_and_receives_the_grade(
    launch: Launch, client: Client, simulated: Simulated, quiz: Quiz
) -> None:
    item = _content_item(launch, client, simulated, quiz)
    landed = launch([LEARNER], **{CLAIM + "custom": item["custom"]})
    play = landed["Location"]
    session = ResourceLink.objects.get().session
    tp_right, _tp_wrong = teenpatti_answers(session)
    _hd_right, hd_wrong = holdem_answers(session)
    answer = play + "answer/"
    client.get(play)  # question 1 shown
    client.post(answer, {"index": "0", "result": tp_right})
    client.get(play)  # question 2 shown
    client.post(answer, {"index": "1", "winners": hd_wrong})
    assert simulated.scores == []  # not before the end screen
    end = client.get(play)
    assert end.status_code == 200
    (score,) = simulated.scores
    assert (score["scoreGiven"], score["scoreMaximum"]) == (2, item["lineItem"]["scoreMaximum"])
    assert score["gradingProgress"] == "FullyGraded"
