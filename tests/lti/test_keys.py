"""The tool's keys, the platform register command, and the launch's language."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tutor.lti import keys
from tutor.lti.launches import CLAIM, language_of
from tutor.lti.models import Deployment, Platform, ToolKey


@pytest.mark.django_db
def test_rotation_keeps_the_previous_key_listed_then_retires_it() -> None:
    first = keys.signing_key()
    second = keys.rotate()
    assert keys.signing_key() == second
    assert [k["kid"] for k in keys.jwks()["keys"]] == [second.kid, first.kid]
    third = keys.rotate()
    assert [k["kid"] for k in keys.jwks()["keys"]] == [third.kid, second.kid]
    assert ToolKey.objects.get(pk=first.pk).retired


@pytest.mark.django_db
def test_lti_keys_command_rotates() -> None:
    before = keys.signing_key()
    out = StringIO()
    call_command("lti_keys", "rotate", stdout=out)
    assert keys.signing_key() != before
    assert keys.signing_key().kid in out.getvalue()


@pytest.mark.django_db
def test_lti_platform_add_registers_and_updates() -> None:
    get_user_model().objects.create_user("owner", "", "pw-123456789")
    arguments = [
        "add",
        "--name=School Moodle",
        "--issuer=https://moodle.school.example",
        "--client-id=abc",
        "--deployment-id=4",
        "--auth-login-url=https://moodle.school.example/mod/lti/auth.php",
        "--auth-token-url=https://moodle.school.example/mod/lti/token.php",
        "--key-set-url=https://moodle.school.example/mod/lti/certs.php",
        "--owner=owner",
    ]
    call_command("lti_platform", *arguments, stdout=StringIO())
    call_command("lti_platform", *arguments, "--deployment-id=5", stdout=StringIO())
    platform = Platform.objects.get()
    assert platform.owner.username == "owner"
    assert sorted(Deployment.objects.values_list("deployment_id", flat=True)) == ["4", "5"]
    with pytest.raises(CommandError):
        call_command("lti_platform", *arguments[:-1], "--owner=nobody", stdout=StringIO())


@pytest.mark.parametrize(
    ("claims", "language"),
    [
        ({"locale": "cs_CZ"}, "cs"),
        ({"locale": "ja-JP"}, "ja"),
        ({"locale": "bn"}, "bn"),
        ({CLAIM + "launch_presentation": {"locale": "hi-IN"}}, "hi"),
        ({"locale": "de_DE"}, "en"),  # not a language of the site: its default
        ({}, "en"),
        ({"locale": 7}, "en"),
    ],
)
def test_launch_language(claims: dict[str, object], language: str) -> None:
    assert language_of(claims) == language
