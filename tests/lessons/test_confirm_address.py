"""A reminder address is confirmed before reminders go to it: adding or changing it sends
one e-mail with a signed link (3 days); opening the link asks, and only a POST confirms
(a mail scanner's GET does not); a link forged, too old, for another account or for an
address since changed is refused in words; "send again" waits 10 minutes."""

from __future__ import annotations

import json
import re
import zipfile
from datetime import timedelta
from io import BytesIO

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core import mail, signing
from django.test import Client
from django.utils import timezone, translation
from django.utils.translation import gettext

from tutor.learning import addresses
from tutor.learning.models import Learner

pytestmark = pytest.mark.django_db

PAGE = "/en/learn/progress/"
ADDRESS = "/en/learn/progress/address/"
AGAIN = "/en/learn/progress/address/send/"


@pytest.fixture
def noor(client: Client) -> AbstractBaseUser:
    user = get_user_model().objects.create_user("noor", "", "a-long-password-123")
    client.force_login(user)
    return user


def link_in(email: mail.EmailMessage) -> str:
    found = re.search(r"https?://\S+/learn/progress/address/confirm/\S+/", email.body)
    assert found, email.body
    return found.group(0).split("testserver", 1)[-1]


def confirmed(user: AbstractBaseUser) -> bool:
    user.refresh_from_db()
    learner = Learner.objects.get(user=user)
    return bool(learner.confirmed_email) and learner.confirmed_email == user.email


def test_adding_an_address_sends_one_link_that_confirms_it(
    client: Client, noor: AbstractBaseUser
) -> None:
    client.post(ADDRESS, {"email": "noor@example.org"})
    (email,) = mail.outbox
    assert email.to == ["noor@example.org"] and email.alternatives[0][1] == "text/html"
    page = client.get(PAGE).content.decode()
    assert "Waiting for confirmation at" in page and f'action="{AGAIN}"' in page
    link = link_in(email)
    asked = client.get(link)  # a mail scanner fetching the link confirms nothing
    assert asked.status_code == 200 and 'method="post"' in asked.content.decode()
    assert not confirmed(noor)
    done = client.post(link)
    assert done.status_code == 200 and "is confirmed" in done.content.decode()
    assert confirmed(noor)
    assert "Waiting for confirmation" not in client.get(PAGE).content.decode()


def test_the_link_works_signed_out(client: Client, noor: AbstractBaseUser) -> None:
    client.post(ADDRESS, {"email": "noor@example.org"})
    link = link_in(mail.outbox[0])
    client.logout()
    assert client.post(link).status_code == 200
    assert confirmed(noor)


def test_changing_the_address_again_makes_the_old_link_useless(
    client: Client, noor: AbstractBaseUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    client.post(ADDRESS, {"email": "first@example.org"})
    old = link_in(mail.outbox[0])
    later = timezone.now() + addresses.RESEND_EVERY + timedelta(seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    client.post(ADDRESS, {"email": "second@example.org"})
    assert len(mail.outbox) == 2 and mail.outbox[1].to == ["second@example.org"]
    response = client.post(old)
    assert response.status_code == 400 and "no longer" in response.content.decode()
    assert not confirmed(noor)
    assert client.post(link_in(mail.outbox[1])).status_code == 200
    assert confirmed(noor)


def test_a_link_for_another_account_is_refused(client: Client, noor: AbstractBaseUser) -> None:
    client.post(ADDRESS, {"email": "noor@example.org"})
    link = link_in(mail.outbox[0])
    other = get_user_model().objects.create_user("ravi", "", "a-long-password-123")
    client.force_login(other)
    response = client.post(link)
    assert response.status_code == 403 and "another account" in response.content.decode()
    assert not confirmed(noor)


@pytest.mark.parametrize("kind", ["tampered", "garbage", "too_long"])
def test_a_forged_link_is_refused_in_words(
    client: Client, noor: AbstractBaseUser, kind: str
) -> None:
    token = addresses.confirm_token(noor.pk, "noor@example.org")
    token = {
        "tampered": token[:-2] + ("AA" if not token.endswith("AA") else "BB"),
        "garbage": "not-a-token",
        "too_long": "x" * 500,
    }[kind]
    response = client.post(f"{ADDRESS}confirm/{token}/")
    assert response.status_code == 400 and "This link does not work" in response.content.decode()


def test_a_link_too_old_is_refused(
    client: Client, noor: AbstractBaseUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    client.post(ADDRESS, {"email": "noor@example.org"})
    link = link_in(mail.outbox[0])
    later = timezone.now() + addresses.CONFIRM_AGE + timedelta(minutes=1)
    monkeypatch.setattr(signing.time, "time", lambda: later.timestamp())
    response = client.post(link)
    assert response.status_code == 400 and "too old" in response.content.decode()
    assert not confirmed(noor)


def test_send_again_waits_ten_minutes(
    client: Client, noor: AbstractBaseUser, monkeypatch: pytest.MonkeyPatch
) -> None:
    client.post(ADDRESS, {"email": "noor@example.org"})
    refused = client.post(AGAIN)
    assert refused.status_code == 429 and "Wait" in refused.content.decode()
    assert len(mail.outbox) == 1
    later = timezone.now() + addresses.RESEND_EVERY + timedelta(seconds=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert client.post(AGAIN).status_code == 302
    assert len(mail.outbox) == 2


@pytest.mark.parametrize("language", ["bn", "hi", "ja", "cs"])
def test_the_email_and_the_refusal_are_in_the_page_language(
    client: Client, noor: AbstractBaseUser, language: str
) -> None:
    client.post(f"/{language}/learn/progress/address/", {"email": "noor@example.org"})
    (email,) = mail.outbox
    assert f"/{language}/learn/progress/address/confirm/" in email.body
    refused = client.post(f"/{language}/learn/progress/address/send/").content.decode()
    with translation.override(language):
        subject = gettext("Confirm your e-mail address")
    assert email.subject == subject != "Confirm your e-mail address"
    assert "Wait" not in refused and "Confirm your" not in email.body


def test_the_sign_up_hint_names_reminders(client: Client) -> None:
    client.logout()
    page = client.get("/en/accounts/signup/").content.decode()
    assert "password" in page and "reminders" in page
    assert "Used only to send you a link" not in page


def test_the_confirmed_address_is_in_the_download(client: Client, noor: AbstractBaseUser) -> None:
    client.post(ADDRESS, {"email": "noor@example.org"})
    client.post(link_in(mail.outbox[0]))
    data = client.get("/en/accounts/data/download/")
    with zipfile.ZipFile(BytesIO(data.getvalue())) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".json"))
        (row,) = json.loads(archive.read(name))["learning_settings"]
    assert row["confirmed_email"] == "noor@example.org" and row["confirm_sent"]


def test_an_address_from_sign_up_gets_its_first_link_on_request(client: Client) -> None:
    user = get_user_model().objects.create_user("asha", "asha@example.org", "a-long-pass-123")
    client.force_login(user)
    page = client.get(PAGE).content.decode()
    assert "Not confirmed yet" in page and "Send the link again" not in page
    assert client.post(AGAIN).status_code == 302
    assert client.post(link_in(mail.outbox[0])).status_code == 200
    assert confirmed(user)


def test_removing_the_address_forgets_its_confirmation(
    client: Client, noor: AbstractBaseUser
) -> None:
    client.post(ADDRESS, {"email": "noor@example.org"})
    client.post(link_in(mail.outbox[0]))
    client.post(ADDRESS, {"remove": "1"})
    assert Learner.objects.get(user=noor).confirmed_email == ""


def test_switching_addresses_sends_one_link_in_ten_minutes(
    client: Client, noor: AbstractBaseUser
) -> None:
    """A form that mailed each new address at once would let one account flood a victim's
    mailbox by switching between two addresses."""
    for turn in range(6):
        saved = client.post(ADDRESS, {"email": f"{'ab'[turn % 2]}@example.org"}, follow=True)
        assert saved.status_code == 200
    assert len(mail.outbox) == 1
    assert "Only one link goes out every ten minutes" in saved.content.decode()
    noor.refresh_from_db()
    assert noor.email == "b@example.org"  # the address itself is saved each time
