"""A form's CSRF token made without Django's per-character random choices
(``tutor.core.csrf_tokens``): Django's middleware must read it as its own token."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.middleware import csrf
from django.test import Client, RequestFactory

from tutor.core import csrf_tokens


def request_with_secret(secret: str | None):
    request = RequestFactory().get("/")
    if secret is not None:
        request.META["CSRF_COOKIE"] = secret
    return request


def test_csrf_token_unmasks_to_the_cookies_secret() -> None:
    secret = csrf._get_new_csrf_string()
    request = request_with_secret(secret)
    tokens = {csrf_tokens.get_token(request) for _ in range(200)}
    assert len(tokens) == 200  # a new mask each time (BREACH)
    for token in tokens:
        assert len(token) == csrf.CSRF_TOKEN_LENGTH
        assert set(token) <= set(csrf.CSRF_ALLOWED_CHARS)
        assert csrf._unmask_cipher_token(token) == secret
    assert request.META["CSRF_COOKIE_NEEDS_UPDATE"] is True  # the cookie is renewed


def test_csrf_token_masks_use_every_letter_and_digit() -> None:
    """Every character of the alphabet turns up in masks, about as often as another."""
    masks = "".join(csrf_tokens.get_token(request_with_secret("a" * 32))[:32] for _ in range(400))
    counts = [masks.count(char) for char in csrf.CSRF_ALLOWED_CHARS]
    assert min(counts) > 0
    assert max(counts) < 3 * min(counts)


def test_csrf_token_without_a_cookie_makes_a_secret_and_its_cookie() -> None:
    """No secret yet (a first visit): a new one, of Django's alphabet and length, a new one
    each visit, and its cookie set by the middleware, as Django's own ``get_token`` does."""
    secrets = set()
    for _ in range(50):
        request = request_with_secret(None)
        token = csrf_tokens.get_token(request)
        secret = request.META["CSRF_COOKIE"]
        assert len(secret) == csrf.CSRF_SECRET_LENGTH
        assert set(secret) <= set(csrf.CSRF_ALLOWED_CHARS)
        assert csrf._unmask_cipher_token(token) == secret
        assert request.META["CSRF_COOKIE_NEEDS_UPDATE"] is True
        secrets.add(secret)
    assert len(secrets) == 50


@pytest.mark.django_db
def test_a_first_visit_s_join_form_passes_the_csrf_check_and_a_stranger_s_does_not() -> None:
    """The join page a new browser gets (a kept page, its token made here): its form is
    accepted by Django's CSRF middleware, and another browser's token is refused."""
    browser, other = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    tokens = []
    for client in (browser, other):
        page = client.get("/en/join/").content.decode()
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        assert found and settings.CSRF_COOKIE_NAME in client.cookies
        tokens.append(found.group(1))
    form = {"code": "ACDEFG", "nickname": "Asha"}
    assert browser.post("/en/join/", {**form, "csrfmiddlewaretoken": tokens[0]}).status_code == 422
    assert browser.post("/en/join/", {**form, "csrfmiddlewaretoken": tokens[1]}).status_code == 403
