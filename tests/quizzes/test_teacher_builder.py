"""The quiz builder: the list, a quiz's settings, its slots (fixed with a preview and a
seed, or drawn), reordering, and bad input answered with form errors, never a 500."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tutor.drills import teenpatti_showdown
from tutor.engine.cards import Card
from tutor.quizzes import builder_views, services
from tutor.quizzes.models import Quiz, Slot

PASSWORD = "a-long-password-123"
NATIVE_NAMES = {"en": "English", "bn": "বাংলা", "hi": "हिन्दी", "ja": "日本語", "cs": "čeština"}


@pytest.fixture
def quiz(teacher: Client) -> Quiz:
    return Quiz.objects.create(owner=get_user_model().objects.get(), title="Showdowns")


def card_html(card: Card) -> str:
    rank = "10" if card.rank.char == "T" else card.rank.char
    return (
        f'<span class="card__rank" aria-hidden="true">{rank}</span>'
        f'<span class="card__suit" aria-hidden="true">{card.suit.symbol}</span>'
    )


def add_slot(client: Client, quiz: Quiz, **fields: str):
    data = {"drill": "holdem-showdown", "level": "easy", "kind": "fixed", "count": "1"}
    data["points"] = "1"
    data.update(fields)
    return client.post(f"/en/quizzes/{quiz.pk}/slots/", data)


def test_landing_page_for_anonymous_visitors(client: Client, language: str) -> None:
    response = client.get(f"/{language}/quizzes/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'href="/{language}/accounts/signup/"' in html
    assert f'href="/{language}/accounts/login/?next=/{language}/quizzes/"' in html
    assert f'href="/{language}/join/"' in html


@pytest.mark.django_db
def test_create_a_quiz_and_see_it_listed(teacher: Client) -> None:
    response = teacher.post(
        "/en/quizzes/new/",
        {"title": "  Hand  names ", "language": "cs", "feedback": "at_end", "attempts": "2"},
    )
    quiz = Quiz.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/en/quizzes/{quiz.pk}/"
    assert (quiz.title, quiz.language, quiz.feedback, quiz.attempts) == (
        "Hand names",
        "cs",
        "at_end",
        2,
    )
    assert quiz.time_limit is None and quiz.shuffle is False
    listing = teacher.get("/en/quizzes/").content.decode()
    assert "Hand names" in listing and "čeština" in listing


@pytest.mark.django_db
def test_language_choices_use_native_names(teacher: Client) -> None:
    html = teacher.get("/en/quizzes/new/").content.decode()
    assert '<option value="" selected>Each student' in html
    for code, name in NATIVE_NAMES.items():
        assert f'<option value="{code}">{name}</option>' in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("title", ""),
        ("title", "   "),
        ("time_limit", "-5"),
        ("time_limit", "0"),
        ("time_limit", "abc"),
        ("time_limit", "99999"),
        ("attempts", "0"),
        ("attempts", "-1"),
        ("attempts", ""),
        ("language", "xx"),
        ("feedback", "sometimes"),
    ],
)
def test_bad_quiz_settings_show_a_form_error(teacher: Client, field: str, value: str) -> None:
    data = {"title": "Quiz", "language": "", "feedback": "at_once", "attempts": "1"}
    data[field] = value
    response = teacher.post("/en/quizzes/new/", data)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="errorlist' in html
    assert f'id="id_{field}_error"' in html or f'id="id_{field}_0_error"' in html
    assert not Quiz.objects.exists()


@pytest.mark.django_db
def test_edit_the_settings(teacher: Client, quiz: Quiz) -> None:
    response = teacher.post(
        f"/en/quizzes/{quiz.pk}/",
        {
            "title": "Renamed",
            "language": "ja",
            "shuffle": "on",
            "time_limit": "30",
            "feedback": "after_question",
            "attempts": "1",
        },
    )
    assert response.status_code == 302
    quiz.refresh_from_db()
    assert (quiz.title, quiz.language, quiz.shuffle, quiz.time_limit, quiz.feedback) == (
        "Renamed",
        "ja",
        True,
        30,
        "after_question",
    )
    bad = teacher.post(
        f"/en/quizzes/{quiz.pk}/",
        {"title": "", "feedback": "at_once", "attempts": "1", "time_limit": "-3"},
    )
    assert bad.status_code == 200 and 'class="errorlist' in bad.content.decode()
    quiz.refresh_from_db()
    assert quiz.title == "Renamed" and quiz.time_limit == 30


@pytest.mark.django_db
def test_fixed_slot_has_a_seed_and_a_preview(teacher: Client, quiz: Quiz) -> None:
    response = add_slot(teacher, quiz, drill="teenpatti-showdown", level="medium", points="3")
    slot = Slot.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/en/quizzes/{quiz.pk}/#slot-{slot.pk}"
    assert (slot.kind, slot.drill, slot.level, slot.count, slot.points) == (
        "fixed",
        "teenpatti-showdown",
        "medium",
        1,
        3,
    )
    assert slot.seed is not None and slot.seed >= 0
    html = teacher.get(f"/en/quizzes/{quiz.pk}/").content.decode()
    assert f"seed {slot.seed}" in html
    # The preview is the very question the engine deals from that seed.
    question = teenpatti_showdown.generate(slot.seed, "medium")
    preview = html.split(f'id="slot-{slot.pk}"')[1].split('class="quiz-question" inert>')[1]
    preview = preview.split("</details>")[0]
    for card in (*question.hand_a, *question.hand_b):
        assert card_html(card) in preview
    assert html.count('class="quiz-question" inert') == 1
    assert f"/en/drills/teenpatti-showdown/?level=medium&amp;seed={slot.seed}" in html


@pytest.mark.django_db
@pytest.mark.parametrize("drill", [d.slug for d in services.quiz_drills()])
def test_a_fixed_slots_preview_is_the_question_a_session_asks(quiz: Quiz, drill: str) -> None:
    slot = Slot.objects.create(quiz=quiz, kind="fixed", drill=drill, level="hard", seed=42)
    preview = builder_views.slot_question(slot)
    asked = services.question(services.start_session(quiz, "live"), 0)
    assert (preview.drill, preview.data) == (asked.drill, asked.data)


@pytest.mark.django_db
def test_deal_another_changes_the_seed(teacher: Client, quiz: Quiz) -> None:
    add_slot(teacher, quiz)
    slot = Slot.objects.get()
    seeds = {slot.seed}
    for _ in range(3):
        teacher.post(f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/deal/")
        slot.refresh_from_db()
        seeds.add(slot.seed)
    assert len(seeds) == 4


@pytest.mark.django_db
def test_drawn_slot_has_no_seed_and_deals_at_each_start(teacher: Client, quiz: Quiz) -> None:
    add_slot(teacher, quiz, kind="drawn", drill="name-the-hand", count="4", points="2")
    slot = Slot.objects.get()
    assert (slot.kind, slot.seed, slot.count, slot.points) == ("drawn", None, 4, 2)
    html = teacher.get(f"/en/quizzes/{quiz.pk}/").content.decode()
    assert "4 questions drawn for each session" in html
    assert 'class="quiz-question"' not in html
    first = services.start_session(quiz, "live").questions
    second = services.start_session(quiz, "live").questions
    assert len(first) == len(second) == 4
    assert {q["drill"] for q in first} == {"name-the-hand"}
    assert [q["seed"] for q in first] != [q["seed"] for q in second]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("drill", "no-such-drill"),
        ("drill", "play-holdem"),  # a drill that cannot go into a quiz
        ("drill", ""),
        ("level", "impossible"),
        ("kind", "random"),
        ("count", "-2"),
        ("count", "0"),
        ("count", "1000"),
        ("count", "x"),
        ("points", "-1"),
        ("points", "100000"),
        ("points", ""),
    ],
)
def test_bad_slot_input_shows_a_form_error(
    teacher: Client, quiz: Quiz, field: str, value: str
) -> None:
    response = add_slot(teacher, quiz, **{"kind": "drawn", field: value})
    assert response.status_code == 200
    html = response.content.decode()
    assert f'id="new-slot-{field}_error"' in html or f'id="new-slot-{field}_0_error"' in html
    assert not Slot.objects.exists()


@pytest.mark.django_db
def test_reorder_with_up_and_down(teacher: Client, quiz: Quiz) -> None:
    for drill in ("holdem-showdown", "teenpatti-showdown", "betting"):
        add_slot(teacher, quiz, drill=drill)

    def order() -> list[str]:
        return [s.drill for s in quiz.slots.all()]

    assert order() == ["holdem-showdown", "teenpatti-showdown", "betting"]
    betting = Slot.objects.get(drill="betting")
    teacher.post(f"/en/quizzes/{quiz.pk}/slots/{betting.pk}/move/", {"direction": "up"})
    assert order() == ["holdem-showdown", "betting", "teenpatti-showdown"]
    teacher.post(f"/en/quizzes/{quiz.pk}/slots/{betting.pk}/move/", {"direction": "up"})
    assert order() == ["betting", "holdem-showdown", "teenpatti-showdown"]
    # Already first: nothing moves.
    teacher.post(f"/en/quizzes/{quiz.pk}/slots/{betting.pk}/move/", {"direction": "up"})
    assert order() == ["betting", "holdem-showdown", "teenpatti-showdown"]
    teacher.post(f"/en/quizzes/{quiz.pk}/slots/{betting.pk}/move/", {"direction": "down"})
    assert order() == ["holdem-showdown", "betting", "teenpatti-showdown"]
    # The session's questions follow the slot order.
    session = services.start_session(quiz, "live")
    assert [q["drill"] for q in session.questions] == order()


@pytest.mark.django_db
def test_edit_and_remove_a_slot(teacher: Client, quiz: Quiz) -> None:
    add_slot(teacher, quiz, kind="drawn", drill="side-pots", count="2")
    slot = Slot.objects.get()
    teacher.post(
        f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/", {"level": "hard", "count": "5", "points": "4"}
    )
    slot.refresh_from_db()
    assert (slot.level, slot.count, slot.points) == ("hard", 5, 4)
    response = teacher.post(
        f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/",
        {"level": "hard", "count": "-5", "points": "4"},
        follow=True,
    )
    assert response.status_code == 200 and "Not saved" in response.content.decode()
    slot.refresh_from_db()
    assert slot.count == 5
    teacher.post(f"/en/quizzes/{quiz.pk}/slots/{slot.pk}/delete/")
    assert not Slot.objects.exists()


@pytest.mark.django_db
def test_copy_a_quiz_with_its_slots(teacher: Client, quiz: Quiz) -> None:
    add_slot(teacher, quiz, drill="betting")
    add_slot(teacher, quiz, kind="drawn", drill="name-the-hand", count="3")
    response = teacher.post(f"/en/quizzes/{quiz.pk}/copy/")
    copy = Quiz.objects.exclude(pk=quiz.pk).get()
    assert response["Location"] == f"/en/quizzes/{copy.pk}/"
    assert copy.title == "Copy of Showdowns"
    assert [(s.drill, s.kind, s.seed, s.count) for s in copy.slots.all()] == [
        (s.drill, s.kind, s.seed, s.count) for s in quiz.slots.all()
    ]


@pytest.mark.django_db
def test_delete_asks_first_then_deletes(teacher: Client, quiz: Quiz) -> None:
    add_slot(teacher, quiz)
    services.start_session(quiz, "live")
    page = teacher.get(f"/en/quizzes/{quiz.pk}/delete/").content.decode()
    assert "This quiz has been run once" in page
    assert Quiz.objects.exists()
    response = teacher.post(f"/en/quizzes/{quiz.pk}/delete/")
    assert response["Location"] == "/en/quizzes/"
    assert not Quiz.objects.exists()


@pytest.mark.django_db
def test_run_needs_a_question(teacher: Client, quiz: Quiz) -> None:
    response = teacher.get(f"/en/quizzes/{quiz.pk}/run/")
    assert response.status_code == 302 and response["Location"] == f"/en/quizzes/{quiz.pk}/"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["bn", "hi", "ja", "cs"])
def test_builder_pages_in_each_language(teacher: Client, quiz: Quiz, language: str) -> None:
    add_slot(teacher, quiz, drill="name-the-hand")
    for url in ("/quizzes/", "/quizzes/new/", f"/quizzes/{quiz.pk}/", f"/quizzes/{quiz.pk}/run/"):
        response = teacher.get(f"/{language}{url}")
        assert response.status_code == 200, url
        html = response.content.decode()
        assert f'<html lang="{language}"' in html
        assert re.search(rf'href="/{language}/accounts/password/change/"', html)
