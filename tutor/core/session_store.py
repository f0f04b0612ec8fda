"""The site's sessions: Django's database sessions, but a session key is only ever what
Django makes (letters a-z and digits). A cookie that carries anything else, a NUL byte or
a megabyte of emoji, is no session at all: the visitor is given a new one, as for a key the
database does not know, and the key never reaches a query (PostgreSQL refuses a string with
a NUL in it, which was a server error for a hostile cookie on ``/``)."""

from __future__ import annotations

from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.contrib.sessions.backends.db import SessionStore as DatabaseSessionStore

KEY_CHARS = frozenset(VALID_KEY_CHARS)


class SessionStore(DatabaseSessionStore):
    """``SESSION_ENGINE = "tutor.core.session_store"``."""

    def _validate_session_key(self, key: str | None) -> bool:
        # Django's own check (a key of 8 characters or more), and its alphabet only.
        return bool(key) and len(key or "") >= 8 and KEY_CHARS.issuperset(key or "")
