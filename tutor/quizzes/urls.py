"""Every address of the quizzes app: the teacher's and the student's."""

from django.urls import include, path

urlpatterns = [
    path("", include("tutor.quizzes.teacher_urls")),
    path("", include("tutor.quizzes.interchange.urls")),
    path("", include("tutor.quizzes.student_urls")),
]
