"""The learning app: a learner's mastery and review schedule, from every answer."""

from django.apps import AppConfig


class LearningConfig(AppConfig):
    name = "tutor.learning"
    label = "learning"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .merge import merge_on_login

        user_logged_in.connect(merge_on_login, dispatch_uid="tutor.learning.merge_on_login")
