"""The accounts' attacks from a penetration test (issue 25, item 3), each run for real: wrong
passwords from many devices behind one school address, sign-ups by the dozen, unlimited
password resets, and telling from the answers whether an e-mail address has an account."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.utils import translation

pytestmark = pytest.mark.django_db
SCHOOL = "203.0.113.9"  # one address for a whole school (NAT)
PASSWORD = "a-long-password-123"


@pytest.fixture(autouse=True)
def no_limits_left_over() -> Any:
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def students() -> None:
    for name in ("asha", "ravi"):
        get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD)


def log_in(name: str, password: str, *, device: str = "Tablet 1", language: str = "en") -> Any:
    client = Client(REMOTE_ADDR=SCHOOL, HTTP_USER_AGENT=device)
    return client.post(f"/{language}/accounts/login/", {"username": name, "password": password})


def test_forty_wrong_passwords_from_many_devices_lock_the_account_not_the_school(
    students: None,
) -> None:
    answers = [
        log_in("asha", f"guess-{n}", device=f"Tablet {n % 8}").status_code for n in range(40)
    ]
    assert answers[0] == 200  # the form again, with its error
    assert 429 in answers  # the guesser was stopped
    # Asha's account waits, from here, on any device, even with the right password ...
    assert log_in("asha", PASSWORD, device="Asha's own laptop").status_code == 429
    # ... and Ravi, behind the same address, logs in as ever.
    assert log_in("ravi", PASSWORD, device="Tablet 3").status_code == 302


def test_five_wrong_passwords_lock_that_device_only(students: None) -> None:
    for n in range(5):
        log_in("asha", f"guess-{n}", device="Tablet 1")
    assert log_in("asha", PASSWORD, device="Tablet 1").status_code == 429
    assert log_in("asha", PASSWORD, device="Tablet 2").status_code == 302


def test_the_lock_out_page_is_in_the_page_language(students: None, language: str) -> None:
    for n in range(5):
        log_in("asha", f"guess-{n}", language=language)
    page = log_in("asha", PASSWORD, language=language)
    assert page.status_code == 429
    with translation.override(language):
        title = translation.gettext("Too many wrong passwords")
    text = page.content.decode()
    assert f'<html lang="{language}"' in text and title in text
    assert "Account locked" not in text  # django-axes' English default


def sign_up(name: str, client: Client | None = None, email: str = "") -> Any:
    client = client or Client(REMOTE_ADDR=SCHOOL)
    data = {"username": name, "email": email, "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/cs/accounts/signup/", data)


def test_twenty_five_sign_ups_from_one_address_are_throttled() -> None:
    answers = [sign_up(f"bot{n}") for n in range(25)]
    assert [a.status_code for a in answers[:20]] == [302] * 20
    assert [a.status_code for a in answers[20:]] == [429] * 5
    assert get_user_model().objects.count() == 20
    with translation.override("cs"):
        message = translation.gettext(
            "Too many accounts have been made from this device or network in the last "
            "hour. Please wait a while and try again."
        )
    page = answers[-1].content.decode().replace("\xa0", " ")  # Czech no-break spaces
    assert message in page
    assert 'value="bot24"' in page  # the form is kept


def test_sign_ups_from_one_device_are_throttled() -> None:
    device = Client(REMOTE_ADDR=SCHOOL)
    answers = []
    for n in range(4):
        answers.append(sign_up(f"pupil{n}", device).status_code)
        device.post("/cs/accounts/logout/")
    assert answers == [302, 302, 302, 429]
    assert sign_up("someone-else").status_code == 302  # another device is not refused


def test_sign_up_with_a_used_address_answers_as_with_a_new_one(students: None) -> None:
    taken = sign_up("newcomer", email="Asha@Example.org")
    new = sign_up("another", email="nobody@example.org")
    assert (taken.status_code, taken["Location"]) == (new.status_code, new["Location"])


def reset(email: str, address: str = SCHOOL) -> Any:
    return Client(REMOTE_ADDR=address).post("/en/accounts/password/reset/", {"email": email})


def test_resets_for_an_address_are_sent_three_times_an_hour(students: None) -> None:
    answers = [reset("asha@example.org", f"198.51.100.{n}") for n in range(6)]
    assert {(a.status_code, a["Location"]) for a in answers} == {
        (302, "/en/accounts/password/reset/sent/")
    }
    assert len(mail.outbox) == 3


def test_resets_from_one_network_are_throttled(students: None) -> None:
    answers = [reset(f"someone{n}@example.org") for n in range(21)]
    assert [a.status_code for a in answers] == [302] * 20 + [429]
    assert "Too many password resets" in answers[-1].content.decode()


def test_reset_answers_the_same_whether_or_not_an_account_uses_the_address(
    students: None,
) -> None:
    known, unknown = reset("asha@example.org"), reset("nobody@example.org")
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])


@pytest.mark.parametrize("password", ["mango-tree9", "Tr1cky-Pa$$"])
def test_a_password_shorter_than_twelve_characters_is_refused(password: str) -> None:
    data = {"username": "short", "email": "", "password1": password, "password2": password}
    page = Client().post("/en/accounts/signup/", data)
    assert page.status_code == 200
    assert "at least 12 characters" in page.content.decode()
    assert not get_user_model().objects.exists()


@pytest.mark.django_db
def test_a_username_longer_than_any_account_is_a_wrong_password_not_a_500() -> None:
    """django-axes keeps the name in a 255-character column: a 300-character name (found by
    the form fuzzer on PostgreSQL) is counted under its first 150 characters."""
    from axes.models import AccessAttempt

    client = Client(raise_request_exception=False)
    response = client.post("/en/accounts/login/", {"username": "x" * 300, "password": "nope"})
    assert response.status_code == 200
    assert AccessAttempt.objects.get().username == "x" * 150
