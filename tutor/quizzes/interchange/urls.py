"""The addresses of moving quizzes: downloads, the GIFT import, share links."""

from django.urls import path

from . import export_views, import_views, share_views

urlpatterns = [
    path("quizzes/<int:pk>/export/moodle.xml", export_views.quiz_moodle, name="export-xml"),
    path("quizzes/<int:pk>/export/gift.txt", export_views.quiz_gift, name="export-gift"),
    path(
        "quizzes/session/<str:code>/export/moodle.xml",
        export_views.session_moodle,
        name="session-export-xml",
    ),
    path(
        "quizzes/session/<str:code>/export/gift.txt",
        export_views.session_gift,
        name="session-export-gift",
    ),
    path("quizzes/bank/import/", import_views.import_gift, name="bank-import"),
    path("quizzes/<int:pk>/share/", share_views.quiz_share, name="share"),
    path("quizzes/shared/<str:token>/", share_views.shared, name="shared"),
    path("quizzes/shared/<str:token>/copy/", share_views.shared_copy, name="shared-copy"),
]
