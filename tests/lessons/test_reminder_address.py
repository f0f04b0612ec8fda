"""An account adds, changes and removes the e-mail address its reminders go to, on the
progress page (no JavaScript needed), and the address is in the account's download."""

from __future__ import annotations

import json
import zipfile
from datetime import time
from io import BytesIO

import pytest
from babel.dates import format_time
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from tutor.learning.models import Learner

pytestmark = pytest.mark.django_db

PAGE = "/en/learn/progress/"
ADDRESS = "/en/learn/progress/address/"


@pytest.fixture
def noor(client: Client) -> AbstractBaseUser:
    user = get_user_model().objects.create_user("noor", "", "a-long-password-123")
    client.force_login(user)
    return user


def test_an_account_without_an_address_can_add_one(client: Client, noor: AbstractBaseUser) -> None:
    page = client.get(PAGE).content.decode()
    assert 'type="email"' in page and f'action="{ADDRESS}"' in page
    response = client.post(ADDRESS, {"email": "  Noor.Das@EXAMPLE.Org "})
    assert response.status_code == 302
    noor.refresh_from_db()
    assert noor.email == "Noor.Das@example.org"  # trimmed, the domain in small letters
    page = client.get(PAGE).content.decode()
    assert 'name="remind"' in page and "Noor.Das@example.org" in page
    start, end = (format_time(time(hour), "short", locale="en") for hour in (17, 20))
    assert f"between {start} and {end} in your time zone, " in page


@pytest.mark.parametrize(
    "wrong", ["noor", "noor@", "@example.org", "a b@example.org", "x" * 250 + "@e.org"]
)
def test_a_wrong_address_is_refused_in_words(
    client: Client, noor: AbstractBaseUser, wrong: str
) -> None:
    response = client.post(ADDRESS, {"email": wrong})
    assert response.status_code == 422
    assert "Enter an e-mail address such as name@example.org." in response.content.decode()
    noor.refresh_from_db()
    assert noor.email == ""


@pytest.mark.parametrize("language", ["bn", "hi", "ja", "cs"])
def test_the_refusal_is_in_the_page_language(
    client: Client, noor: AbstractBaseUser, language: str
) -> None:
    response = client.post(f"/{language}/learn/progress/address/", {"email": "noor"})
    with translation.override(language):
        expected = gettext("Enter an e-mail address such as name@example.org.")
    assert response.status_code == 422
    assert expected in response.content.decode().replace("<wbr>", "")
    assert "Enter an e-mail" not in expected


def test_removing_the_address_turns_reminders_off(client: Client, noor: AbstractBaseUser) -> None:
    client.post(ADDRESS, {"email": "noor@example.org"})
    client.post("/en/learn/progress/reminders/", {"remind": "on"})
    assert Learner.objects.get(user=noor).remind
    assert client.post(ADDRESS, {"remove": "1"}).status_code == 302
    noor.refresh_from_db()
    assert noor.email == "" and not Learner.objects.get(user=noor).remind
    assert 'type="email"' in client.get(PAGE).content.decode()


def test_an_address_needs_an_account(client: Client) -> None:
    response = client.post(ADDRESS, {"email": "noor@example.org"})
    assert response.status_code == 422


def test_the_address_is_in_the_download(client: Client, noor: AbstractBaseUser) -> None:
    client.post(ADDRESS, {"email": "noor@example.org"})
    data = client.get("/en/accounts/data/download/")
    assert data.status_code == 200
    with zipfile.ZipFile(BytesIO(data.getvalue())) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".json"))
        assert json.loads(archive.read(name))["account"]["email"] == "noor@example.org"
