"""The quizzes app: teachers build quizzes from the drills and run them; students join
with a code."""

from django.apps import AppConfig


class QuizzesConfig(AppConfig):
    name = "tutor.quizzes"
    label = "quizzes"
