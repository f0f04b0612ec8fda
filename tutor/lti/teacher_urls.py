"""The teacher's page of a session launched from an LMS: whether each student's grade
reached it (``lms:grades``), in the teacher's language."""

from django.urls import path

from . import teacher_views

app_name = "lms"

urlpatterns = [
    path("quizzes/session/<str:code>/lms-grades/", teacher_views.grades, name="grades"),
]
