"""The lessons app: the learning path of courses and units, their practice, checks and
reviews, and the learner's progress pages."""

from django.apps import AppConfig


class LessonsConfig(AppConfig):
    name = "tutor.lessons"
    label = "lessons"
