"""A form's CSRF token, as Django's ``get_token`` makes it, at a tenth of the cost.

Django masks the cookie's secret with a new random mask for every form (so that a
compressed page never repeats it: BREACH), drawing each of the mask's 32 characters with
``secrets.choice`` and then looking every character up in the alphabet: about 50 µs, a
third of the bare view, on every quiz stage and kept page that holds a form. Here the
mask comes from one ``os.urandom`` read, each byte kept only if it falls in a whole
number of rounds of the 62-character alphabet (so every character is equally likely, as
with ``secrets.choice``), and the cipher from a table of character pairs: the same
token, which Django's middleware unmasks and checks as its own
(``tests/core/test_csrf_tokens.py``). A first visit's secret (no CSRF cookie yet: each of a
class's students opening the join page) is drawn the same way, as Django's
``_add_new_csrf_cookie`` would put it in and have its cookie set.
"""

from __future__ import annotations

import os

from django.http import HttpRequest
from django.middleware import csrf

_CHARS = csrf.CSRF_ALLOWED_CHARS
_LENGTH = csrf.CSRF_SECRET_LENGTH
#: Byte b stands for character b % 62 when b is below 248 (four whole rounds); the
#: bytes 248-255 are dropped.
_ROUNDS = 256 - 256 % len(_CHARS)
_BYTE_TO_CHAR = bytes(ord(_CHARS[b % len(_CHARS)]) for b in range(256))
_DROPPED = bytes(range(_ROUNDS, 256))
#: The cipher's character of a secret's character and a mask's, as Django adds them.
_ADDED = {
    s + m: _CHARS[(i + j) % len(_CHARS)] for i, s in enumerate(_CHARS) for j, m in enumerate(_CHARS)
}
_ALLOWED = frozenset(_CHARS)


def _random_chars() -> str:
    """32 characters of the alphabet, each equally likely: a mask, or a new secret."""
    kept = b""
    while len(kept) < _LENGTH:  # 40 bytes keep fewer than 32 about once in 300,000 reads
        kept += os.urandom(40).translate(_BYTE_TO_CHAR, _DROPPED)
    return kept[:_LENGTH].decode("ascii")


def get_token(request: HttpRequest) -> str:
    """The CSRF token for a form on this response (``django.middleware.csrf.get_token``):
    the cookie's secret masked anew, the cookie renewed. A request with no secret yet is
    given a new one, and its cookie (the middleware sets it on the response)."""
    if "CSRF_COOKIE" not in request.META:  # a first visit: as Django's _add_new_csrf_cookie
        request.META["CSRF_COOKIE"] = _random_chars()
    secret = request.META["CSRF_COOKIE"]
    if not isinstance(secret, str) or len(secret) != _LENGTH or not _ALLOWED.issuperset(secret):
        return csrf.get_token(request)
    request.META["CSRF_COOKIE_NEEDS_UPDATE"] = True  # as Django's: set, or renew the cookie
    mask = _random_chars()
    return mask + "".join([_ADDED[s + m] for s, m in zip(secret, mask, strict=True)])
