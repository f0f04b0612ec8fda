from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

from tutor.core.kept_routes import KeptResolver
from tutor.quizzes.student_route import StudentShortcut
from tutor.site import views as site

localized = i18n_patterns(
    path("", site.home, name="home"),
    path("", include("tutor.rules.urls")),
    path("", include("tutor.translations.urls")),
    path("", include("tutor.drill_pages.urls")),
    path("", include("tutor.quizzes.urls")),
    path("", include("tutor.classrooms.urls")),
    path("", include("tutor.quizzes.account_urls")),
    path("", include("tutor.lessons.urls")),
    path("", include("tutor.privacy.urls")),
    path("", include("tutor.lti.teacher_urls")),
)

# Every address is walked once per language and kept (tutor/core/kept_routes.py); a
# student's live-quiz addresses, most of a class's requests, are resolved in one step, as
# that walk would (tutor/quizzes/student_route.py).
kept = KeptResolver(localized[0])
urlpatterns: list[URLPattern | URLResolver] = [StudentShortcut(kept), kept]

# Outside the language prefix: browsers ask for the favicon at the root, the operators'
# admin keeps one address whatever the language (Django's own catalogs translate it), and
# so do the LTI endpoints a platform is configured with (each launch says its language).
urlpatterns += [
    path("favicon.ico", site.favicon, name="favicon"),
    path("admin/", admin.site.urls),
    # The LTI tool's endpoints: the addresses a Moodle or Canvas is configured with.
    path("lti/", include("tutor.lti.urls")),
]
