"""Fixtures of the privacy tests (tests/privacy/school.py: what an account holds)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from .school import School, fill


@pytest.fixture(autouse=True)
def fast_passwords(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def school(db: None) -> School:
    return fill("teacher")


@pytest.fixture
def other(db: None) -> School:
    """Another teacher's account, full too: nothing of it may change."""
    return fill("other")


@pytest.fixture
def teacher(client: Client, school: School) -> Client:
    client.force_login(school.user)
    return client
