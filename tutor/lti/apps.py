"""The LTI app: platforms, their resource links to quiz sessions, and grade passback."""

from django.apps import AppConfig


class LtiConfig(AppConfig):
    name = "tutor.lti"
    label = "lti"
    verbose_name = "LTI 1.3"

    def ready(self) -> None:
        from tutor.quizzes import access, gradebook

        from . import identities, passback, teachers

        passback.connect()  # a finished student's and an ended session's scores go back
        gradebook.provide(identities)  # the gradebook CSV names LMS students as their LMS does
        access.provide(teachers.may_open)  # an LMS course's co-teachers run its sessions
