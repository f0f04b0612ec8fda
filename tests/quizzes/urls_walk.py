"""The site's URLconf without the student shortcut: every address by Django's own walk."""

from tutor.quizzes.student_route import StudentShortcut
from tutor.urls import urlpatterns as site

urlpatterns = [pattern for pattern in site if not isinstance(pattern, StudentShortcut)]
