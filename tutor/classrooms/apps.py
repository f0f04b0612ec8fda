"""The classrooms app: a class's roster, its sessions and its report."""

from django.apps import AppConfig


class ClassroomsConfig(AppConfig):
    name = "tutor.classrooms"
    label = "classrooms"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the session code check)
