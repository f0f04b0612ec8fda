"""The site's URLconf without the student shortcut and without the kept matches: every
address by Django's own walk."""

from tutor.core.kept_routes import KeptResolver
from tutor.quizzes.student_route import StudentShortcut
from tutor.urls import localized
from tutor.urls import urlpatterns as site

urlpatterns = [
    localized[0] if isinstance(pattern, KeptResolver) else pattern
    for pattern in site
    if not isinstance(pattern, StudentShortcut)
]
