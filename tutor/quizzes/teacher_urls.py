from django.urls import path

from tutor.core import views as core

urlpatterns = [
    path("quizzes/", core.coming, {"section": "quizzes"}, name="quizzes"),
]
