"""The operators' admin pages of an app, checked the same way for every app
(``tests/<app>/test_admin.py`` make a little data, then call :func:`check_app`): each
model registered; for every object its changelist, a search of it, its add page and its
change page answer 200 to a superuser and send anyone else to the admin's log-in."""

from __future__ import annotations

from collections.abc import Iterable

from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db import models
from django.test import Client
from django.urls import reverse


def pages(obj: models.Model) -> list[str]:
    """The admin addresses of ``obj``'s model and of ``obj`` itself."""
    prefix = f"admin:{obj._meta.app_label}_{obj._meta.model_name}"
    changelist = reverse(f"{prefix}_changelist")
    return [
        changelist,
        f"{changelist}?q=a",
        reverse(f"{prefix}_add"),
        reverse(f"{prefix}_change", args=[obj.pk]),
    ]


def operator() -> Client:
    user = get_user_model().objects.create_superuser("operator", "op@example.org", "pw-operator-1")
    client = Client()
    client.force_login(user)
    return client


def check_app(label: str, objects: Iterable[models.Model]) -> None:
    """Every model of app ``label`` has an admin, ``objects`` hold one of each, and each
    object's pages answer as the module's docstring says."""
    objects = list(objects)
    app_models = set(apps.get_app_config(label).get_models())
    assert {type(obj) for obj in objects} == app_models
    assert {m for m in app_models if not admin.site.is_registered(m)} == set()
    staff, anonymous = operator(), Client()
    for url in [url for obj in objects for url in pages(obj)]:
        response = staff.get(url)
        assert response.status_code == 200, (url, response.status_code)
        response = anonymous.get(url)
        assert response.status_code == 302, (url, response.status_code)
        assert response["Location"].startswith(reverse("admin:login")), url
