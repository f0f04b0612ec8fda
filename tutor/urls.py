from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path

from tutor.core import views as core

urlpatterns = i18n_patterns(
    path("", core.home, name="home"),
    path("", include("tutor.rules.urls")),
    path("", include("tutor.translations.urls")),
    path("", include("tutor.drills.urls")),
    path("", include("tutor.quizzes.urls")),
    path("", include("tutor.classrooms.urls")),
    path("", include("tutor.quizzes.account_urls")),
    path("", include("tutor.lessons.urls")),
)

# Outside the language prefix: browsers ask for it at the root.
urlpatterns += [path("favicon.ico", core.favicon, name="favicon")]
