"""The classrooms app: a class's roster, its sessions and its report."""

from django.apps import AppConfig


class ClassroomsConfig(AppConfig):
    name = "tutor.classrooms"
    label = "classrooms"

    def ready(self) -> None:
        from tutor.quizzes import classes

        from . import class_sessions, signals  # noqa: F401  (signals connects the session code check)

        classes.provide(class_sessions)  # running and joining a quiz ask these of classes
