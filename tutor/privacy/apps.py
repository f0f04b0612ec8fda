"""The privacy app: what an account holds across the apps, its download and its deletion,
and how long finished sessions and anonymous progress are kept (``manage.py purge``)."""

from django.apps import AppConfig


class PrivacyConfig(AppConfig):
    name = "tutor.privacy"
    label = "privacy"
