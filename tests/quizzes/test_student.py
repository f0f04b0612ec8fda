"""The student's side: join by code, answer, follow a live session, homework deadlines."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation
from django.utils.translation import gettext

from tests.conftest import without_breaks
from tutor.engine import holdem, teenpatti
from tutor.quizzes import services
from tutor.quizzes.models import Participant, Quiz, Response, Session, Slot

pytestmark = pytest.mark.django_db


def join(client: Client, session: Session, nickname: str = "Asha", language: str = "en"):
    return client.post(f"/{language}/join/", {"code": session.code, "nickname": nickname})


def right_answer(session: Session, index: int) -> dict:
    entry = session.questions[index]
    q = services.question(session, index)
    if entry["drill"] == "teenpatti-showdown":
        return {"result": teenpatti.showdown(q.data.hand_a, q.data.hand_b).result}
    return {"winners": [str(i) for i in holdem.showdown(q.data.board, q.data.hands).winners]}


def wrong_answer(session: Session, index: int) -> dict:
    right = right_answer(session, index)
    if "result" in right:
        return {"result": "tie" if right["result"] != "tie" else "player_a"}
    n = len(services.question(session, index).data.hands)
    return {"winners": [str(next(i for i in range(n) if str(i) not in right["winners"]))]}


def test_join_sets_a_cookie_and_reload_keeps_the_place(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    response = join(client, session)
    assert response.status_code == 302 and response["Location"] == f"/en/play/{session.code}/"
    assert Participant.objects.filter(session=session, nickname="Asha").count() == 1
    # Coming back to the join link goes straight back to the quiz, no second participant.
    again = client.get(f"/en/join/{session.code}/")
    assert again.status_code == 302
    assert join(client, session, "Asha2").status_code == 302
    assert session.participants.count() == 1


def test_nicknames_are_unique_per_session(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(client, session, "Ravi")
    other = Client()
    response = join(other, session, "ravi")
    assert response.status_code == 422
    assert "already uses that nickname" in response.content.decode()


@pytest.mark.parametrize(
    "nickname",
    [
        "\u202etniop 1",  # right-to-left override: flipped the projector's leaderboard
        "Asha\u200b",  # zero-width space
        "Ki\u2066ran",  # bidi isolate
        "\u200dMina",  # zero-width joiner
        "Omar\x07",  # a control character
        "Li\ue000",  # private use
    ],
)
def test_nicknames_with_invisible_or_bidi_characters_are_refused(
    client: Client, quiz: Quiz, nickname: str, language: str
) -> None:
    """Regression: such nicknames were accepted and defaced the projector."""
    session = services.start_session(quiz, "live")
    response = join(client, session, nickname, language)
    assert response.status_code == 422 and 'class="error' in response.content.decode()
    assert not session.participants.exists()


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("কিরণ", "কি\u200bরণ"),  # refused outright (zero-width space)
        ("kiran", "kіran"),  # Cyrillic і
        ("Mina", "Мina"),  # Cyrillic М: alike as a capital only
        ("Ravi", "RAVI"),
        ("kiran", "ｋｉｒａｎ"),  # full-width, NFKC
        ("Jiří", "Jir\u030ci\u0301"),  # composed and decomposed
    ],
)
def test_nicknames_that_look_alike_are_one_nickname(
    client: Client, quiz: Quiz, first: str, second: str
) -> None:
    session = services.start_session(quiz, "live")
    assert join(client, session, first).status_code == 302
    assert join(Client(), session, second).status_code == 422
    assert session.participants.count() == 1


def test_nicknames_are_stored_normalised(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(client, session, "  ｋｉｒａｎ   Das ")
    assert session.participants.get().nickname == "kiran Das"
    assert join(Client(), session, "x" * 41).status_code == 422


@pytest.mark.parametrize("code", ["", "ABC", "IIIIII", "000000", "<script>"])
def test_bad_codes_get_a_clear_error(client: Client, code: str) -> None:
    response = client.post("/cs/join/", {"code": code, "nickname": "X"})
    assert response.status_code == 422
    assert 'class="error"' in response.content.decode()


def test_guessing_codes_is_rate_limited(client: Client, quiz: Quiz) -> None:
    from django.core.cache import cache

    cache.clear()
    client.get("/en/join/")  # the form sets this browser's device cookie
    for _ in range(20):
        client.post("/en/join/", {"code": "ACDEFG", "nickname": "X"})
    response = client.post("/en/join/", {"code": "ACDEFG", "nickname": "X"})
    assert response.status_code == 429
    cache.clear()


def test_a_guesser_does_not_lock_out_a_classmate_on_the_same_address(quiz: Quiz) -> None:
    """Regression: twenty wrong codes from one browser locked every browser behind the
    same address (a school's) out for ten minutes."""
    from django.core.cache import cache

    cache.clear()
    session = services.start_session(quiz, "live")
    guesser, classmate = Client(), Client()
    for browser in (guesser, classmate):
        browser.get("/en/join/")
    for _ in range(21):
        wrong = guesser.post("/en/join/", {"code": "ACDEFG", "nickname": "G"})
    assert wrong.status_code == 429
    assert join(classmate, session, "Mina").status_code == 302  # same 127.0.0.1
    omar = Client()
    omar.get(f"/en/join/{session.code}/")  # a browser loads the form first
    assert join(omar, session, "Omar").status_code == 302
    assert join(Client(), session, "Ravi").status_code == 302  # or posts it straight away
    cache.clear()


def test_a_client_that_drops_its_cookie_pays_with_new_devices(quiz: Quiz, monkeypatch) -> None:
    """Each post without the device cookie mints a device: an address may mint only so many
    (its ceiling), and a device that has joined before is never held to it."""
    from django.core.cache import cache

    from tutor.quizzes import joins

    cache.clear()
    session = services.start_session(quiz, "live")
    monkeypatch.setattr(joins, "NEW_DEVICES_PER_ADDRESS", 5)
    student = Client()
    assert join(student, session, "Mina").status_code == 302  # one new device
    script = Client()
    statuses = []
    for _ in range(5):
        statuses.append(script.post("/en/join/", {"code": "ACDEFG", "nickname": "S"}).status_code)
        script.cookies.clear()
    assert statuses == [422] * 4 + [429]
    assert join(student, services.start_session(quiz, "live"), "Mina").status_code == 302
    cache.clear()


def test_live_flow_lobby_question_reveal_end(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(client, session)
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Wait for your teacher" in page and 'hx-trigger="every 2s, quiz-changed"' in page
    version = session.version
    assert client.get(f"/en/play/{session.code}/state/?v={version}").status_code == 204
    services.open_question(session, 0)
    # The poll brings the new stage for htmx to swap in, with the next version to poll for.
    changed = client.get(f"/en/play/{session.code}/state/?v={version}", HTTP_HX_REQUEST="true")
    fragment = changed.content.decode()
    assert changed.status_code == 200 and "<html" not in fragment
    assert "Question 1 of 2" in fragment and 'name="index" value="0"' in fragment
    assert f"state/?v={version + 1}" in fragment
    # Without htmx (a plain GET), the poll address sends you to the page.
    plain = client.get(f"/en/play/{session.code}/state/?v={version}")
    assert plain.status_code == 302 and plain["Location"] == f"/en/play/{session.code}/"
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Question 1 of 2" in page and 'name="index" value="0"' in page
    answer = client.post(
        f"/en/play/{session.code}/answer/", {"index": "0", **right_answer(session, 0)}
    )
    assert answer.status_code == 302
    stored = Response.objects.get(participant__session=session, index=0)
    assert stored.correct and stored.points == 2
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Your answer has been received." in page and "Correct!" in page  # feedback at once
    session.refresh_from_db()
    services.reveal(session)
    services.end(session)
    session.refresh_from_db()
    assert client.get(f"/en/play/{session.code}/state/?v={session.version}").status_code == 286
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "The quiz is over" in page and "2 points" in page


def test_double_submit_records_one_answer(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(client, session)
    services.open_question(session, 0)
    client.post(f"/en/play/{session.code}/answer/", {"index": "0", **wrong_answer(session, 0)})
    second = client.post(
        f"/en/play/{session.code}/answer/", {"index": "0", **right_answer(session, 0)}
    )
    assert second.status_code == 409
    assert "your first answer counts" in second.content.decode()
    rows = Response.objects.filter(participant__session=session, index=0)
    assert rows.count() == 1 and not rows.get().correct


def test_answer_to_a_question_not_open_is_refused(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(client, session)
    services.open_question(session, 0)
    response = client.post(
        f"/en/play/{session.code}/answer/", {"index": "1", **right_answer(session, 1)}
    )
    assert response.status_code == 409
    assert not Response.objects.filter(index=1).exclude(answered=None).exists()


def test_time_limit_is_enforced_by_the_server(client: Client, quiz: Quiz) -> None:
    quiz.time_limit = 10
    quiz.save()
    session = services.start_session(quiz, "live")
    join(client, session)
    services.open_question(session, 0)
    Session.objects.filter(pk=session.pk).update(
        question_started=timezone.now() - timedelta(seconds=30)
    )
    response = client.post(
        f"/en/play/{session.code}/answer/", {"index": "0", **right_answer(session, 0)}
    )
    assert response.status_code == 409 and "Time was up" in response.content.decode()
    assert not Response.objects.exclude(answered=None).exists()


def test_homework_self_paced_and_closing(client: Client, quiz: Quiz) -> None:
    now = timezone.now()
    session = services.start_session(
        quiz, "homework", opens=now - timedelta(hours=1), closes=now + timedelta(hours=1)
    )
    join(client, session)
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Question 1 of 2" in page
    client.post(f"/en/play/{session.code}/answer/", {"index": "0", **right_answer(session, 0)})
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Question 2 of 2" in page
    Session.objects.filter(pk=session.pk).update(closes=timezone.now() - timedelta(minutes=1))
    late = client.post(
        f"/en/play/{session.code}/answer/", {"index": "1", **right_answer(session, 1)}
    )
    assert late.status_code == 409 and "closed" in late.content.decode()


def test_quiz_language_is_used_for_the_questions(client: Client, quiz: Quiz) -> None:
    quiz.language = "cs"
    quiz.save()
    session = services.start_session(quiz, "live")
    join(client, session, language="en")
    response = client.get(f"/en/play/{session.code}/")
    assert response.status_code == 302 and response["Location"] == f"/cs/play/{session.code}/"


def test_malformed_answer_stores_nothing(client: Client, quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    join(client, session)
    services.open_question(session, 0)
    for data in ({"index": "0", "result": "player_z"}, {"index": "x"}, {"index": "0"}):
        response = client.post(f"/en/play/{session.code}/answer/", data)
        assert response.status_code == 422
    assert not Response.objects.exclude(answered=None).exists()


def test_without_the_cookie_you_are_sent_to_join(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    stranger = Client()
    assert stranger.get(f"/en/play/{session.code}/")["Location"] == f"/en/join/{session.code}/"
    assert stranger.post(f"/en/play/{session.code}/answer/", {"index": "0"}).status_code == 302


def test_polls_that_find_nothing_new_cost_no_query(
    client: Client, quiz: Quiz, django_assert_num_queries
) -> None:
    session = services.start_session(quiz, "live")
    join(client, session)
    url = f"/en/play/{session.code}/state/?v={session.version}"
    assert client.get(url).status_code == 204  # reads the version once ...
    with django_assert_num_queries(0):
        assert client.get(url).status_code == 204  # ... and trusts it for a second


def test_a_process_that_has_not_seen_the_change_reads_it_again(client: Client, quiz: Quiz) -> None:
    from django.core.cache import caches

    session = services.start_session(quiz, "live")
    join(client, session)
    old = session.version
    services.open_question(session, 0)
    # Another process still holds the old version: the student's poll names the new one.
    caches["state"].set(f"quiz-state:{session.code}", (old, "lobby"), 60)
    response = client.get(
        f"/en/play/{session.code}/state/?v={session.version}", HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 204  # checked against the database: nothing to swap
    # A student still on the old version hears "nothing new" from that process until its
    # copy expires (at most a second), then gets the new stage.
    caches["state"].set(f"quiz-state:{session.code}", (old, "lobby"), 60)
    url = f"/en/play/{session.code}/state/?v={old}"
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 204
    caches["state"].delete(f"quiz-state:{session.code}")  # the second has passed
    stale = client.get(url, HTTP_HX_REQUEST="true")
    assert stale.status_code == 200 and "Question 1 of 2" in stale.content.decode()


def test_scores_are_one_query_for_the_whole_class(quiz: Quiz, django_assert_num_queries) -> None:
    session = services.start_session(quiz, "live")
    people = [Participant.objects.create(session=session, nickname=f"S{i}") for i in range(6)]
    services.open_question(session, 0)
    for person in people[:4]:
        services.submit(session, person, 0, right_answer(session, 0))
    services.submit(session, people[4], 0, wrong_answer(session, 0))
    session.refresh_from_db()
    with django_assert_num_queries(1):
        board = services.scores(session)
    points = {p.nickname: (pts, ok) for p, pts, ok in board}
    assert points == {
        "S0": (2, 1),
        "S1": (2, 1),
        "S2": (2, 1),
        "S3": (2, 1),
        "S4": (0, 0),
        "S5": (0, 0),
    }
    assert [p.nickname for p, _, _ in board][:4] == [
        "S0",
        "S1",
        "S2",
        "S3",
    ]  # ties: who joined first
    services.end(session)
    services.scores(session)
    with django_assert_num_queries(0):  # an ended session's scores are final: kept a minute
        assert services.scores(session) == board


def _join_form(client: Client, session: Session) -> dict[str, str]:
    import re

    page = client.get(f"/en/join/{session.code}/").content.decode()
    attempt = re.search(r'name="attempt" value="([^"]+)"', page)
    assert attempt, "the join form carries its own random value"
    return {"code": session.code, "attempt": attempt.group(1)}


def test_the_same_join_form_sent_again_gets_the_same_place(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    phone = Client()
    form = _join_form(phone, session)
    first = phone.post("/en/join/", {**form, "nickname": "Asha"})
    assert first.status_code == 302
    # The reply (and its cookie) never reached the phone: it sends the same form again.
    phone.cookies.pop(f"quiz_{session.code}")
    again = phone.post("/en/join/", {**form, "nickname": "Asha"})
    assert again.status_code == 302 and again["Location"] == f"/en/play/{session.code}/"
    assert session.participants.count() == 1
    assert phone.get(f"/en/play/{session.code}/").status_code == 200  # the cookie is back


def test_someone_else_cannot_take_a_nickname_with_another_form(quiz: Quiz) -> None:
    session = services.start_session(quiz, "live")
    asha = Client()
    asha.post("/en/join/", {**_join_form(asha, session), "nickname": "Asha"})
    for form in (
        _join_form(Client(), session),  # another device's own form
        {"code": session.code, "attempt": ""},  # no value at all
        {"code": session.code},
    ):
        other = Client()
        response = other.post("/en/join/", {**form, "nickname": "asha"})
        assert response.status_code == 422
        assert "already uses that nickname" in response.content.decode()
        assert f"quiz_{session.code}" not in other.cookies
    assert session.participants.count() == 1


def test_the_same_join_form_racing_itself_gets_one_place(quiz: Quiz, monkeypatch) -> None:
    """Both posts of one form in flight: the second finds no row, then loses the race to
    create it (IntegrityError); it still gets the place the first one made."""
    from django.db import IntegrityError

    session = services.start_session(quiz, "live")
    phone = Client()
    form = _join_form(phone, session)
    assert phone.post("/en/join/", {**form, "nickname": "Asha"}).status_code == 302
    phone.cookies.pop(f"quiz_{session.code}")
    from django.db.models import QuerySet

    real_exists = QuerySet.exists
    monkeypatch.setattr(QuerySet, "exists", lambda self: False)  # the first has not committed

    def lose_the_race(**kwargs):
        raise IntegrityError("unique_nickname_per_session")

    monkeypatch.setattr(Participant.objects, "create", lose_the_race)
    again = phone.post("/en/join/", {**form, "nickname": "Asha"})
    monkeypatch.setattr(QuerySet, "exists", real_exists)
    assert again.status_code == 302 and again["Location"] == f"/en/play/{session.code}/"
    assert session.participants.count() == 1
    # Someone else's form, in the same race, is told to choose another nickname.
    other = Client()
    monkeypatch.setattr(QuerySet, "exists", lambda self: False)
    response = other.post("/en/join/", {**_join_form(Client(), session), "nickname": "Asha"})
    monkeypatch.setattr(QuerySet, "exists", real_exists)
    assert response.status_code == 422


def test_a_repeat_after_the_time_limit_hears_its_first_answer_counts(
    client: Client, quiz: Quiz
) -> None:
    """The reply to an answer given in time was lost; the repeat arrives after the limit.
    The student must hear that the first answer counts, not that it came too late."""
    quiz.time_limit = 10
    quiz.save()
    session = services.start_session(quiz, "live")
    join(client, session)
    services.open_question(session, 0)
    url = f"/en/play/{session.code}/answer/"
    assert client.post(url, {"index": "0", **right_answer(session, 0)}).status_code == 302
    Session.objects.filter(pk=session.pk).update(
        question_started=timezone.now() - timedelta(seconds=30)
    )
    repeat = client.post(url, {"index": "0", **right_answer(session, 0)})
    assert repeat.status_code == 409
    assert "your first answer counts" in repeat.content.decode()
    assert Response.objects.get(participant__session=session, index=0).correct


def test_homework_time_limit_moves_a_student_on_and_never_locks_them_out(
    client: Client, quiz: Quiz
) -> None:
    """Regression: a student who left a timed question open and came back after its time
    found it closed with no way on; the rest of the quiz and the score were out of reach."""
    quiz.time_limit = 40
    quiz.save()
    Slot.objects.create(
        quiz=quiz, order=2, kind="fixed", drill="holdem-showdown", level="easy", seed=5, points=1
    )
    session = services.start_session(quiz, "homework", closes=timezone.now() + timedelta(hours=1))
    join(client, session, "Kiran", "bn")
    play = f"/bn/play/{session.code}/"
    client.get(play)
    client.post(f"{play}answer/", {"index": "0", **right_answer(session, 0)})
    client.get(play)  # question 2 is shown: its clock starts
    Response.objects.filter(index=1).update(shown=timezone.now() - timedelta(seconds=45))
    page = client.get(play).content.decode()
    assert 'name="index" value="2"' in page  # back after the limit: on to question 3
    late = client.post(f"{play}answer/", {"index": "1", **right_answer(session, 1)})
    assert late.status_code == 409  # the timed-out question takes no answer
    assert 'name="index" value="2"' in late.content.decode()  # and the screen moves on
    client.post(f"{play}answer/", {"index": "2", **right_answer(session, 2)})
    timed_out = Response.objects.get(index=1)
    assert timed_out.answered is None and timed_out.points == 0  # stays unanswered
    participant = Participant.objects.get(nickname="Kiran")
    assert services.current_index(session, participant) is None
    with translation.override("bn"):
        over = gettext("The quiz is over")
    page = client.get(play).content.decode()
    assert over in page and 'name="index"' not in page  # the end, with the score


def test_a_wrong_answer_with_attempts_left_gives_nothing_away(client: Client, quiz: Quiz) -> None:
    """Regression: with two attempts a wrong first answer showed the explanation, right
    answer included, above the form still open; copied, it earned full points."""
    quiz.attempts = 2
    quiz.save()
    session = services.start_session(quiz, "live")
    join(client, session)
    services.open_question(session, 0)
    url = f"/en/play/{session.code}/answer/"
    page = client.post(url, {"index": "0", **wrong_answer(session, 0)}, HTTP_HX_REQUEST="true")
    html = page.content.decode()
    assert "Not right yet. Try again: 1 attempt left." in html
    assert 'class="feedback"' not in html and 'name="index" value="0"' in html
    html = client.post(url, {"index": "0", **wrong_answer(session, 0)}).content.decode()
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert 'class="feedback"' in page and "Try again" not in page  # the last attempt: explained


def test_homework_shows_the_verdict_and_explanation_before_moving_on(
    client: Client, quiz: Quiz
) -> None:
    """Regression: with feedback at once, a right homework answer moved on silently."""
    session = services.start_session(quiz, "homework", closes=timezone.now() + timedelta(hours=1))
    join(client, session, "Aiko", "ja")
    url = f"/ja/play/{session.code}/"
    client.get(url)
    answered = client.post(f"{url}answer/", {"index": "0", **right_answer(session, 0)})
    assert answered.status_code == 302 and answered["Location"].endswith("?answered=0")
    page = without_breaks(client.get(answered["Location"]).content.decode())
    with translation.override("ja"):
        correct, next_one = gettext("Correct!"), gettext("Next question")
    assert correct in page and next_one in page and 'class="feedback"' in page
    assert 'name="index" value="1"' not in page  # question 2 waits for the button
    page = client.get(url).content.decode()
    assert 'name="index" value="1"' in page  # on to question 2
    htmx = client.post(
        f"{url}answer/", {"index": "1", **right_answer(session, 1)}, HTTP_HX_REQUEST="true"
    ).content.decode()
    htmx = without_breaks(htmx)
    assert correct in htmx and next_one in htmx
    assert client.get(f"{url}?answered=1").status_code == 200
    forged = client.get(f"{url}?answered=7").content.decode()  # not answered: ignored
    assert correct not in forged


def test_closed_homework_shows_every_explanation(client: Client, quiz: Quiz) -> None:
    """Regression: with feedback "after the question closes", homework students never saw
    the explanations, even after the homework closed."""
    quiz.feedback = Quiz.Feedback.AFTER_QUESTION
    quiz.save()
    session = services.start_session(quiz, "homework", closes=timezone.now() + timedelta(hours=1))
    join(client, session, "Bálint", "cs")
    client.post(f"/cs/play/{session.code}/answer/", {"index": "0", **wrong_answer(session, 0)})
    Session.objects.filter(pk=session.pk).update(closes=timezone.now() - timedelta(minutes=1))
    page = client.get(f"/cs/play/{session.code}/").content.decode()
    assert 'name="index"' not in page and f"/cs/play/{session.code}/?review=1" in page
    page = client.get(f"/cs/play/{session.code}/?review=1").content.decode()
    assert page.count('class="feedback review-item"') == 2  # the unanswered one too


def test_the_clock_stops_once_answering_is_over(client: Client, quiz: Quiz) -> None:
    """Regression: after the reveal the countdown kept running beside a dead form."""
    quiz.time_limit = 30
    quiz.save()
    session = services.start_session(quiz, "live")
    join(client, session)
    services.open_question(session, 0)
    assert "Seconds left:" in client.get(f"/en/play/{session.code}/").content.decode()
    services.reveal(session)
    page = client.get(f"/en/play/{session.code}/").content.decode()
    assert "Seconds left:" not in page and 'name="index"' not in page


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_stage_alone_is_the_stage_of_the_page(client: Client, quiz: Quiz, lang: str) -> None:
    """An htmx stage is rendered without the site's context processors and typeset
    before it is kept (render_stage): it must be exactly what the whole page's stage is
    once the typography middleware has typeset it, in the lobby, on a question, after an
    answer with its explanation, and at the end."""
    import re

    from django.shortcuts import render
    from django.test import RequestFactory

    from tutor.core import kept_pages
    from tutor.quizzes import student_views
    from tutor.site.typography import typeset_html

    session = services.start_session(quiz, "live")
    join(client, session, "Asha", lang)
    participant = session.participants.get()
    request = RequestFactory().get(f"/{lang}/play/{session.code}/")
    request.user = quiz.owner
    request.htmx = True

    def both(who: Participant = participant) -> tuple[str, str]:
        session.refresh_from_db()
        with translation.override(lang):
            here = student_views._stage(request, session, who)
            alone = student_views.render_stage(request, here).content.decode()
            again = student_views.render_stage(request, here).content.decode()  # kept
            full = render(request, student_views.STAGE, here.context()).content.decode()
            full = typeset_html(full, lang)
        assert kept_pages.TOKEN not in alone + again
        token = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
        assert token.sub("TOKEN", again) == token.sub("TOKEN", alone)
        return token.sub("TOKEN", alone), token.sub("TOKEN", full)

    seen = []
    for step in ("lobby", "question", "answered", "ended"):
        if step == "question":
            services.next_question(session)
        elif step == "answered":
            # A classmate who answered right sees another stage, kept apart from this one.
            join(Client(), session, "Bea", lang)
            bea = session.participants.get(nickname="Bea")
            services.submit(session, bea, 0, right_answer(session, 0))
            services.submit(session, participant, 0, wrong_answer(session, 0))
            services.reveal(session)
            theirs, full = both(bea)
            assert theirs == full
        elif step == "ended":
            services.end(session)
        alone, full = both()
        assert alone == full, step
        seen.append(alone)
    assert len(set(seen)) == 4  # four different stages were compared
    assert seen[2] != theirs and "✓" in theirs and "✗" in seen[2]
    assert "TOKEN" in seen[1]  # the answer form has its CSRF token


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["ABCDEF", "hello1", "BOILS5", "ABCDEFGHIJ"])
def test_a_well_formed_code_of_no_quiz_is_not_found(client: Client, code: str) -> None:
    """Regression (issue 23): six letters with one a join code never uses (B, O, I ...)
    heard that a code has six or ten letters; it has, and no quiz has it."""
    response = client.post("/en/join/", {"code": code, "nickname": "Asha"})
    page = response.content.decode()
    assert response.status_code == 422
    assert "There is no quiz with this code" in page and "six or ten" not in page


@pytest.mark.django_db
@pytest.mark.parametrize("code", ["ABC", "ACDEFGH", "ACD*FG"])
def test_a_code_of_the_wrong_shape_says_what_a_code_is(client: Client, code: str) -> None:
    response = client.post("/en/join/", {"code": code, "nickname": "Asha"})
    assert "six or ten letters and digits" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    "nickname",
    ["Teacher", "teacher 2", "ADMIN", "T\u0435acher", "শিক্ষক", "शिक्षक", "先生", "Učitel", "Admin!"],
)
def test_a_name_kept_for_the_teacher_is_refused(client: Client, nickname: str) -> None:
    """Regression (issue 23): a student could join as "Teacher" (or 先生, or with a
    Cyrillic е) and pass for the teacher on the projector."""
    session = services.start_session(_a_quiz(), "live")
    response = client.post("/en/join/", {"code": session.code, "nickname": nickname})
    assert response.status_code == 422
    assert "That name is kept for the teacher and the site" in response.content.decode()
    assert not session.participants.exists()


def test_a_name_kept_for_the_teacher_is_refused_on_rename() -> None:
    session = services.start_session(_a_quiz(), "live")
    asha = Participant.objects.create(session=session, nickname="Asha")
    with pytest.raises(services.Refused) as refused:
        services.rename(asha, "Teacher")
    assert refused.value.code == "nickname_reserved"


def _a_quiz() -> Quiz:
    from django.contrib.auth import get_user_model

    owner = get_user_model().objects.create_user("t", "t@example.org", "pw-long-1234")
    quiz = Quiz.objects.create(owner=owner, title="Q")
    Slot.objects.create(quiz=quiz, order=0, drill="holdem-showdown", level="easy")
    return quiz
