"""The privacy page in five languages, with the retention period from the settings and
every cookie; the footer links to it; the time-zone cookie is asked for only by pages
that need it (site.js sets it only where ``<meta name="tutor-browser-zone">`` is)."""

from __future__ import annotations

import pytest
from django.test import Client

from tutor.privacy.cookies import cookies

from .school import School

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "bn", "hi", "ja", "cs")
HEADINGS = {"en": "Privacy", "bn": "গোপনীয়তা", "hi": "गोपनीयता", "ja": "プライバシー", "cs": "Ochrana soukromí"}  # fmt: skip
ZONE_META = '<meta name="tutor-browser-zone"'


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_privacy_page_in_every_language(client: Client, lang: str, settings) -> None:
    settings.RETENTION_DAYS = 90
    page = client.get(f"/{lang}/privacy/")
    text = page.content.decode()
    assert page.status_code == 200
    assert f"<h1>{HEADINGS[lang]}</h1>" in text
    assert f'<html lang="{lang}"' in text
    assert "90" in text and "365" not in text.split("<h2")[2]  # the settings' days
    for cookie in cookies():
        assert f"<code>{cookie.name}</code>" in text
    assert f'href="/{lang}/accounts/data/"' in text


def test_the_footer_links_the_privacy_page(client: Client) -> None:
    assert 'href="/en/privacy/">Privacy</a>' in client.get("/en/").content.decode()


def test_the_home_page_does_not_ask_an_anonymous_visitor_for_their_time_zone(
    client: Client,
) -> None:
    response = client.get("/en/")
    assert ZONE_META not in response.content.decode()
    assert "browser_zone" not in response.cookies


def test_pages_that_show_dates_or_a_signed_in_user_ask_for_it(
    client: Client, school: School
) -> None:
    assert ZONE_META in client.get("/en/learn/progress/").content.decode()
    client.force_login(school.user)
    assert ZONE_META in client.get("/en/").content.decode()


def test_the_data_page_counts_what_the_account_holds(teacher: Client) -> None:
    text = teacher.get("/en/accounts/data/").content.decode()
    assert "<li>3 names</li>" in text and "<li>8 answers</li>" in text
    assert 'href="/en/accounts/data/download/"' in text
