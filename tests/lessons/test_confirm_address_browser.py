"""In a real Chromium, signed out and by keyboard: the confirmation link's page posts its
button with the headers a browser sends (a page that sent ``Origin: null`` was refused)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tutor.learning import addresses
from tutor.learning.models import Learner

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_link_confirms_signed_out_by_keyboard(tab: Any, site: Any) -> None:
    user = get_user_model().objects.create_user("noor", "noor@example.org", "a-long-pass-123")
    learner = Learner.objects.create(user=user)
    tab.goto(
        site(f"/en/learn/progress/address/confirm/{addresses.confirm_token(user.pk, user.email)}/")
    )
    tab.get_by_role("button", name="Confirm the address").focus()
    with tab.expect_navigation():
        tab.keyboard.press("Enter")
    assert "is confirmed" in tab.locator("main").inner_text()
    learner.refresh_from_db()
    assert learner.confirmed_email == "noor@example.org"
