"""The addresses of classes: the teacher's pages, and the student's name picker."""

from django.urls import path

from . import joining, report_views, views

urlpatterns = [
    path("quizzes/classes/", views.index, name="classes"),
    path("quizzes/classes/new/", views.class_new, name="class-new"),
    path("quizzes/classes/<int:pk>/", views.classroom, name="class"),
    path("quizzes/classes/<int:pk>/rename/", views.class_rename, name="class-rename"),
    path("quizzes/classes/<int:pk>/delete/", views.class_delete, name="class-delete"),
    path("quizzes/classes/<int:pk>/names/", views.names_add, name="class-names"),
    path(
        "quizzes/classes/<int:pk>/names/<int:member_id>/",
        views.member_edit,
        name="class-member",
    ),
    path("quizzes/classes/<int:pk>/report/", report_views.report, name="class-report"),
    path(
        "quizzes/classes/<int:pk>/report/<slug:table>.csv",
        report_views.report_csv,
        name="class-report-csv",
    ),
    path("join/class/<str:code>/", joining.pick, name="class-join"),
]
