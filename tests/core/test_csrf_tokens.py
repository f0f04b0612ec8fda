"""A form's CSRF token made without Django's per-character random choices
(``tutor.core.csrf_tokens``): Django's middleware must read it as its own token."""

from __future__ import annotations

from django.middleware import csrf
from django.test import RequestFactory

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


def test_csrf_token_without_a_cookie_is_django_s() -> None:
    """No secret yet (a first visit): Django makes one and its cookie."""
    request = request_with_secret(None)
    token = csrf_tokens.get_token(request)
    assert csrf._unmask_cipher_token(token) == request.META["CSRF_COOKIE"]
