"""Every address of the quizzes app, the teacher's and the student's, in the ``quizzes``
namespace (``quizzes:play``, ``quizzes:edit``); accounts are ``account_urls.py``."""

from django.urls import include, path

app_name = "quizzes"

# The students' addresses first: a live class sends most of the site's requests there, and
# Django tries the patterns in order (none of the teacher's starts with join/ or play/).
urlpatterns = [
    path("", include("tutor.quizzes.student_urls")),
    path("", include("tutor.quizzes.teacher_urls")),
    path("", include("tutor.quizzes.interchange.urls")),
]
