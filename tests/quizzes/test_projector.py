"""The projector screen (``projector.py``, ``projector_views.py``): each scene, its poll,
the control its keys press, and the console's way to it. The conftest quiz: two fixed
questions worth 2 and 3 points, no time limit."""

from __future__ import annotations

import re
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.drills.written_answers import key_label
from tutor.quizzes import controls, projector, services
from tutor.quizzes.models import Participant, Quiz, Session

from .classroom import form, holdem_answers, teenpatti_answers
from .conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def live(quiz: Quiz) -> Session:
    return services.start_session(quiz, "live", leaderboard=True)


@pytest.fixture
def owner(client: Client, live: Session) -> Client:
    client.force_login(live.quiz.owner)
    return client


def url(session: Session, tail: str = "") -> str:
    return f"/en/quizzes/session/{session.code}/projector/{tail}"


def join(session: Session, *names: str) -> list[Participant]:
    return [Participant.objects.create(session=session, nickname=name) for name in names]


def test_projector_joining_shows_the_code_qr_and_names_without_site_chrome(
    owner: Client, live: Session
) -> None:
    join(live, "Asha", "কিরণ")
    page = owner.get(url(live)).content.decode()
    assert f'class="projector-code__code" aria-label="Join code">{live.code}</p>' in page
    assert '<svg role="img"' in page and 'class="qr"' in page
    assert "2 students have joined" in page
    assert "<li><bdi>Asha</bdi></li><li><bdi>কিরণ</bdi></li>" in page
    assert "site-header" not in page and "site-footer" not in page and "site-nav" not in page
    assert f"/en/join/{live.code}/" in page
    assert 'http-equiv="refresh"' in page  # without JavaScript it reloads itself
    assert 'name="action" value="start"' in page


def test_projector_lists_the_newest_names_and_counts_the_rest(owner: Client, live: Session) -> None:
    join(live, *(f"Student {n}" for n in range(projector.NAMES_SHOWN + 3)))
    page = owner.get(url(live)).content.decode()
    assert "<bdi>Student 0</bdi>" not in page and "<bdi>Student 2</bdi>" not in page
    assert f"<bdi>Student {projector.NAMES_SHOWN + 2}</bdi>" in page
    assert "and 3 more" in page


def test_projector_question_shows_the_question_clock_and_count(
    owner: Client, live: Session
) -> None:
    Quiz.objects.filter(pk=live.quiz_id).update(time_limit=30)
    live = services.start_session(Quiz.objects.get(pk=live.quiz_id), "live")
    asha, _ravi = join(live, "Asha", "Ravi")
    services.open_question(live, 0)
    services.submit(live, asha, 0, form(result=teenpatti_answers(live)[0]))
    page = owner.get(url(live)).content.decode()
    assert "Question 1 of 2" in page and 'class="quiz-question" inert' in page
    assert "1 of 2 answered" in page
    seconds = re.search(r'data-countdown="(\d+)"', page)
    assert seconds is not None and 0 < int(seconds.group(1)) <= 30  # of the 30 s limit
    assert 'name="action" value="reveal"' in page


def test_projector_clock_says_when_time_is_up(owner: Client, live: Session) -> None:
    live.questions = [{**entry, "time_limit": 10} for entry in live.questions]
    live.save(update_fields=["questions"])
    services.open_question(live, 0)
    Session.objects.filter(pk=live.pk).update(
        question_started=live.question_started - timedelta(seconds=11)
    )
    page = owner.get(url(live)).content.decode()
    assert "Time is up" in page and "data-countdown" not in page


def test_projector_reveal_shows_the_consoles_key_and_the_chart(
    owner: Client, live: Session
) -> None:
    asha, ravi = join(live, "Asha", "Ravi")
    services.open_question(live, 0)
    right, wrong = teenpatti_answers(live)
    services.submit(live, asha, 0, form(result=right))
    services.submit(live, ravi, 0, form(result=wrong))
    services.reveal(live)
    response = owner.get(url(live))
    page = response.content.decode()
    assert response.context["key_label"] == key_label(services.question(live, 0))
    assert f"<bdi>{response.context['key_label']}</bdi>" in page
    assert '<svg class="chart"' in page and "How the class answered" in page
    assert "2 of 2 answered" in page and "1 right" in page
    assert 'name="action" value="next"' in page
    console = owner.get(f"/en/quizzes/session/{live.code}/")
    assert console.context["key_label"] == response.context["key_label"]


def test_projector_reveal_shows_the_questions_cards(owner: Client, live: Session) -> None:
    """Regression (issue 23): the reveal showed the answer and the chart but not the
    cards it was about; now the question's picture stays, its answer fields left out."""
    services.open_question(live, 0)
    services.reveal(live)
    page = owner.get(url(live)).content.decode()
    shown = page[page.index('class="projector-question') :]
    assert 'class="quiz-question" inert' in shown
    assert shown.count('class="card ') + shown.count('class="card"') >= 6  # two hands of three


def test_projector_podium_shows_five_places_at_most(owner: Client, live: Session) -> None:
    """Seven students tie at the top: the podium shows five of them, all first."""
    people = join(live, *"ABCDEFG")
    services.open_question(live, 0)
    for person in people:
        services.submit(live, person, 0, form(result=teenpatti_answers(live)[0]))
    services.end(live)
    page = owner.get(url(live)).content.decode()
    podium = page.split('class="projector-podium"')[1].split("</ol>")[0]
    assert podium.count("<li ") == projector.PODIUM_PLACES
    assert podium.count('value="1"') == projector.PODIUM_PLACES
    assert "2 points" in podium
    assert "data-projector-next" not in page and "hx-trigger" not in page  # nothing left


def test_projector_podium_shows_the_speed_bonus(quiz: Quiz, client: Client) -> None:
    """The bonus to the thousandth (issue 23), in Babel's numbers and the fraction's own
    words: Czech says "3,85 bodu", not a whole number's plural."""
    session = services.start_session(quiz, "live", leaderboard=True, speed_bonus=True)
    (asha,) = join(session, "Asha")
    services.open_question(session, 0)
    session.refresh_from_db()
    assert session.question_started is not None
    at = session.question_started + timedelta(seconds=1.5)
    with mock.patch("django.utils.timezone.now", return_value=at):
        services.submit(session, asha, 0, form(result=teenpatti_answers(session)[0]))
    services.end(session)
    client.force_login(quiz.owner)
    page = client.get(url(session)).content.decode()
    assert "3.85 points" in page and "(+1.85 for speed)" in page  # 2 + 2 x 18.5/20
    czech = client.get(url(session).replace("/en/", "/cs/")).content.decode().replace("\xa0", " ")
    assert "3,85 bodu" in czech and "(+1,85 za rychlost)" in czech
    console = client.get(f"/cs/quizzes/session/{session.code}/").content.decode()
    assert "3,85\xa0bodu" in console


def test_projector_without_a_leaderboard_ends_without_a_podium(quiz: Quiz, client: Client) -> None:
    session = services.start_session(quiz, "live")
    services.end(session)
    client.force_login(quiz.owner)
    page = client.get(url(session)).content.decode()
    assert "projector-podium" not in page and "This session has ended" in page


def test_projector_is_the_owners_only(client: Client, live: Session) -> None:
    assert client.get(url(live)).status_code == 302  # to the login page
    other = get_user_model().objects.create_user("other", "o@example.org", PASSWORD)
    client.force_login(other)
    assert client.get(url(live)).status_code == 404
    assert client.get(url(live, "live/") + "?v=0").status_code == 404
    response = client.post(url(live, "control/"), {"action": "start", "at": "lobby:-1"})
    assert response.status_code == 404
    live.refresh_from_db()
    assert live.state == Session.State.LOBBY


def test_projector_poll_sends_the_live_numbers_while_the_scene_stays(
    owner: Client, live: Session
) -> None:
    join(live, "Asha")
    response = owner.get(url(live, "live/"), {"v": live.version}, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert response.status_code == 200 and "HX-Retarget" not in response.headers
    assert "1 student has joined" in page and "projector-stage" not in page


def test_projector_poll_swaps_in_the_new_scene_after_a_console_press(
    owner: Client, live: Session
) -> None:
    seen = live.version
    owner.post(f"/en/quizzes/session/{live.code}/control/", {"action": "start", "at": "lobby:-1"})
    response = owner.get(url(live, "live/"), {"v": seen}, headers={"HX-Request": "true"})
    assert response.headers["HX-Retarget"] == "#projector-stage"
    assert response.headers["HX-Reswap"] == "outerHTML"
    page = response.content.decode()
    assert 'id="projector-stage"' in page and "Question 1 of 2" in page
    live.refresh_from_db()
    assert f"?v={live.version}" in page  # the new scene polls for what comes next


def test_projector_poll_of_a_logged_out_teacher_refreshes_the_page(
    client: Client, live: Session
) -> None:
    response = client.get(url(live, "live/"), {"v": 0}, headers={"HX-Request": "true"})
    assert response.headers["HX-Refresh"] == "true"


@pytest.mark.parametrize("version", ["", "x", "-1", "1" * 30])
def test_projector_poll_reads_any_version_as_a_new_scene(
    owner: Client, live: Session, version: str
) -> None:
    response = owner.get(url(live, "live/"), {"v": version}, headers={"HX-Request": "true"})
    assert response.status_code == 200 and "HX-Retarget" in response.headers


def test_projector_keys_press_the_next_control_through_htmx(owner: Client, live: Session) -> None:
    join(live, "Asha")
    headers = {"HX-Request": "true"}
    response = owner.post(
        url(live, "control/"), {"action": "start", "at": "lobby:-1"}, headers=headers
    )
    live.refresh_from_db()
    assert (live.state, live.current) == (Session.State.QUESTION, 0)
    assert response.headers["HX-Retarget"] == "#projector-stage"
    assert "Question 1 of 2" in response.content.decode()
    # The space bar pressed twice: the second press was made in the state the first left.
    response = owner.post(
        url(live, "control/"), {"action": "start", "at": "lobby:-1"}, headers=headers
    )
    live.refresh_from_db()
    assert (live.state, live.current) == (Session.State.QUESTION, 0)
    assert "already moved on" in response.content.decode()
    owner.post(url(live, "control/"), {"action": "reveal", "at": "question:0"}, headers=headers)
    live.refresh_from_db()
    assert live.state == Session.State.REVEAL


def test_projector_button_works_as_a_plain_form(owner: Client, live: Session) -> None:
    response = owner.post(url(live, "control/"), {"action": "start", "at": "lobby:-1"})
    assert response.status_code == 302 and response.url == url(live)
    response = owner.post(url(live, "control/"), {"action": "bogus", "at": "question:0"})
    assert "That control does not exist." in owner.get(response.url).content.decode()
    assert owner.get(url(live, "control/")).status_code == 405


def test_next_action_follows_the_session() -> None:
    session = Session(mode=Session.Mode.LIVE, questions=[{}, {}])
    steps = []
    for state, current in (("lobby", -1), ("question", 0), ("reveal", 0), ("reveal", 1)):
        session.state, session.current = state, current
        steps.append(controls.next_action(session))
    session.state = Session.State.ENDED
    steps.append(controls.next_action(session))
    assert steps == ["start", "reveal", "next", "end", None]
    assert controls.next_action(Session(mode=Session.Mode.HOMEWORK, state="question")) is None


def test_console_links_to_the_projector_and_present_mode_goes_there(
    owner: Client, live: Session
) -> None:
    page = owner.get(f"/en/quizzes/session/{live.code}/").content.decode()
    assert f'<a href="{url(live)}" target="_blank"' in page and "Open projector screen" in page
    response = owner.get(f"/en/quizzes/session/{live.code}/?present=1")
    assert response.status_code == 302 and response.url == url(live)


def test_projector_shows_homework_joining(owner: Client, homework: Session) -> None:
    owner.force_login(homework.quiz.owner)
    page = owner.get(url(homework)).content.decode()
    assert homework.code in page and "own pace" in page and "data-projector-next" not in page


def test_projector_question_of_the_second_question(owner: Client, live: Session) -> None:
    (asha,) = join(live, "Asha")
    services.open_question(live, 1)
    services.submit(live, asha, 1, form(winners=holdem_answers(live)[0]))
    page = owner.get(url(live)).content.decode()
    assert "Question 2 of 2" in page and "1 of 1 answered" in page
