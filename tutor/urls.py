from django.conf.urls.i18n import i18n_patterns
from django.urls import path

from tutor.core import views as core

urlpatterns = i18n_patterns(
    path("", core.home, name="home"),
    path("rules/", core.coming, {"section": "rules"}, name="rules"),
    path("drills/", core.coming, {"section": "drills"}, name="drills"),
    path("quizzes/", core.coming, {"section": "quizzes"}, name="quizzes"),
    path("translations/", core.coming, {"section": "translations"}, name="translations"),
)
