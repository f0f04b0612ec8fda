"""The operators' admin pages of the LTI app (``tutor/lti/admin.py``), checked as
``tests/admin_pages.py`` checks every app's, except that a tool key is never added by
hand (``manage.py lti_keys rotate`` makes one): its add page is refused."""

from __future__ import annotations

from django.apps import apps
from django.contrib import admin
from django.test import Client

from tests.admin_pages import operator, pages
from tutor.lti import keys
from tutor.lti.models import (
    CoTeacher,
    Deployment,
    LmsStudent,
    LmsTeacher,
    Platform,
    ResourceLink,
)
from tutor.quizzes import services
from tutor.quizzes.models import Participant, Quiz


def test_admin_pages(quiz: Quiz) -> None:
    platform = Platform.objects.create(
        name="Moodle",
        issuer="https://moodle.example",
        client_id="abc",
        auth_login_url="https://moodle.example/auth",
        auth_token_url="https://moodle.example/token",
        key_set_url="https://moodle.example/jwks",
        owner=quiz.owner,
    )
    deployment = Deployment.objects.create(platform=platform, deployment_id="1")
    session = services.start_session(quiz, "homework")
    link = ResourceLink.objects.create(platform=platform, resource_link_id="r", session=session)
    participant = Participant.objects.create(session=session, nickname="Anika")
    student = LmsStudent.objects.create(link=link, sub="s", participant=participant)
    key = keys.signing_key()
    teacher = LmsTeacher.objects.create(platform=platform, sub="t", user=quiz.owner)
    co_teacher = CoTeacher.objects.create(link=link, user=quiz.owner)
    objects = [platform, deployment, link, student, key, teacher, co_teacher]
    app_models = set(apps.get_app_config("lti").get_models())
    assert {type(obj) for obj in objects} == app_models
    assert {m for m in app_models if not admin.site.is_registered(m)} == {Deployment}  # inline
    staff, anonymous = operator(), Client()
    for obj in [platform, link, student, key, teacher, co_teacher]:
        for url in pages(obj):
            expected = 403 if obj is key and url.endswith("/add/") else 200
            assert staff.get(url).status_code == expected, url
            assert anonymous.get(url).status_code == 302, url
    page = staff.get(pages(key)[-1]).content.decode()
    assert key.public_pem.splitlines()[1] in page and "PRIVATE KEY" not in page
