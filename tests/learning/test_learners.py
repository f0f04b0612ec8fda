"""The learner cookie: made only when an answer is recorded, refused when forged."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client, RequestFactory
from django.utils import timezone

from tutor.learning.learners import COOKIE, current_learner
from tutor.learning.models import ConceptProgress, Learner

from .drilling import PAGE, answer, key_in, seed_with_concepts, signed, token_of

pytestmark = pytest.mark.django_db


def test_a_plain_drill_page_sets_no_learner_cookie_and_makes_no_learner(client: Client) -> None:
    response = client.get(f"{PAGE}?level=medium&seed=3")
    assert response.status_code == 200
    assert COOKIE not in response.cookies
    assert not Learner.objects.exists()


def test_an_answer_makes_a_learner_and_sets_its_cookie(client: Client) -> None:
    response = answer(client, seed_with_concepts())
    cookie = response.cookies[COOKIE]
    learner = Learner.objects.get()
    assert learner.user is None
    assert key_in(client.cookies[COOKIE].value) == learner.key
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert int(cookie["max-age"]) == 400 * 24 * 3600
    assert not cookie["secure"]  # plain HTTP in the tests
    assert "Cookie" in response["Vary"]


def test_the_cookie_is_secure_over_https(client: Client) -> None:
    response = client.post(PAGE, {}, secure=True)  # a bad post: nothing recorded
    assert COOKIE not in response.cookies
    response = answer(client, seed_with_concepts(), secure=True)
    assert response.cookies[COOKIE]["secure"]


def test_the_same_learner_answers_on_after_a_browser_restart(client: Client) -> None:
    seed = seed_with_concepts()
    answer(client, seed)
    cookie = client.cookies[COOKIE].value
    restarted = Client()  # no session; the long-lived cookie only
    restarted.cookies[COOKIE] = cookie
    response = answer(restarted, seed + 1)
    assert COOKIE not in response.cookies  # known learner, seen this hour: nothing to send
    assert Learner.objects.count() == 1
    assert ConceptProgress.objects.filter(answered=2).exists()


@pytest.mark.parametrize(
    "cookie",
    [
        "garbage",
        "",
        "x" * 5000,
        "\xe2\x80\xae:abc",  # U+202E in UTF-8, as WSGI hands bytes over
        # A real-looking key with a signature made without the secret key:
        "A" * 43 + ":forged-signature",
    ],
)
def test_a_forged_cookie_gets_a_new_learner_silently(client: Client, cookie: str) -> None:
    victim = Learner.objects.create()
    client.cookies[COOKIE] = cookie
    response = answer(client, seed_with_concepts())
    assert response.status_code == 200
    new = Learner.objects.exclude(pk=victim.pk).get()
    assert key_in(response.cookies[COOKIE].value) == new.key
    assert not victim.progress.exists()


def test_a_validly_signed_cookie_of_an_unknown_key_gets_a_new_learner(client: Client) -> None:
    client.cookies[COOKIE] = signed("B" * 43)
    answer(client, seed_with_concepts())
    assert Learner.objects.get().key != "B" * 43


def test_someone_elses_signed_key_of_an_account_is_not_followed(
    client: Client, user: AbstractBaseUser
) -> None:
    owned = Learner.objects.create(user=user)
    client.cookies[COOKIE] = signed(owned.key)
    answer(client, seed_with_concepts())
    assert not owned.progress.exists()
    assert Learner.objects.filter(user__isnull=True).count() == 1


def test_a_signed_in_user_gets_their_own_learner_and_no_cookie(
    client: Client, user: AbstractBaseUser
) -> None:
    client.force_login(user)
    response = answer(client, seed_with_concepts())
    assert COOKIE not in response.cookies
    learner = Learner.objects.get()
    assert learner.user == user and learner.progress.exists()


def test_current_learner_without_create_makes_nothing(rf: RequestFactory) -> None:
    request = rf.get("/")
    assert current_learner(request) is None
    assert not Learner.objects.exists()


def test_last_seen_is_written_at_most_once_an_hour(client: Client) -> None:
    seed = seed_with_concepts()
    answer(client, seed)
    learner = Learner.objects.get()
    earlier = timezone.now() - timedelta(minutes=30)
    Learner.objects.filter(pk=learner.pk).update(last_seen=earlier)
    response = answer(client, seed + 1)
    assert Learner.objects.get().last_seen == earlier
    assert COOKIE not in response.cookies
    long_ago = timezone.now() - timedelta(hours=2)
    Learner.objects.filter(pk=learner.pk).update(last_seen=long_ago)
    response = answer(client, seed + 2)
    assert Learner.objects.get().last_seen > long_ago
    assert key_in(response.cookies[COOKIE].value) == learner.key  # another 400 days


def test_the_question_page_of_a_known_learner_writes_nothing(client: Client) -> None:
    answer(client, seed_with_concepts())
    Learner.objects.update(last_seen=timezone.now() - timedelta(days=3))
    before = Learner.objects.get().last_seen
    response = client.get(f"{PAGE}?level=medium&seed=5")
    assert COOKIE not in response.cookies
    assert Learner.objects.get().last_seen == before
    assert token_of(client, 5)
