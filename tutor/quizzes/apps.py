from django.apps import AppConfig


class QuizzesConfig(AppConfig):
    name = "tutor.quizzes"
    label = "quizzes"
