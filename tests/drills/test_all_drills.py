"""Every drill page answers in every language and level, and lists itself on the index."""

from __future__ import annotations

import pytest
from django.test import Client

from tutor.drills.registry import DRILLS


@pytest.mark.parametrize("slug", list(DRILLS))
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_drill_page_renders(client: Client, language: str, slug: str, level: str) -> None:
    response = client.get(f"/{language}/drills/{slug}/?level={level}&seed=12345", follow=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{language}"' in html
    assert 'role="status"' in html  # the live region exists on load


@pytest.mark.parametrize("slug", list(DRILLS))
def test_drill_page_rejects_other_methods(client: Client, slug: str) -> None:
    assert client.put(f"/en/drills/{slug}/").status_code == 405
