"""Fixtures of the privacy tests (tests/privacy/school.py: what an account holds)."""

from __future__ import annotations

import pytest
from django.test import Client

from .school import School, fill


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
