"""A browser's anonymous progress joins the account at sign-up and at log-in."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from tutor.learning.learners import COOKIE
from tutor.learning.mastery import Mastery, Outcome
from tutor.learning.merge import merge
from tutor.learning.models import Attempt, ConceptProgress, Learner
from tutor.learning.record import store

from .conftest import PASSWORD
from .drilling import answer, concepts, seed_with_concepts, signed

pytestmark = pytest.mark.django_db

NOW = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)


def give(
    learner: Learner, concept: str, *answers: tuple[bool, str, datetime], key: str = ""
) -> None:
    for correct, level, at in answers:
        store(
            learner,
            [concept],
            Outcome(correct, level, at),
            drill="d",
            elapsed_ms=None,
            source="drill",
            key=key,
        )


def row(learner: Learner, concept: str) -> ConceptProgress:
    return ConceptProgress.objects.get(learner=learner, concept=concept)


def test_sign_up_gives_the_browsers_learner_to_the_new_account(client: Client) -> None:
    seed = seed_with_concepts()
    answer(client, seed)
    anonymous = Learner.objects.get()
    data = {
        "username": "mina",
        "email": "m@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    assert client.post("/en/accounts/signup/", data).status_code == 302
    learner = Learner.objects.get()
    assert learner.pk == anonymous.pk and learner.user is not None
    assert learner.user.get_username() == "mina"
    assert learner.key != anonymous.key  # the old cookie names nothing now
    assert set(learner.progress.values_list("concept", flat=True)) == concepts(seed)
    # Logged out, the browser starts afresh instead of showing the account's progress.
    client.post("/en/accounts/logout/")
    answer(client, seed + 1)
    assert Learner.objects.count() == 2
    fresh = Learner.objects.get(user__isnull=True)
    assert fresh.progress.filter(answered=1).count() == fresh.progress.count()


def test_log_in_merges_into_the_accounts_learner(client: Client, user: AbstractBaseUser) -> None:
    mine = Learner.objects.create(user=user)
    day = timedelta(days=1)
    # The account: proficient on kickers (reviewed on day 0), attempted outs (day 5).
    give(mine, "kickers", *[(True, "hard", NOW + timedelta(hours=4 * n)) for n in range(3)])
    give(mine, "outs", (False, "easy", NOW + 5 * day))
    # This browser: familiar kickers (reviewed later, day 2), right at outs (day 1),
    # and tp-ties the account never saw.
    browser = Learner.objects.create()
    give(browser, "kickers", (True, "easy", NOW + day), (True, "easy", NOW + 2 * day))
    give(browser, "outs", (True, "easy", NOW + day))
    give(browser, "tp-ties", (False, "easy", NOW))
    cards = {c: row(browser, c).card for c in ("kickers", "outs", "tp-ties")}
    account_outs_card = row(mine, "outs").card
    client.cookies[COOKIE] = signed(browser.key)
    response = client.post("/en/accounts/login/", {"username": "asha", "password": PASSWORD})
    assert response.status_code == 302
    assert not Learner.objects.filter(pk=browser.pk).exists()
    kickers, outs, ties = (row(mine, c) for c in ("kickers", "outs", "tp-ties"))
    assert (kickers.mastery, kickers.answered, kickers.right, kickers.streak) == (
        Mastery.PROFICIENT,
        5,
        5,
        3,
    )
    assert kickers.card == cards["kickers"]  # the browser's was reviewed later
    assert outs.card == account_outs_card and outs.due == NOW + 5 * day + timedelta(minutes=1)
    assert (outs.mastery, outs.answered, outs.right) == (Mastery.ATTEMPTED, 2, 1)
    assert ties.card == cards["tp-ties"] and ties.answered == 1
    assert Attempt.objects.filter(learner=mine).count() == 3 + 1 + 2 + 1 + 1
    assert not Attempt.objects.exclude(learner=mine).exists()


def test_merge_keeps_one_copy_of_an_answer_stored_by_both(user: AbstractBaseUser) -> None:
    mine = Learner.objects.create(user=user)
    browser = Learner.objects.create()
    give(mine, "outs", (True, "easy", NOW), key="drill:same")
    give(browser, "outs", (True, "easy", NOW), key="drill:same")
    give(browser, "outs", (True, "easy", NOW), key="drill:other")
    assert merge(browser, user) == mine
    keys = sorted(Attempt.objects.filter(learner=mine).values_list("key", flat=True))
    assert keys == ["", "drill:other", "drill:same"]


def test_log_in_without_a_learner_cookie_changes_nothing(
    client: Client, user: AbstractBaseUser
) -> None:
    someone = Learner.objects.create()
    give(someone, "outs", (True, "easy", NOW))
    client.cookies[COOKIE] = "forged"
    assert (
        client.post("/en/accounts/login/", {"username": "asha", "password": PASSWORD}).status_code
        == 302
    )
    assert Learner.objects.get() == someone and someone.user is None
    client.force_login(user)  # a log-in without a request's cookies: nothing to merge
    assert Learner.objects.count() == 1


def test_progress_follows_the_account_to_another_device(
    client: Client, user: AbstractBaseUser
) -> None:
    seed = seed_with_concepts()
    answer(client, seed)
    client.post("/en/accounts/login/", {"username": "asha", "password": PASSWORD})
    other_device = Client()
    other_device.post("/en/accounts/login/", {"username": "asha", "password": PASSWORD})
    answer(other_device, seed + 1)
    learner = Learner.objects.get()
    assert learner.user == user
    assert learner.attempts.count() == len(concepts(seed)) + len(concepts(seed + 1))


def test_a_second_merge_of_the_same_browser_changes_nothing(user: AbstractBaseUser) -> None:
    mine = Learner.objects.create(user=user)
    give(mine, "outs", (True, "easy", NOW))
    browser = Learner.objects.create()
    give(browser, "outs", (True, "easy", NOW))
    stale_copy = Learner.objects.get(pk=browser.pk)
    merge(browser, user)
    assert merge(stale_copy, user) == mine  # a second log-in at the same moment
    assert row(mine, "outs").answered == 2


def test_a_failed_merge_does_not_stop_the_log_in(
    client: Client, user: AbstractBaseUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.db import DatabaseError

    from tutor.learning import merge as merging

    def broken(*args: object) -> None:
        raise DatabaseError("disk full")

    monkeypatch.setattr(merging, "merge", broken)
    browser = Learner.objects.create()
    client.cookies[COOKIE] = signed(browser.key)
    response = client.post("/en/accounts/login/", {"username": "asha", "password": PASSWORD})
    assert response.status_code == 302 and Learner.objects.get() == browser


def test_merge_moves_what_other_apps_keep_per_learner(user: AbstractBaseUser) -> None:
    """Lesson sittings (tutor.lessons) follow the progress instead of being deleted."""
    from django.apps import apps

    sitting = apps.get_model("lessons", "Sitting")
    mine = Learner.objects.create(user=user)
    browser = Learner.objects.create()
    started = sitting.objects.create(learner=browser, kind="practice", course="c", unit="u")
    merge(browser, user)
    assert sitting.objects.get(pk=started.pk).learner == mine


def test_a_learner_signs_up_without_an_e_mail_and_comes_back_to_learn(client: Client) -> None:
    """Issue 14: one account system for learners and teachers, e-mail optional."""
    seed = seed_with_concepts()
    answer(client, seed)
    data = {"username": "ravi", "email": "", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post("/en/accounts/signup/", {**data, "next": "/en/learn/"})
    assert response.status_code == 302 and response["Location"] == "/en/learn/"
    learner = Learner.objects.get()
    assert learner.user is not None and learner.user.email == ""
    assert set(learner.progress.values_list("concept", flat=True)) == concepts(seed)
    page = client.get("/en/learn/").content.decode()
    assert "Signed in as <bdi>ravi</bdi>" in page
