"""Teacher accounts: sign up, log in, log out (POST only), change and reset the password
by e-mail, all under the language prefix."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-password-123"


def signup(client: Client, language: str = "en", **fields: str):
    data = {
        "username": "asha",
        "email": "asha@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    data.update(fields)
    return client.post(f"/{language}/accounts/signup/", data)


def test_sign_up_logs_in_and_opens_the_quizzes(client: Client, language: str) -> None:
    response = signup(client, language)
    assert response.status_code == 302
    assert response["Location"] == f"/{language}/quizzes/"
    user = get_user_model().objects.get()
    assert (user.username, user.email) == ("asha", "asha@example.org")
    assert user.check_password(PASSWORD)
    page = client.get(f"/{language}/quizzes/").content.decode()
    assert "asha" in page and f'action="/{language}/accounts/logout/"' in page


@pytest.mark.parametrize(
    "fields",
    [
        {"username": ""},
        {"email": "not-an-address"},
        {"password2": "something-else-123"},
        {"password1": "123", "password2": "123"},
    ],
)
def test_sign_up_errors_are_shown(client: Client, fields: dict[str, str]) -> None:
    response = signup(client, **fields)
    assert response.status_code == 200
    assert 'class="errorlist' in response.content.decode()
    assert not get_user_model().objects.exists()


def test_sign_up_takes_a_used_address_as_any_other(client: Client) -> None:
    """Refusing it would tell anyone whether the address has an account (issue 25)."""
    get_user_model().objects.create_user("first", "Asha@Example.org", PASSWORD)
    response = signup(client, username="second")
    assert response.status_code == 302 and response["Location"] == "/en/quizzes/"
    assert "already exists" not in client.get("/en/quizzes/").content.decode()
    assert get_user_model().objects.filter(email__iexact="asha@example.org").count() == 2


def test_the_site_header_has_a_log_out_button_for_a_signed_in_visitor(
    client: Client, language: str
) -> None:
    assert "site-logout" not in client.get(f"/{language}/rules/").content.decode()
    client.force_login(get_user_model().objects.create_user("asha", "", PASSWORD))
    page = client.get(f"/{language}/rules/").content.decode()
    header = page[page.index("<header") : page.index("</header>")]
    assert (
        f'<form method="post" action="/{language}/accounts/logout/" class="site-logout">' in header
    )
    assert 'name="csrfmiddlewaretoken"' in header and '<button type="submit">' in header
    assert client.post(f"/{language}/accounts/logout/").status_code == 302
    assert "site-logout" not in client.get(f"/{language}/rules/").content.decode()


def test_log_in_and_out(client: Client, language: str) -> None:
    get_user_model().objects.create_user("asha", "asha@example.org", PASSWORD)
    page = client.get(f"/{language}/accounts/login/")
    assert (
        page.status_code == 200 and f'href="/{language}/accounts/signup/"' in page.content.decode()
    )
    wrong = client.post(f"/{language}/accounts/login/", {"username": "asha", "password": "nope"})
    assert wrong.status_code == 200 and 'class="errorlist' in wrong.content.decode()
    response = client.post(
        f"/{language}/accounts/login/", {"username": "asha", "password": PASSWORD}
    )
    assert response.status_code == 302 and response["Location"] == f"/{language}/quizzes/"
    assert client.get(f"/{language}/quizzes/new/").status_code == 200
    assert client.get(f"/{language}/accounts/logout/").status_code == 405  # POST only
    response = client.post(f"/{language}/accounts/logout/")
    assert response.status_code == 302 and response["Location"] == f"/{language}/quizzes/"
    assert client.get(f"/{language}/quizzes/new/").status_code == 302


def test_log_in_returns_to_the_page_asked_for(client: Client) -> None:
    get_user_model().objects.create_user("asha", "asha@example.org", PASSWORD)
    asked = client.get("/cs/quizzes/new/")
    assert asked["Location"] == "/cs/accounts/login/?next=/cs/quizzes/new/"
    response = client.post(
        asked["Location"], {"username": "asha", "password": PASSWORD, "next": "/cs/quizzes/new/"}
    )
    assert response["Location"] == "/cs/quizzes/new/"
    # Never off-site.
    client.post("/cs/accounts/logout/")
    response = client.post(
        "/cs/accounts/login/",
        {"username": "asha", "password": PASSWORD, "next": "https://evil.example/"},
    )
    assert response["Location"] == "/cs/quizzes/"


def test_password_reset_by_email_in_the_page_language(client: Client) -> None:
    get_user_model().objects.create_user("asha", "asha@example.org", PASSWORD)
    response = client.post("/cs/accounts/password/reset/", {"email": "asha@example.org"})
    assert response.status_code == 302
    assert response["Location"] == "/cs/accounts/password/reset/sent/"
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["asha@example.org"]
    assert "asha" in message.body
    link = re.search(r"http://testserver(/cs/accounts/password/reset/\S+/\S+/)", message.body)
    assert link, message.body
    confirm = client.get(link.group(1), follow=True)
    assert confirm.status_code == 200
    form_url = confirm.redirect_chain[-1][0]
    new_password = "another-long-password-456"
    done = client.post(form_url, {"new_password1": new_password, "new_password2": new_password})
    assert done.status_code == 302 and done["Location"] == "/cs/accounts/password/reset/done/"
    assert get_user_model().objects.get().check_password(new_password)


def test_password_reset_for_an_unknown_address_sends_nothing(client: Client) -> None:
    response = client.post("/en/accounts/password/reset/", {"email": "nobody@example.org"})
    assert response.status_code == 302  # the same answer: no way to probe for accounts
    assert mail.outbox == []


def test_a_used_reset_link_is_refused(client: Client) -> None:
    page = client.get("/en/accounts/password/reset/MQ/bad-token/", follow=True)
    assert page.status_code == 200
    assert "not valid any more" in page.content.decode()


def test_change_password(client: Client) -> None:
    user = get_user_model().objects.create_user("asha", "asha@example.org", PASSWORD)
    client.force_login(user)
    new_password = "another-long-password-456"
    response = client.post(
        "/en/accounts/password/change/",
        {"old_password": PASSWORD, "new_password1": new_password, "new_password2": new_password},
    )
    assert response["Location"] == "/en/accounts/password/change/done/"
    user.refresh_from_db()
    assert user.check_password(new_password)


@pytest.mark.parametrize(
    "next_url",
    ["<script>alert('xss')</script>", "learn/", "//evil.example/", "https://evil.example/"],
)
def test_sign_up_goes_on_only_to_a_path_of_this_site(client: Client, next_url: str) -> None:
    """A relative address would be read against the sign-up page's own path, another
    host is another site: after either, the new account opens the quizzes."""
    response = signup(client, next=next_url)
    assert response.status_code == 302
    assert response["Location"] == "/en/quizzes/"


def test_sign_up_goes_on_to_the_page_it_came_from(client: Client) -> None:
    response = signup(client, next="/en/learn/")
    assert response["Location"] == "/en/learn/"


@pytest.mark.parametrize(
    "next_url",
    ["<script>alert('xss')</script>", "learn/", "//evil.example/", "https://evil.example/"],
)
def test_log_in_goes_on_only_to_a_path_of_this_site(client: Client, next_url: str) -> None:
    get_user_model().objects.create_user("asha", "asha@example.org", PASSWORD)
    response = client.post(
        f"/en/accounts/login/?next={next_url}", {"username": "asha", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert response["Location"].startswith("/"), response["Location"]
    assert not response["Location"].startswith("//")


def test_log_in_goes_on_to_the_page_it_came_from(client: Client) -> None:
    get_user_model().objects.create_user("asha", "asha@example.org", PASSWORD)
    response = client.post(
        "/en/accounts/login/?next=/en/learn/", {"username": "asha", "password": PASSWORD}
    )
    assert response["Location"] == "/en/learn/"
