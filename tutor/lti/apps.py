"""The LTI app: platforms, their resource links to quiz sessions, and grade passback."""

from django.apps import AppConfig


class LtiConfig(AppConfig):
    name = "tutor.lti"
    label = "lti"
    verbose_name = "LTI 1.3"

    def ready(self) -> None:
        from tutor.quizzes import gradebook

        from . import identities, passback

        passback.connect()  # a finished student's and an ended session's scores go back
        gradebook.provide(identities)  # the gradebook CSV names LMS students as their LMS does
