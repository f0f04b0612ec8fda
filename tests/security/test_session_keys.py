"""A session cookie is only ever a key Django made (``tutor/core/session_store.py``):
anything else is no session, and never reaches a query. A NUL byte in the ``sessionid``
cookie was a server error on PostgreSQL (found by the form fuzzer on ``/``)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.utils.module_loading import import_string

pytestmark = pytest.mark.django_db

HOSTILE = ["\x00" * 300, "\x00abcdefgh", "ABCDEFGHIJKLMNOP", "abcdefgh'; --", "ক" * 32, " " * 40]


@pytest.mark.parametrize("key", HOSTILE, ids=range(len(HOSTILE)))
def test_a_key_django_would_not_make_is_no_session(key: str) -> None:
    store = import_string(f"{settings.SESSION_ENGINE}.SessionStore")
    assert store(key).session_key is None
    made = store()
    made["seen"] = 1
    made.save()
    assert store(made.session_key).load() == {"seen": 1}


@pytest.mark.parametrize("key", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_session_cookie_gets_a_page_and_a_new_session(key: str) -> None:
    client = Client()
    # As a WSGI server hands it on: the browser's UTF-8 bytes read as Latin-1.
    client.cookies[settings.SESSION_COOKIE_NAME] = key.encode().decode("latin-1")
    home = client.get("/")
    assert home.status_code == 302
    page = client.get("/en/drills/holdem-showdown/?level=easy&seed=5")
    assert page.status_code == 200
